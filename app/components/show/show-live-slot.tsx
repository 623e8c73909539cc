import { lazy, Suspense, useEffect, useState } from "react";
import type { ShowLiveState } from "~/domain/show-live";
import { liveConnection } from "~/lib/live-client";

const ShowLiveStrip = lazy(() => import("./show-live-strip"));

/**
 * Where the live strip appears on a signed-in page (the dashboard, the show page): nothing until the live socket
 * says a show is running, then a strip per running show (each stage runs its own, ADR 037), loaded on demand so
 * pages pay for it only on show day.
 */
export function ShowLiveSlot() {
  const [shows, setShows] = useState<ShowLiveState[]>([]);
  useEffect(() => {
    const connection = liveConnection();
    setShows([...connection.shows.values()]);
    return connection.onShow(() => setShows([...connection.shows.values()]));
  }, []);
  // Not isRunning(): show-live.ts would then load with every page that has the slot.
  const running = shows.filter((state) => state.currentCueId);
  if (running.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {running.map((state) => (
        <ShowLiveStrip key={state.stageId ?? ""} state={state} />
      ))}
    </Suspense>
  );
}

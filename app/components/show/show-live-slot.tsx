import { lazy, Suspense, useEffect, useState } from "react";
import type { ShowLiveState } from "~/domain/show-live";
import { liveConnection } from "~/lib/live-client";

const ShowLiveStrip = lazy(() => import("./show-live-strip"));

/**
 * Where the live strip appears on a signed-in page (the dashboard, the show page): nothing until the live socket
 * says a show is running, then the strip, loaded on demand so pages pay for it only on show day.
 */
export function ShowLiveSlot() {
  const [state, setState] = useState<ShowLiveState | null>(null);
  useEffect(() => {
    const connection = liveConnection();
    setState(connection.show);
    return connection.onShow(setState);
  }, []);
  // Not isRunning(): show-live.ts would then load with every page that has the slot.
  if (!state?.currentCueId) return null;
  return (
    <Suspense fallback={null}>
      <ShowLiveStrip state={state} />
    </Suspense>
  );
}

import { Link } from "@remix-run/react";
import { Radio } from "lucide-react";
import { useEffect, useState } from "react";
import {
  formatCountdown,
  liveOffsetSeconds,
  offsetLabel,
  remainingSeconds,
  type LiveCue,
  type ShowLiveState,
} from "~/domain/show-live";
import { NO_STAGE_LABEL } from "~/domain/stages";
import { cn } from "~/lib/utils";
import { useServerClock } from "./use-live-show";

type StripCue = LiveCue & { title: string };

interface StripSheet {
  day: string;
  cues: StripCue[];
  stages: Array<{ id: string; name: string }>;
}

/**
 * The running sheet's cues (titles and timing) from `GET /api/show` (its day, on its stage), with the stages' names;
 * refetched when the current cue is not among them.
 */
function useDayCues(state: ShowLiveState) {
  const [loaded, setLoaded] = useState<StripSheet | null>(null);
  const known = loaded?.day === state.day && loaded.cues.some((c) => c.id === state.currentCueId);
  useEffect(() => {
    if (known || !state.day) return;
    const controller = new AbortController();
    const stage = state.stageId ? `&stage=${encodeURIComponent(state.stageId)}` : "";
    fetch(`/api/show?day=${state.day}${stage}`, { signal: controller.signal, headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<StripSheet>) : null))
      .then((body) => body && setLoaded({ day: body.day, cues: body.cues, stages: body.stages }))
      .catch(() => {
        // Offline or navigated away: the strip waits for the next change.
      });
    return () => controller.abort();
  }, [known, state.day, state.stageId, state.currentCueId]);
  const current = loaded?.day === state.day ? loaded : null;
  return {
    cues: current?.cues ?? [],
    // The cues on no stage are named only where stages exist.
    stageName: state.stageId
      ? current?.stages.find((s) => s.id === state.stageId)?.name
      : current?.stages.length
        ? NO_STAGE_LABEL
        : undefined,
  };
}

/**
 * The running show at a glance (ADR 025): the current cue, its countdown on the server's clock and how far the show
 * runs ahead or behind, linking to the presenter view. Loaded only while a show runs (app/components/show/show-live-slot.tsx).
 */
export default function ShowLiveStrip({ state }: { state: ShowLiveState }) {
  const { cues, stageName } = useDayCues(state);
  const now = useServerClock(Date.now(), 500);
  const current = cues.find((c) => c.id === state.currentCueId);
  const remaining = remainingSeconds(state, cues, now);
  const overrun = remaining !== null && remaining < 0;
  return (
    <section
      aria-label={`${stageName ? `${stageName}: ` : ""}${state.rehearsal ? "Rehearsal running" : "Show running"}`}
      data-testid="show-live-strip"
      className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-slate-900 px-4 py-3 text-slate-50"
    >
      <span
        className={cn(
          "flex items-center gap-2 text-xs font-bold uppercase tracking-widest",
          state.rehearsal ? "text-amber-300" : "text-red-400",
        )}
      >
        <Radio className="size-4" aria-hidden />
        {state.rehearsal ? "Rehearsal" : "Live"}
      </span>
      {stageName ? <span className="text-sm font-semibold text-slate-300">{stageName}</span> : null}
      <span className="min-w-0 flex-1 truncate font-semibold">{current?.title ?? "…"}</span>
      <span className={cn("font-mono text-xl font-bold tabular-nums", overrun ? "text-red-400" : "text-white")}>
        {remaining === null ? "" : formatCountdown(remaining)}
      </span>
      <span className="text-sm text-slate-300">{current ? offsetLabel(liveOffsetSeconds(state, cues, now)) : ""}</span>
      <Link
        to={state.stageId ? `/show/live?stage=${state.stageId}` : "/show/live"}
        className="text-sm font-medium text-emerald-300 underline underline-offset-4 hover:text-emerald-200"
      >
        Presenter view
      </Link>
    </section>
  );
}

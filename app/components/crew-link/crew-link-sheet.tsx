import { useEffect, useState } from "react";
import { DaySheet } from "~/components/day-sheet/day-sheet";
import { LiveStatusMarker } from "~/components/show/use-live-show";
import { offlineLine } from "~/domain/crew-link";
import { formatCalendarDate } from "~/domain/dates";
import { formatCountdown, isRunning, liveOffsetSeconds, offsetLabel, remainingSeconds } from "~/domain/show-live";
import { cn } from "~/lib/utils";
import type { CrewLinkState } from "~/services/crew-links.server";
import { useCrewLinkState } from "./use-crew-link-state";

export function LinkNotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">This link does not work</h1>
      <p className="mt-3 text-slate-600">
        It may have been revoked. Ask the production team for a new link to your day sheet.
      </p>
    </main>
  );
}

/** The device's clock corrected by `offsetMs`, ticking every second after hydration (`initial` until then). */
function useCorrectedClock(initial: number, offsetMs: number) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    const tick = () => setNow(Date.now() + offsetMs);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [offsetMs]);
  return now;
}

const KIND_LABEL = { "load-in": "Load-in", show: "Show", "load-out": "Load-out" } as const;

/** "Jun 6" of a `YYYY-MM-DD`. */
const shortDay = (day: string) => formatCalendarDate(day).replace(/, \d{4}$/, "");

/**
 * A personal crew link's page (ADR 045): the show the person follows (the current cue and its countdown, kept
 * counting on the device's clock offline), the event's days, and their day sheet (the same component as /day).
 */
export function CrewLinkSheet({ token, loaded }: { token: string; loaded: CrewLinkState }) {
  const view = useCrewLinkState(token, loaded);
  const now = useCorrectedClock(loaded.serverTime, view.offsetMs);
  if (view.revoked) return <LinkNotFound />;
  const { state, show } = view;
  const { sheet } = state;
  const running = isRunning(show);
  const remaining = running ? remainingSeconds(show, state.show.timeline, now) : null;
  const behind = running ? liveOffsetSeconds(show, state.show.timeline, now) : 0;
  const current = state.show.titles.find((c) => c.id === show.currentCueId);
  const status = running ? (show.rehearsal ? "Rehearsal" : "Live") : "Not running";

  return (
    <main
      className="min-h-screen bg-slate-50 print:bg-white"
      data-show-status={status}
      data-offline-ready={view.offlineReady ? "true" : undefined}
    >
      <LiveStatusMarker />
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-4 sm:px-6 sm:py-6">
        {view.offline ? (
          <p
            role="status"
            data-testid="offline-line"
            className="self-start rounded-full bg-amber-300 px-3 py-1 text-sm font-semibold text-slate-950 print:hidden"
          >
            {offlineLine(view.receivedAt)}
          </p>
        ) : null}

        <section
          aria-label="Show"
          className="rounded-xl bg-slate-950 p-4 text-slate-50 print:hidden"
          aria-live="polite"
        >
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs font-semibold uppercase tracking-widest text-slate-400">
              {sheet.eventName ?? state.workspaceName}
              {state.show.stageName ? ` · ${state.show.stageName}` : ""}
            </p>
            <p
              className={cn(
                "rounded-full px-3 py-0.5 text-xs font-bold uppercase tracking-widest",
                running ? "bg-red-600 text-white" : "bg-slate-800 text-slate-300",
              )}
            >
              {status}
            </p>
          </div>
          {running ? (
            <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="min-w-0 text-xl font-bold" data-testid="current-cue">
                {current?.title ?? "A cue"}
              </p>
              <p className="flex items-baseline gap-2">
                <span
                  role="timer"
                  data-testid="countdown"
                  className={cn(
                    "text-4xl font-bold tabular-nums",
                    remaining !== null && remaining < 0 ? "text-red-400" : "text-white",
                  )}
                >
                  {formatCountdown(remaining ?? 0)}
                </span>
                <span className="text-sm text-slate-400">{remaining !== null && remaining < 0 ? "over" : "left"}</span>
              </p>
              <p className="w-full text-sm text-slate-300">{offsetLabel(behind)}</p>
            </div>
          ) : (
            <p className="mt-1 text-slate-300">The show has not started. Your calls and cues are below.</p>
          )}
        </section>

        {sheet.eventDays.length > 1 ? (
          <nav aria-label="Event days" className="flex gap-2 overflow-x-auto pb-1 text-sm print:hidden">
            {sheet.eventDays.map((d) => (
              // A full page load: the service worker answers it offline when that day was opened before.
              <a
                key={d.day}
                href={`?day=${d.day}`}
                aria-current={d.day === state.day ? "page" : undefined}
                className={cn(
                  "shrink-0 rounded-full border px-3 py-1",
                  d.day === state.day
                    ? "border-slate-900 bg-slate-900 text-white"
                    : "border-slate-300 bg-white text-slate-700 hover:border-slate-500",
                )}
              >
                {KIND_LABEL[d.kind]} · {shortDay(d.day)}
              </a>
            ))}
          </nav>
        ) : null}

        <DaySheet sheet={sheet} />

        <p className="text-center text-xs text-slate-600 print:hidden">
          This page keeps working without a network once it has been opened on this device.
        </p>
      </div>
    </main>
  );
}

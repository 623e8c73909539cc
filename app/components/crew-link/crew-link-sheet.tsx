import { useEffect, useState } from "react";
import { LiveStatusMarker } from "~/components/show/use-live-show";
import { offlineLine } from "~/domain/crew-link";
import { formatCalendarDate, wallClock } from "~/domain/dates";
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

/** A personal crew link's page (ADR 045): the person's day sheet and the show they follow, online or off. */
export function CrewLinkSheet({ token, loaded }: { token: string; loaded: CrewLinkState }) {
  const view = useCrewLinkState(token, loaded);
  const now = useCorrectedClock(loaded.serverTime, view.offsetMs);
  if (view.revoked) return <LinkNotFound />;
  const { state, show } = view;
  const { workspace, person } = state;
  const running = isRunning(show);
  const remaining = running ? remainingSeconds(show, state.show.timeline, now) : null;
  const behind = running ? liveOffsetSeconds(show, state.show.timeline, now) : 0;
  const current = state.show.titles.find((c) => c.id === show.currentCueId);
  const venueClock = (iso: string) => wallClock(new Date(iso), workspace.timezone).time;
  const event = workspace.eventName ?? workspace.name;

  return (
    <main
      className="min-h-screen bg-slate-950 text-slate-50"
      data-show-status={running ? (show.rehearsal ? "Rehearsal" : "Live") : "Not running"}
      data-offline-ready={view.offlineReady ? "true" : undefined}
    >
      <LiveStatusMarker />
      <div className="mx-auto max-w-2xl px-4 py-5 sm:px-6">
        <header className="border-b border-slate-800 pb-4">
          <p className="text-xs uppercase tracking-widest text-slate-400">{event} · day sheet</p>
          <h1 className="text-2xl font-bold sm:text-3xl">{person.name}</h1>
          <p className="text-slate-300">
            {[person.role, person.department, formatCalendarDate(state.day)].filter(Boolean).join(" · ")}
          </p>
          {view.offline ? (
            <p
              role="status"
              data-testid="offline-line"
              className="mt-2 inline-block rounded-full bg-amber-400 px-3 py-1 text-sm font-semibold text-slate-950"
            >
              {offlineLine(view.receivedAt)}
            </p>
          ) : null}
        </header>

        {state.days.length > 1 ? (
          <nav aria-label="Event days" className="mt-4 flex gap-2 overflow-x-auto pb-1 text-sm">
            {state.days.map((d) => (
              // A full page load: the service worker answers it offline when that day was opened before.
              <a
                key={d.day}
                href={`?day=${d.day}`}
                aria-current={d.day === state.day ? "page" : undefined}
                className={cn(
                  "shrink-0 rounded-full border px-3 py-1",
                  d.day === state.day
                    ? "border-emerald-400 bg-emerald-950 text-emerald-200"
                    : "border-slate-700 text-slate-300 hover:border-slate-500",
                )}
              >
                {KIND_LABEL[d.kind]} · {formatCalendarDate(d.day).replace(/, \d{4}$/, "")}
              </a>
            ))}
          </nav>
        ) : null}

        <section aria-label="Show" className="mt-4 rounded-xl bg-slate-900 p-4" aria-live="polite">
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs font-semibold uppercase tracking-widest text-slate-400">
              {state.show.stageName ? `${state.show.stageName} · ` : ""}Now
            </p>
            <p
              className={cn(
                "rounded-full px-3 py-0.5 text-xs font-bold uppercase tracking-widest",
                running ? "bg-red-600 text-white" : "bg-slate-800 text-slate-300",
              )}
            >
              {running ? (show.rehearsal ? "Rehearsal" : "Live") : "Not running"}
            </p>
          </div>
          {running ? (
            <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-xl font-bold" data-testid="current-cue">
                {current?.title ?? "A cue"}
              </p>
              <p
                role="timer"
                data-testid="countdown"
                className={cn(
                  "text-4xl font-bold tabular-nums",
                  remaining !== null && remaining < 0 ? "text-red-500" : "text-white",
                )}
              >
                {formatCountdown(remaining ?? 0)}
              </p>
              <p className="w-full text-sm text-slate-400">{offsetLabel(behind)}</p>
            </div>
          ) : (
            <p className="mt-1 text-slate-300">The show has not started. Your calls and cues are below.</p>
          )}
        </section>

        <section aria-labelledby="calls-heading" className="mt-6">
          <h2 id="calls-heading" className="text-lg font-semibold">
            Your calls
          </h2>
          {state.calls.length === 0 ? (
            <p className="mt-2 text-slate-400">No calls for you on this day.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-800 rounded-xl border border-slate-800" data-testid="calls">
              {state.calls.map((call) => (
                <li key={call.id} className="grid grid-cols-[5.5rem_1fr] gap-3 px-4 py-3">
                  <p className="font-mono text-lg font-semibold tabular-nums">
                    {call.startTime}
                    {call.endTime ? <span className="block text-sm text-slate-400">to {call.endTime}</span> : null}
                  </p>
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {[call.location, call.stageName].filter(Boolean).join(" · ") || "Call"}
                    </p>
                    {call.department ? (
                      <p className="text-sm text-slate-400">Whole {call.department} department</p>
                    ) : null}
                    {call.notes ? <p className="text-sm text-slate-300">{call.notes}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {workspace.venueAddress ? (
            <p className="mt-3 text-sm text-slate-300">
              <span className="text-slate-400">Venue: </span>
              <a
                className="underline"
                href={`https://maps.google.com/?q=${encodeURIComponent(workspace.venueAddress)}`}
                rel="noreferrer"
              >
                {workspace.venueAddress}
              </a>
            </p>
          ) : null}
        </section>

        <section aria-labelledby="cues-heading" className="mt-6">
          <h2 id="cues-heading" className="text-lg font-semibold">
            Your cues
          </h2>
          {state.cues.length === 0 ? (
            <p className="mt-2 text-slate-400">No cues for you on this day.</p>
          ) : (
            <ol className="mt-2 divide-y divide-slate-800 rounded-xl border border-slate-800">
              {state.cues.map((cue) => (
                <li
                  key={cue.id}
                  aria-current={cue.id === show.currentCueId && running ? "step" : undefined}
                  className={cn(
                    "grid grid-cols-[4.5rem_1fr] gap-3 px-4 py-3",
                    cue.id === show.currentCueId && running && "bg-emerald-950 ring-2 ring-inset ring-emerald-500",
                  )}
                >
                  <p className="font-mono text-lg font-semibold tabular-nums">{venueClock(cue.plannedStart)}</p>
                  <div className="min-w-0">
                    <p className="font-semibold">{cue.title}</p>
                    <p className="text-sm text-slate-400">
                      {[
                        cue.stageName,
                        cue.department,
                        `${Math.round(cue.duration / 60)} min`,
                        cue.taskCount === 0
                          ? null
                          : cue.openTaskCount === 0
                            ? "ready"
                            : `${cue.openTaskCount} of ${cue.taskCount} tasks open`,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>

        {state.keyContacts.length ? (
          <section aria-labelledby="contacts-heading" className="mt-6">
            <h2 id="contacts-heading" className="text-lg font-semibold">
              Key contacts
            </h2>
            <ul className="mt-2 divide-y divide-slate-800 rounded-xl border border-slate-800">
              {state.keyContacts.map((c) => (
                <li key={c.id} className="px-4 py-3">
                  <p className="font-semibold">
                    {c.name}
                    {c.role ? <span className="font-normal text-slate-400"> · {c.role}</span> : null}
                  </p>
                  <p className="flex flex-wrap gap-x-4 text-sm">
                    {c.phone ? (
                      <a className="text-emerald-300 underline" href={`tel:${c.phone.replace(/[^0-9+]/g, "")}`}>
                        {c.phone}
                      </a>
                    ) : null}
                    {c.email ? (
                      <a className="text-emerald-300 underline" href={`mailto:${c.email}`}>
                        {c.email}
                      </a>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="me-heading" className="mt-6 rounded-xl border border-slate-800 px-4 py-3 text-sm">
          <h2 id="me-heading" className="font-semibold">
            Your details
          </h2>
          <p className="text-slate-300">
            {[person.company, person.phone, person.email].filter(Boolean).join(" · ") ||
              "No phone or email on file. Tell the production team how to reach you."}
          </p>
          <p className="mt-1 text-xs text-slate-400">Only you see these on this link.</p>
        </section>

        <p className="mt-6 text-center text-xs text-slate-400">
          Times are the venue's ({workspace.timezone}). This page keeps working without a network once opened.
        </p>
      </div>
    </main>
  );
}

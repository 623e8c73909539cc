import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { LiveStatusMarker, useLiveFollow, useLiveShow, useServerClock } from "~/components/show/use-live-show";
import { formatCalendarDate, wallClock } from "~/domain/dates";
import {
  formatCountdown,
  IDLE_SHOW,
  isRunning,
  liveOffsetSeconds,
  offsetLabel,
  projectedStarts,
  remainingSeconds,
} from "~/domain/show-live";
import { cn } from "~/lib/utils";
import { pageMeta } from "~/lib/meta";
import { loadSharedShow } from "~/services/show-shares.server";

/**
 * `/show/share/{token}?stage=`: the read-only run of show for crew without accounts (ADR 025): one stage's sheet at a
 * time among the link's stages (ADR 037), the day's cues of the link's departments with their planned and expected times and who calls them, following show mode live over a socket the
 * token opens. A revoked or unknown link is a 404 that says only that; a revoke closes open pages, which then say so.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data?.shared ? `Run of show: ${data.shared.workspace.eventName ?? data.shared.workspace.name}` : "Link not found",
  );

/** The token is in the URL: never cached, never sent on as a referrer, never indexed. */
export const headers: HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const shared = await loadSharedShow(context, token, new URL(request.url).searchParams.get("stage"));
  if (!shared) return data({ token, shared: null, serverTime: context.now.getTime() }, { status: 404 });
  return data({ token, shared, serverTime: context.now.getTime() });
}

export default function SharedShowRoute() {
  const { token, shared, serverTime } = useLoaderData<typeof loader>();
  if (!shared) {
    return (
      <main className="mx-auto max-w-xl px-6 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">This link does not work</h1>
        <p className="mt-3 text-slate-600">
          It may have been revoked. Ask the production team for a new link to the run of show.
        </p>
      </main>
    );
  }
  return <SharedSheet token={token} shared={shared} serverTime={serverTime} />;
}

type Shared = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["shared"]>;

function SharedSheet({ token, shared, serverTime }: { token: string; shared: Shared; serverTime: number }) {
  const { cues, timeline, day, workspace } = shared;
  useLiveFollow({ shareToken: token });
  const state = useLiveShow(shared.state ?? IDLE_SHOW);
  const now = useServerClock(serverTime, 500);
  const { revalidate } = useRevalidator();
  const running = isRunning(state);
  // The show started on another day than the one shown: load that day.
  const otherDay = running && state.day !== day;
  useEffect(() => {
    if (otherDay) revalidate();
  }, [otherDay, revalidate]);

  const starts = projectedStarts(state, timeline, now);
  const remaining = remainingSeconds(state, timeline, now);
  const offset = liveOffsetSeconds(state, timeline, now);
  const clock = (ms: number) => wallClock(new Date(ms), workspace.timezone).time;
  const currentIndex = running ? timeline.findIndex((c) => c.id === state.currentCueId) : -1;
  const order = new Map(timeline.map((c, i) => [c.id, i]));
  const current = cues.find((c) => c.id === state.currentCueId);

  return (
    <main
      className="min-h-screen bg-slate-950 text-slate-50"
      data-show-status={running ? (state.rehearsal ? "Rehearsal" : "Live") : "Not running"}
    >
      <LiveStatusMarker />
      <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
        <header className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-800 pb-4">
          <div>
            <p className="text-sm uppercase tracking-widest text-slate-400">Run of show · read only</p>
            <h1 className="text-2xl font-bold sm:text-3xl">{workspace.eventName ?? workspace.name}</h1>
            <p className="text-slate-300">
              {shared.stageName ? (
                <span className="font-semibold text-emerald-300" data-testid="shared-stage">
                  {shared.stageName} ·{" "}
                </span>
              ) : null}
              {formatCalendarDate(day)}
              {shared.share.label ? ` · ${shared.share.label}` : ""}
              {shared.share.departments ? ` · ${shared.share.departments.join(", ")}` : ""}
            </p>
          </div>
          <div className="flex items-center gap-3" aria-live="polite">
            <p
              className={cn(
                "rounded-full px-3 py-1 text-xs font-bold uppercase tracking-widest",
                running ? "bg-red-600 text-white" : "bg-slate-800 text-slate-300",
              )}
            >
              {running ? (state.rehearsal ? "Rehearsal" : "Live") : "Not running"}
            </p>
            {running ? (
              <p className="text-lg font-semibold" data-testid="show-offset">
                {offsetLabel(offset)}
              </p>
            ) : null}
          </div>
        </header>

        {shared.stageChoices.length > 1 ? (
          <nav aria-label="Stages" className="mt-4 flex flex-wrap gap-2 text-sm">
            {shared.stageChoices.map((choice) => (
              <Link
                key={choice.param}
                to={`?stage=${choice.param}`}
                aria-current={choice.param === shared.stage ? "page" : undefined}
                className={cn(
                  "rounded-full border px-3 py-1",
                  choice.param === shared.stage
                    ? "border-emerald-400 bg-emerald-950 text-emerald-200"
                    : "border-slate-700 text-slate-300 hover:border-slate-500",
                )}
              >
                {choice.name}
              </Link>
            ))}
          </nav>
        ) : null}

        {running ? (
          <section aria-label="Now" className="mt-4 rounded-xl bg-slate-900 p-4">
            <p className="text-xs font-semibold uppercase tracking-widest text-slate-400">Now</p>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-2xl font-bold" data-testid="current-cue">
                {current ? current.title : "Another department's cue"}
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
            </div>
          </section>
        ) : null}

        {cues.length === 0 ? (
          <p className="mt-8 text-center text-slate-400">
            No cues for this day{shared.share.departments ? " in these departments" : ""}.
          </p>
        ) : (
          <ol className="mt-4 divide-y divide-slate-800 overflow-hidden rounded-xl border border-slate-800">
            {cues.map((cue) => {
              const index = order.get(cue.id) ?? -1;
              const isCurrent = cue.id === state.currentCueId;
              const done = running && index < currentIndex;
              const expected = starts.get(cue.id) ?? Date.parse(cue.plannedStart);
              const planned = Date.parse(cue.plannedStart);
              // Run cues show when they started, the others when they are now expected; the plan struck through beside.
              const moved = Math.abs(expected - planned) >= 60_000;
              return (
                <li
                  key={cue.id}
                  aria-current={isCurrent ? "step" : undefined}
                  data-testid="shared-cue"
                  className={cn(
                    "grid grid-cols-[4.5rem_1fr] gap-3 px-4 py-3 sm:grid-cols-[5.5rem_1fr_auto]",
                    isCurrent && "bg-emerald-950 ring-2 ring-inset ring-emerald-500",
                    done && "bg-slate-900/60 text-slate-300",
                  )}
                >
                  <div className="font-mono tabular-nums">
                    <p className="text-lg font-semibold">{clock(expected)}</p>
                    {moved ? <p className="text-xs text-slate-400 line-through">{clock(planned)}</p> : null}
                  </div>
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {cue.title}
                      {isCurrent ? (
                        <span className="ml-2 text-xs font-bold uppercase text-emerald-400">Now</span>
                      ) : null}
                      {done ? <span className="ml-2 text-xs font-semibold uppercase text-slate-400">Done</span> : null}
                    </p>
                    <p className="text-sm text-slate-400">
                      {[
                        cue.department,
                        `${Math.round(cue.duration / 60)} min`,
                        cue.timing === "fixed" ? "fixed start" : null,
                        cue.assigneeName ? `called by ${cue.assigneeName}` : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  </div>
                  <p className="col-start-2 text-sm text-slate-400 sm:col-start-3 sm:text-right">
                    {cue.taskCount === 0
                      ? ""
                      : cue.openTaskCount === 0
                        ? "Ready"
                        : `${cue.openTaskCount} of ${cue.taskCount} tasks open`}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
        <p className="mt-6 text-center text-xs text-slate-400">Times are the venue's ({workspace.timezone}).</p>
      </div>
    </main>
  );
}

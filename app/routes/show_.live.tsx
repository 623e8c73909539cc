import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { LiveStatusMarker, useLiveFollow, useLiveShow, useServerClock } from "~/components/show/use-live-show";
import { formatCalendarDate, wallClock } from "~/domain/dates";
import { isCalendarDay } from "~/domain/show";
import { NO_STAGE_LABEL, stageParam } from "~/domain/stages";
import {
  formatCountdown,
  isRunning,
  liveOffsetSeconds,
  nextCueOf,
  offsetLabel,
  projectedStarts,
  remainingSeconds,
  SHOW_ACTIONS,
  startsAsRehearsal,
  type ShowAction,
} from "~/domain/show-live";
import { getPageAuth } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { cn } from "~/lib/utils";
import { pageMeta } from "~/lib/meta";
import { withActor } from "~/services/context.server";
import { loadPresenter, runShowAction } from "~/services/show-live.server";

/**
 * `/show/live`: the presenter view of show mode (ADR 025), full screen and dark for a stage manager's screen: the
 * current cue counting down on the server's clock (red and negative once it overruns), the next cue with its
 * expected start, how far the show runs ahead or behind, and GO / Back / Start / Rehearse / Stop. Every button is a
 * form that posts without JavaScript (the page then shows the state at load); with it, Space or → is GO and ← is
 * Back, and every open page follows through the live socket. Stop sits apart from GO and asks first (`?confirm=stop`,
 * a plain link, so it asks without JavaScript too). Before the hour ahead of the first cue, Start is a rehearsal.
 */
export const meta: MetaFunction = () => pageMeta("Show mode");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) throw redirect("/dashboard");
  const params = new URL(request.url).searchParams;
  const day = params.get("day");
  const presenter = await loadPresenter(withActor(context, auth), {
    day: day && isCalendarDay(day) ? day : undefined,
    stage: params.get("stage"),
  });
  return { workspaceId: auth.workspace.id, ...presenter, confirmStop: params.get("confirm") === "stop" };
}

const showActionForm = z.object({
  action: z.enum(SHOW_ACTIONS),
  fromCueId: z.string().max(64).optional(),
  day: z.string().refine(isCalendarDay, "day must be a date like 2026-06-06").optional(),
  /** The stage whose show the page runs (ADR 037); blank for the cues on no stage. */
  stageId: z
    .string()
    .max(64)
    .optional()
    .transform((v) => v || null),
});

export const action = pageAction(
  {
    show: intent({
      schema: showActionForm,
      title: "Show Not Moved",
      run: async ({ ctx, value }) => {
        // A form from a page that showed no running show sends no cue: Start is then checked by the show itself.
        await runShowAction(ctx, value);
        return { redirectTo: value.stageId ? `/show/live?stage=${value.stageId}` : "/show/live" };
      },
    }),
  },
  { signedOutTo: "/dashboard" },
);

const KEY_ACTIONS: Record<string, ShowAction> = { " ": "go", ArrowRight: "go", ArrowLeft: "back" };

function isTyping(target: EventTarget | null) {
  return target instanceof HTMLElement && !!target.closest("input, textarea, select, button, a, [contenteditable]");
}

export default function ShowLiveRoute() {
  const loaded = useLoaderData<typeof loader>();
  const { cues, timezone, day, stageId, stages } = loaded;
  const stageName = stageId ? stages.find((s) => s.id === stageId)?.name : stages.length ? NO_STAGE_LABEL : undefined;
  // The page's own links keep its stage.
  const here = (params: Record<string, string>) =>
    `?${new URLSearchParams({ ...(stageId ? { stage: stageId } : {}), ...params })}`;
  useLiveFollow({ workspaceId: loaded.workspaceId });
  const state = useLiveShow(loaded.state);
  const now = useServerClock(loaded.serverTime);
  const fetcher = useFetcher<typeof action>();
  const { revalidate } = useRevalidator();

  const running = isRunning(state);
  const current = running ? cues.find((c) => c.id === state.currentCueId) : undefined;
  const next = nextCueOf(state, cues);
  const remaining = remainingSeconds(state, cues, now);
  const offset = liveOffsetSeconds(state, cues, now);
  const starts = projectedStarts(state, cues, now);
  const clock = (ms: number) => wallClock(new Date(ms), timezone).time;
  const overrun = remaining !== null && remaining < 0;

  // The show started on another day, or its cue is not among ours (edited meanwhile): load the day it runs.
  const stale = running && (state.day !== day || !current);
  useEffect(() => {
    if (stale) revalidate();
  }, [stale, revalidate]);

  const send = (action: ShowAction) =>
    fetcher.submit(
      { intent: "show", action, fromCueId: state.currentCueId ?? "", day, stageId: stageId ?? "" },
      { method: "post" },
    );
  // The cue the last key press was sent from, until the show moves on or the answer comes: a second press meanwhile
  // would only be refused as stale (and told someone else moved the show).
  const pendingFrom = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state === "idle") pendingFrom.current = undefined;
  }, [fetcher.state]);
  const latest = useRef({ send, state });
  latest.current = { send, state };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = KEY_ACTIONS[event.key];
      if (!action || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === " " && isTyping(event.target)) return;
      event.preventDefault();
      const { state: shown, send: submit } = latest.current;
      if (!shown.currentCueId || pendingFrom.current === shown.currentCueId) return;
      pendingFrom.current = shown.currentCueId;
      submit(action);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const button = (action: ShowAction, label: string, className: string, hint?: string) => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="show" />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="fromCueId" value={state.currentCueId ?? ""} />
      <input type="hidden" name="day" value={day} />
      <input type="hidden" name="stageId" value={stageId ?? ""} />
      <button
        type="submit"
        disabled={fetcher.state === "submitting"}
        className={cn(
          "flex h-20 flex-col items-center justify-center rounded-2xl px-8 text-2xl font-bold tracking-wide transition focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-white disabled:opacity-60",
          className,
        )}
      >
        {label}
        {hint ? <span className="mt-1 text-xs font-medium uppercase tracking-widest opacity-80">{hint}</span> : null}
      </button>
    </fetcher.Form>
  );

  const offsetTone = offset >= 30 ? "text-amber-300" : offset <= -30 ? "text-sky-300" : "text-emerald-300";
  const status = running
    ? state.rehearsal
      ? "Rehearsal"
      : "Live"
    : state.endedAt && state.day === day
      ? "Ended"
      : "Not running";
  const run = state.rehearsal ? "rehearsal" : "show";
  const early = !running && startsAsRehearsal(cues, now);

  return (
    <main
      className="flex min-h-screen flex-col bg-slate-950 px-6 py-5 text-slate-50 sm:px-10"
      data-show-status={status}
    >
      <LiveStatusMarker />
      <header className="flex flex-wrap items-center justify-between gap-3 text-lg">
        <div className="flex items-center gap-3">
          <span
            className={cn(
              "rounded-full px-3 py-1 text-sm font-bold uppercase tracking-widest",
              running
                ? state.rehearsal
                  ? "bg-amber-400 text-slate-950"
                  : "bg-red-600 text-white"
                : "bg-slate-800 text-slate-300",
            )}
          >
            {status}
          </span>
          <span className="font-semibold">{loaded.eventName}</span>
          {stageName ? (
            <span className="font-semibold text-emerald-300" data-testid="show-stage">
              {stageName}
            </span>
          ) : null}
          <span className="text-slate-400">{formatCalendarDate(day)}</span>
        </div>
        <div className="flex items-center gap-5">
          {running || state.endedAt ? (
            <p className={cn("whitespace-nowrap text-2xl font-bold", offsetTone)} data-testid="show-offset">
              {offsetLabel(offset)}
            </p>
          ) : null}
          {running ? (
            <Link
              to={here({ day, confirm: "stop" })}
              className="whitespace-nowrap rounded-lg border border-red-800 px-3 py-1.5 text-base font-semibold text-red-200 hover:bg-red-950"
            >
              {`Stop ${run}…`}
            </Link>
          ) : null}
          <Link
            to={stages.length ? `/show?day=${day}&stage=${stageParam(stageId)}` : "/show"}
            className="text-slate-300 underline underline-offset-4 hover:text-white"
          >
            Exit
          </Link>
        </div>
      </header>
      {stages.length ? (
        <nav aria-label="Stages" className="mt-3 flex flex-wrap gap-2 text-sm">
          {[
            ...stages.map((s) => ({ id: s.id as string | null, name: s.name })),
            { id: null, name: NO_STAGE_LABEL },
          ].map((s) => (
            <Link
              key={s.id ?? ""}
              to={`?${new URLSearchParams({ day, stage: stageParam(s.id) })}`}
              aria-current={s.id === stageId ? "page" : undefined}
              className={cn(
                "rounded-full border px-3 py-1",
                s.id === stageId
                  ? "border-emerald-400 bg-emerald-950 text-emerald-200"
                  : "border-slate-700 text-slate-300 hover:border-slate-500",
              )}
            >
              {s.name}
            </Link>
          ))}
        </nav>
      ) : null}

      {running && loaded.confirmStop ? (
        <section
          role="alertdialog"
          aria-labelledby="stop-title"
          aria-describedby="stop-text"
          className="mx-auto mt-6 grid max-w-xl gap-3 rounded-2xl border border-red-800 bg-red-950/60 px-6 py-5 text-center"
        >
          <h2 id="stop-title" className="text-2xl font-bold">{`Stop the ${run}?`}</h2>
          <p id="stop-text" className="text-slate-300">
            {state.rehearsal
              ? "Every screen stops counting, and the rehearsal leaves no record."
              : "Every screen stops counting, and the show is recorded as ended now."}
          </p>
          <div className="flex flex-wrap items-center justify-center gap-4">
            {button("stop", `Stop the ${run}`, "h-14 bg-red-700 text-white text-xl hover:bg-red-600")}
            <Link to={here({ day })} className="text-lg text-slate-200 underline underline-offset-4 hover:text-white">
              Keep running
            </Link>
          </div>
        </section>
      ) : null}

      <section aria-label="Current cue" className="flex flex-1 flex-col items-center justify-center py-8 text-center">
        {cues.length === 0 ? (
          <>
            <h1 className="text-5xl font-bold">No cues for {day}</h1>
            <p className="mt-4 text-xl text-slate-400">
              Build the rundown on the{" "}
              <Link to="/show" className="underline">
                show page
              </Link>{" "}
              first.
            </p>
          </>
        ) : running && current ? (
          <>
            <p className="text-xl font-semibold uppercase tracking-[0.3em] text-slate-400">Now</p>
            <h1 className="mt-2 max-w-6xl text-5xl font-bold leading-tight sm:text-7xl" data-testid="current-cue">
              {current.title}
            </h1>
            <p className="mt-3 text-xl text-slate-400">
              {[current.department, current.assigneeName ? `called by ${current.assigneeName}` : null]
                .filter(Boolean)
                .join(" · ") || "\u00a0"}
            </p>
            <p
              role="timer"
              aria-label={overrun ? "Over by" : "Time left"}
              data-testid="countdown"
              className={cn(
                "mt-6 text-[7rem] font-bold leading-none tracking-tight tabular-nums sm:text-[11rem]",
                overrun ? "text-red-500" : "text-white",
              )}
            >
              {formatCountdown(remaining ?? 0)}
            </p>
            {current.notes ? <p className="mt-4 max-w-4xl text-lg text-slate-300">{current.notes}</p> : null}
          </>
        ) : (
          <>
            <p className="text-xl font-semibold uppercase tracking-[0.3em] text-slate-400">
              {status === "Ended" ? "Show ended" : "Ready"}
            </p>
            <h1 className="mt-2 text-5xl font-bold sm:text-7xl">{cues[0].title}</h1>
            <p className="mt-4 text-2xl text-slate-400">
              First cue at {clock(Date.parse(cues[0].plannedStart))} · {cues.length} cues
            </p>
            {early ? (
              <p className="mt-3 max-w-2xl text-lg text-amber-200" data-testid="rehearsal-note">
                {`The show starts at ${clock(Date.parse(cues[0].plannedStart))} on ${formatCalendarDate(day)}. A run before the hour ahead of it is a rehearsal, timed from when you start it.`}
              </p>
            ) : null}
          </>
        )}
      </section>

      {running ? (
        <section aria-label="Next cue" className="mb-6 rounded-2xl bg-slate-900 px-6 py-4 text-center sm:text-left">
          <p className="text-sm font-semibold uppercase tracking-[0.3em] text-slate-400">Next</p>
          {next ? (
            <p className="mt-1 text-3xl font-semibold" data-testid="next-cue">
              {next.title}{" "}
              <span className="text-slate-400">
                at {clock(starts.get(next.id)!)}
                {next.timing === "fixed" ? " (fixed)" : ""}
                {next.assigneeName ? ` · ${next.assigneeName}` : ""}
              </span>
            </p>
          ) : (
            <p className="mt-1 text-3xl font-semibold text-slate-300" data-testid="next-cue">
              End of show
            </p>
          )}
        </section>
      ) : null}

      <footer className="flex flex-wrap items-center justify-center gap-4">
        {running ? (
          <>
            {button("back", "Back", "bg-slate-800 text-white hover:bg-slate-700", "← key")}
            {button(
              "go",
              "GO",
              "min-w-64 bg-emerald-500 text-slate-950 text-4xl hover:bg-emerald-400",
              "Space or → key",
            )}
          </>
        ) : cues.length === 0 ? null : early ? (
          button("rehearse", "Start rehearsal", "min-w-64 bg-amber-400 text-slate-950 hover:bg-amber-300")
        ) : (
          <>
            {button(
              "start",
              status === "Ended" ? "Start again" : "Start show",
              "min-w-64 bg-emerald-500 text-slate-950 hover:bg-emerald-400",
            )}
            {button("rehearse", "Rehearse", "bg-slate-800 text-white hover:bg-slate-700")}
          </>
        )}
      </footer>
    </main>
  );
}

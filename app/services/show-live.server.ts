import type { WorkspaceRow } from "~/db/schema";
import { AppError, conflict } from "~/domain/errors";
import { todayIn } from "~/domain/dates";
import { defaultShowDay, type PlannedCue } from "~/domain/show";
import { cueStatusMessage } from "~/domain/slack-show";
import {
  IDLE_SHOW,
  isRunning,
  SHOW_REFUSALS,
  type LiveCue,
  beginsRun,
  type ShowAction,
  type ShowLiveState,
} from "~/domain/show-live";
import type { ActorCtx, Ctx } from "./context.server";
import { stubFor } from "./live-notifier.server";
import { loadShowDay } from "./show.server";

/**
 * Show mode, live (issue 17, ADR 025): the state lives in the workspace's Durable Object, which applies one action
 * at a time; this side loads the day's plan from D1 and hands the object the cues in running order.
 */

/** What the object is asked to apply (over RPC). */
export interface ShowActionInput {
  action: ShowAction;
  day: string;
  cues: LiveCue[];
  fromCueId?: string | null;
}

/** The plan's cues as show mode needs them. */
export const toLiveCues = (cues: readonly PlannedCue[]): LiveCue[] =>
  cues.map(({ id, plannedStart, duration, timing }) => ({ id, plannedStart, duration, timing }));

function liveStub(ctx: Ctx, workspaceId: string) {
  const namespace = ctx.env.WORKSPACE_LIVE;
  return namespace ? stubFor(namespace, workspaceId) : null;
}

/** The show's state; idle where there is no live binding (`remix vite:dev`), so pages still render. */
export async function readShowState(ctx: Ctx, workspaceId: string): Promise<ShowLiveState> {
  const stub = liveStub(ctx, workspaceId);
  return stub ? await stub.getShow() : IDLE_SHOW;
}

/** `GET /api/show/live`. */
export function getShowLive(ctx: ActorCtx) {
  return readShowState(ctx, ctx.actor.workspace.id);
}

/**
 * Start, GO, Back or Stop for the caller's workspace. Every role a workspace has (owner, member) runs the show;
 * outsiders never get an actor. A start runs `day` (default: today if an event day, else the first show day); the
 * other actions run on the show's own day. Refused (conflict, with the current state in the error): an action from
 * a cue that is no longer current (someone else pressed first), GO/Back/Stop with no show, Start while one runs, a
 * day without cues. Back on the first cue changes nothing and is no error (`applied: false`).
 */
export async function runShowAction(
  ctx: ActorCtx,
  input: { action: ShowAction; day?: string; fromCueId?: string | null },
) {
  const { workspace } = ctx.actor;
  const stub = liveStub(ctx, workspace.id);
  if (!stub) throw new AppError("not_configured", "Show mode needs live updates, which this server does not have");
  const current: ShowLiveState = await stub.getShow();
  const day =
    beginsRun(input.action)
      ? (input.day ?? defaultShowDay(workspace, ctx.now))
      : (current.day ?? input.day ?? defaultShowDay(workspace, ctx.now));
  const showDay = await loadShowDay(ctx, workspace, day);
  const result = await stub.showAction({
    action: input.action,
    day,
    cues: toLiveCues(showDay.cues),
    ...(input.fromCueId !== undefined ? { fromCueId: input.fromCueId } : {}),
  });
  if (!result.applied && result.reason !== "at_first") {
    throw conflict(SHOW_REFUSALS[result.reason], { title: "Show not moved", reason: result.reason, state: result.state });
  }
  return { applied: result.applied, state: result.state };
}

/**
 * The show's state and the plan of the day it is about: the running show's, else `day` (default: the default show
 * day). That day's cues are read beside the state, so the page costs one D1 round trip (with the session's check);
 * only a show running on another day costs a second read.
 */
export async function currentShow(ctx: Ctx, workspace: WorkspaceRow, day?: string) {
  const asked = day ?? defaultShowDay(workspace, ctx.now);
  const [state, askedDay] = await Promise.all([readShowState(ctx, workspace.id), loadShowDay(ctx, workspace, asked)]);
  const shown = isRunning(state) && state.day ? state.day : asked;
  return { state, showDay: shown === asked ? askedDay : await loadShowDay(ctx, workspace, shown) };
}

/** Slack's `/cue`: the current and next cue, or the next one when no show runs, or that the day has none. */
export async function cueStatus(ctx: ActorCtx) {
  const { workspace } = ctx.actor;
  const { state, showDay } = await currentShow(ctx, workspace);
  return cueStatusMessage({
    state,
    day: showDay.day,
    today: todayIn(workspace.timezone, ctx.now),
    cues: showDay.cues,
    timezone: workspace.timezone,
    now: ctx.now,
  });
}

/** A cue as show mode's pages draw it (the presenter view, the live strip). */
export const presenterCue = (cue: PlannedCue) => ({
  id: cue.id,
  title: cue.title,
  department: cue.department,
  assigneeName: cue.assigneeName,
  notes: cue.notes,
  plannedStart: cue.plannedStart,
  duration: cue.duration,
  timing: cue.timing,
});

export type PresenterCue = ReturnType<typeof presenterCue>;

/**
 * The presenter view (`/show/live`): the state and the day it runs (the running show's; else `day`, else the default
 * show day) with that day's cues, and the server's instant for the first render's countdown.
 */
export async function loadPresenter(ctx: ActorCtx, day: string | undefined) {
  const { workspace } = ctx.actor;
  const { state, showDay } = await currentShow(ctx, workspace, day);
  return {
    state,
    day: showDay.day,
    timezone: workspace.timezone,
    eventName: workspace.eventName ?? workspace.name,
    cues: showDay.cues.map(presenterCue),
    serverTime: ctx.now.getTime(),
  };
}

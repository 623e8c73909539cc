import type { WorkspaceRow } from "~/db/schema";
import { AppError, conflict, forbidden } from "~/domain/errors";
import { showActionRefusal } from "~/domain/api-tokens";
import { todayIn } from "~/domain/dates";
import { defaultShowDay, type PlannedCue } from "~/domain/show";
import { cueStatusMessage, unknownStageMessage } from "~/domain/slack-show";
import { findStageByName, NO_STAGE_LABEL, stageLabel } from "~/domain/stages";
import {
  idleShow,
  isRunning,
  SHOW_REFUSALS,
  type LiveCue,
  beginsRun,
  type ShowAction,
  type ShowLiveState,
} from "~/domain/show-live";
import { readTogether, type ActorCtx, type Ctx } from "./context.server";
import { stubFor } from "./live-notifier.server";
import { getCue } from "~/models/show";
import { loadShowDay } from "./show.server";
import { listStages, requireStageId } from "./stages.server";
import { sendWebhookEvent } from "./webhooks.server";

/**
 * Show mode, live (issue 17, ADR 025): the state lives in the workspace's Durable Object, which applies one action
 * at a time; this side loads the day's plan from D1 and hands the object the cues in running order.
 */

/** What the object is asked to apply (over RPC). */
export interface ShowActionInput {
  action: ShowAction;
  /** The stage whose show this is (ADR 037); null or absent: the cues on no stage. */
  stageId?: string | null;
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

/**
 * One stage's show state (ADR 037; null: the cues on no stage); idle where there is no live binding
 * (`remix vite:dev`), so pages still render.
 */
export async function readShowState(
  ctx: Ctx,
  workspaceId: string,
  stageId: string | null = null,
): Promise<ShowLiveState> {
  const stub = liveStub(ctx, workspaceId);
  return stub ? await stub.getShow(stageId) : idleShow(stageId);
}

/**
 * `GET /api/show/live?stage=`: that stage's show (without `stage`, the cues on no stage's) and the running cue's
 * title (`currentCueTitle`, null when none runs), which a Stream Deck shows (docs/stream-deck.md); an unknown stage
 * is a 400.
 */
export async function getShowLive(ctx: ActorCtx, input: { stage?: string } = {}) {
  const { workspace } = ctx.actor;
  const stageId = await requireStageId(ctx, input.stage ?? null);
  const state = await readShowState(ctx, workspace.id, stageId);
  const cue = state.currentCueId ? await getCue(ctx.db, workspace.id, state.currentCueId) : undefined;
  return { ...state, currentCueTitle: cue?.title ?? null };
}

/**
 * Start, GO, Back or Stop for the caller's workspace. Every role a workspace has (owner, member) runs the show;
 * outsiders never get an actor. A start runs `day` (default: today if an event day, else the first show day); the
 * other actions run on the show's own day. Refused (conflict, with the current state in the error): an action from
 * a cue that is no longer current (someone else pressed first), GO/Back/Stop with no show, Start while one runs, a
 * day without cues. Back on the first cue changes nothing and is no error (`applied: false`). A show-control API
 * token (ADR 048) may press only GO, Back, Start and Stop (403 otherwise).
 */
export async function runShowAction(
  ctx: ActorCtx,
  input: { action: ShowAction; day?: string; stageId?: string | null; fromCueId?: string | null },
) {
  const { workspace, tokenScope } = ctx.actor;
  const refusal = showActionRefusal(tokenScope, input.action);
  if (refusal) throw forbidden(refusal);
  const stub = liveStub(ctx, workspace.id);
  if (!stub) throw new AppError("not_configured", "Show mode needs live updates, which this server does not have");
  const stageId = await requireStageId(ctx, input.stageId ?? null);
  const current: ShowLiveState = await stub.getShow(stageId);
  const day = beginsRun(input.action)
    ? (input.day ?? defaultShowDay(workspace, ctx.now))
    : (current.day ?? input.day ?? defaultShowDay(workspace, ctx.now));
  const showDay = await loadShowDay(ctx, workspace, day, { stageId });
  const result = await stub.showAction({
    action: input.action,
    stageId,
    day,
    cues: toLiveCues(showDay.cues),
    ...(input.fromCueId !== undefined ? { fromCueId: input.fromCueId } : {}),
  });
  if (!result.applied && result.reason !== "at_first") {
    throw conflict(SHOW_REFUSALS[result.reason], {
      title: "Show not moved",
      reason: result.reason,
      state: result.state,
    });
  }
  if (result.applied) sendWebhookEvent(ctx, workspace, "show.state", { action: input.action, show: result.state });
  return { applied: result.applied, state: result.state };
}

/**
 * One stage's show state and the plan of the day it is about (ADR 037; `stageId` null: the cues on no stage): the
 * running show's day, else `day` (default: the default show day). That sheet's cues are read beside the state, so
 * the page costs one D1 round trip (with the session's check); only a show running on another day costs a second
 * read.
 */
export async function currentShow(
  ctx: Ctx,
  workspace: WorkspaceRow,
  input: { day?: string; stageId?: string | null } = {},
) {
  const stageId = input.stageId ?? null;
  const asked = input.day ?? defaultShowDay(workspace, ctx.now);
  const [state, askedDay] = await Promise.all([
    readShowState(ctx, workspace.id, stageId),
    loadShowDay(ctx, workspace, asked, { stageId }),
  ]);
  const shown = isRunning(state) && state.day ? state.day : asked;
  return { state, showDay: shown === asked ? askedDay : await loadShowDay(ctx, workspace, shown, { stageId }) };
}

/**
 * Slack's `/cue [stage]` (ADR 037): the current and next cue, or the next one when no show runs, or that the day has
 * none. With stages, `stageName` picks one stage's show (any case; "No stage" the cues on none); without it, every
 * stage's in order, each named, and the cues on no stage when that day has some or its show runs.
 */
export async function cueStatus(ctx: ActorCtx, input: { stageName?: string } = {}) {
  const { workspace } = ctx.actor;
  const stages = await listStages(ctx, workspace.id);
  const name = input.stageName?.trim() ?? "";
  const statusOf = async (stageId: string | null) => {
    const { state, showDay } = await currentShow(ctx, workspace, { stageId });
    return {
      stageName: stages.length ? stageLabel(stages, stageId) : undefined,
      state,
      day: showDay.day,
      cues: showDay.cues,
    };
  };
  const common = { today: todayIn(workspace.timezone, ctx.now), timezone: workspace.timezone, now: ctx.now };
  if (stages.length === 0) return cueStatusMessage({ ...common, sheets: [await statusOf(null)] });
  if (name) {
    const stage = findStageByName(stages, name);
    if (!stage) return unknownStageMessage(name, stages);
    return cueStatusMessage({ ...common, sheets: [await statusOf(stage.id)] });
  }
  const sheets = await Promise.all([...stages.map((s) => s.id), null].map(statusOf));
  // The cues on no stage only when they matter that day: a festival's sheets are its stages.
  const shown = sheets.filter((s) => s.stageName !== NO_STAGE_LABEL || s.cues.length > 0 || isRunning(s.state));
  return cueStatusMessage({ ...common, sheets: shown });
}

/** What a stage id can look like (`newId`); anything else in `?stage=` is not looked up. */
const STAGE_ID = /^[\w-]{1,64}$/;

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
 * The presenter view (`/show/live?stage=`): one stage's show (ADR 037) and the day it runs (the running show's; else `day`, else the default
 * show day) with that day's cues, and the server's instant for the first render's countdown.
 */
export async function loadPresenter(ctx: ActorCtx, input: { day?: string; stage?: string | null }) {
  const { workspace } = ctx.actor;
  // The stages and the asked stage's show are read together (one D1 round trip); the show is read again, for the
  // cues on no stage, only when `?stage=` names no stage of the workspace.
  const asked = input.stage && STAGE_ID.test(input.stage) ? input.stage : null;
  const [stages, askedShow] = await readTogether(ctx, () => [
    listStages(ctx, workspace.id),
    currentShow(ctx, workspace, { day: input.day, stageId: asked }),
  ]);
  // An unknown `?stage=` shows the cues on no stage, as a workspace without stages does.
  const stageId = stages.some((s) => s.id === asked) ? asked : null;
  const { state, showDay } =
    stageId === asked ? askedShow : await currentShow(ctx, workspace, { day: input.day, stageId });
  return {
    state,
    stageId,
    stages,
    day: showDay.day,
    timezone: workspace.timezone,
    eventName: workspace.eventName ?? workspace.name,
    cues: showDay.cues.map(presenterCue),
    serverTime: ctx.now.getTime(),
  };
}

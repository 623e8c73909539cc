import type { WorkspaceRow } from "~/db/schema";
import { badRequest, conflict, forbidden, notFound } from "~/domain/errors";
import { defaultShowDay, type PlannedCue } from "~/domain/show";
import { idleShow } from "~/domain/show-live";
import { NO_STAGE_LABEL, stageParam } from "~/domain/stages";
import { MAX_SHARES_PER_WORKSPACE, SHARE_TOKEN_RE, sharePath } from "~/domain/show-live-schemas";
import { newId, newToken, sha256Hex } from "~/lib/crypto";
import * as shareModel from "~/models/show-shares";
import { findMembership } from "~/models/teams";
import type { ActorCtx, Ctx } from "./context.server";
import { currentShow, toLiveCues } from "./show-live.server";
import { listStages } from "./stages.server";

/**
 * Crew share links (issue 17, ADR 025): a read-only run of show for people without accounts, optionally only some
 * departments' cues, following show mode live. The URL's 256-bit token is shown once; only its SHA-256 is stored
 * (as calendar feeds, ADR 020). Revoking keeps the row (revoked_at) and closes the link's open pages.
 */

export type ShareDto = Awaited<ReturnType<typeof shareModel.listActiveShares>>[number];

/** Normalised departments: trimmed, lower-cased, deduplicated; none means every cue. */
function departmentsOf(input: readonly string[] | undefined) {
  const list = [...new Set((input ?? []).map((d) => d.trim().toLowerCase()).filter(Boolean))];
  return list.length > 0 ? list : null;
}

/** Creates a link in the caller's workspace; `url` (absolute, on `origin`) is shown this once. */
export async function createShare(
  ctx: ActorCtx,
  input: { departments?: string[]; stageIds?: string[]; label?: string; origin: string },
) {
  const { actor, now } = ctx;
  const stageIds = await stagesOfShare(ctx, input.stageIds);
  const token = newToken();
  const row = {
    id: newId(),
    workspaceId: actor.workspace.id,
    tokenHash: await sha256Hex(token),
    label: input.label?.trim() || null,
    departments: departmentsOf(input.departments),
    stageIds,
    createdBy: actor.user.id,
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  const inserted = await shareModel.insertShareIf(ctx.db, row, MAX_SHARES_PER_WORKSPACE);
  if (inserted.length === 0) {
    // Held back: the maker was removed meanwhile, or (far likelier) the workspace is at its limit.
    if (!(await findMembership(ctx.db, actor.workspace.id, actor.user.id))) {
      throw forbidden("You are no longer a member of this workspace");
    }
    throw conflict(`A workspace has at most ${MAX_SHARES_PER_WORKSPACE} share links; revoke one first`, {
      limit: MAX_SHARES_PER_WORKSPACE,
    });
  }
  return {
    id: row.id,
    url: `${input.origin}${sharePath(token)}`,
    label: row.label,
    departments: row.departments,
    stageIds: row.stageIds,
    createdAt: row.createdAt,
  };
}

/**
 * A link's stages (ADR 037): each a stage of the caller's workspace (a 400 names any other), deduplicated, in the
 * stages' order; none means every stage and the cues on none.
 */
async function stagesOfShare(ctx: ActorCtx, input: readonly string[] | undefined) {
  if (!input || input.length === 0) return null;
  const stages = await listStages(ctx, ctx.actor.workspace.id);
  const unknown = input.filter((id) => !stages.some((s) => s.id === id));
  if (unknown.length) {
    throw badRequest("Unknown stage: choose stages named in Settings", {
      stageIds: [`Unknown stage id: ${unknown.join(", ")}`],
    });
  }
  return stages.filter((s) => input.includes(s.id)).map((s) => s.id);
}

/** The workspace's active links, newest first (never their URLs). */
export function listShares(ctx: ActorCtx): Promise<ShareDto[]> {
  return ctx.db.batch([shareModel.listActiveShares(ctx.db, ctx.actor.workspace.id)]).then(([rows]) => rows);
}

/** Revokes a link: it answers 404 from now on and its open pages close. 404 for another workspace's id. */
export async function revokeShare(ctx: ActorCtx, input: { shareId: string }) {
  const { actor } = ctx;
  const revoked =
    input.shareId.length <= 64
      ? await shareModel.revokeShare(ctx.db, actor.workspace.id, input.shareId, ctx.now.toISOString())
      : [];
  if (revoked.length === 0) throw notFound("Share link not found");
  ctx.live?.revokeShare(actor.workspace.id, input.shareId);
}

/**
 * `shareId` as an active link of `workspaceId` (with the stages it shows), or null: the live object asks before it
 * admits a crew socket.
 */
export async function activeShareOf(ctx: Ctx, input: { workspaceId: string; shareId: string }) {
  if (input.shareId.length > 64) return null;
  return (await shareModel.findActiveShare(ctx.db, input.workspaceId, input.shareId)) ?? null;
}

/** The active link behind a token, or null (unknown, malformed or revoked). */
export async function findActiveShare(ctx: Ctx, token: string) {
  if (!SHARE_TOKEN_RE.test(token)) return null;
  const found = await shareModel.findActiveShareByTokenHash(ctx.db, await sha256Hex(token));
  return found ? { ...found.share, workspace: found.workspace } : null;
}

/**
 * What crew may see of a cue: its title, department, times and who calls it, and how many linked tasks are still
 * open (never the tasks' titles, the cue's notes or an outside owner's contact details).
 */
function crewCue(cue: PlannedCue) {
  return {
    id: cue.id,
    title: cue.title,
    department: cue.department,
    assigneeName: cue.assigneeName,
    plannedStart: cue.plannedStart,
    plannedEnd: cue.plannedEnd,
    duration: cue.duration,
    timing: cue.timing,
    taskCount: cue.taskIds.length,
    openTaskCount: cue.openTaskCount,
  };
}

export type CrewCue = ReturnType<typeof crewCue>;

function crewWorkspace(workspace: WorkspaceRow) {
  return { name: workspace.name, eventName: workspace.eventName, timezone: workspace.timezone };
}

/**
 * The share page: one sheet's show (ADR 037: `stage`, a stage id or `none`, among the link's stages; else its
 * first): the running show's day (else the default show day) with the link's departments' cues, and the whole
 * sheet's timing without titles (`timeline`), so the page can project its cues' times as the show moves. A link
 * limited to stages never shows another stage's cues or show, nor the cues on no stage. Null for a token that is no
 * active link.
 */
export async function loadSharedShow(ctx: Ctx, token: string, stage: string | null = null) {
  const share = await findActiveShare(ctx, token);
  if (!share) return null;
  const { workspace } = share;
  const stages = await listStages(ctx, workspace.id);
  const sheets: Array<{ id: string | null; name: string }> = share.stageIds
    ? stages.filter((s) => share.stageIds!.includes(s.id))
    : [...stages, ...(stages.length ? [{ id: null, name: NO_STAGE_LABEL }] : [{ id: null, name: "" }])];
  const asked = stage === "none" ? null : stage;
  const sheet = sheets.find((s) => s.id === asked) ?? sheets[0];
  const stageChoices = stages.length ? sheets.map((s) => ({ param: stageParam(s.id), name: s.name })) : [];
  const common = {
    share: { label: share.label, departments: share.departments },
    workspace: crewWorkspace(workspace),
    stageChoices,
  };
  if (!sheet) {
    // Every stage the link showed was removed: it shows nothing rather than another stage.
    const day = defaultShowDay(workspace, ctx.now);
    return { ...common, stage: null, stageName: null, day, state: { ...idleShow(null), day }, cues: [], timeline: [] };
  }
  const { state, showDay } = await currentShow(ctx, workspace, { stageId: sheet.id });
  const { day } = showDay;
  const wanted = share.departments ? new Set(share.departments) : null;
  const cues = showDay.cues.filter((c) => !wanted || (c.department !== null && wanted.has(c.department.toLowerCase())));
  return {
    ...common,
    stage: stages.length ? stageParam(sheet.id) : null,
    stageName: sheet.name || null,
    day,
    state,
    cues: cues.map(crewCue),
    timeline: toLiveCues(showDay.cues),
  };
}

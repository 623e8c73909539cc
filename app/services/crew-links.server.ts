import type { WorkspaceRow } from "~/db/schema";
import { CREW_LINK_TOKEN_RE, CREW_LINK_TOUCH_MS, crewLinkDay, crewLinkPath, followedStage } from "~/domain/crew-link";
import { todayIn } from "~/domain/dates";
import { forbidden, notFound } from "~/domain/errors";
import { eventDays } from "~/domain/show";
import { assertOwner } from "~/domain/teams";
import { newId, newToken, sha256Hex } from "~/lib/crypto";
import { errorSummary } from "~/lib/log";
import { getCrewPerson } from "~/models/crew";
import * as linkModel from "~/models/crew-links";
import { findMembership } from "~/models/teams";
import type { ActorCtx, Ctx } from "./context.server";
import { loadDaySheet } from "./day-sheet.server";
import { currentShow, toLiveCues } from "./show-live.server";
import { listStages } from "./stages.server";

/**
 * Personal crew links (issue 35, ADR 045): an owner sends one person of the directory (no account needed) a link to
 * their own day sheet, following show mode live. The URL's 256-bit token is shown once; only its SHA-256 is stored.
 * A person has one active link: a new one revokes the old. Revoking keeps the row and closes the link's open pages;
 * the link ends with the person's entry and with its maker's membership.
 */

/** The person of the caller's workspace, for an owner; 404 for an unknown or another workspace's id. */
async function requirePersonForOwner(ctx: ActorCtx, personId: string) {
  assertOwner(ctx.actor.role, "manage personal crew links");
  const person = personId.length <= 64 ? await getCrewPerson(ctx.db, ctx.actor.workspace.id, personId) : undefined;
  if (!person) throw notFound("Person not found in the crew directory");
  return person;
}

/** `/crew/{id}/link`: the person and their active link (never its URL), or none. Owners only. */
export async function getCrewLinkStatus(ctx: ActorCtx, input: { personId: string }) {
  const person = await requirePersonForOwner(ctx, input.personId);
  const link = await linkModel.findActiveLinkOfPerson(ctx.db, ctx.actor.workspace.id, person.id);
  return {
    person: { id: person.id, name: person.name, role: person.role, department: person.department },
    link: link ?? null,
  };
}

/**
 * Makes the person's link (owners only), revoking the one they had (its open pages close); `url` (absolute, on
 * `origin`) is shown this once.
 */
export async function createCrewLink(ctx: ActorCtx, input: { personId: string; origin: string }) {
  const { actor, db, now } = ctx;
  const person = await requirePersonForOwner(ctx, input.personId);
  const token = newToken();
  const row = {
    id: newId(),
    workspaceId: actor.workspace.id,
    personId: person.id,
    tokenHash: await sha256Hex(token),
    createdBy: actor.user.id,
    createdAt: now.toISOString(),
    revokedAt: null,
    lastUsedAt: null,
  };
  // One batch: the old link is revoked and the new one inserted together (the partial unique index holds one active).
  const [revoked, inserted] = await db.batch([
    linkModel.revokePersonLinkStatement(db, actor.workspace.id, person.id, row.createdAt),
    linkModel.insertLinkIfStatement(db, row),
  ]);
  for (const old of revoked) ctx.live?.revokeCrewLink(actor.workspace.id, old.id);
  if (inserted.length === 0) {
    if (!(await findMembership(db, actor.workspace.id, actor.user.id))) {
      throw forbidden("You are no longer a member of this workspace");
    }
    throw notFound("Person not found in the crew directory");
  }
  return { id: row.id, personId: person.id, url: `${input.origin}${crewLinkPath(token)}`, createdAt: row.createdAt };
}

/** Revokes the person's link (owners only): it answers 404 from now on and its open pages close. */
export async function revokeCrewLink(ctx: ActorCtx, input: { personId: string }) {
  const person = await requirePersonForOwner(ctx, input.personId);
  const workspaceId = ctx.actor.workspace.id;
  const revoked = await linkModel.revokePersonLinkStatement(ctx.db, workspaceId, person.id, ctx.now.toISOString());
  if (revoked.length === 0) throw notFound(`${person.name} has no active personal link`);
  for (const link of revoked) ctx.live?.revokeCrewLink(workspaceId, link.id);
}

/** The active link behind a token, with its person and workspace, or null (unknown, malformed or revoked). */
export async function findActiveCrewLink(ctx: Ctx, token: string) {
  if (!CREW_LINK_TOKEN_RE.test(token)) return null;
  return (await linkModel.findActiveLinkByTokenHash(ctx.db, await sha256Hex(token))) ?? null;
}

/** `linkId` as an active link of `workspaceId`, or null: the live object asks before it admits the link's socket. */
export async function activeCrewLinkOf(ctx: Ctx, input: { workspaceId: string; linkId: string }) {
  if (input.linkId.length > 64) return null;
  return (await linkModel.findActiveLink(ctx.db, input.workspaceId, input.linkId)) ?? null;
}

/**
 * A personal link's state (`/c/{token}` and `/c/{token}/state`): the person's day sheet (ADR 044: their calls,
 * cues, open tasks due that day, the key contacts, their own contact details and nobody else's) for the day shown
 * (`asked` when an event day, else today or the next event day), and the show they follow (the stage of their first
 * cue) with its timing and titles so the page can count down the current cue. Null for a token that is no active
 * link. Stamps the link's last use (at most every few minutes, after the response).
 */
export async function loadCrewLinkState(ctx: Ctx, token: string, asked: string | null) {
  const found = await findActiveCrewLink(ctx, token);
  if (!found) return null;
  const { link, person, workspace } = found;
  const day = crewLinkDay(eventDays(workspace), todayIn(workspace.timezone, ctx.now), asked);
  const [sheet, stages] = await Promise.all([
    loadDaySheet(ctx, workspace.id, person.id, day),
    listStages(ctx, workspace.id),
  ]);
  // The person was deleted between the two reads.
  if (!sheet) return null;
  const stageIdOf = (name: string | null) => stages.find((s) => s.name === name)?.id ?? null;
  const stageId = followedStage(
    sheet.cues.map((c) => ({ stageId: stageIdOf(c.stageName) })),
    sheet.calls.map((c) => ({ stageId: stageIdOf(c.stageName) })),
    stages,
  );
  const show = await followedShow(ctx, workspace, stageId, day);
  touchCrewLink(ctx, link.id);
  return {
    workspaceName: workspace.name,
    day,
    sheet,
    show: { ...show, stageName: stageId ? (stages.find((s) => s.id === stageId)?.name ?? null) : null },
    serverTime: ctx.now.getTime(),
  };
}

export type CrewLinkState = NonNullable<Awaited<ReturnType<typeof loadCrewLinkState>>>;

/**
 * The show of one stage as the link follows it: its state, and the running day's (else the shown day's) timing and
 * cue titles, so the page names and counts down the current cue whoever calls it.
 */
async function followedShow(ctx: Ctx, workspace: WorkspaceRow, stageId: string | null, day: string) {
  const { state, showDay } = await currentShow(ctx, workspace, { stageId, day });
  return {
    stageId,
    /** The day whose timing this is: the running show's, else the day shown. */
    day: showDay.day,
    state,
    timeline: toLiveCues(showDay.cues),
    titles: showDay.cues.map((c) => ({ id: c.id, title: c.title })),
  };
}

function touchCrewLink(ctx: Ctx, linkId: string) {
  const staleBefore = new Date(ctx.now.getTime() - CREW_LINK_TOUCH_MS).toISOString();
  ctx.waitUntil(
    linkModel
      .touchLink(ctx.db, linkId, ctx.now.toISOString(), staleBefore)
      .run()
      .catch((error: unknown) => console.warn(`crew link last use not stamped: ${errorSummary(error)}`)),
  );
}

import { and, asc, eq, sql } from "drizzle-orm";
import { crewPeople, type CrewCallRow, type CrewPersonRow, type WorkspaceRow } from "~/db/schema";
import {
  CREW_LINK_TOKEN_RE,
  CREW_LINK_TOUCH_MS,
  crewLinkDay,
  crewLinkPath,
  followedStage,
  isPersonsCue,
  MAX_KEY_CONTACTS,
} from "~/domain/crew-link";
import { todayIn } from "~/domain/dates";
import { forbidden, notFound } from "~/domain/errors";
import { eventDays, type PlannedCue } from "~/domain/show";
import { assertOwner } from "~/domain/teams";
import { newId, newToken, sha256Hex } from "~/lib/crypto";
import { getCrewPerson, listCallsForPerson } from "~/models/crew";
import * as linkModel from "~/models/crew-links";
import { findMembership } from "~/models/teams";
import type { ActorCtx, Ctx } from "./context.server";
import { currentShow, toLiveCues } from "./show-live.server";
import { loadAllDaySheets } from "./show.server";

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
  const revoked = await endCrewLinkOfPerson(ctx, ctx.actor.workspace.id, person.id);
  if (revoked.length === 0) throw notFound(`${person.name} has no active personal link`);
}

/**
 * Revokes a person's active link and closes its open pages; for the directory to call before it deletes the person
 * (the row would go with them by the foreign key, but the open pages would not close). Returns the links revoked.
 */
export async function endCrewLinkOfPerson(ctx: Ctx, workspaceId: string, personId: string) {
  const revoked = await linkModel.revokePersonLinkStatement(ctx.db, workspaceId, personId, ctx.now.toISOString());
  for (const link of revoked) ctx.live?.revokeCrewLink(workspaceId, link.id);
  return revoked;
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

/** What a link shows of a person: only their own phone and email are theirs to see. */
const ownContact = (person: CrewPersonRow) => ({
  name: person.name,
  role: person.role,
  department: person.department,
  company: person.company,
  phone: person.phone,
  email: person.email,
});

/** A key contact as every link shows them: the owner marked them to be reached. */
const keyContact = (person: CrewPersonRow) => ({
  id: person.id,
  name: person.name,
  role: person.role,
  department: person.department,
  phone: person.phone,
  email: person.email,
});

/** A call as the person's sheet shows it. */
const sheetCall = (call: CrewCallRow, stageNames: ReadonlyMap<string, string>) => ({
  id: call.id,
  day: call.day,
  department: call.personId ? null : call.department,
  startTime: call.startTime,
  endTime: call.endTime,
  location: call.location,
  stageName: call.stageId ? (stageNames.get(call.stageId) ?? null) : null,
  notes: call.notes,
});

/** A cue as the person's sheet shows it (never its notes, linked task titles or an owner's contact details). */
const sheetCue = (cue: PlannedCue, stageId: string | null, stageNames: ReadonlyMap<string, string>) => ({
  id: cue.id,
  title: cue.title,
  department: cue.department,
  assigneeName: cue.assigneeName,
  plannedStart: cue.plannedStart,
  plannedEnd: cue.plannedEnd,
  duration: cue.duration,
  stageName: stageId ? (stageNames.get(stageId) ?? null) : null,
  openTaskCount: cue.openTaskCount,
  taskCount: cue.taskIds.length,
});

function keyContactsQuery(ctx: Ctx, workspaceId: string) {
  return ctx.db
    .select()
    .from(crewPeople)
    .where(and(eq(crewPeople.workspaceId, workspaceId), eq(crewPeople.keyContact, true)))
    .orderBy(asc(sql`lower(${crewPeople.name})`))
    .limit(MAX_KEY_CONTACTS);
}

/**
 * A personal link's state (`/c/{token}` and `/c/{token}/state`): the person's own contact details, the event's days,
 * the day shown (`asked` when an event day, else today or the next event day), that day's calls (theirs and their
 * department's), their cues on every stage, the key contacts, and the show they follow (the stage of their first
 * cue) with its timing and titles so the page can count down the current cue. Null for a token that is no active
 * link. Stamps the link's last use (at most every few minutes, after the response).
 */
export async function loadCrewLinkState(ctx: Ctx, token: string, asked: string | null) {
  const found = await findActiveCrewLink(ctx, token);
  if (!found) return null;
  const { link, person, workspace } = found;
  const days = eventDays(workspace);
  const day = crewLinkDay(days, todayIn(workspace.timezone, ctx.now), asked);
  const [calls, { stages, sheets }, contacts] = await Promise.all([
    listCallsForPerson(ctx.db, workspace.id, person, day, day),
    loadAllDaySheets(ctx, workspace, day),
    keyContactsQuery(ctx, workspace.id),
  ]);
  const stageNames = new Map(stages.map((s) => [s.id, s.name]));
  const mine = sheets.flatMap(({ showDay }) =>
    showDay.cues.filter((c) => isPersonsCue(c, person)).map((c) => ({ cue: c, stageId: showDay.stageId })),
  );
  mine.sort((a, b) => a.cue.plannedStart.localeCompare(b.cue.plannedStart));
  const stageId = followedStage(
    mine.map((m) => ({ stageId: m.stageId })),
    calls,
    stages,
  );
  const show = await followedShow(ctx, workspace, stageId, day);
  touchCrewLink(ctx, link.id);
  return {
    person: ownContact(person),
    workspace: {
      name: workspace.name,
      eventName: workspace.eventName,
      timezone: workspace.timezone,
      venueAddress: workspace.venueAddress,
    },
    days,
    day,
    calls: calls.map((c) => sheetCall(c, stageNames)),
    cues: mine.map((m) => sheetCue(m.cue, m.stageId, stageNames)),
    keyContacts: contacts.filter((c) => c.id !== person.id).map(keyContact),
    show: { ...show, stageName: stageId ? (stageNames.get(stageId) ?? null) : null },
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
      .catch(() => undefined),
  );
}

import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { crewPeople, daySheetDms, slackApps, slackLinks, tasks, workspaces } from "~/db/schema";
import { DAY_SHEET_MAX_KEY_CONTACTS } from "~/domain/day-sheet";
import { COMPLETED } from "~/domain/tasks";

/** Open tasks read for one sheet at most (the sheet lists fewer and counts these). */
export const MAX_DAY_SHEET_TASKS_READ = 200;

/** The workspace fields a day sheet shows. */
export function daySheetWorkspace(db: Db, workspaceId: string) {
  return db
    .select({
      id: workspaces.id,
      eventName: workspaces.eventName,
      venueAddress: workspaces.venueAddress,
      eventDate: workspaces.eventDate,
      eventEndDate: workspaces.eventEndDate,
      loadInDate: workspaces.loadInDate,
      loadOutDate: workspaces.loadOutDate,
      timezone: workspaces.timezone,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
}

/** Whose sheet: a directory entry by id, or a member's own entry by their account. */
export type SheetPerson = { personId: string } | { userId: string };

const personMatch = (who: SheetPerson, alias: string) =>
  "personId" in who ? sql`${sql.raw(alias)}.id = ${who.personId}` : sql`${sql.raw(alias)}.user_id = ${who.userId}`;

/** One directory entry of the workspace, as a batchable query (another workspace's id finds nothing). */
export function crewPersonOf(db: Db, workspaceId: string, who: SheetPerson) {
  return db
    .select()
    .from(crewPeople)
    .where(
      and(
        eq(crewPeople.workspaceId, workspaceId),
        "personId" in who ? eq(crewPeople.id, who.personId) : eq(crewPeople.userId, who.userId),
      ),
    )
    .limit(1);
}

/**
 * A directory entry's open tasks due on `day`: a member's by account, an outside person's by the typed name. The
 * person is looked up inside the statement (scoped to the workspace), so the whole sheet reads in one batch.
 */
export function listOpenTasksDueForPerson(db: Db, workspaceId: string, who: SheetPerson, day: string) {
  const person = sql`(SELECT p.user_id, p.name FROM crew_people p WHERE ${personMatch(who, "p")} AND p.workspace_id = ${workspaceId})`;
  return db
    .select({ id: tasks.id, title: tasks.title, priority: tasks.priority, dueDate: tasks.dueDate })
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        sql`${tasks.status} <> ${COMPLETED}`,
        // The due date is `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`: a range on the index rather than a function of the column.
        sql`${tasks.dueDate} >= ${day} AND ${tasks.dueDate} < ${`${day}U`}`,
        sql`(
          ${tasks.assigneeId} = (SELECT user_id FROM ${person})
          OR (${tasks.assigneeId} IS NULL AND lower(trim(${tasks.assigneeName})) = lower((SELECT name FROM ${person})))
        )`,
      ),
    )
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(MAX_DAY_SHEET_TASKS_READ);
}

/** The key contacts an owner marked, by name (at most DAY_SHEET_MAX_KEY_CONTACTS + 1: the sheet leaves out its own person). */
export function listKeyContacts(db: Db, workspaceId: string) {
  return db
    .select({
      id: crewPeople.id,
      name: crewPeople.name,
      role: crewPeople.role,
      department: crewPeople.department,
      phone: crewPeople.phone,
      email: crewPeople.email,
    })
    .from(crewPeople)
    .where(and(eq(crewPeople.workspaceId, workspaceId), eq(crewPeople.keyContact, true)))
    .orderBy(asc(sql`lower(${crewPeople.name})`), asc(crewPeople.id))
    .limit(DAY_SHEET_MAX_KEY_CONTACTS + 1);
}

// ---- the evening DM and the change DM ----------------------------------------------------------------------

/** Members listed for one workspace's evening DMs at most (a crew far larger than any event's). */
export const MAX_DAY_SHEET_RECIPIENTS = 1000;
/** Sent sheets compared by one change check at most. */
export const MAX_SENT_SHEETS_CHECKED = 1000;

/** Workspaces that could owe evening day sheets: the DM on, an event date, an installed Slack bot. */
export function listDaySheetCandidates(db: Db) {
  return db
    .select({ workspace: workspaces, slackTeamId: slackApps.teamId })
    .from(workspaces)
    .innerJoin(slackApps, eq(slackApps.workspaceId, workspaces.id))
    .where(and(eq(workspaces.daySheetEnabled, true), isNotNull(workspaces.eventDate), isNotNull(slackApps.botTokenEnc)))
    .all();
}

/** A workspace's members linked to its Slack team who have not had their sheet for `day` yet. */
export function listMembersOwedDaySheet(db: Db, workspaceId: string, slackTeamId: string, day: string) {
  return db
    .select({ userId: slackLinks.userId })
    .from(slackLinks)
    .where(
      and(
        eq(slackLinks.workspaceId, workspaceId),
        eq(slackLinks.slackTeamId, slackTeamId),
        sql`NOT EXISTS (SELECT 1 FROM day_sheet_dms d JOIN crew_people p ON p.id = d.person_id
          WHERE p.workspace_id = ${workspaceId} AND p.user_id = ${slackLinks.userId} AND d.day = ${day})`,
      ),
    )
    .limit(MAX_DAY_SHEET_RECIPIENTS)
    .all();
}

/**
 * Claims a person's sheet for `day`: true for exactly one caller however often the cron or the queue repeat. Taken
 * before the DM goes out, so a crash loses a DM rather than doubling it.
 */
export async function claimDaySheetDm(db: Db, row: typeof daySheetDms.$inferInsert) {
  const inserted = await db.insert(daySheetDms).values(row).onConflictDoNothing().returning({ day: daySheetDms.day });
  return inserted.length > 0;
}

/** Gives a claim back (Slack asked to retry later). */
export function releaseDaySheetDm(db: Db, personId: string, day: string) {
  return db.delete(daySheetDms).where(and(eq(daySheetDms.personId, personId), eq(daySheetDms.day, day)));
}

/** The sheets of `day` already sent in a workspace. */
export function listSentDaySheets(db: Db, workspaceId: string, day: string) {
  return db
    .select()
    .from(daySheetDms)
    .where(and(eq(daySheetDms.workspaceId, workspaceId), eq(daySheetDms.day, day)))
    .limit(MAX_SENT_SHEETS_CHECKED);
}

/** When a call or a cue of `day` was last written (ISO), or null. */
export function lastChangeOfDay(db: Db, workspaceId: string, day: string) {
  return db
    .select({
      // Two-argument max() is null when either is: a day without calls or without cues counts the other's.
      at: sql<string | null>`nullif(max(
        coalesce((SELECT max(updated_at) FROM crew_calls WHERE workspace_id = ${workspaceId} AND day = ${day}), ''),
        coalesce((SELECT max(updated_at) FROM cues WHERE workspace_id = ${workspaceId} AND day = ${day}), '')
      ), '')`,
    })
    .from(sql`(SELECT 1)`);
}

/**
 * Replaces a sent sheet's snapshot if it is still `previous`: true for exactly one of two checks running at once,
 * so the change DM goes out once.
 */
export async function replaceDaySheetSnapshot(
  db: Db,
  key: { personId: string; day: string },
  previous: string,
  next: string,
  nowIso: string,
) {
  const rows = await db
    .update(daySheetDms)
    .set({ snapshot: next, changedAt: nowIso })
    .where(
      and(eq(daySheetDms.personId, key.personId), eq(daySheetDms.day, key.day), eq(daySheetDms.snapshot, previous)),
    )
    .returning({ day: daySheetDms.day });
  return rows.length > 0;
}

/** Puts a snapshot back (the change DM failed and will be retried). */
export function restoreDaySheetSnapshot(
  db: Db,
  key: { personId: string; day: string },
  snapshot: string,
  changedAt: string | null,
) {
  return db
    .update(daySheetDms)
    .set({ snapshot, changedAt })
    .where(and(eq(daySheetDms.personId, key.personId), eq(daySheetDms.day, key.day)));
}

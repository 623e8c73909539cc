import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { crewPeople, tasks, workspaces } from "~/db/schema";
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

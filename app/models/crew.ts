import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { crewCalls, crewPeople, type CrewPersonRow } from "~/db/schema";
import { insertIf } from "./insert-if";

/** The most people a directory lists on one page or sends in one answer. */
export const MAX_CREW_LISTED = 1000;
/** The most calls one event day holds. */
export const MAX_CALLS_PER_DAY = 500;

/** A workspace's directory by name (at most MAX_CREW_LISTED). */
export function listCrewPeople(db: Db, workspaceId: string) {
  return db
    .select()
    .from(crewPeople)
    .where(eq(crewPeople.workspaceId, workspaceId))
    .orderBy(asc(sql`lower(${crewPeople.name})`), asc(crewPeople.id))
    .limit(MAX_CREW_LISTED);
}

export async function getCrewPerson(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(crewPeople)
    .where(and(eq(crewPeople.workspaceId, workspaceId), eq(crewPeople.id, id)))
    .limit(1);
  return row;
}

/** A member's own entry in a workspace's directory. */
export async function findCrewPersonByUser(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select()
    .from(crewPeople)
    .where(and(eq(crewPeople.workspaceId, workspaceId), eq(crewPeople.userId, userId)))
    .limit(1);
  return row;
}

/** The calls of one event day, in call-time order (at most MAX_CALLS_PER_DAY). */
export function listCallsForDay(db: Db, workspaceId: string, day: string) {
  return db
    .select()
    .from(crewCalls)
    .where(and(eq(crewCalls.workspaceId, workspaceId), eq(crewCalls.day, day)))
    .orderBy(asc(crewCalls.startTime), asc(crewCalls.id))
    .limit(MAX_CALLS_PER_DAY);
}

/**
 * A person's calls from `fromDay` to `toDay` (local dates, inclusive): their own, and their department's when they
 * have one. Bounded by the days asked for times MAX_CALLS_PER_DAY.
 */
export function listCallsForPerson(
  db: Db,
  workspaceId: string,
  person: { id: string; department: string | null },
  fromDay: string,
  toDay: string,
) {
  const whose = person.department
    ? sql`(${crewCalls.personId} = ${person.id} OR (${crewCalls.personId} IS NULL AND lower(${crewCalls.department}) = lower(${person.department})))`
    : eq(crewCalls.personId, person.id);
  return db
    .select()
    .from(crewCalls)
    .where(and(eq(crewCalls.workspaceId, workspaceId), sql`${crewCalls.day} BETWEEN ${fromDay} AND ${toDay}`, whose))
    .orderBy(asc(crewCalls.day), asc(crewCalls.startTime), asc(crewCalls.id))
    .limit(MAX_CALLS_PER_DAY * 7);
}

/**
 * Adds a person while the directory holds fewer than `limit` (checked by the insert itself); a name already listed
 * in any case holds it back too (the unique index), or, with `nameClash: "fail"`, fails the statement (and the batch
 * it is in). Returns the row added, none when held back. Batchable.
 */
export function insertCrewPersonIf(db: Db, row: CrewPersonRow, limit: number, nameClash: "ignore" | "fail" = "ignore") {
  const count = sql`(SELECT count(*) FROM crew_people WHERE workspace_id = ${row.workspaceId})`;
  const insert = insertIf(db, crewPeople, row, sql`${count} < ${limit}`);
  return (nameClash === "ignore" ? insert.onConflictDoNothing() : insert).returning();
}

export function countCrewPeople(db: Db, workspaceId: string) {
  return db.$count(crewPeople, eq(crewPeople.workspaceId, workspaceId));
}

/** Changes a person of the workspace; returns the row changed, none for an unknown id. Batchable. */
export function updateCrewPerson(
  db: Db,
  workspaceId: string,
  id: string,
  changes: Partial<Omit<CrewPersonRow, "id" | "workspaceId" | "userId" | "createdAt">>,
) {
  return db
    .update(crewPeople)
    .set(changes)
    .where(and(eq(crewPeople.workspaceId, workspaceId), eq(crewPeople.id, id)))
    .returning();
}

/**
 * Removes an outside person (never a member's entry: the delete itself checks, so a person who joined meanwhile
 * stays). Returns the row removed, none when held back or unknown.
 */
export function deleteOutsideCrewPerson(db: Db, workspaceId: string, id: string) {
  return db
    .delete(crewPeople)
    .where(and(eq(crewPeople.workspaceId, workspaceId), eq(crewPeople.id, id), isNull(crewPeople.userId)))
    .returning({ id: crewPeople.id, name: crewPeople.name });
}

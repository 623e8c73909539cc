import { and, asc, desc, eq, gte, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import {
  calendarFeeds,
  crewCalls,
  crewPeople,
  memberships,
  showStages,
  taskRevisions,
  tasks,
  users,
  workspaces,
  type CalendarFeedRow,
} from "~/db/schema";
import { COMPLETED } from "~/domain/tasks";
import { insertIf } from "./insert-if";

/** Calendar feeds (ADR 020) and the tasks a feed shows. */

/**
 * Inserts the feed while its owner holds fewer than `limit` feeds in the workspace: the count and the insert are
 * one statement, so two clicks at once cannot pass the limit together. Resolves to `[{id}]`, or `[]` when held back.
 */
export function insertFeedIf(db: Db, row: CalendarFeedRow, limit: number) {
  const count = sql`(SELECT count(*) FROM ${calendarFeeds} WHERE ${calendarFeeds.workspaceId} = ${row.workspaceId}
    AND ${calendarFeeds.userId} = ${row.userId})`;
  return insertIf(db, calendarFeeds, row, sql`${count} < ${limit}`).returning({ id: calendarFeeds.id });
}

/** A member's feeds in a workspace, newest first (never their tokens, which are not stored). */
export function listFeeds(db: Db, workspaceId: string, userId: string) {
  return db
    .select({
      id: calendarFeeds.id,
      scope: calendarFeeds.scope,
      createdAt: calendarFeeds.createdAt,
      lastUsedAt: calendarFeeds.lastUsedAt,
    })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.workspaceId, workspaceId), eq(calendarFeeds.userId, userId)))
    .orderBy(desc(calendarFeeds.createdAt), desc(calendarFeeds.id))
    .all();
}

/** Deletes one of the member's feeds; `[]` when no such feed is theirs in this workspace. */
export function deleteFeed(db: Db, workspaceId: string, userId: string, feedId: string) {
  return db
    .delete(calendarFeeds)
    .where(
      and(eq(calendarFeeds.workspaceId, workspaceId), eq(calendarFeeds.userId, userId), eq(calendarFeeds.id, feedId)),
    )
    .returning({ id: calendarFeeds.id });
}

/**
 * The feed behind a token hash with its workspace and owner, only while the owner is still a member (the inner
 * join; the foreign key also deletes the feed when they leave). One indexed read.
 */
export function findFeedByTokenHash(db: Db, tokenHash: string) {
  return db
    .select({
      feed: calendarFeeds,
      ownerName: users.name,
      // The owner's calls as a fingerprint (how many, the latest write, their department), for the feed's ETag
      // (ADR 044): calls bump no plan version, so a call added, moved or removed must change this.
      callsVersion: sql<string | null>`(
        SELECT count(c.id) || '|' || coalesce(max(c.updated_at), '') || '|' || coalesce(p.department, '')
        FROM crew_people p
        LEFT JOIN crew_calls c ON c.workspace_id = p.workspace_id
          AND (c.person_id = p.id OR (c.person_id IS NULL AND lower(c.department) = lower(p.department)))
        WHERE p.workspace_id = ${calendarFeeds.workspaceId} AND p.user_id = ${calendarFeeds.userId}
      )`,
      workspace: {
        id: workspaces.id,
        name: workspaces.name,
        eventName: workspaces.eventName,
        eventDate: workspaces.eventDate,
        eventEndDate: workspaces.eventEndDate,
        timezone: workspaces.timezone,
        planVersion: workspaces.planVersion,
      },
    })
    .from(calendarFeeds)
    .innerJoin(
      memberships,
      and(eq(memberships.workspaceId, calendarFeeds.workspaceId), eq(memberships.userId, calendarFeeds.userId)),
    )
    .innerJoin(workspaces, eq(workspaces.id, calendarFeeds.workspaceId))
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash))
    .get();
}

/**
 * The open tasks due on or after `fromDay` (`YYYY-MM-DD`), earliest first, at most `limit`; only those assigned
 * to `assigneeId` when given. Each with its revision (0 for a task never updated).
 */
export function listFeedTasks(
  db: Db,
  args: { workspaceId: string; assigneeId: string | null; fromDay: string; limit: number },
) {
  const where = [
    eq(tasks.workspaceId, args.workspaceId),
    ne(tasks.status, COMPLETED),
    gte(tasks.dueDate, args.fromDay),
  ];
  if (args.assigneeId !== null) where.push(eq(tasks.assigneeId, args.assigneeId));
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      description: tasks.description,
      dueDate: sql<string>`${tasks.dueDate}`,
      priority: tasks.priority,
      category: tasks.category,
      status: tasks.status,
      assigneeName: tasks.assigneeName,
      recurrence: tasks.recurrence,
      updatedAt: tasks.updatedAt,
      revision: sql<number>`coalesce(${taskRevisions.revision}, 0)`,
    })
    .from(tasks)
    .leftJoin(taskRevisions, eq(taskRevisions.taskId, tasks.id))
    .where(and(...where))
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(args.limit);
}

/** Records a poll and the content it was served, once the service has decided something changed. */
export function updateFeedUse(
  db: Db,
  feedId: string,
  changes: Partial<Pick<CalendarFeedRow, "lastUsedAt" | "contentEtag" | "contentModifiedAt">>,
) {
  return db.update(calendarFeeds).set(changes).where(eq(calendarFeeds.id, feedId));
}

/**
 * A member's calls from `fromDay` on (ADR 044): their own and their department's, found through their directory entry
 * in the same statement. At most `limit`. No phone or email: a call carries none.
 */
export function listFeedCalls(db: Db, args: { workspaceId: string; userId: string; fromDay: string; limit: number }) {
  return db
    .select({
      id: crewCalls.id,
      day: crewCalls.day,
      startTime: crewCalls.startTime,
      endTime: crewCalls.endTime,
      location: crewCalls.location,
      stageName: showStages.name,
      notes: crewCalls.notes,
      department: sql<string | null>`CASE WHEN ${crewCalls.personId} IS NULL THEN ${crewCalls.department} END`,
      updatedAt: crewCalls.updatedAt,
    })
    .from(crewCalls)
    .innerJoin(crewPeople, and(eq(crewPeople.workspaceId, crewCalls.workspaceId), eq(crewPeople.userId, args.userId)))
    .leftJoin(showStages, eq(showStages.id, crewCalls.stageId))
    .where(
      and(
        eq(crewCalls.workspaceId, args.workspaceId),
        gte(crewCalls.day, args.fromDay),
        or(
          eq(crewCalls.personId, crewPeople.id),
          and(isNull(crewCalls.personId), sql`lower(${crewCalls.department}) = lower(${crewPeople.department})`),
        ),
      ),
    )
    .orderBy(asc(crewCalls.day), asc(crewCalls.startTime), asc(crewCalls.id))
    .limit(args.limit);
}

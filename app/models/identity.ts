import { and, asc, count, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import {
  demoImportOffers,
  memberships,
  sessions,
  statuses,
  taskChecklistItems,
  taskDependencies,
  tasks,
  users,
  workspaces,
  type UserRow,
  type WorkspaceRow,
} from "~/db/schema";

export function findIdentityUser(db: Db, issuer: string, subject: string) {
  return db.select().from(users).where(and(eq(users.issuer, issuer), eq(users.subject, subject))).get();
}

/** Name and email follow the provider's latest word at each sign-in. */
export function refreshIdentityUser(
  db: Db,
  user: Pick<UserRow, "id" | "name" | "email" | "emailVerified" | "lastActiveAt">,
) {
  return db
    .update(users)
    .set({ name: user.name, email: user.email, emailVerified: user.emailVerified, lastActiveAt: user.lastActiveAt })
    .where(eq(users.id, user.id));
}

/** The workspace a user owns (their first, if ever several), for a new session. */
export function findOwnedWorkspaceId(db: Db, userId: string) {
  return db
    .select({ id: memberships.workspaceId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.role, "owner")))
    .orderBy(asc(memberships.createdAt))
    .limit(1)
    .get();
}

export function revokeSession(db: Db, sessionId: string, nowIso: string) {
  return db.update(sessions).set({ revokedAt: nowIso }).where(eq(sessions.id, sessionId));
}

/** How many tasks a workspace has, and how many of them are completed (a query usable in a batch). */
export function countTasksQuery(db: Db, workspaceId: string) {
  return db
    .select({
      total: count(),
      completed: sql<number>`coalesce(sum(${tasks.status} = 'completed'), 0)`,
    })
    .from(tasks)
    .where(eq(tasks.workspaceId, workspaceId));
}

export function countTasks(db: Db, workspaceId: string) {
  return countTasksQuery(db, workspaceId).get();
}

export function upsertImportOffer(db: Db, offer: typeof demoImportOffers.$inferInsert) {
  return db
    .insert(demoImportOffers)
    .values(offer)
    .onConflictDoUpdate({
      target: demoImportOffers.userId,
      set: { sourceWorkspaceId: offer.sourceWorkspaceId, createdAt: offer.createdAt, expiresAt: offer.expiresAt },
    });
}

/** A user's pending offer with the demo workspace it points at. */
export function findImportOffer(db: Db, userId: string, nowIso: string) {
  return db
    .select({ offer: demoImportOffers, workspace: workspaces })
    .from(demoImportOffers)
    .innerJoin(workspaces, eq(workspaces.id, demoImportOffers.sourceWorkspaceId))
    .where(and(eq(demoImportOffers.userId, userId), gt(demoImportOffers.expiresAt, nowIso)))
    .get();
}

export function deleteImportOffer(db: Db, userId: string) {
  return db.delete(demoImportOffers).where(eq(demoImportOffers.userId, userId));
}

/** Closes the offer once its demo workspace has no task left to bring (run after the move, in its batch). */
export function closeImportOfferIfEmpty(db: Db, userId: string, fromWorkspaceId: string) {
  return db
    .delete(demoImportOffers)
    .where(
      and(
        eq(demoImportOffers.userId, userId),
        sql`NOT EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.workspaceId} = ${fromWorkspaceId})`,
      ),
    );
}

/**
 * Moves a workspace's tasks into another while it has room under `limit` (null: no limit), open ones first in
 * list order, with their checklists and the dependency edges whose two ends both moved (an edge to a task left
 * behind is dropped, so no edge crosses workspaces). The room is counted inside the statement, so tasks created meanwhile cannot push
 * the target past its limit. A status the target does not have becomes 'pending' (statuses are appended before
 * this runs, where the plan allows custom ones). Resolves the first statement to the moved ids.
 */
export function moveTasksStatements(
  db: Db,
  fromWorkspaceId: string,
  toWorkspaceId: string,
  nowIso: string,
  limit: number | null,
) {
  const room =
    limit === null
      ? sql`-1`
      : sql`max(0, ${limit} - (SELECT count(*) FROM ${tasks} WHERE ${tasks.workspaceId} = ${toWorkspaceId}))`;
  const moving = sql`SELECT ${tasks.id} FROM ${tasks} WHERE ${tasks.workspaceId} = ${fromWorkspaceId}
    ORDER BY ${tasks.status} = 'completed', ${tasks.dueDate} IS NULL, ${tasks.dueDate}, ${tasks.createdAt}, ${tasks.id}
    LIMIT ${room}`;
  const knownStatus = sql`(SELECT ${statuses.name} FROM ${statuses} WHERE ${statuses.workspaceId} = ${toWorkspaceId})`;
  const movedIds = sql`(SELECT ${tasks.id} FROM ${tasks} WHERE ${tasks.workspaceId} = ${toWorkspaceId})`;
  const remainingIds = sql`(SELECT ${tasks.id} FROM ${tasks} WHERE ${tasks.workspaceId} = ${fromWorkspaceId})`;
  return [
    db
      .update(tasks)
      .set({
        workspaceId: toWorkspaceId,
        updatedAt: nowIso,
        status: sql`CASE WHEN ${tasks.status} IN ${knownStatus} THEN ${tasks.status} ELSE 'pending' END`,
      })
      .where(sql`${tasks.id} IN (${moving})`)
      .returning({ id: tasks.id }),
    // Their checklists go with them (ADR 035): items are read in their task's workspace.
    db
      .update(taskChecklistItems)
      .set({ workspaceId: toWorkspaceId })
      .where(
        and(eq(taskChecklistItems.workspaceId, fromWorkspaceId), sql`${taskChecklistItems.taskId} IN ${movedIds}`),
      ),
    db
      .update(taskDependencies)
      .set({ workspaceId: toWorkspaceId })
      .where(
        and(
          eq(taskDependencies.workspaceId, fromWorkspaceId),
          sql`${taskDependencies.taskId} IN ${movedIds}`,
          sql`${taskDependencies.dependsOnId} IN ${movedIds}`,
        ),
      ),
    db
      .delete(taskDependencies)
      .where(
        and(
          eq(taskDependencies.workspaceId, fromWorkspaceId),
          or(
            sql`${taskDependencies.taskId} NOT IN ${remainingIds}`,
            sql`${taskDependencies.dependsOnId} NOT IN ${remainingIds}`,
          ),
        ),
      ),
  ] as const;
}

/** The target workspace takes the demo's event (name, start, timezone) when it has none of its own. */
export function adoptEventStatement(db: Db, toWorkspaceId: string, from: WorkspaceRow) {
  return db
    .update(workspaces)
    .set({ eventName: from.eventName, eventDate: from.eventDate, timezone: from.timezone })
    .where(and(eq(workspaces.id, toWorkspaceId), isNull(workspaces.eventDate)));
}

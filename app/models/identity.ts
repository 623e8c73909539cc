import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import {
  demoImportOffers,
  memberships,
  sessions,
  taskDependencies,
  tasks,
  users,
  workspaces,
  type UserRow,
  type WorkspaceRow,
} from "~/db/schema";

export function findIdentityUser(db: Db, issuer: string, subject: string) {
  return db.query.users.findFirst({ where: and(eq(users.issuer, issuer), eq(users.subject, subject)) });
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

/** Moves every task of one workspace, with the dependency edges between them, into another. */
export function moveTasksStatements(db: Db, fromWorkspaceId: string, toWorkspaceId: string, nowIso: string) {
  return [
    db
      .update(tasks)
      .set({ workspaceId: toWorkspaceId, updatedAt: nowIso })
      .where(eq(tasks.workspaceId, fromWorkspaceId)),
    db
      .update(taskDependencies)
      .set({ workspaceId: toWorkspaceId })
      .where(eq(taskDependencies.workspaceId, fromWorkspaceId)),
  ] as const;
}

/** The target workspace takes the demo's event (name, start, timezone) when it has none of its own. */
export function adoptEventStatement(db: Db, toWorkspaceId: string, from: WorkspaceRow) {
  return db
    .update(workspaces)
    .set({ eventName: from.eventName, eventDate: from.eventDate, timezone: from.timezone })
    .where(and(eq(workspaces.id, toWorkspaceId), isNull(workspaces.eventDate)));
}

import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "~/db/client";
import { memberships, sessions, users, workspaces } from "~/db/schema";
import { billingTierOf } from "./billing";

/**
 * Resolves a live session by token hash with its user, the plan their subscriptions grant, the workspace and
 * the membership in one query. A session whose membership is gone resolves to nothing.
 */
export function findSessionByTokenHash(db: Db, tokenHash: string, nowIso: string) {
  return db
    .select({
      session: sessions,
      user: users,
      billingTier: billingTierOf(users.id),
      workspace: workspaces,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .innerJoin(
      memberships,
      and(eq(memberships.workspaceId, sessions.workspaceId), eq(memberships.userId, sessions.userId)),
    )
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, nowIso)))
    .get();
}

export function revokeSessionByTokenHash(db: Db, tokenHash: string, nowIso: string) {
  return db.update(sessions).set({ revokedAt: nowIso }).where(eq(sessions.tokenHash, tokenHash));
}

export function touchUser(db: Db, userId: string, nowIso: string) {
  return db.update(users).set({ lastActiveAt: nowIso }).where(eq(users.id, userId));
}

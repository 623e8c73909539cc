import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "~/db/client";
import { memberships, sessions, users, workspaces } from "~/db/schema";
import { billingTierOf, ownerTiersOf } from "./billing";

/**
 * Resolves a live session by token hash with its user, the plan their subscriptions grant, the current
 * workspace with its owners' plans, and the user's role there, in one query. `role` is null when the user is no longer a member of that
 * workspace (removed from the team): the caller then moves the session to another of the user's workspaces.
 */
export function findSessionByTokenHash(db: Db, tokenHash: string, nowIso: string) {
  return db
    .select({
      session: sessions,
      user: users,
      billingTier: billingTierOf(users.id),
      workspace: workspaces,
      ownerTiers: ownerTiersOf(sessions.workspaceId),
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .leftJoin(
      memberships,
      and(eq(memberships.workspaceId, sessions.workspaceId), eq(memberships.userId, sessions.userId)),
    )
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, nowIso)))
    .get();
}

/** Revokes a session by token hash; returns it (id, user) so its live sockets can be closed. */
export function revokeSessionByTokenHash(db: Db, tokenHash: string, nowIso: string) {
  return db
    .update(sessions)
    .set({ revokedAt: nowIso })
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ id: sessions.id, userId: sessions.userId });
}

export function touchUser(db: Db, userId: string, nowIso: string) {
  return db.update(users).set({ lastActiveAt: nowIso }).where(eq(users.id, userId));
}

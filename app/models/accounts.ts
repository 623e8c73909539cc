import { and, eq, getTableColumns, gt, isNull, or, sql, type Table } from "drizzle-orm";
import type { Db } from "~/db/client";
import { apiTokens, memberships, sessions, users, workspaces } from "~/db/schema";
import { billingTierOf, ownerTiersOf } from "./billing";

/**
 * A live session by token hash, in one read for the request's batch: the session, its user with the plan their
 * subscriptions grant, and its workspace with its owners' plans and the user's role there (`role` is null when the
 * user is no longer a member: the caller then moves the session to another of the user's workspaces). No row for a
 * dead token.
 */

/**
 * A table's columns, each under a name of its own (`prefix` and the key). A batch answers with rows keyed by
 * column name, so a join's `id`s and `name`s would merge; named apart, the session, the user and the workspace come
 * back in one statement rather than three. Each keeps its column's decoder.
 */
function columnsNamed<T extends Table>(table: T, prefix: string) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      sql`${column}`.mapWith(column).as(`${prefix}${key}`),
    ]),
  ) as unknown as T["_"]["columns"];
}

// Joined from the session so every column is written with its table: a subquery's own columns then never shadow
// the outer row's (a bare "id" inside billing's subquery would be the subscription's).
export function sessionLookup(db: Db, tokenHash: string, nowIso: string) {
  return db
    .select({
      session: columnsNamed(sessions, "s_"),
      user: columnsNamed(users, "u_"),
      billingTier: billingTierOf(users.id).as("billing_tier"),
      workspace: columnsNamed(workspaces, "w_"),
      ownerTiers: ownerTiersOf(workspaces.id).as("owner_tiers"),
      role: sql`${memberships.role}`.mapWith(memberships.role).as("member_role"),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .leftJoin(
      memberships,
      and(eq(memberships.workspaceId, sessions.workspaceId), eq(memberships.userId, sessions.userId)),
    )
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, nowIso)));
}

/**
 * A personal API token by hash (ADR 048), in one read like `sessionLookup`: the token, its maker, and its workspace with its owners' plans and the maker's role there. No row for an unknown or
 * expired token, or one whose maker is no longer a member (the inner join; leaving also deletes the token).
 */
export function apiTokenLookup(db: Db, tokenHash: string, nowIso: string) {
  return db
    .select({
      token: columnsNamed(apiTokens, "t_"),
      user: columnsNamed(users, "u_"),
      workspace: columnsNamed(workspaces, "w_"),
      ownerTiers: ownerTiersOf(workspaces.id).as("owner_tiers"),
      role: sql`${memberships.role}`.mapWith(memberships.role).as("member_role"),
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
    .innerJoin(
      memberships,
      and(eq(memberships.workspaceId, apiTokens.workspaceId), eq(memberships.userId, apiTokens.userId)),
    )
    .where(and(eq(apiTokens.tokenHash, tokenHash), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, nowIso))));
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

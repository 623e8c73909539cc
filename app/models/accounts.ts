import { and, eq, gt, isNull, type Placeholder } from "drizzle-orm";
import type { Db } from "~/db/client";
import { statementTemplate } from "~/db/template";
import { memberships, sessions, users, workspaces } from "~/db/schema";
import { billingTierOf, ownerTiersOf } from "./billing";

/**
 * A live session by token hash as three reads for one batch: the session, its user with the plan their
 * subscriptions grant, and its workspace with its owners' plans and the user's role there (`role` is null when
 * the user is no longer a member: the caller then moves the session to another of the user's workspaces). Three
 * statements rather than one join because a batch answers with rows keyed by column name, and the join's
 * `id`s and `name`s would merge; each selects one table's columns and finds it through the session, so all three
 * answer nothing for a dead token.
 */
export function sessionLookup(db: Db, tokenHash: string, nowIso: string) {
  const values = { tokenHash, now: nowIso };
  return [sessionRead(db, values), sessionUserRead(db, values), sessionWorkspaceRead(db, values)] as const;
}

const liveSession = ({ tokenHash, now }: Record<"tokenHash" | "now", Placeholder>) =>
  and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

// Every request that has a session reads these three: their SQL is built once (app/db/template.ts). Joined from
// the session so every column is written with its table: a subquery's own columns then never shadow the outer
// row's (a bare "id" inside billing's subquery would be the subscription's).
const sessionRead = statementTemplate(["tokenHash", "now"], (db, p) =>
  db.select().from(sessions).where(liveSession(p)),
);

const sessionUserRead = statementTemplate(["tokenHash", "now"], (db, p) =>
  db
    .select({ user: users, billingTier: billingTierOf(users.id) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession(p)),
);

const sessionWorkspaceRead = statementTemplate(["tokenHash", "now"], (db, p) =>
  db
    .select({ workspace: workspaces, ownerTiers: ownerTiersOf(workspaces.id), role: memberships.role })
    .from(sessions)
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .leftJoin(memberships, and(eq(memberships.workspaceId, sessions.workspaceId), eq(memberships.userId, sessions.userId)))
    .where(liveSession(p)),
);

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

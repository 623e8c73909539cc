import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { memberships, showShares, users, workspaces, type ShowShareRow } from "~/db/schema";
import { insertIf } from "./insert-if";

/** Crew share links of the run of show (ADR 025). Tokens are never stored, only their SHA-256. */

/**
 * Inserts the link while the workspace holds fewer than `limit` active links and its maker is still a member: the
 * checks and the insert are one statement, so two clicks at once cannot pass the limit together, and a link made
 * as its maker is removed cannot outlive the removal (which revokes their links). Resolves to `[{id}]`, or `[]`
 * when held back.
 */
export function insertShareIf(db: Db, row: ShowShareRow & { createdBy: string }, limit: number) {
  const count = sql`(SELECT count(*) FROM ${showShares} WHERE ${showShares.workspaceId} = ${row.workspaceId}
    AND ${showShares.revokedAt} IS NULL)`;
  const member = sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.workspaceId} = ${row.workspaceId}
    AND ${memberships.userId} = ${row.createdBy})`;
  return insertIf(db, showShares, row, sql`${count} < ${limit} AND ${member}`).returning({ id: showShares.id });
}

/** A workspace's active links, newest first, with who made them (never a token). */
export function listActiveShares(db: Db, workspaceId: string) {
  return db
    .select({
      id: showShares.id,
      label: showShares.label,
      departments: showShares.departments,
      stageIds: showShares.stageIds,
      createdAt: showShares.createdAt,
      createdByName: users.name,
    })
    .from(showShares)
    .leftJoin(users, eq(users.id, showShares.createdBy))
    .where(and(eq(showShares.workspaceId, workspaceId), isNull(showShares.revokedAt)))
    .orderBy(desc(showShares.createdAt), desc(showShares.id));
}

/** Revokes one active link of the workspace; `[]` when there is no such active link. */
export function revokeShare(db: Db, workspaceId: string, shareId: string, revokedAt: string) {
  return db
    .update(showShares)
    .set({ revokedAt })
    .where(and(eq(showShares.workspaceId, workspaceId), eq(showShares.id, shareId), isNull(showShares.revokedAt)))
    .returning({ id: showShares.id });
}

/** One active link of the workspace, by id; undefined when revoked, unknown or another workspace's. */
export function findActiveShare(db: Db, workspaceId: string, shareId: string) {
  return db
    .select({ id: showShares.id, stageIds: showShares.stageIds })
    .from(showShares)
    .where(and(eq(showShares.workspaceId, workspaceId), eq(showShares.id, shareId), isNull(showShares.revokedAt)))
    .get();
}

/**
 * Revokes every active link one person made in the workspace (they left it, or were removed). Batchable; returns
 * the links revoked, whose open pages the caller closes.
 */
export function revokeSharesCreatedByStatement(db: Db, workspaceId: string, userId: string, revokedAt: string) {
  return db
    .update(showShares)
    .set({ revokedAt })
    .where(and(eq(showShares.workspaceId, workspaceId), eq(showShares.createdBy, userId), isNull(showShares.revokedAt)))
    .returning({ id: showShares.id });
}

/** The active link behind a token hash, with its workspace. One indexed read. */
export function findActiveShareByTokenHash(db: Db, tokenHash: string) {
  return db
    .select({ share: showShares, workspace: workspaces })
    .from(showShares)
    .innerJoin(workspaces, eq(workspaces.id, showShares.workspaceId))
    .where(and(eq(showShares.tokenHash, tokenHash), isNull(showShares.revokedAt)))
    .get();
}

import { and, desc, eq, isNotNull, lte, or, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { apiTokens, type ApiTokenRow } from "~/db/schema";
import { MAX_API_TOKENS_PER_MEMBER } from "~/domain/api-tokens";
import { insertIf } from "./insert-if";

/** Personal API tokens (ADR 048): a member's tokens in a workspace; the lookup by hash is in ./accounts.ts. */

/**
 * Inserts the token while its maker holds fewer than `limit` tokens in the workspace: the count and the insert are
 * one statement, so two posts at once cannot pass the limit together. Resolves to `[{id}]`, or `[]` when held back.
 */
export function insertApiTokenIf(db: Db, row: ApiTokenRow, limit: number) {
  const count = sql`(SELECT count(*) FROM ${apiTokens} WHERE ${apiTokens.workspaceId} = ${row.workspaceId}
    AND ${apiTokens.userId} = ${row.userId})`;
  return insertIf(db, apiTokens, row, sql`${count} < ${limit}`).returning({ id: apiTokens.id });
}

/** Deletes the member's expired tokens: run with each new one, so expired rows never hold a place in the limit. */
export function deleteExpiredApiTokens(db: Db, workspaceId: string, userId: string, nowIso: string) {
  return db
    .delete(apiTokens)
    .where(
      and(
        eq(apiTokens.workspaceId, workspaceId),
        eq(apiTokens.userId, userId),
        isNotNull(apiTokens.expiresAt),
        lte(apiTokens.expiresAt, nowIso),
      ),
    );
}

/** A member's tokens in a workspace, newest first, at most the limit (never their hashes). */
export function listApiTokens(db: Db, workspaceId: string, userId: string) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      prefix: apiTokens.prefix,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.workspaceId, workspaceId), eq(apiTokens.userId, userId)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(MAX_API_TOKENS_PER_MEMBER)
    .all();
}

/** Deletes one of the member's tokens; `[]` when no such token is theirs in this workspace. */
export function deleteApiToken(db: Db, workspaceId: string, userId: string, tokenId: string) {
  return db
    .delete(apiTokens)
    .where(and(eq(apiTokens.workspaceId, workspaceId), eq(apiTokens.userId, userId), eq(apiTokens.id, tokenId)))
    .returning({ id: apiTokens.id });
}

/**
 * Records a use at `nowIso` unless one was recorded after `sinceIso`: the condition is in the statement, so
 * requests arriving together write it once.
 */
export function touchApiToken(db: Db, tokenId: string, nowIso: string, sinceIso: string) {
  return db
    .update(apiTokens)
    .set({ lastUsedAt: nowIso })
    .where(and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, sinceIso))));
}

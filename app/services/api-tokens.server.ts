import {
  API_TOKEN_MARK,
  API_TOKEN_RE,
  MAX_API_TOKENS_PER_MEMBER,
  shouldTouchTokenUse,
  TOKEN_LAST_USED_EVERY_MS,
  tokenExpiry,
  tokenLimitRefusal,
  tokenScopeRefusal,
  visiblePrefix,
  type ApiTokenCreateInput,
} from "~/domain/api-tokens";
import { badRequest, conflict, forbidden, notFound } from "~/domain/errors";
import { workspacePlan } from "~/domain/tiers";
import { newId, newToken, sha256Hex } from "~/lib/crypto";
import { apiTokenLookup } from "~/models/accounts";
import * as tokenModel from "~/models/api-tokens";
import type { Actor, ActorCtx, Ctx } from "./context.server";

/**
 * Personal API tokens (issue 36, ADR 048): a member makes them on /settings (or `POST /api/tokens`) for scripts and
 * a Stream Deck. The token is shown once; only its SHA-256 and a short prefix are kept. Tokens are managed from a
 * session only: a token can neither see nor make nor revoke tokens.
 */

export type ApiTokenDto = Awaited<ReturnType<typeof tokenModel.listApiTokens>>[number];

const TOKENS_NEED_SESSION = "API tokens are managed from a signed-in session on /settings, not with a token";

function refuseTokenCaller(ctx: ActorCtx) {
  if (ctx.actor.tokenScope) throw forbidden(TOKENS_NEED_SESSION);
}

/**
 * Makes a token for the caller in their current workspace; `token` is in this answer only. Refused: a token caller,
 * a show-control token by a non-owner (403), an expiry in the past or both ways given (400), the limit (409).
 * The caller's expired tokens are deleted in the same batch, so only working tokens count toward the limit.
 */
export async function createApiToken(ctx: ActorCtx, input: ApiTokenCreateInput) {
  refuseTokenCaller(ctx);
  const { actor, now, db } = ctx;
  const scopeRefusal = tokenScopeRefusal(actor.role, input.scope);
  if (scopeRefusal) throw forbidden(scopeRefusal, { fieldErrors: { scope: [scopeRefusal] } });
  const expiry = tokenExpiry(input, now);
  if ("fieldErrors" in expiry) throw badRequest(Object.values(expiry.fieldErrors)[0][0], expiry.fieldErrors);
  const token = API_TOKEN_MARK + newToken();
  const nowIso = now.toISOString();
  const row = {
    id: newId(),
    workspaceId: actor.workspace.id,
    userId: actor.user.id,
    name: input.name,
    scope: input.scope,
    tokenHash: await sha256Hex(token),
    prefix: visiblePrefix(token),
    createdAt: nowIso,
    expiresAt: expiry.expiresAt,
    lastUsedAt: null,
  };
  const [, inserted] = await db.batch([
    tokenModel.deleteExpiredApiTokens(db, actor.workspace.id, actor.user.id, nowIso),
    tokenModel.insertApiTokenIf(db, row, MAX_API_TOKENS_PER_MEMBER),
  ]);
  if (inserted.length === 0) {
    throw conflict(tokenLimitRefusal(MAX_API_TOKENS_PER_MEMBER)!, { limit: MAX_API_TOKENS_PER_MEMBER });
  }
  const { tokenHash: _, userId: __, workspaceId: ___, ...shown } = row;
  return { ...shown, token };
}

/** The caller's tokens in their current workspace, newest first (at most `MAX_API_TOKENS_PER_MEMBER`). */
export function listMyApiTokens(ctx: ActorCtx): Promise<ApiTokenDto[]> {
  refuseTokenCaller(ctx);
  return tokenModel.listApiTokens(ctx.db, ctx.actor.workspace.id, ctx.actor.user.id);
}

/** Revokes (deletes) one of the caller's tokens: it stops working at once. 404 for anyone else's id. */
export async function revokeApiToken(ctx: ActorCtx, input: { tokenId: string }) {
  refuseTokenCaller(ctx);
  const { actor } = ctx;
  const deleted =
    input.tokenId.length <= 64
      ? await tokenModel.deleteApiToken(ctx.db, actor.workspace.id, actor.user.id, input.tokenId)
      : [];
  if (deleted.length === 0) throw notFound("API token not found");
}

/**
 * The member a personal token acts as, with its scope, or null: an unknown, expired or revoked token, a maker who
 * left the workspace, or a show-control token whose maker is no longer an owner. A use is recorded after the
 * response, at most once a minute per token. Nothing here logs the token.
 */
export async function actorForApiToken(ctx: Ctx, token: string): Promise<Actor | null> {
  if (!API_TOKEN_RE.test(token)) return null;
  const { db, now } = ctx;
  const [[row]] = await db.batch([apiTokenLookup(db, await sha256Hex(token), now.toISOString())]);
  if (!row || tokenScopeRefusal(row.role, row.token.scope)) return null;
  if (shouldTouchTokenUse(row.token.lastUsedAt, now)) {
    const since = new Date(now.getTime() - TOKEN_LAST_USED_EVERY_MS).toISOString();
    ctx.waitUntil(tokenModel.touchApiToken(db, row.token.id, now.toISOString(), since).then(() => undefined));
  }
  return {
    user: row.user,
    workspace: row.workspace,
    role: row.role,
    plan: workspacePlan(row.ownerTiers),
    source: "api",
    tokenScope: row.token.scope,
  };
}

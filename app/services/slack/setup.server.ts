import type { SlackAppRow } from "~/db/schema";
import { AppError, forbidden } from "~/domain/errors";
import { assertFeature } from "~/domain/tiers";
import type { SlackCredentialsInput } from "~/domain/slack-schemas";
import { newToken, sha256Hex } from "~/lib/crypto";
import { errorSummary } from "~/lib/log";
import {
  decryptSecret,
  encryptSecret,
  hasSecretsKey,
  secretKeys,
  signValue,
  verifySignedValue,
  type SecretKeys,
} from "~/lib/secrets.server";
import { BOT_SCOPES, buildSlackManifest, slackUrls } from "~/integrations/slack/manifest";
import { createSlackWebApi, oauthV2Access, slackApiBase, SlackApiError } from "~/integrations/slack/web-api";
import * as slackModel from "~/models/slack";
import type { Actor, ActorCtx, Ctx } from "~/services/context.server";

/**
 * Connecting a workspace's own Slack app: credentials, manifest, OAuth install and connection test (linking
 * Slack users to members is links.server.ts). Every secret is encrypted with SECRETS_KEY before it reaches D1, under a context
 * naming its row and column.
 */

export const SLACK_AUTHORIZE_URL = "https://slack.com/oauth/v2/authorize";
const STATE_TTL_MS = 10 * 60 * 1000;
const STATE_PURPOSE = "slack-oauth-state";

export const secretContext = (workspaceId: string, column: "client_secret" | "signing_secret" | "bot_token") =>
  `slack_apps:${workspaceId}:${column}`;

/** Connecting Slack is the owner's, on a plan with the Slack integration (basic and up). */
function assertCanConnect(actor: Actor, action: string) {
  if (actor.role !== "owner") throw forbidden(`Only the workspace owner can ${action}`);
  assertFeature(actor.plan.tier, "slack");
}

export async function saveSlackCredentials(ctx: ActorCtx, input: SlackCredentialsInput) {
  assertCanConnect(ctx.actor, "set up Slack");
  const keys = await secretKeys(ctx.env);
  const workspaceId = ctx.actor.workspace.id;
  await slackModel.upsertSlackCredentials(
    ctx.db,
    {
      workspaceId,
      clientId: input.slackClientId,
      clientSecretEnc: await encryptSecret(keys, input.slackClientSecret, secretContext(workspaceId, "client_secret")),
      signingSecretEnc: await encryptSecret(keys, input.slackSigningSecret, secretContext(workspaceId, "signing_secret")),
    },
    ctx.now.toISOString(),
  );
  return getSlackStatus(ctx);
}

export async function getSlackStatus(ctx: ActorCtx) {
  const [[app]] = await ctx.db.batch([slackModel.slackAppOf(ctx.db, ctx.actor.workspace.id)]);
  return {
    hasCredentials: Boolean(app),
    installed: Boolean(app?.botTokenEnc),
    teamName: app?.botTokenEnc ? app.teamName : null,
  };
}

/** The app manifest for this workspace's own Slack app; `origin` is our public one, which Slack will call. */
export function getSlackManifest(ctx: ActorCtx, origin: string) {
  return buildSlackManifest(origin, ctx.actor.workspace.id);
}

/**
 * The URL that starts the OAuth install, or null without credentials (or without SECRETS_KEY, which makes
 * them unreadable). The state is random, HMAC-signed, stored only as a hash, single use, ten minutes.
 */
export async function startSlackInstall(ctx: ActorCtx, origin: string) {
  const { actor, now } = ctx;
  assertCanConnect(actor, "install the Slack app");
  const app = await slackModel.getSlackApp(ctx.db, actor.workspace.id);
  if (!app || !hasSecretsKey(ctx.env)) return null;
  const keys = await secretKeys(ctx.env);
  const expiresAt = new Date(now.getTime() + STATE_TTL_MS);
  const state = await signValue(keys, STATE_PURPOSE, { n: newToken() }, expiresAt);
  await slackModel.insertOauthState(ctx.db, {
    stateHash: await sha256Hex(state),
    workspaceId: actor.workspace.id,
    userId: actor.user.id,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  const url = new URL(SLACK_AUTHORIZE_URL);
  url.searchParams.set("client_id", app.clientId);
  url.searchParams.set("scope", BOT_SCOPES.join(","));
  url.searchParams.set("redirect_uri", slackUrls(origin, actor.workspace.id).redirect);
  url.searchParams.set("state", state);
  return url.toString();
}

export type InstallOutcome =
  | { ok: true; teamName: string; workspaceId: string }
  | { ok: false; error: "access_denied" | "config_missing" | "no_code" | "callback_failed" };

/**
 * Finishes the install Slack redirected back from. The state must be ours, unused, fresh, and issued to the
 * user whose browser brings it back; the code is exchanged with `oauth.v2.access`; the installing Slack user
 * is linked to that user. Failures are reported as the spec's `slack_error` values, never with details.
 */
export async function finishSlackInstall(
  ctx: Ctx,
  input: {
    /** Who the browser that came back is signed in as, if anyone. */
    actor: Actor | null;
    /** Slack's query parameters: `state`, and `code` or `error`. */
    params: URLSearchParams;
    origin: string;
  },
): Promise<InstallOutcome> {
  const { actor, params } = input;
  const state = params.get("state") ?? "";
  const stateRow = await consumeState(ctx, state);
  const error = params.get("error");
  if (error) return { ok: false, error: error === "access_denied" ? "access_denied" : "callback_failed" };
  const code = params.get("code");
  if (!code) return { ok: false, error: "no_code" };
  if (!stateRow || !actor || actor.user.id !== stateRow.userId || actor.workspace.id !== stateRow.workspaceId) {
    return { ok: false, error: "callback_failed" };
  }
  const app = await slackModel.getSlackApp(ctx.db, stateRow.workspaceId);
  if (!app || !hasSecretsKey(ctx.env)) return { ok: false, error: "config_missing" };
  const keys = await secretKeys(ctx.env);
  const workspaceId = app.workspaceId;
  try {
    const result = await oauthV2Access(slackApiBase(ctx.env), {
      clientId: app.clientId,
      clientSecret: await decryptSecret(keys, app.clientSecretEnc, secretContext(workspaceId, "client_secret")),
      code,
      redirectUri: slackUrls(input.origin, workspaceId).redirect,
    });
    const nowIso = ctx.now.toISOString();
    await slackModel.saveSlackInstallation(
      ctx.db,
      workspaceId,
      {
        appId: result.app_id,
        teamId: result.team.id,
        teamName: result.team.name,
        botUserId: result.bot_user_id,
        botTokenEnc: await encryptSecret(keys, result.access_token, secretContext(workspaceId, "bot_token")),
        installedBySlackUserId: result.authed_user.id,
        installedByUserId: actor.user.id,
        installedAt: nowIso,
      },
      nowIso,
    );
    // Slack's OAuth proves that the installing Slack user is this browser's member: no separate consent needed.
    await slackModel.linkSlackUser(
      ctx.db,
      { workspaceId, slackTeamId: result.team.id, slackUserId: result.authed_user.id, userId: actor.user.id },
      nowIso,
    );
    return { ok: true, teamName: result.team.name, workspaceId };
  } catch (err) {
    // Slack's error code (or D1's) says what went wrong without carrying any secret.
    console.warn(`slack install failed for workspace ${workspaceId}: ${errorSummary(err)}`);
    return { ok: false, error: "callback_failed" };
  }
}

async function consumeState(ctx: Ctx, state: string) {
  if (!state || !hasSecretsKey(ctx.env)) return null;
  const keys = await secretKeys(ctx.env);
  if (!(await verifySignedValue(keys, STATE_PURPOSE, state, ctx.now))) return null;
  return slackModel.consumeOauthState(ctx.db, await sha256Hex(state), ctx.now.toISOString());
}

/** The bot's Web API client for an installed app; null when not installed (or the token was revoked). */
export async function botApi(ctx: Pick<Ctx, "env">, keys: SecretKeys, app: SlackAppRow) {
  if (!app.botTokenEnc) return null;
  const token = await decryptSecret(keys, app.botTokenEnc, secretContext(app.workspaceId, "bot_token"));
  return createSlackWebApi(slackApiBase(ctx.env), token);
}

/** `auth.test` with the stored bot token: the wizard's and the dashboard's real connection test. */
export async function testSlackConnection(ctx: ActorCtx) {
  const app = await slackModel.getSlackApp(ctx.db, ctx.actor.workspace.id);
  if (!app) throw new AppError("invalid", "Slack is not set up yet. Save your app's credentials first.");
  const api = await botApi(ctx, await secretKeys(ctx.env), app);
  if (!api) throw new AppError("invalid", "The Slack app is not installed yet. Click 'Add to Slack' to install it.");
  try {
    const result = await api.authTest();
    return { ok: true as const, team: result.team };
  } catch (err) {
    if (err instanceof SlackApiError && ["invalid_auth", "token_revoked", "account_inactive", "not_authed"].includes(err.code)) {
      throw new AppError("invalid", "Slack rejected the stored token. Reinstall the app with 'Add to Slack'.");
    }
    throw new AppError("unreachable", "Could not reach Slack. Please check your Slack app configuration and try again.");
  }
}

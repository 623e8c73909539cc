import type { AppLoadContext } from "@remix-run/cloudflare";
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
import type { Auth } from "~/services/auth.server";

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
function assertCanConnect(auth: Auth, action: string) {
  if (auth.role !== "owner") throw forbidden(`Only the workspace owner can ${action}`);
  assertFeature(auth.plan.tier, "slack");
}

export async function saveSlackCredentials(context: AppLoadContext, auth: Auth, input: SlackCredentialsInput, now = new Date()) {
  assertCanConnect(auth, "set up Slack");
  const keys = await secretKeys(context.env);
  const workspaceId = auth.workspace.id;
  await slackModel.upsertSlackCredentials(
    context.db,
    {
      workspaceId,
      clientId: input.slackClientId,
      clientSecretEnc: await encryptSecret(keys, input.slackClientSecret, secretContext(workspaceId, "client_secret")),
      signingSecretEnc: await encryptSecret(keys, input.slackSigningSecret, secretContext(workspaceId, "signing_secret")),
    },
    now.toISOString(),
  );
  return getSlackStatus(context, auth);
}

export async function getSlackStatus(context: AppLoadContext, auth: Auth) {
  const app = await slackModel.getSlackApp(context.db, auth.workspace.id);
  return {
    hasCredentials: Boolean(app),
    installed: Boolean(app?.botTokenEnc),
    teamName: app?.botTokenEnc ? app.teamName : null,
  };
}

export function getSlackManifest(request: Request, auth: Auth) {
  return buildSlackManifest(new URL(request.url).origin, auth.workspace.id);
}

/**
 * The URL that starts the OAuth install, or null without credentials (or without SECRETS_KEY, which makes
 * them unreadable). The state is random, HMAC-signed, stored only as a hash, single use, ten minutes.
 */
export async function startSlackInstall(request: Request, context: AppLoadContext, auth: Auth, now = new Date()) {
  assertCanConnect(auth, "install the Slack app");
  const app = await slackModel.getSlackApp(context.db, auth.workspace.id);
  if (!app || !hasSecretsKey(context.env)) return null;
  const keys = await secretKeys(context.env);
  const expiresAt = new Date(now.getTime() + STATE_TTL_MS);
  const state = await signValue(keys, STATE_PURPOSE, { n: newToken() }, expiresAt);
  await slackModel.insertOauthState(context.db, {
    stateHash: await sha256Hex(state),
    workspaceId: auth.workspace.id,
    userId: auth.user.id,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  const url = new URL(SLACK_AUTHORIZE_URL);
  url.searchParams.set("client_id", app.clientId);
  url.searchParams.set("scope", BOT_SCOPES.join(","));
  url.searchParams.set("redirect_uri", slackUrls(new URL(request.url).origin, auth.workspace.id).redirect);
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
  request: Request,
  context: AppLoadContext,
  auth: Auth | null,
  now = new Date(),
): Promise<InstallOutcome> {
  const params = new URL(request.url).searchParams;
  const state = params.get("state") ?? "";
  const stateRow = await consumeState(context, state, now);
  const error = params.get("error");
  if (error) return { ok: false, error: error === "access_denied" ? "access_denied" : "callback_failed" };
  const code = params.get("code");
  if (!code) return { ok: false, error: "no_code" };
  if (!stateRow || !auth || auth.user.id !== stateRow.userId || auth.workspace.id !== stateRow.workspaceId) {
    return { ok: false, error: "callback_failed" };
  }
  const app = await slackModel.getSlackApp(context.db, stateRow.workspaceId);
  if (!app || !hasSecretsKey(context.env)) return { ok: false, error: "config_missing" };
  const keys = await secretKeys(context.env);
  const workspaceId = app.workspaceId;
  try {
    const result = await oauthV2Access(slackApiBase(context.env), {
      clientId: app.clientId,
      clientSecret: await decryptSecret(keys, app.clientSecretEnc, secretContext(workspaceId, "client_secret")),
      code,
      redirectUri: slackUrls(new URL(request.url).origin, workspaceId).redirect,
    });
    const nowIso = now.toISOString();
    await slackModel.saveSlackInstallation(
      context.db,
      workspaceId,
      {
        appId: result.app_id,
        teamId: result.team.id,
        teamName: result.team.name,
        botUserId: result.bot_user_id,
        botTokenEnc: await encryptSecret(keys, result.access_token, secretContext(workspaceId, "bot_token")),
        installedBySlackUserId: result.authed_user.id,
        installedByUserId: auth.user.id,
        installedAt: nowIso,
      },
      nowIso,
    );
    // Slack's OAuth proves that the installing Slack user is this browser's member: no separate consent needed.
    await slackModel.linkSlackUser(
      context.db,
      { workspaceId, slackTeamId: result.team.id, slackUserId: result.authed_user.id, userId: auth.user.id },
      nowIso,
    );
    return { ok: true, teamName: result.team.name, workspaceId };
  } catch (err) {
    // Slack's error code (or D1's) says what went wrong without carrying any secret.
    console.warn(`slack install failed for workspace ${workspaceId}: ${errorSummary(err)}`);
    return { ok: false, error: "callback_failed" };
  }
}

async function consumeState(context: AppLoadContext, state: string, now: Date) {
  if (!state || !hasSecretsKey(context.env)) return null;
  const keys = await secretKeys(context.env);
  if (!(await verifySignedValue(keys, STATE_PURPOSE, state, now))) return null;
  return slackModel.consumeOauthState(context.db, await sha256Hex(state), now.toISOString());
}

/** The bot's Web API client for an installed app; null when not installed (or the token was revoked). */
export async function botApi(env: Env, keys: SecretKeys, app: SlackAppRow) {
  if (!app.botTokenEnc) return null;
  const token = await decryptSecret(keys, app.botTokenEnc, secretContext(app.workspaceId, "bot_token"));
  return createSlackWebApi(slackApiBase(env), token);
}

/** `auth.test` with the stored bot token: the wizard's and the dashboard's real connection test. */
export async function testSlackConnection(context: AppLoadContext, auth: Auth) {
  const app = await slackModel.getSlackApp(context.db, auth.workspace.id);
  if (!app) throw new AppError("invalid", "Slack is not set up yet. Save your app's credentials first.");
  const api = await botApi(context.env, await secretKeys(context.env), app);
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

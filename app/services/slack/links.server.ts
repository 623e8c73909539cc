import type { SlackAppRow } from "~/db/schema";
import { forbidden, notFound } from "~/domain/errors";
import { slackLinkedMessage } from "~/domain/slack-blocks";
import { SLACK_LINK_TTL_MS, slackPersonLabel, slackPersonOf, type SlackPerson } from "~/domain/slack-links";
import { newToken, sha256Hex } from "~/lib/crypto";
import { secretKeys, type SecretKeys } from "~/lib/secrets.server";
import { SlackApiError } from "~/integrations/slack/web-api";
import * as slackModel from "~/models/slack";
import type { ActorCtx, Ctx } from "~/services/context.server";
import type { SlackCtx } from "./context.server";
import { botApi } from "./setup.server";
import { enforceRateLimit, userKey } from "~/lib/rate-limit.server";

/**
 * Linking a Slack user to a member (ADR 014). A Slack user the installation cannot map gets a link; the member
 * who opens it sees who in Slack would act as them, and where, and confirms with a form post. The token is
 * random, kept only as a hash, bound to the installation and Slack user, single use and 15 minutes long.
 */

/** Mints the link for a Slack user of the installation that received `ctx`; `channelId` gets the confirmation. */
export async function mintSlackLink(ctx: SlackCtx, input: { slackUserId: string; channelId: string | null }) {
  const { slackUserId, channelId } = input;
  const { appId, teamId } = ctx.app;
  // Only an installed app receives requests, so both ids are known; the fallback keeps the types honest.
  if (!appId || !teamId) throw new SlackApiError("link", "not_installed", 400);
  const token = newToken();
  await slackModel.saveSlackLinkToken(ctx.db, {
    tokenHash: await sha256Hex(token),
    workspaceId: ctx.workspace.id,
    slackAppId: appId,
    slackTeamId: teamId,
    slackUserId,
    channelId,
    createdAt: ctx.now.toISOString(),
    expiresAt: new Date(ctx.now.getTime() + SLACK_LINK_TTL_MS).toISOString(),
  });
  return `${ctx.origin}/slack/link/${token}`;
}

const NO_LONGER_WORKS = "This link no longer works";
const OTHER_WORKSPACE = "This link is for another workspace";

/** Tokens are 43 characters of base64url; anything much longer is not one of ours and is not hashed. */
const hashOf = (token: string) => (token.length <= 100 ? sha256Hex(token) : Promise.resolve(""));

/** What `users.info` says about a Slack user; nothing when Slack cannot tell (a missing scope, an outage). */
async function lookUpSlackUser(ctx: Ctx, keys: SecretKeys, app: SlackAppRow, slackUserId: string): Promise<SlackPerson> {
  try {
    const api = await botApi(ctx, keys, app);
    if (!api) return { name: null, handle: null };
    return slackPersonOf((await api.usersInfo(slackUserId)).user);
  } catch (err) {
    console.warn(`slack users.info failed: ${err instanceof SlackApiError ? err.code : "unknown"}`);
    return { name: null, handle: null };
  }
}

export type SlackLinkPreview =
  /** Unknown, used, expired, or minted by an installation that has been replaced since. */
  | { state: "invalid" }
  /** Minted for another workspace than the viewer's current one. */
  | { state: "other_workspace" }
  | {
      state: "ready";
      slackUser: string;
      teamName: string;
      workspaceName: string;
      memberName: string;
      /** Another member this Slack user acts as now, whom the link replaces. */
      replacesHolder: string | null;
      /** The Slack user the member is linked to now, if another one: the link replaces it. */
      replacesOwnLink: string | null;
      /** This Slack user is already linked to the member. */
      alreadyYours: boolean;
      expiresAt: string;
    };

/** The confirmation page's view of a link (GET): reads only, links nothing. */
export async function previewSlackLink(ctx: ActorCtx, token: string): Promise<SlackLinkPreview> {
  const { actor } = ctx;
  const found = await slackModel.findSlackLinkToken(ctx.db, await hashOf(token), ctx.now.toISOString());
  if (!found || !found.app) return { state: "invalid" };
  const { token: row, app } = found;
  if (row.workspaceId !== actor.workspace.id) return { state: "other_workspace" };
  const [person, holder, own] = await Promise.all([
    lookUpSlackUser(ctx, await secretKeys(ctx.env), app, row.slackUserId),
    slackModel.findMemberBySlackUser(ctx.db, row.workspaceId, row.slackTeamId, row.slackUserId),
    slackModel.findSlackLinkOfMember(ctx.db, row.workspaceId, actor.user.id),
  ]);
  const alreadyYours = holder?.user.id === actor.user.id;
  const ownIsOther = own && !(own.slackTeamId === row.slackTeamId && own.slackUserId === row.slackUserId);
  return {
    state: "ready",
    slackUser: slackPersonLabel(person, row.slackUserId),
    teamName: app.teamName ?? row.slackTeamId,
    workspaceName: actor.workspace.name,
    memberName: actor.user.name,
    replacesHolder: holder && !alreadyYours ? holder.user.name : null,
    replacesOwnLink: ownIsOther ? slackPersonLabel({ name: own.slackName, handle: own.slackHandle }, own.slackUserId) : null,
    alreadyYours,
    expiresAt: row.expiresAt,
  };
}

/**
 * Links the Slack user of a token to the signed-in member (the form post). The token is taken in one statement,
 * for the member's current workspace only, so a replay, an expired token, a token of another workspace or of a
 * replaced installation links nothing (and another workspace's member cannot use it up): such a token is
 * refused as `not_found`, or `forbidden` when it is another workspace's. The Slack user then gets a private
 * confirmation where they asked, after the response. Confirmations are counted per member (the `slackLink`
 * abuse limit: `rate_limited`).
 */
export async function confirmSlackLink(ctx: ActorCtx, input: { token: string; origin: string }) {
  const { actor } = ctx;
  await enforceRateLimit(ctx.env, "slackLink", userKey(actor.user.id));
  const tokenHash = await hashOf(input.token);
  const row = await slackModel.consumeSlackLinkToken(ctx.db, tokenHash, actor.workspace.id, ctx.now.toISOString());
  if (!row) {
    const other = await slackModel.findSlackLinkToken(ctx.db, tokenHash, ctx.now.toISOString());
    if (other?.app && other.token.workspaceId !== actor.workspace.id) throw forbidden(OTHER_WORKSPACE);
    throw notFound(NO_LONGER_WORKS);
  }
  const app = await slackModel.getSlackApp(ctx.db, row.workspaceId);
  if (!app) throw notFound(NO_LONGER_WORKS);
  const keys = await secretKeys(ctx.env);
  const person = await lookUpSlackUser(ctx, keys, app, row.slackUserId);
  await slackModel.linkSlackUser(
    ctx.db,
    {
      workspaceId: row.workspaceId,
      slackTeamId: row.slackTeamId,
      slackUserId: row.slackUserId,
      userId: actor.user.id,
      slackName: person.name,
      slackHandle: person.handle,
    },
    ctx.now.toISOString(),
  );
  if (row.channelId) {
    const channel = row.channelId;
    const confirmation = slackLinkedMessage({ memberName: actor.user.name, workspaceName: actor.workspace.name, appUrl: input.origin });
    ctx.waitUntil(
      (async () => {
        const api = await botApi(ctx, keys, app);
        await api?.postEphemeral({ channel, user: row.slackUserId, ...confirmation });
      })().catch((err) => console.warn(`slack link confirmation failed: ${err instanceof SlackApiError ? err.code : "unknown"}`)),
    );
  }
  return { slackUser: slackPersonLabel(person, row.slackUserId), teamName: app.teamName ?? row.slackTeamId };
}

/** The caller's own Slack link in their current workspace, as /team shows it. */
export async function getMySlackLink(ctx: ActorCtx) {
  const { actor } = ctx;
  const [[link], [app]] = await ctx.db.batch([
    slackModel.slackLinkOfMember(ctx.db, actor.workspace.id, actor.user.id),
    slackModel.slackAppOf(ctx.db, actor.workspace.id),
  ]);
  if (!link) return null;
  return {
    slackUser: slackPersonLabel({ name: link.slackName, handle: link.slackHandle }, link.slackUserId),
    teamName: app?.teamId === link.slackTeamId ? app.teamName : null,
    linkedAt: link.createdAt,
  };
}

/** Removes the caller's Slack link in their current workspace; false when there was none. */
export async function removeMySlackLink(ctx: ActorCtx) {
  const removed = await slackModel.unlinkSlackUser(ctx.db, ctx.actor.workspace.id, ctx.actor.user.id);
  return removed.length > 0;
}

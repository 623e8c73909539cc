import type { SlackAppRow, WorkspaceRow } from "~/db/schema";
import { linkAccountMessage, noticeMessage, type SlackMessage } from "~/domain/slack-blocks";
import { errorSummary } from "~/lib/log";
import type { SecretKeys } from "~/lib/secrets.server";
import { postToResponseUrl, SlackApiError, slackResponseUrlBase, type SlackWebApi } from "~/integrations/slack/web-api";
import { findWorkspacePlan } from "~/models/billing";
import * as slackModel from "~/models/slack";
import type { ActorCtx, Ctx } from "~/services/context.server";
import { mintSlackLink } from "./links.server";
import { botApi } from "./setup.server";

/**
 * A verified request from Slack: the delivery's `Ctx` with the installation that received it. Every handler is
 * `(ctx, payload)`.
 */
export interface SlackCtx extends Ctx {
  app: SlackAppRow;
  workspace: WorkspaceRow;
  keys: SecretKeys;
  /** Our public origin, for links back to Cueboard. */
  origin: string;
}

/** A Slack request acting as the linked member behind its Slack user (`actor.workspace` is `workspace`). */
export type MemberCtx = SlackCtx & ActorCtx;

/**
 * A handler's answer: `body` is sent to Slack at once (Slack wants an answer within 3 s; none means an empty
 * 200), `later` runs after the response with `waitUntil` and reports through `response_url` or the Web API.
 */
export interface SlackAck {
  body?: unknown;
  later?: () => Promise<void>;
}

export type SlackHandler<Payload> = (ctx: SlackCtx, payload: Payload) => Promise<SlackAck>;

/**
 * The member behind a Slack user, as the actor of the request; null when not linked. Links are per workspace
 * and Slack team (ADR 014): a Slack user acts only in the workspace whose installation received the request.
 * The actor carries the workspace's plan, so Slack meets the same limits and gates as the web.
 */
export async function findMember(ctx: SlackCtx, slackUserId: string): Promise<MemberCtx | null> {
  const teamId = ctx.app.teamId;
  if (!teamId) return null;
  const [found, plan] = await Promise.all([
    slackModel.findMemberBySlackUser(ctx.db, ctx.workspace.id, teamId, slackUserId),
    findWorkspacePlan(ctx.db, ctx.workspace.id),
  ]);
  if (!found) return null;
  return { ...ctx, actor: { user: found.user, workspace: ctx.workspace, role: found.role, plan, source: "slack" } };
}

/** The "link your account" reply for a Slack user we cannot map to a member, who asked in `channelId`. */
export async function linkAccountReply(ctx: SlackCtx, slackUserId: string, channelId: string | null) {
  return linkAccountMessage(await mintSlackLink(ctx, { slackUserId, channelId }));
}

export const ephemeral = (message: SlackMessage) => ({ response_type: "ephemeral" as const, ...message });

/**
 * Replies through a response_url, only Slack's (see postToResponseUrl); a failure is logged (without the URL,
 * which is a credential) and dropped.
 */
export async function respond(
  ctx: SlackCtx,
  responseUrl: string,
  message: SlackMessage,
  options: { replaceOriginal?: boolean } = {},
) {
  try {
    await postToResponseUrl(slackResponseUrlBase(ctx.env), responseUrl, {
      ...ephemeral(message),
      replace_original: options.replaceOriginal ?? false,
    });
  } catch (err) {
    console.warn(`slack response_url post failed: ${err instanceof SlackApiError ? err.code : "unknown"}`);
  }
}

/** The bot's Web API client; throws when the app is not installed (the token was revoked meanwhile). */
export async function requireBotApi(ctx: SlackCtx): Promise<SlackWebApi> {
  const api = await botApi(ctx, ctx.keys, ctx.app);
  if (!api) throw new SlackApiError("bot", "not_installed", 400);
  return api;
}

export const SOMETHING_WENT_WRONG = "Something went wrong on our side. Please try again.";

/** Logs a failed Slack job by its kind and error class/code only: payloads carry user text and URLs. */
export function logSlackFailure(job: string, err: unknown) {
  console.error(`slack ${job} failed: ${errorSummary(err)}`);
}

/** Builds a reply after the ack and posts it to the response_url; a failure becomes an apology, not silence. */
export async function replyLater(
  ctx: SlackCtx,
  job: string,
  responseUrl: string,
  build: () => Promise<SlackMessage>,
  options: { replaceOriginal?: boolean } = {},
) {
  let message: SlackMessage;
  try {
    message = await build();
  } catch (err) {
    logSlackFailure(job, err);
    message = noticeMessage(SOMETHING_WENT_WRONG);
    options = { replaceOriginal: false };
  }
  await respond(ctx, responseUrl, message, options);
}

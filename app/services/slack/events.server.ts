import { assistantMessage, helpMessage, noticeMessage, type SlackMessage } from "~/domain/slack-blocks";
import { slackEventSchema, type EventEnvelope } from "~/integrations/slack/payloads";
import { looksLikeQuestion, slackTextToPlain, stripBotMention } from "~/integrations/slack/text";
import * as slackModel from "~/models/slack";
import { askAssistant } from "~/services/assistant.server";
import { mentionedMembers } from "./actions.server";
import {
  findMember,
  linkAccountReply,
  logSlackFailure,
  requireBotApi,
  SOMETHING_WENT_WRONG,
  type SlackHandler,
} from "./context.server";
import { describeMessage } from "./messages.server";
import { createDrafts, parseDrafts } from "./tasks.server";

/** Events API handlers. The router has already dropped retries and repeated event ids. */

/**
 * `@Cueboard …`: a question is answered, anything else becomes tasks, which remember the mention's message and
 * thread; the reply goes into the thread. Someone not linked gets the link message privately.
 */
export const answerMention: SlackHandler<EventEnvelope> = async (ctx, envelope) => {
  const parsed = slackEventSchema.safeParse(envelope.event);
  if (!parsed.success || parsed.data.type !== "app_mention") return {};
  const event = parsed.data;
  if (event.user === ctx.app.botUserId) return {};
  const threadTs = event.thread_ts ?? event.ts;
  return {
    later: async () => {
      try {
        const api = await requireBotApi(ctx);
        const member = await findMember(ctx, event.user);
        if (!member) {
          const reply = await linkAccountReply(ctx, event.user, event.channel);
          await api.postEphemeral({ channel: event.channel, user: event.user, thread_ts: threadTs, ...reply });
          return;
        }
        let reply: SlackMessage;
        try {
          const mentioned = await mentionedMembers(ctx, event.text);
          const text = slackTextToPlain(stripBotMention(event.text, ctx.app.botUserId), mentioned.nameOf);
          if (!text) reply = helpMessage(ctx.workspace.slackCaptureEmoji);
          else if (looksLikeQuestion(text)) {
            const { answer } = await askAssistant(member, text);
            reply = assistantMessage(text, answer);
          } else {
            const drafts = mentioned.withOwners(await parseDrafts(member, text));
            // The tasks remember the mention and its thread (ADR 040); Slack is asked only when there are some.
            const source = drafts.length
              ? await describeMessage(ctx, api, {
                  channelId: event.channel,
                  messageTs: event.ts,
                  threadTs,
                  via: "mention",
                })
              : undefined;
            reply = await createDrafts(member, { drafts, source });
          }
        } catch (err) {
          logSlackFailure("app_mention", err);
          reply = noticeMessage(SOMETHING_WENT_WRONG);
        }
        await api.postMessage({ channel: event.channel, thread_ts: threadTs, ...reply });
      } catch (err) {
        logSlackFailure("app_mention reply", err);
      }
    },
  };
};

/** The app was uninstalled from the Slack team: its bot token is dead, so forget it. */
export const forgetInstallation: SlackHandler<EventEnvelope> = async (ctx) => {
  await slackModel.clearSlackBotToken(ctx.db, ctx.workspace.id, ctx.now.toISOString());
  return {};
};

/** Tokens were revoked; when the bot's is among them, forget it. (We store no user tokens.) */
export const forgetRevokedTokens: SlackHandler<EventEnvelope> = async (ctx, envelope) => {
  const parsed = slackEventSchema.safeParse(envelope.event);
  if (!parsed.success || parsed.data.type !== "tokens_revoked") return {};
  const bots = parsed.data.tokens.bot ?? [];
  if (bots.length > 0 && (!ctx.app.botUserId || bots.includes(ctx.app.botUserId))) {
    await slackModel.clearSlackBotToken(ctx.db, ctx.workspace.id, ctx.now.toISOString());
  }
  return {};
};

import type { WorkspaceRow } from "~/db/schema";
import { forbidden } from "~/domain/errors";
import { isCaptureReaction, type CaptureSettingsInput } from "~/domain/slack-capture";
import { alreadyCapturedMessage, escapeMrkdwn, noticeMessage, type SlackMessage } from "~/domain/slack-blocks";
import { slackEventSchema, type EventEnvelope } from "~/integrations/slack/payloads";
import { slackTextToPlain } from "~/integrations/slack/text";
import type { SlackWebApi } from "~/integrations/slack/web-api";
import * as slackModel from "~/models/slack";
import { findTaskOfMessage } from "~/models/task-slack-messages";
import type { ActorCtx } from "~/services/context.server";
import { mentionedMembers } from "./actions.server";
import {
  findMember,
  linkAccountReply,
  logSlackFailure,
  requireBotApi,
  SOMETHING_WENT_WRONG,
  type MemberCtx,
  type SlackCtx,
  type SlackHandler,
} from "./context.server";
import { describeMessage, isCaptureConflict, readMessage } from "./messages.server";
import { createDraftTasks, draftsMessage, parseDrafts } from "./tasks.server";

/** The capture emoji (ADR 040): a reaction makes one task of a message; its setting. */

export function captureSettingsOf(workspace: WorkspaceRow) {
  return { emoji: workspace.slackCaptureEmoji };
}

/** Owners set the capture emoji, as they set the rest of the Slack integration. */
export async function updateCaptureEmoji(ctx: ActorCtx, input: CaptureSettingsInput) {
  const { actor } = ctx;
  if (actor.role !== "owner") throw forbidden("Only the workspace owner can change the capture emoji");
  const updated = await slackModel.updateSlackCaptureEmoji(ctx.db, actor.workspace.id, input.emoji);
  return captureSettingsOf(updated ?? actor.workspace);
}

/** The reaction when it is someone's capture emoji on a message; null for anything else. */
function captureOf(ctx: SlackCtx, envelope: EventEnvelope) {
  const parsed = slackEventSchema.safeParse(envelope.event);
  if (!parsed.success || parsed.data.type !== "reaction_added") return null;
  const { user, reaction, item } = parsed.data;
  if (item.type !== "message" || !item.channel || !item.ts) return null;
  if (!isCaptureReaction(reaction, ctx.workspace.slackCaptureEmoji) || user === ctx.app.botUserId) return null;
  return { user, channel: item.channel, ts: item.ts };
}

/** Whether a reaction is a capture at all: the router records only those against retries (reactions are many). */
export const isCapture = (ctx: SlackCtx, envelope: EventEnvelope) => captureOf(ctx, envelope) !== null;

/**
 * `reaction_added` with the workspace's capture emoji on a message: after the ack, the message is read with the
 * bot's token and made into one task through the parser, as the linked member who reacted; the reply goes into
 * the message's thread with the task and 'Open'. A message that already has its task gets no second one (the
 * reacting person is told privately); someone not linked gets the link message privately. Any other emoji, or a
 * reaction on something other than a message, is ignored.
 */
export const captureReaction: SlackHandler<EventEnvelope> = async (ctx, envelope) => {
  const event = captureOf(ctx, envelope);
  if (!event) return {};
  const { channel, ts } = event;
  return {
    later: async () => {
      try {
        const api = await requireBotApi(ctx);
        const privately = (reply: SlackMessage, threadTs?: string) =>
          api.postEphemeral({ channel, user: event.user, ...(threadTs ? { thread_ts: threadTs } : {}), ...reply });
        const member = await findMember(ctx, event.user);
        if (!member) return void (await privately(await linkAccountReply(ctx, event.user, channel)));
        const existing = await findTaskOfMessage(ctx.db, ctx.workspace.id, channel, ts);
        if (existing) return void (await privately(alreadyCapturedMessage({ ...existing, appUrl: ctx.origin })));
        const found = await readMessage(api, channel, ts);
        if (!found) {
          return void (await privately(
            noticeMessage("Cueboard cannot read that message. Invite @Cueboard to the channel, then react again."),
          ));
        }
        if (found.user === ctx.app.botUserId) return;
        const threadTs = found.thread_ts ?? found.ts;
        const reply = await captureAsTask(member, api, { channel, ts, threadTs, text: found.text ?? "" });
        if ("inThread" in reply) await api.postMessage({ channel, thread_ts: threadTs, ...reply.inThread });
        else await privately(reply.privately);
      } catch (err) {
        logSlackFailure("reaction_added", err);
      }
    },
  };
};

/**
 * The task made of a captured message, and its reply: in the thread for everyone, or only to whoever reacted when
 * someone else's capture of the same message got there first (at the same moment, past the check above).
 */
async function captureAsTask(
  ctx: MemberCtx,
  api: SlackWebApi,
  message: { channel: string; ts: string; threadTs: string; text: string },
): Promise<{ inThread: SlackMessage } | { privately: SlackMessage }> {
  const takenMeanwhile = async () => {
    const existing = await findTaskOfMessage(ctx.db, ctx.workspace.id, message.channel, message.ts);
    return existing ? { privately: alreadyCapturedMessage({ ...existing, appUrl: ctx.origin }) } : null;
  };
  try {
    const mentioned = await mentionedMembers(ctx, message.text);
    const text = slackTextToPlain(message.text, mentioned.nameOf);
    const nothing = { privately: noticeMessage("This message has no text to make a task from.") };
    if (!text) return nothing;
    // One task per message: the parser's first reading, with the whole message kept when it read several.
    const [first, ...rest] = mentioned.withOwners(await parseDrafts(ctx, text));
    if (!first) return nothing;
    const draft = rest.length
      ? { ...first, description: [first.description, text].filter(Boolean).join("\n\n") }
      : first;
    const source = await describeMessage(ctx, api, {
      channelId: message.channel,
      messageTs: message.ts,
      threadTs: message.threadTs,
      via: "reaction",
    });
    const outcome = await createDraftTasks(ctx, { drafts: [draft], source });
    // Not created because the other capture's task now has the title: that one answered in the thread.
    if (outcome.created.length === 0) {
      const taken = await takenMeanwhile();
      if (taken) return taken;
    }
    const note = `from this message, captured by ${escapeMrkdwn(ctx.actor.user.name)}`;
    return { inThread: draftsMessage(ctx, outcome, note) };
  } catch (err) {
    if (isCaptureConflict(err)) {
      const taken = await takenMeanwhile();
      if (taken) return taken;
    }
    logSlackFailure("capture", err);
    return { privately: noticeMessage(SOMETHING_WENT_WRONG) };
  }
}

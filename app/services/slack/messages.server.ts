import type { TaskSlackMessageRow } from "~/db/schema";
import { SlackApiError, type SlackMessageInfo, type SlackWebApi } from "~/integrations/slack/web-api";
import type { NewTaskSlackMessage } from "~/models/task-slack-messages";
import { logSlackFailure, type SlackCtx } from "./context.server";

/** The Slack messages tasks are made from (ADR 040): what we remember of one, and reading one back from Slack. */

/** A message as a new task remembers it (the workspace and task ids are added when the task is written). */
export type SlackMessageSource = Omit<NewTaskSlackMessage, "workspaceId" | "taskId">;

/**
 * What a task remembers of its message, with the two things Slack's payloads may lack asked of the Web API at
 * once: the permalink (chat.getPermalink) and, unless known, the channel's name (conversations.info). Either
 * failing is logged and left null: the task is still made, and links to the channel instead.
 */
export async function describeMessage(
  ctx: SlackCtx,
  api: SlackWebApi,
  message: {
    channelId: string;
    channelName?: string | null;
    messageTs: string;
    threadTs: string;
    via: TaskSlackMessageRow["via"];
  },
): Promise<SlackMessageSource> {
  const [permalink, channelName] = await Promise.all([
    api
      .getPermalink({ channel: message.channelId, message_ts: message.messageTs })
      // Only a web address goes on the task page as a link.
      .then((r) => (r.permalink.startsWith("https://") ? r.permalink : null))
      .catch((err) => (logSlackFailure("chat.getPermalink", err), null)),
    // A direct message has no channel name (the shortcut's payload calls it "directmessage").
    message.channelName && message.channelName !== "directmessage"
      ? message.channelName
      : api
          .conversationsInfo(message.channelId)
          .then((r) => r.channel.name ?? null)
          .catch((err) => (logSlackFailure("conversations.info", err), null)),
  ]);
  return {
    teamId: ctx.app.teamId!,
    channelId: message.channelId,
    channelName,
    messageTs: message.messageTs,
    threadTs: message.threadTs,
    permalink,
    via: message.via,
  };
}

/**
 * One message by its channel and ts, as the bot can read it: conversations.replies finds it in a thread or alone
 * (the parent comes first, so the message is looked for by its ts); conversations.history is asked when replies
 * did not have it. Null when the bot cannot read it (not in the channel, another team's channel, deleted).
 */
export async function readMessage(api: SlackWebApi, channel: string, ts: string): Promise<SlackMessageInfo | null> {
  const find = (messages: SlackMessageInfo[] | undefined) => messages?.find((m) => m.ts === ts) ?? null;
  try {
    const found = find((await api.conversationsReplies({ channel, ts })).messages);
    if (found) return found;
  } catch (err) {
    if (!(err instanceof SlackApiError) || err.transient) throw err;
  }
  try {
    return find((await api.conversationsHistory({ channel, ts })).messages);
  } catch (err) {
    if (!(err instanceof SlackApiError) || err.transient) throw err;
    return null;
  }
}

/** A second capture of the same message: the batch that would make its task broke the capture index. */
export function isCaptureConflict(err: unknown) {
  for (let e = err; e instanceof Error; e = e.cause) {
    if (e.message.includes("UNIQUE constraint failed: task_slack_messages.")) return true;
  }
  return false;
}

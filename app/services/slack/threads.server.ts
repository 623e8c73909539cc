import { COMMENT_MAX } from "~/domain/comments";
import { FILE_MAX_BYTES } from "~/domain/files";
import { isAppError } from "~/domain/errors";
import type { EventEnvelope } from "~/integrations/slack/payloads";
import {
  readThreadMessage,
  slackReplyToCommentText,
  type SharedFile,
  type ThreadMessage,
  type ThreadMessageEvent,
} from "~/integrations/slack/threads";
import type { SlackWebApi } from "~/integrations/slack/web-api";
import { findTaskByThread } from "~/models/task-slack-messages";
import { slackPersonOf } from "~/domain/slack-links";
import { addComment, deleteThreadComment, editThreadComment, type CommentAuthor } from "~/services/comments.server";
import { attachFile } from "~/services/task-files.server";
import { mentionedMembers } from "./actions.server";
import {
  findMember,
  logSlackFailure,
  requireBotApi,
  type MemberCtx,
  type SlackCtx,
  type SlackHandler,
} from "./context.server";

/**
 * A task's Slack thread into Cueboard (ADR 041): a reply becomes a comment by the linked member (or by the Slack
 * name when unlinked), files shared in it are attached to the task, an edited reply edits its comment and a
 * deleted one deletes it. Our bot's own messages never come back. The router drops a redelivered event (same
 * event id); a reply kept once (its ts is the comment's `slack_ts`, unique per task) is not kept twice.
 */

const threadMessageOf = (ctx: SlackCtx, envelope: EventEnvelope): ThreadMessage & { channel?: string } => {
  const event = envelope.event as ThreadMessageEvent & { channel?: unknown };
  const message = readThreadMessage(event, ctx.app.botUserId);
  return typeof event.channel === "string" ? { ...message, channel: event.channel } : { kind: "ignore" };
};

/** Whether a message event is a thread's reply, edit or deletion at all: the router records only those (messages are many). */
export const isThreadMessage = (ctx: SlackCtx, envelope: EventEnvelope) =>
  threadMessageOf(ctx, envelope).kind !== "ignore";

/** A Slack message can be longer than a comment: a longer reply is kept cut short, not lost. */
const fitComment = (body: string) => (body.length > COMMENT_MAX ? `${body.slice(0, COMMENT_MAX - 1)}…` : body);

const isDuplicate = (err: unknown) => {
  for (let e = err; e instanceof Error; e = e.cause) {
    if (e.message.includes("UNIQUE constraint failed: task_comments.")) return true;
  }
  return false;
};

/** Who wrote a reply: the linked member, or the Slack display name (users.info) when not linked. */
async function authorOf(ctx: SlackCtx, api: SlackWebApi, slackUserId: string) {
  const member = await findMember(ctx, slackUserId);
  if (member) return { member, author: { userId: member.actor.user.id, name: member.actor.user.name } };
  let name: string | null = null;
  try {
    name = slackPersonOf((await api.usersInfo(slackUserId)).user).name;
  } catch (err) {
    logSlackFailure("users.info", err);
  }
  return { member: null, author: { userId: null, name: name ?? "Someone in Slack" } satisfies CommentAuthor };
}

/** Fetches each shared file with the bot token and attaches it as the member; one refused file skips only itself. */
async function attachSharedFiles(member: MemberCtx, api: SlackWebApi, taskId: string, files: SharedFile[]) {
  for (const file of files) {
    // Too big for a task: not even downloaded (attachFile says the same of any upload).
    if (file.size > FILE_MAX_BYTES) {
      console.warn("slack thread file skipped: too_large");
      continue;
    }
    try {
      const res = await api.downloadFile(file.url);
      await attachFile(member, taskId, {
        name: file.name,
        type: file.mimetype,
        size: file.size,
        body: res.body!,
        source: "slack",
      });
    } catch (err) {
      if (isAppError(err)) console.warn(`slack thread file refused: ${err.code}`);
      else logSlackFailure("thread file", err);
    }
  }
}

/** `message` events in the bot's channels: replies, edits and deletions in a task's thread, after the ack. */
export const syncThreadMessage: SlackHandler<EventEnvelope> = async (ctx, envelope) => {
  const message = threadMessageOf(ctx, envelope);
  if (message.kind === "ignore" || !message.channel) return {};
  const channel = message.channel;
  return {
    later: async () => {
      try {
        // Only a thread of a task of this workspace: the installation that received the event names it.
        const task = await findTaskByThread(ctx.db, ctx.workspace.id, channel, message.threadTs);
        if (!task) return;
        const workspaceId = ctx.workspace.id;
        if (message.kind === "delete")
          return void (await deleteThreadComment(ctx, workspaceId, task.taskId, message.ts));
        const mentioned = await mentionedMembers(ctx, message.text);
        const body = fitComment(slackReplyToCommentText(message.text, mentioned.nameOf));
        if (message.kind === "edit") {
          // An edit that empties the text leaves the comment as it was (a comment cannot be empty).
          if (body) await editThreadComment(ctx, workspaceId, task.taskId, { slackTs: message.ts, body });
          return;
        }
        const api = await requireBotApi(ctx);
        const { member, author } = await authorOf(ctx, api, message.user);
        if (body) {
          try {
            await addComment(member ?? ctx, task.taskId, { body, author, source: "slack", slackTs: message.ts });
          } catch (err) {
            // The same reply delivered again under another event id: kept once already.
            if (isDuplicate(err)) return;
            throw err;
          }
        }
        if (message.files.length && member) await attachSharedFiles(member, api, task.taskId, message.files);
      } catch (err) {
        if (isAppError(err)) console.warn(`slack thread ${message.kind} refused: ${err.code}`);
        else logSlackFailure(`thread ${message.kind}`, err);
      }
    },
  };
};

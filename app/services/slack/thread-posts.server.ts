import type { TaskCommentRow } from "~/db/schema";
import { commentToSlackText } from "~/integrations/slack/threads";
import { errorSummary } from "~/lib/log";
import { secretKeys } from "~/lib/secrets.server";
import * as commentModel from "~/models/comments";
import * as slackModel from "~/models/slack";
import { taskSlackMessageOf } from "~/models/task-slack-messages";
import type { Ctx } from "~/services/context.server";
import { botApi } from "./setup.server";

/**
 * Cueboard's comments in the task's Slack thread (ADR 041): a comment written on Cueboard (page, API, Slack's reply
 * modal) is posted into the thread of the message the task was made from, as the bot ("*Ana* on Cueboard: …");
 * its edit updates that message and its deletion removes it. All of it runs after the response; a Slack failure
 * is logged (kind and code only) and never fails the comment.
 */

type ThreadChange =
  | { kind: "post"; comment: Pick<TaskCommentRow, "id" | "taskId" | "authorName" | "body"> }
  | { kind: "update"; comment: Pick<TaskCommentRow, "taskId" | "authorName" | "body" | "slackTs"> }
  | { kind: "delete"; comment: Pick<TaskCommentRow, "taskId" | "slackTs"> };

/** The task's thread and the bot that may post in it; null when the task has none or Slack is not installed. */
async function threadOf(ctx: Ctx, workspaceId: string, taskId: string) {
  const [[message], found] = await Promise.all([
    taskSlackMessageOf(ctx.db, workspaceId, taskId),
    slackModel.findSlackAppByWorkspace(ctx.db, workspaceId),
  ]);
  // A thread of another Slack team (the app was reinstalled elsewhere) is not this bot's to post in.
  if (!message || !found?.app.teamId || found.app.teamId !== message.teamId) return null;
  const api = await botApi(ctx, await secretKeys(ctx.env), found.app);
  return api ? { api, channel: message.channelId, threadTs: message.threadTs } : null;
}

async function applyToThread(ctx: Ctx, workspaceId: string, change: ThreadChange) {
  if (change.kind !== "post" && !change.comment.slackTs) return;
  const thread = await threadOf(ctx, workspaceId, change.comment.taskId);
  if (!thread) return;
  const { api, channel } = thread;
  if (change.kind === "post") {
    const { comment } = change;
    const posted = await api.postMessage({
      channel,
      thread_ts: thread.threadTs,
      text: commentToSlackText(comment.authorName, comment.body),
    });
    // Remembered so the message can follow the comment's edits, and never comes back as a comment.
    await commentModel.setCommentSlackTsStatement(ctx.db, workspaceId, comment.id, posted.ts);
  } else if (change.kind === "update") {
    const { comment } = change;
    await api.updateMessage({
      channel,
      ts: comment.slackTs!,
      text: commentToSlackText(comment.authorName, comment.body),
    });
  } else {
    await api.deleteMessage({ channel, ts: change.comment.slackTs! });
  }
}

/** Tells the task's Slack thread of a comment change, after the response; never throws. */
export function syncCommentToThread(ctx: Ctx, workspaceId: string, change: ThreadChange) {
  ctx.waitUntil(
    applyToThread(ctx, workspaceId, change).catch((err) =>
      console.warn(`slack thread ${change.kind} failed: ${errorSummary(err)}`),
    ),
  );
}

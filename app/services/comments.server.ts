import type { BatchItem } from "drizzle-orm/batch";
import type { ChangeSource, TaskCommentRow, TaskRow, WorkspaceRow } from "~/db/schema";
import {
  COMMENTS_PAGE_MAX,
  commentBodyField,
  commentExcerpt,
  findMentions,
  type CommentChange,
  type Mention,
} from "~/domain/comments";
import { badRequest, forbidden, notFound } from "~/domain/errors";
import { statusLabel } from "~/domain/labels";
import { mentionMessage } from "~/domain/slack-blocks";
import { newId } from "~/lib/crypto";
import { secretKeys } from "~/lib/secrets.server";
import { SlackApiError } from "~/integrations/slack/web-api";
import * as commentModel from "~/models/comments";
import * as reminderModel from "~/models/reminders";
import * as slackModel from "~/models/slack";
import * as historyModel from "~/models/task-history";
import * as taskModel from "~/models/tasks";
import * as teamModel from "~/models/teams";
import type { Actor, ActorCtx, Ctx } from "./context.server";
import { notifyUnread } from "./notifications.server";
import { appOrigin } from "./reminders.server";
import { botApi } from "./slack/setup.server";
import { sendWebhookEvent } from "./webhooks.server";
import { syncCommentToThread } from "./slack/thread-posts.server";

/**
 * Comments on a task with @mentions, and following (ADR 038), for the task page, the API and Slack alike. A comment
 * is plain text; a member it mentions is notified once (in the app, and by Slack DM when their Slack is linked);
 * the task's followers hear of new comments and of status changes. Each change is in the task's history and told to
 * the task's open pages.
 */

/** Who writes a comment: the acting member, or (Slack's thread sync) a Slack display name with no member behind it. */
export interface CommentAuthor {
  userId: string | null;
  name: string;
}

/** The context a comment is added in: a member acting, or a Slack delivery for the workspace (`author` given). */
export type CommentCtx = ActorCtx | (Ctx & { workspace: Pick<WorkspaceRow, "id">; actor?: undefined });

export interface NewComment {
  body: string;
  /** Defaults to the acting member. */
  author?: CommentAuthor;
  /** Where it was written (web unless said); the thread sync does not echo a `slack` comment back to Slack. */
  source?: ChangeSource;
  /** The Slack message it is (a thread reply), so a redelivered reply adds nothing. */
  slackTs?: string | null;
}

export function toCommentDto(row: TaskCommentRow, viewer?: Pick<Actor, "user" | "role">) {
  const own = Boolean(viewer && row.authorUserId === viewer.user.id);
  return {
    id: row.id,
    taskId: row.taskId,
    author: { userId: row.authorUserId, name: row.authorName },
    body: row.body,
    /** The members it mentions, each with their name as the text spells it. */
    mentions: row.mentions,
    source: row.source,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    /** When its text was last changed; null if never. */
    editedAt: row.editedAt,
    /** Authors edit their own; authors and owners delete. */
    canEdit: own,
    canDelete: own || viewer?.role === "owner",
  };
}
export type CommentDto = ReturnType<typeof toCommentDto>;

/** A comment's text checked here, so the page, the API and Slack refuse the same things in the same words. */
function checkedBody(body: unknown) {
  const result = commentBodyField.safeParse(body);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? "Check the comment";
  throw badRequest(message, { body: [message] });
}

const commentNotFound = () => notFound("Comment not found");

const runBatch = (db: Ctx["db"], statements: BatchItem<"sqlite">[]) =>
  db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);

/** The task, read alone; another workspace's (or a deleted one) is `not_found`. */
async function requireTask(ctx: Pick<Ctx, "db">, workspaceId: string, taskId: string) {
  const [task] = await taskModel.getTask(ctx.db, workspaceId, taskId);
  if (!task) throw notFound("Task not found");
  return task;
}

/**
 * A task's newest comments (at most `limit`, ≤ COMMENTS_PAGE_MAX), oldest first as a conversation reads; with
 * `before`, the ones written before that comment. `hasOlder` says whether more are before them. One round trip.
 */
export async function listTaskComments(ctx: ActorCtx, taskId: string, input: { limit?: number; before?: string } = {}) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const limit = Math.min(Math.max(input.limit ?? COMMENTS_PAGE_MAX, 1), COMMENTS_PAGE_MAX);
  const [[task], cursor, [choice], rows] = await db.batch([
    taskModel.getTask(db, workspaceId, taskId),
    commentModel.getComment(db, workspaceId, taskId, input.before ?? ""),
    commentModel.followOf(db, workspaceId, taskId, ctx.actor.user.id),
    commentModel.listComments(db, workspaceId, taskId, limit + 1, input.before),
  ]);
  if (!task) throw notFound("Task not found");
  if (input.before && cursor.length === 0) throw commentNotFound();
  return {
    comments: rows
      .slice(0, limit)
      .reverse()
      .map((row) => toCommentDto(row, ctx.actor)),
    hasOlder: rows.length > limit,
    following: follows(task, ctx.actor.user.id, choice?.state),
  };
}
export type TaskComments = Awaited<ReturnType<typeof listTaskComments>>;

/** Whether a member follows a task: their own choice, else whether they created it or own it. */
function follows(task: Pick<TaskRow, "createdBy" | "assigneeId">, userId: string, choice?: "followed" | "unfollowed") {
  if (choice) return choice === "followed";
  return task.createdBy === userId || task.assigneeId === userId;
}

const quoted = (title: string) => `“${title.length > 60 ? `${title.slice(0, 59)}…` : title}”`;

/**
 * The statements that tell people of a comment, for its batch: the newly mentioned get a `mentioned` notice (and
 * follow the task), the other followers a `comment` notice when `toFollowers`. Nobody hears of their own comment.
 */
function commentNotices(
  ctx: Ctx,
  input: {
    workspaceId: string;
    task: TaskRow;
    author: CommentAuthor;
    excerpt: string;
    mentioned: readonly string[];
    toFollowers: boolean;
  },
) {
  const { workspaceId, task, author, excerpt } = input;
  const createdAt = ctx.now.toISOString();
  const mentioned = input.mentioned.filter((id) => id !== author.userId);
  const statements: BatchItem<"sqlite">[] = [];
  for (const userId of mentioned) {
    statements.push(
      commentModel.autoFollowStatement(ctx.db, { workspaceId, taskId: task.id, userId, at: createdAt }),
      reminderModel.insertNoticeStatement(ctx.db, {
        id: newId(),
        workspaceId,
        userId,
        taskId: task.id,
        kind: "mentioned",
        text: `${author.name} mentioned you on ${quoted(task.title)}: ${excerpt}`,
        createdAt,
      }),
    );
  }
  if (input.toFollowers) {
    statements.push(
      commentModel.followerNoticesStatement(ctx.db, {
        workspaceId,
        taskId: task.id,
        kind: "comment",
        text: `${author.name} commented on ${quoted(task.title)}: ${excerpt}`,
        createdAt,
        exclude: [...(author.userId ? [author.userId] : []), ...mentioned],
      }),
    );
  }
  return { statements, mentioned };
}

/** A history entry for a comment, by its author (who may be a Slack name without a member). */
function commentEvent(
  ctx: Ctx,
  input: { workspaceId: string; taskId: string; author: CommentAuthor; source: ChangeSource; change: CommentChange },
) {
  return historyModel.insertEventStatement(ctx.db, {
    id: newId(),
    workspaceId: input.workspaceId,
    taskId: input.taskId,
    kind: "comment",
    changes: input.change as historyModel.NewTaskEvent["changes"],
    actorId: input.author.userId,
    actorName: input.author.name,
    source: input.source,
    createdAt: ctx.now.toISOString(),
  });
}

/** Tells the task's open pages its comments changed, and each notified member their unread count. */
function announce(ctx: Ctx, workspaceId: string, taskId: string, notified: Iterable<string>) {
  ctx.live?.publish(workspaceId, async () => ({ type: "comments", taskId }));
  for (const userId of new Set(notified)) notifyUnread(ctx, workspaceId, userId);
}

/** Members notified by the follower notices' results (the rows each statement wrote, with their `userId`). */
function notifiedIn(results: readonly unknown[]) {
  return results.flatMap((rows) =>
    Array.isArray(rows)
      ? rows.flatMap((r: { userId?: string }) => (r && typeof r.userId === "string" ? [r.userId] : []))
      : [],
  );
}

/**
 * Adds a comment to a task. Its mentions are resolved against the workspace's members (findMentions); the author
 * and the mentioned follow the task; the mentioned are notified once (and DMed in Slack when linked), the other
 * followers told of a new comment. Returns the comment as its author sees it.
 */
export async function addComment(ctx: CommentCtx, taskId: string, input: NewComment) {
  const { db } = ctx;
  const workspaceId = ctx.actor ? ctx.actor.workspace.id : ctx.workspace.id;
  const author = input.author ?? (ctx.actor ? { userId: ctx.actor.user.id, name: ctx.actor.user.name } : null);
  if (!author) throw badRequest("A comment needs an author");
  const source = input.source ?? ctx.actor?.source ?? "web";
  const body = checkedBody(input.body);
  const [[task], memberRows] = await db.batch([
    taskModel.getTask(db, workspaceId, taskId),
    teamModel.listMembersToMatch(db, workspaceId),
  ]);
  if (!task) throw notFound("Task not found");
  const mentions = findMentions(
    body,
    memberRows.map((m) => ({ id: m.userId, name: m.name })),
  );
  const nowIso = ctx.now.toISOString();
  const excerpt = commentExcerpt(body);
  const notices = commentNotices(ctx, {
    workspaceId,
    task,
    author,
    excerpt,
    mentioned: mentions.map((m) => m.userId),
    toFollowers: true,
  });
  const row = {
    id: newId(),
    workspaceId,
    taskId: task.id,
    authorUserId: author.userId,
    authorName: author.name,
    body,
    mentions,
    notified: notices.mentioned,
    source,
    slackTs: input.slackTs ?? null,
    createdAt: nowIso,
    updatedAt: nowIso,
    editedAt: null,
  };
  const statements: BatchItem<"sqlite">[] = [commentModel.insertCommentStatement(db, row)];
  if (author.userId) {
    statements.push(
      commentModel.autoFollowStatement(db, { workspaceId, taskId: task.id, userId: author.userId, at: nowIso }),
    );
  }
  statements.push(
    ...notices.statements,
    commentEvent(ctx, { workspaceId, taskId: task.id, author, source, change: { comment: [null, body] } }),
  );
  const results = await runBatch(db, statements);
  const [added] = results[0] as TaskCommentRow[];
  if (!added) throw notFound("Task not found");
  // The mentioned by name (their notices return only an id), the followers from their statement's rows.
  announce(ctx, workspaceId, task.id, [...notices.mentioned, ...notifiedIn(results.slice(1))]);
  const { canEdit: _, canDelete: __, ...comment } = toCommentDto(added);
  sendWebhookEvent(ctx, ctx.actor ? ctx.actor.workspace : ctx.workspace, "comment.created", {
    comment,
    task: { id: task.id, title: task.title },
  });
  // A reply from the task's thread is already in Slack, where its mentions were notified; anything else is posted
  // into the thread (ADR 041).
  if (!input.slackTs) {
    sendMentionDms(ctx, { workspaceId, task, author, excerpt, userIds: notices.mentioned });
    syncCommentToThread(ctx, workspaceId, { kind: "post", comment: added });
  }
  return toCommentDto(added, ctx.actor);
}

/** The comment, read with its task; unknown ones (or another workspace's) are `not_found`. */
async function requireComment(ctx: ActorCtx, taskId: string, commentId: string) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const [[task], [comment]] = await db.batch([
    taskModel.getTask(db, workspaceId, taskId),
    commentModel.getComment(db, workspaceId, taskId, commentId),
  ]);
  if (!task) throw notFound("Task not found");
  if (!comment) throw commentNotFound();
  return { task, comment };
}

/**
 * Changes a comment's text: its author only. Members it now mentions who were never notified of it are notified
 * (once); nobody else hears of an edit, which the history records. Its copy in the task's Slack thread follows.
 */
export async function editComment(ctx: ActorCtx, taskId: string, commentId: string, input: { body: string }) {
  const body = checkedBody(input.body);
  const [{ task, comment }, memberRows] = await Promise.all([
    requireComment(ctx, taskId, commentId),
    teamModel.listMembersToMatch(ctx.db, ctx.actor.workspace.id),
  ]);
  if (comment.authorUserId !== ctx.actor.user.id) throw forbidden("Only its author can edit a comment");
  if (body === comment.body) return toCommentDto(comment, ctx.actor);
  const author = { userId: ctx.actor.user.id, name: ctx.actor.user.name };
  const updated = await applyEdit(ctx, ctx.actor.workspace.id, memberRows, {
    task,
    comment,
    author,
    body,
    source: ctx.actor.source ?? "web",
  });
  syncCommentToThread(ctx, ctx.actor.workspace.id, { kind: "update", comment: updated });
  return toCommentDto(updated, ctx.actor);
}

/** Writes a comment's new text, its new mentions' notices and the history entry; returns the row. */
async function applyEdit(
  ctx: Ctx,
  workspaceId: string,
  memberRows: ReadonlyArray<{ userId: string; name: string }>,
  input: {
    task: TaskRow;
    comment: TaskCommentRow;
    author: CommentAuthor;
    body: string;
    source: ChangeSource;
    /** An edit made in the Slack thread: Slack notified its mentions itself, so no Slack DM. */
    inThread?: boolean;
  },
) {
  const { db } = ctx;
  const { task, comment, author, body } = input;
  const mentions: Mention[] = findMentions(
    body,
    memberRows.map((m) => ({ id: m.userId, name: m.name })),
  );
  const already = new Set(comment.notified);
  const excerpt = commentExcerpt(body);
  const notices = commentNotices(ctx, {
    workspaceId,
    task,
    author,
    excerpt,
    mentioned: mentions.map((m) => m.userId).filter((id) => !already.has(id)),
    toFollowers: false,
  });
  const nowIso = ctx.now.toISOString();
  const results = await runBatch(db, [
    commentModel.updateCommentStatement(db, workspaceId, task.id, comment.id, {
      body,
      mentions,
      notified: [...already, ...notices.mentioned],
      updatedAt: nowIso,
      editedAt: nowIso,
    }),
    ...notices.statements,
    commentEvent(ctx, {
      workspaceId,
      taskId: task.id,
      author,
      source: input.source,
      change: { comment: [comment.body, body] },
    }),
  ]);
  const [updated] = results[0] as TaskCommentRow[];
  if (!updated) throw commentNotFound();
  // The mentioned by name (their notices return only an id), the followers from their statement's rows.
  announce(ctx, workspaceId, task.id, [...notices.mentioned, ...notifiedIn(results.slice(1))]);
  if (!input.inThread) sendMentionDms(ctx, { workspaceId, task, author, excerpt, userIds: notices.mentioned });
  return updated;
}

/** Removes a comment: its author, or an owner of the workspace. Returns what it was; its thread copy goes too. */
export async function deleteComment(ctx: ActorCtx, taskId: string, commentId: string) {
  const workspaceId = ctx.actor.workspace.id;
  const { task, comment } = await requireComment(ctx, taskId, commentId);
  if (comment.authorUserId !== ctx.actor.user.id && ctx.actor.role !== "owner") {
    throw forbidden("Only its author or a workspace owner can delete a comment");
  }
  const author = { userId: ctx.actor.user.id, name: ctx.actor.user.name };
  const removed = await applyDelete(ctx, workspaceId, { task, comment, author, source: ctx.actor.source ?? "web" });
  syncCommentToThread(ctx, workspaceId, { kind: "delete", comment: removed });
  return toCommentDto(removed, ctx.actor);
}

async function applyDelete(
  ctx: Ctx,
  workspaceId: string,
  input: { task: TaskRow; comment: TaskCommentRow; author: CommentAuthor; source: ChangeSource },
) {
  const { task, comment, author } = input;
  const results = await runBatch(ctx.db, [
    commentModel.deleteCommentStatement(ctx.db, workspaceId, task.id, comment.id),
    commentEvent(ctx, {
      workspaceId,
      taskId: task.id,
      author,
      source: input.source,
      change: { comment: [comment.body, null] },
    }),
  ]);
  const [removed] = results[0] as TaskCommentRow[];
  if (!removed) throw commentNotFound();
  announce(ctx, workspaceId, task.id, []);
  return removed;
}

/** The comment a thread message became, with its task; null when there is none (never kept, or deleted). */
async function findThreadComment(ctx: Ctx, workspaceId: string, taskId: string, slackTs: string) {
  const [[task], [comment]] = await ctx.db.batch([
    taskModel.getTask(ctx.db, workspaceId, taskId),
    commentModel.getCommentBySlackTs(ctx.db, workspaceId, taskId, slackTs),
  ]);
  return task && comment ? { task, comment } : null;
}

/**
 * A thread reply edited in Slack (ADR 041): its comment takes the new text, by the same author, with the usual
 * checks (an edit Cueboard refuses, such as an empty one, is refused). Returns the comment, or null when the reply
 * never became one.
 */
export async function editThreadComment(
  ctx: Ctx,
  workspaceId: string,
  taskId: string,
  input: { slackTs: string; body: string },
) {
  const [found, memberRows] = await Promise.all([
    findThreadComment(ctx, workspaceId, taskId, input.slackTs),
    teamModel.listMembersToMatch(ctx.db, workspaceId),
  ]);
  if (!found) return null;
  const body = checkedBody(input.body);
  if (body === found.comment.body) return toCommentDto(found.comment);
  const author = { userId: found.comment.authorUserId, name: found.comment.authorName };
  return toCommentDto(
    await applyEdit(ctx, workspaceId, memberRows, { ...found, author, body, source: "slack", inThread: true }),
  );
}

/** A thread reply deleted in Slack (ADR 041): its comment goes too. Returns it, or null when there is none. */
export async function deleteThreadComment(ctx: Ctx, workspaceId: string, taskId: string, slackTs: string) {
  const found = await findThreadComment(ctx, workspaceId, taskId, slackTs);
  if (!found) return null;
  const author = { userId: found.comment.authorUserId, name: found.comment.authorName };
  return toCommentDto(await applyDelete(ctx, workspaceId, { ...found, author, source: "slack" }));
}

/** Follow or Unfollow: the caller's choice about a task, which sticks (commenting later does not undo an Unfollow). */
export async function setFollowing(ctx: ActorCtx, taskId: string, follow: boolean) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const task = await requireTask(ctx, workspaceId, taskId);
  await commentModel.setFollowStatement(db, {
    workspaceId,
    taskId: task.id,
    userId: ctx.actor.user.id,
    state: follow ? "followed" : "unfollowed",
    at: ctx.now.toISOString(),
  });
  return { following: follow };
}

/**
 * The notices of a status change for the task's followers (not the one who changed it), for the change's own batch;
 * `announce` tells each notified member's open pages after it (results: what the statement returned).
 */
export function statusChangeNotices(ctx: ActorCtx, task: Pick<TaskRow, "id" | "title">, status: string) {
  const workspaceId = ctx.actor.workspace.id;
  const statement = commentModel.followerNoticesStatement(ctx.db, {
    workspaceId,
    taskId: task.id,
    kind: "status",
    text: `${ctx.actor.user.name} moved ${quoted(task.title)} to ${statusLabel(status)}`,
    createdAt: ctx.now.toISOString(),
    exclude: [ctx.actor.user.id],
  });
  const announce = (rows: unknown) => {
    for (const userId of notifiedIn([rows])) notifyUnread(ctx, workspaceId, userId);
  };
  return { statement, announce };
}

/** How many task titles a notice for several tasks names before "and N more". */
const TITLES_NAMED = 2;

/**
 * The notices of a bulk status change (the list's bulk bar) for the followers of the tasks that changed, one per
 * member however many of their tasks moved ("Sam moved 12 tasks you follow to Completed: “A”, “B” and 10 more"),
 * for the change's batch. Reads the followers first (one query).
 */
export async function bulkStatusNotices(
  ctx: ActorCtx,
  tasks: ReadonlyArray<Pick<TaskRow, "id" | "title">>,
  status: string,
) {
  const workspaceId = ctx.actor.workspace.id;
  const none = { statements: [] as BatchItem<"sqlite">[], announce: () => {} };
  if (tasks.length === 0) return none;
  const rows = await commentModel.listFollowersOf(
    ctx.db,
    workspaceId,
    tasks.map((t) => t.id),
    ctx.actor.user.id,
  );
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  const byMember = new Map<string, string[]>();
  for (const { taskId, userId } of rows) byMember.set(userId, [...(byMember.get(userId) ?? []), taskId]);
  const who = ctx.actor.user.name;
  const to = statusLabel(status);
  const statements: BatchItem<"sqlite">[] = [...byMember].map(([userId, ids]) => {
    const named = ids.slice(0, TITLES_NAMED).map((id) => quoted(titles.get(id) ?? ""));
    const more = ids.length - named.length;
    const text =
      ids.length === 1
        ? `${who} moved ${named[0]} to ${to}`
        : `${who} moved ${ids.length} tasks you follow to ${to}: ${named.join(", ")}${more ? ` and ${more} more` : ""}`;
    return reminderModel.insertNoticeStatement(ctx.db, {
      id: newId(),
      workspaceId,
      userId,
      taskId: ids.length === 1 ? ids[0] : null,
      kind: "status",
      text,
      createdAt: ctx.now.toISOString(),
    });
  });
  const announce = () => {
    for (const userId of byMember.keys()) notifyUnread(ctx, workspaceId, userId);
  };
  return { statements, announce };
}

/**
 * Slack DMs to the members a comment newly mentions whose Slack is linked, after the response: what was said, with
 * 'Open' (the task) and 'Reply' (a modal whose text is added as their comment). A failure is logged and dropped:
 * the in-app notice is already written.
 */
function sendMentionDms(
  ctx: Ctx,
  input: { workspaceId: string; task: TaskRow; author: CommentAuthor; excerpt: string; userIds: readonly string[] },
) {
  if (input.userIds.length === 0) return;
  ctx.waitUntil(
    (async () => {
      const found = await slackModel.findSlackAppByWorkspace(ctx.db, input.workspaceId);
      if (!found?.app.teamId) return;
      const [links, api] = await Promise.all([
        slackModel.listSlackLinksOfMembers(ctx.db, input.workspaceId, input.userIds),
        botApi(ctx, await secretKeys(ctx.env), found.app),
      ]);
      if (!api) return;
      const message = mentionMessage({
        taskId: input.task.id,
        taskTitle: input.task.title,
        authorName: input.author.name,
        excerpt: input.excerpt,
        appUrl: appOrigin(ctx.env),
      });
      for (const link of links) {
        if (link.slackTeamId !== found.app.teamId) continue;
        try {
          await api.postMessage({ channel: link.slackUserId, ...message });
        } catch (err) {
          console.warn(`mention DM failed: ${err instanceof SlackApiError ? err.code : "unknown"}`);
        }
      }
    })().catch((err) => console.warn(`mention DMs failed: ${err instanceof Error ? err.name : "unknown"}`)),
  );
}

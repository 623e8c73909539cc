import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client";
import { memberships, notifications, taskComments, taskFollowers, tasks, type TaskCommentRow } from "~/db/schema";
import { insertIf } from "./insert-if";

/** Comments on tasks and who follows them (ADR 038). Every statement is batchable and scoped to one workspace. */

const comments = taskComments;
const followers = taskFollowers;

/** The task `taskId` of `workspaceId`, as a condition. */
const taskIsTheirs = (workspaceId: string, taskId: string) =>
  sql`EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${taskId} AND ${tasks.workspaceId} = ${workspaceId})`;

/**
 * A task's newest comments, newest first, at most `limit` (read one more to know whether older ones exist). With
 * `beforeId` (a comment of the task), only the ones written before it.
 */
export function listComments(db: Db, workspaceId: string, taskId: string, limit: number, beforeId?: string) {
  const older = beforeId
    ? sql`(${comments.createdAt}, ${comments.id}) < (SELECT c.created_at, c.id FROM ${comments} c WHERE c.id = ${beforeId} AND c.task_id = ${taskId})`
    : undefined;
  return db
    .select()
    .from(comments)
    .where(and(eq(comments.workspaceId, workspaceId), eq(comments.taskId, taskId), older))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}

/** One comment of one task, as zero or one rows. */
export function getComment(db: Db, workspaceId: string, taskId: string, commentId: string) {
  return db
    .select()
    .from(comments)
    .where(and(eq(comments.workspaceId, workspaceId), eq(comments.taskId, taskId), eq(comments.id, commentId)))
    .limit(1);
}

/** Adds a comment while its task is the workspace's: `[row]`, or `[]` when the task went meanwhile. */
export function insertCommentStatement(db: Db, row: typeof comments.$inferInsert) {
  return insertIf(db, comments, row, taskIsTheirs(row.workspaceId, row.taskId)).returning();
}

export function updateCommentStatement(
  db: Db,
  workspaceId: string,
  taskId: string,
  commentId: string,
  changes: Partial<Pick<TaskCommentRow, "body" | "mentions" | "notified" | "updatedAt" | "editedAt">>,
) {
  return db
    .update(comments)
    .set(changes)
    .where(and(eq(comments.workspaceId, workspaceId), eq(comments.taskId, taskId), eq(comments.id, commentId)))
    .returning();
}

export function deleteCommentStatement(db: Db, workspaceId: string, taskId: string, commentId: string) {
  return db
    .delete(comments)
    .where(and(eq(comments.workspaceId, workspaceId), eq(comments.taskId, taskId), eq(comments.id, commentId)))
    .returning();
}

const isMemberSql = (workspaceId: string, userId: string) =>
  sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.workspaceId} = ${workspaceId} AND ${memberships.userId} = ${userId})`;

/**
 * A member follows a task because they took part (commented, were mentioned): written only if they have no row yet,
 * so an earlier Unfollow sticks. Only for a member, and only while the task is the workspace's.
 */
export function autoFollowStatement(db: Db, row: { workspaceId: string; taskId: string; userId: string; at: string }) {
  const { workspaceId, taskId, userId, at } = row;
  return insertIf(
    db,
    followers,
    { workspaceId, taskId, userId, state: "followed", updatedAt: at },
    sql`${isMemberSql(workspaceId, userId)} AND ${taskIsTheirs(workspaceId, taskId)}`,
  ).onConflictDoNothing();
}

/** Follow or Unfollow pressed: the member's choice, replacing any earlier one. */
export function setFollowStatement(
  db: Db,
  row: { workspaceId: string; taskId: string; userId: string; state: "followed" | "unfollowed"; at: string },
) {
  const { workspaceId, taskId, userId, state, at } = row;
  return insertIf(
    db,
    followers,
    { workspaceId, taskId, userId, state, updatedAt: at },
    sql`${isMemberSql(workspaceId, userId)} AND ${taskIsTheirs(workspaceId, taskId)}`,
  ).onConflictDoUpdate({ target: [followers.taskId, followers.userId], set: { state, updatedAt: at } });
}

/** A member's own choice about a task (zero or one rows). */
export function followOf(db: Db, workspaceId: string, taskId: string, userId: string) {
  return db
    .select({ state: followers.state })
    .from(followers)
    .where(and(eq(followers.workspaceId, workspaceId), eq(followers.taskId, taskId), eq(followers.userId, userId)))
    .limit(1);
}

/**
 * Whether the member `userSql` follows the task `taskSql` (whose row is `tasks` in the query; ADR 038): not
 * unfollowed, and its creator, its owner, or followed by choice (commented, mentioned, pressed Follow).
 */
function followsSql(taskSql: SQL, userSql: SQL) {
  const choice = (state: string) =>
    sql`EXISTS (SELECT 1 FROM ${followers} WHERE ${followers.taskId} = ${taskSql} AND ${followers.userId} = ${userSql} AND ${followers.state} = ${state})`;
  return sql`NOT ${choice("unfollowed")} AND (${userSql} = ${tasks.createdBy} OR ${userSql} = ${tasks.assigneeId} OR ${choice("followed")})`;
}

/**
 * Who follows each of some tasks of a workspace (at most the bulk bar's 200), but not `exclude` (the one who
 * acted): `{taskId, userId}` pairs, for notices grouped per member.
 */
export function listFollowersOf(db: Db, workspaceId: string, taskIds: readonly string[], exclude: string) {
  const member = sql`${memberships.userId}`;
  return db
    .select({ taskId: tasks.id, userId: memberships.userId })
    .from(tasks)
    .innerJoin(memberships, eq(memberships.workspaceId, tasks.workspaceId))
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        sql`${tasks.id} IN (SELECT value FROM json_each(${JSON.stringify(taskIds)}))`,
        sql`${member} <> ${exclude}`,
        followsSql(sql`${tasks.id}`, member),
      ),
    );
}

/**
 * One notification for each member who follows the task, but not those in `exclude` (the one who acted, those
 * told otherwise): a single INSERT … SELECT over the workspace's members, so it joins the change's batch. Returns
 * the members notified.
 */
export function followerNoticesStatement(
  db: Db,
  notice: {
    workspaceId: string;
    taskId: string;
    kind: "comment" | "status";
    text: string;
    createdAt: string;
    exclude: readonly string[];
  },
) {
  const { workspaceId, taskId, kind, text, createdAt } = notice;
  const member = sql`${memberships.userId}`;
  const excluded = sql`(SELECT value FROM json_each(${JSON.stringify(notice.exclude)}))`;
  // The columns in the table's order: id, workspace_id, user_id, task_id, reminder_id, kind, text, created_at, read_at.
  return db
    .insert(notifications)
    .select(
      sql`SELECT lower(hex(randomblob(16))), ${workspaceId}, ${member}, ${taskId}, NULL, ${kind}, ${text}, ${createdAt}, NULL
        FROM ${memberships} JOIN ${tasks} ON ${tasks.id} = ${taskId} AND ${tasks.workspaceId} = ${workspaceId}
        WHERE ${memberships.workspaceId} = ${workspaceId} AND ${member} NOT IN ${excluded} AND ${followsSql(sql`${taskId}`, member)}`,
    )
    .returning({ userId: notifications.userId });
}

/** The comment that is a Slack message of a task's thread (its `slack_ts`), as zero or one rows. */
export function getCommentBySlackTs(db: Db, workspaceId: string, taskId: string, slackTs: string) {
  return db
    .select()
    .from(comments)
    .where(and(eq(comments.workspaceId, workspaceId), eq(comments.taskId, taskId), eq(comments.slackTs, slackTs)))
    .limit(1);
}

/** Remembers the Slack message a comment was posted as (the bot's copy in the task's thread). */
export function setCommentSlackTsStatement(db: Db, workspaceId: string, commentId: string, slackTs: string) {
  return db
    .update(comments)
    .set({ slackTs })
    .where(and(eq(comments.workspaceId, workspaceId), eq(comments.id, commentId)));
}

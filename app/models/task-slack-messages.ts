import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client";
import { taskSlackMessages, tasks, type TaskSlackMessageRow } from "~/db/schema";
import { insertIf } from "./insert-if";
import { taskExists } from "./tasks";

/** The Slack message each task was made from (ADR 040). */

export type NewTaskSlackMessage = Omit<TaskSlackMessageRow, "createdAt">;

/**
 * Remembers a new task's message, in the batch that creates the task: only once the task exists (a limit may have
 * held it back). A second capture of a message breaks the capture index, which fails the whole batch. Batchable.
 */
export function insertTaskSlackMessageStatement(db: Db, row: NewTaskSlackMessage, nowIso: string) {
  return insertIf(db, taskSlackMessages, { ...row, createdAt: nowIso }, taskExists(row.taskId));
}

/** A task's Slack message, as zero or one rows. Batchable. */
export function taskSlackMessageOf(db: Db, workspaceId: string, taskId: string) {
  return db
    .select()
    .from(taskSlackMessages)
    .where(and(eq(taskSlackMessages.workspaceId, workspaceId), eq(taskSlackMessages.taskId, taskId)))
    .limit(1);
}

/**
 * The task a Slack thread belongs to: the first made from a message of that thread that still exists (a mention
 * can make several from one message; the thread's conversation is the first one's). Undefined when none.
 */
export function findTaskByThread(db: Db, workspaceId: string, channelId: string, threadTs: string) {
  return db
    .select({ taskId: taskSlackMessages.taskId, messageTs: taskSlackMessages.messageTs, via: taskSlackMessages.via })
    .from(taskSlackMessages)
    .innerJoin(tasks, and(eq(tasks.id, taskSlackMessages.taskId), eq(tasks.workspaceId, taskSlackMessages.workspaceId)))
    .where(
      and(
        eq(taskSlackMessages.workspaceId, workspaceId),
        eq(taskSlackMessages.channelId, channelId),
        eq(taskSlackMessages.threadTs, threadTs),
      ),
    )
    .orderBy(asc(taskSlackMessages.createdAt), asc(taskSlackMessages.taskId))
    .limit(1)
    .get();
}

/** The task made from one message that still exists, if any: a captured one first, then the oldest. */
export function findTaskOfMessage(db: Db, workspaceId: string, channelId: string, messageTs: string) {
  return db
    .select({ taskId: taskSlackMessages.taskId, title: tasks.title })
    .from(taskSlackMessages)
    .innerJoin(tasks, and(eq(tasks.id, taskSlackMessages.taskId), eq(tasks.workspaceId, taskSlackMessages.workspaceId)))
    .where(
      and(
        eq(taskSlackMessages.workspaceId, workspaceId),
        eq(taskSlackMessages.channelId, channelId),
        eq(taskSlackMessages.messageTs, messageTs),
      ),
    )
    .orderBy(sql`${taskSlackMessages.via} = 'reaction' DESC`, asc(taskSlackMessages.createdAt))
    .limit(1)
    .get();
}

/**
 * Lets a message be captured again once its captured task was deleted: that task's row goes (its undo then brings
 * the task back without the link). Run before the new capture's row, in its batch. Batchable.
 */
export function releaseDeletedCaptureStatement(db: Db, workspaceId: string, channelId: string, messageTs: string) {
  return db
    .delete(taskSlackMessages)
    .where(
      and(
        eq(taskSlackMessages.workspaceId, workspaceId),
        eq(taskSlackMessages.channelId, channelId),
        eq(taskSlackMessages.messageTs, messageTs),
        eq(taskSlackMessages.via, "reaction"),
        sql`NOT EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${taskSlackMessages.taskId})`,
      ),
    );
}

/** Forgets the messages of tasks purged for good (run with the purge of deleted tasks). `list` is a subquery of ids. */
export function purgeTaskSlackMessagesStatement(db: Db, list: SQL) {
  return db
    .delete(taskSlackMessages)
    .where(
      sql`${taskSlackMessages.taskId} IN ${list} AND NOT EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${taskSlackMessages.taskId})`,
    );
}

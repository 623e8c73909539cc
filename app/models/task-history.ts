import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import {
  cues,
  cueTasks,
  deletedTasks,
  taskComments,
  taskDependencies,
  taskEvents,
  taskFollowers,
  tasks,
  type TaskEventRow,
} from "~/db/schema";
import { deletedChecklistSql } from "./checklists";
import { insertIf } from "./insert-if";
import { purgeTaskSlackMessagesStatement } from "./task-slack-messages";
import { taskExists } from "./tasks";

/** A task's history (task_events) and the deleted tasks kept for undo (deleted_tasks). */

export type NewTaskEvent = Omit<TaskEventRow, "changes"> & { changes: TaskEventRow["changes"] };

/** Records an event once its task exists (a create a limit held back records nothing). Batchable. */
export function insertEventStatement(db: Db, event: NewTaskEvent) {
  return insertIf(db, taskEvents, event, taskExists(event.taskId));
}

/** The newest `limit` events of a task, newest first. */
export function listEvents(db: Db, workspaceId: string, taskId: string, limit: number) {
  return db
    .select()
    .from(taskEvents)
    .where(and(eq(taskEvents.workspaceId, workspaceId), eq(taskEvents.taskId, taskId)))
    .orderBy(desc(taskEvents.createdAt), desc(taskEvents.id))
    .limit(limit);
}

/** The edges that point at a task: the tasks waiting on it. */
export function listDependantEdges(db: Db, workspaceId: string, taskId: string) {
  return db
    .select({ taskId: taskDependencies.taskId, dependsOnId: taskDependencies.dependsOnId })
    .from(taskDependencies)
    .where(and(eq(taskDependencies.workspaceId, workspaceId), eq(taskDependencies.dependsOnId, taskId)));
}

/**
 * Keeps a deleted task while it still exists in `tasks` (run before the delete, in the same batch), with the cues
 * it is linked to and its checklist, read by the statement itself: the delete's cascade drops them.
 */
export function insertDeletedStatement(db: Db, row: Omit<typeof deletedTasks.$inferInsert, "cueIds" | "checklist">) {
  const cueIds = sql`(SELECT json_group_array(${cueTasks.cueId}) FROM ${cueTasks} WHERE ${cueTasks.taskId} = ${row.id} AND ${cueTasks.workspaceId} = ${row.workspaceId})`;
  const checklist = deletedChecklistSql(row.workspaceId, row.id);
  return insertIf(db, deletedTasks, { ...row, cueIds, checklist }, taskExists(row.id)).onConflictDoNothing();
}

export function getDeleted(db: Db, workspaceId: string, ids: readonly string[]) {
  return db
    .select()
    .from(deletedTasks)
    .where(
      and(
        eq(deletedTasks.workspaceId, workspaceId),
        sql`${deletedTasks.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
      ),
    );
}

/** Drops a deleted task's undo copy once it is back in `tasks` (not if a limit kept it out). */
export function removeRestoredStatement(db: Db, workspaceId: string, id: string) {
  return db
    .delete(deletedTasks)
    .where(and(eq(deletedTasks.workspaceId, workspaceId), eq(deletedTasks.id, id), taskExists(id)));
}

/** Restores a dependency edge if both of its tasks exist (the other end may have been deleted meanwhile). */
export function restoreEdgeStatement(db: Db, workspaceId: string, taskId: string, dependsOnId: string) {
  return insertIf(
    db,
    taskDependencies,
    { workspaceId, taskId, dependsOnId },
    sql`${taskExists(taskId)} AND ${taskExists(dependsOnId)}`,
  ).onConflictDoNothing();
}

/** Links a restored task to a cue again if both still exist (the cue may have been deleted meanwhile). */
export function restoreCueLinkStatement(db: Db, workspaceId: string, cueId: string, taskId: string) {
  return insertIf(
    db,
    cueTasks,
    { workspaceId, cueId, taskId },
    sql`${taskExists(taskId)} AND EXISTS (SELECT 1 FROM ${cues} WHERE ${cues.id} = ${cueId} AND ${cues.workspaceId} = ${workspaceId})`,
  ).onConflictDoNothing();
}

/** The oldest deleted tasks past `before`, at most `limit` (the purge works in bounded steps). */
export function listExpiredDeleted(db: Db, before: string, limit: number) {
  return db
    .select({ id: deletedTasks.id, workspaceId: deletedTasks.workspaceId })
    .from(deletedTasks)
    .where(lt(deletedTasks.deletedAt, before))
    .orderBy(asc(deletedTasks.deletedAt))
    .limit(limit);
}

/** Forgets deleted tasks for good, with their history and Slack message. `ids` go as one JSON parameter. */
export function purgeStatements(db: Db, ids: readonly string[]) {
  const list = sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
  return [
    db
      .delete(taskEvents)
      .where(
        sql`${taskEvents.taskId} IN ${list} AND NOT EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${taskEvents.taskId})`,
      ),
    // Its conversation and followers (ADR 038) go with it; a task restored meanwhile keeps them.
    db
      .delete(taskComments)
      .where(
        sql`${taskComments.taskId} IN ${list} AND NOT EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${taskComments.taskId})`,
      ),
    db
      .delete(taskFollowers)
      .where(
        sql`${taskFollowers.taskId} IN ${list} AND NOT EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${taskFollowers.taskId})`,
      ),
    purgeTaskSlackMessagesStatement(db, list),
    db.delete(deletedTasks).where(sql`${deletedTasks.id} IN ${list}`),
  ] as const;
}

/** What one person changed at one instant (one request's batch): the handle an 'Undo' carries. */
export function listEventsAt(db: Db, workspaceId: string, actorId: string, at: string, limit: number) {
  return db
    .select()
    .from(taskEvents)
    .where(and(eq(taskEvents.workspaceId, workspaceId), eq(taskEvents.actorId, actorId), eq(taskEvents.createdAt, at)))
    .limit(limit);
}

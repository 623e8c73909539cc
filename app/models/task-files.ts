import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client";
import { taskFiles, tasks, type TaskFileRow } from "~/db/schema";
import { insertIf } from "./insert-if";

/** Files on tasks (ADR 039): the rows; the bytes are R2's. Every statement is batchable and scoped to a workspace. */

const files = taskFiles;

/** Where a file's bytes are in the bucket: ids only, never a name someone typed. */
export const objectKey = (file: Pick<TaskFileRow, "workspaceId" | "id">) => `${file.workspaceId}/${file.id}`;

const taskIsTheirs = (workspaceId: string, taskId: string | SQL) =>
  sql`EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${taskId} AND ${tasks.workspaceId} = ${workspaceId})`;

/** A task's files, newest first, at most `limit` (a task holds at most FILES_PER_TASK_MAX). */
export function listFiles(db: Db, workspaceId: string, taskId: string, limit: number) {
  return db
    .select()
    .from(files)
    .where(and(eq(files.workspaceId, workspaceId), eq(files.taskId, taskId)))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(limit);
}

/** One file of the workspace whose task exists (a deleted task's files wait for its undo, unseen), as 0 or 1 rows. */
export function getFile(db: Db, workspaceId: string, fileId: string) {
  return db
    .select()
    .from(files)
    .where(
      and(eq(files.workspaceId, workspaceId), eq(files.id, fileId), taskIsTheirs(workspaceId, sql`${files.taskId}`)),
    )
    .limit(1);
}

/** Bytes the workspace's files take, deleted tasks' included (read from the storage index alone). */
export function storageUsed(db: Db, workspaceId: string) {
  return db
    .select({ used: sql<number>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.workspaceId, workspaceId));
}

/** How many files a task has. */
export function countFiles(db: Db, workspaceId: string, taskId: string) {
  return db
    .select({ files: sql<number>`count(*)` })
    .from(files)
    .where(and(eq(files.workspaceId, workspaceId), eq(files.taskId, taskId)));
}

/**
 * Records an uploaded file while its task is the workspace's, holds fewer than `perTask` files and the workspace's
 * files plus this one fit in `quota` bytes: the checks and the insert are one statement, so two uploads at once
 * cannot pass a bound together. Resolves to `[row]` when recorded, `[]` when a bound (or a deleted task) held it back.
 */
export function insertFileStatement(db: Db, row: TaskFileRow, bounds: { quota: number; perTask: number }) {
  const onTask = sql`(SELECT count(*) FROM ${files} WHERE ${files.workspaceId} = ${row.workspaceId} AND ${files.taskId} = ${row.taskId})`;
  const used = sql`(SELECT coalesce(sum(${files.size}), 0) FROM ${files} WHERE ${files.workspaceId} = ${row.workspaceId})`;
  return insertIf(
    db,
    files,
    row,
    sql`${taskIsTheirs(row.workspaceId, row.taskId)} AND ${onTask} < ${bounds.perTask} AND ${used} + ${row.size} <= ${bounds.quota}`,
  ).returning();
}

export function deleteFileStatement(db: Db, workspaceId: string, fileId: string) {
  return db
    .delete(files)
    .where(and(eq(files.workspaceId, workspaceId), eq(files.id, fileId)))
    .returning();
}

/** Files of tasks that are gone from `tasks` (purged from the deleted ones), at most `limit`. `taskIds` as one JSON parameter. */
export function listFilesOfGoneTasks(db: Db, taskIds: readonly string[], limit: number) {
  return db
    .select({ id: files.id, workspaceId: files.workspaceId, taskId: files.taskId })
    .from(files)
    .where(
      sql`${files.taskId} IN (SELECT value FROM json_each(${JSON.stringify(taskIds)}))
        AND NOT EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${files.taskId})`,
    )
    .limit(limit);
}

/** Forgets file rows by id (their objects already removed). `ids` as one JSON parameter. */
export function deleteFilesStatement(db: Db, ids: readonly string[]) {
  return db.delete(files).where(sql`${files.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
}

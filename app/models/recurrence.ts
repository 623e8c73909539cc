import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { tasks, type TaskRow } from "~/db/schema";
import { COMPLETED } from "~/domain/tasks";
import { insertIf } from "./insert-if";

/**
 * The next occurrence of a recurring task, made exactly once (ADR 021). Two statements in the batch that
 * completes `parentId`: the insert goes in only while the parent is completed, has no next occurrence yet and the
 * workspace is under its task limit; the mark then records the new task on the parent. D1 runs a batch as one
 * transaction, one batch at a time, so a second completion (another client, a Slack retry, a re-completion after
 * an undo) finds the mark and inserts nothing. The unique (series, occurrence) index drops any duplicate that got
 * past it rather than failing the batch.
 */
export function insertNextOccurrenceStatement(
  db: Db,
  parent: { id: string; mustBe: "completed" | "present" },
  row: TaskRow,
  limit: number | null,
) {
  // "present": the parent is being deleted as "this one" (the series skips it), in the same batch after this.
  const state = parent.mustBe === "completed" ? sql` AND ${tasks.status} = ${COMPLETED}` : sql``;
  const ready = sql`(SELECT ${tasks.nextOccurrenceId} IS NULL${state} FROM ${tasks} WHERE ${tasks.id} = ${parent.id} AND ${tasks.workspaceId} = ${row.workspaceId})`;
  const count = sql`(SELECT count(*) FROM ${tasks} WHERE ${tasks.workspaceId} = ${row.workspaceId})`;
  const condition = limit === null ? sql`${ready} = 1` : sql`${ready} = 1 AND ${count} < ${limit}`;
  return insertIf(db, tasks, row, condition).onConflictDoNothing().returning({ id: tasks.id });
}

/** Marks the parent as having its next occurrence, once that task exists (run after the insert). Batchable. */
export function markNextOccurrenceStatement(db: Db, workspaceId: string, parentId: string, nextId: string) {
  return db
    .update(tasks)
    .set({ nextOccurrenceId: nextId })
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        eq(tasks.id, parentId),
        sql`${tasks.nextOccurrenceId} IS NULL`,
        sql`EXISTS (SELECT 1 FROM ${tasks} AS next WHERE next.id = ${nextId})`,
      ),
    );
}

/** The occurrences of a series after `occurrence`, in order: what "this and the following" deletes. */
export function listFollowingOccurrences(db: Db, workspaceId: string, seriesId: string, occurrence: number) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.seriesId, seriesId), gt(tasks.occurrence, occurrence)))
    .orderBy(asc(tasks.occurrence));
}

/**
 * Stops a series at `row`: the occurrences before it keep their place but will not make another (their mark is
 * set to the deleted one, so re-completing the last of them creates nothing). Batchable.
 */
export function stopSeriesBeforeStatement(
  db: Db,
  workspaceId: string,
  seriesId: string,
  occurrence: number,
  stopId: string,
) {
  return db
    .update(tasks)
    .set({ nextOccurrenceId: stopId })
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        eq(tasks.seriesId, seriesId),
        sql`${tasks.occurrence} < ${occurrence}`,
        sql`${tasks.nextOccurrenceId} IS NULL`,
      ),
    );
}

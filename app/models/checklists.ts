import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { taskChecklistItems, tasks, type ChecklistItemRow, type DeletedChecklistItem } from "~/db/schema";
import { insertIf } from "./insert-if";
import { taskExists } from "./tasks";

/** Checklist items of tasks (ADR 035). Every statement is batchable and scoped to the caller's workspace. */

const items = taskChecklistItems;

/** A task's items in order. */
export function listItems(db: Db, workspaceId: string, taskId: string) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.workspaceId, workspaceId), eq(items.taskId, taskId)))
    .orderBy(asc(items.position), asc(items.id));
}

/** One item of one task, as a list of zero or one rows. */
export function getItem(db: Db, workspaceId: string, taskId: string, itemId: string) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.workspaceId, workspaceId), eq(items.taskId, taskId), eq(items.id, itemId)))
    .limit(1);
}

/**
 * Adds an item last, while its task is the workspace's and holds fewer than `max` items: the count, the place and
 * the insert are one statement, so two adds at once cannot pass the bound together. Resolves to `[row]` when
 * added, `[]` when the bound (or a task deleted meanwhile) held it back.
 */
export function insertItemStatement(db: Db, row: Omit<ChecklistItemRow, "position">, max: number) {
  const ofTask = sql`FROM ${items} WHERE ${items.taskId} = ${row.taskId}`;
  const position = sql`(SELECT coalesce(max(${items.position}), 0) + 1 ${ofTask})`;
  const taskIsTheirs = sql`EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${row.taskId} AND ${tasks.workspaceId} = ${row.workspaceId})`;
  return insertIf(
    db,
    items,
    { ...row, position },
    sql`${taskIsTheirs} AND (SELECT count(*) ${ofTask}) < ${max}`,
  ).returning();
}

export function updateItemStatement(
  db: Db,
  workspaceId: string,
  taskId: string,
  itemId: string,
  changes: Partial<Pick<ChecklistItemRow, "text" | "done" | "updatedAt">>,
) {
  return db
    .update(items)
    .set(changes)
    .where(and(eq(items.workspaceId, workspaceId), eq(items.taskId, taskId), eq(items.id, itemId)))
    .returning();
}

/** Numbers the task's items 1, 2, 3 … in the order of `ids` (one JSON parameter). */
export function reorderStatement(db: Db, workspaceId: string, taskId: string, ids: readonly string[]) {
  const order = JSON.stringify(ids);
  return db
    .update(items)
    .set({ position: sql`(SELECT key + 1 FROM json_each(${order}) WHERE value = ${items.id})` })
    .where(
      and(
        eq(items.workspaceId, workspaceId),
        eq(items.taskId, taskId),
        sql`${items.id} IN (SELECT value FROM json_each(${order}))`,
      ),
    );
}

export function deleteItemStatement(db: Db, workspaceId: string, taskId: string, itemId: string) {
  return db
    .delete(items)
    .where(and(eq(items.workspaceId, workspaceId), eq(items.taskId, taskId), eq(items.id, itemId)))
    .returning();
}

/**
 * A task's items as one JSON array in order, read by the statement that keeps a deleted task (the delete's cascade
 * drops the items themselves).
 */
export function deletedChecklistSql(workspaceId: string, taskId: string) {
  return sql`(SELECT json_group_array(json_object('id', ${items.id}, 'position', ${items.position}, 'text', ${items.text},
    'done', ${items.done}, 'createdAt', ${items.createdAt}, 'updatedAt', ${items.updatedAt}) ORDER BY ${items.position})
    FROM ${items} WHERE ${items.taskId} = ${taskId} AND ${items.workspaceId} = ${workspaceId})`;
}

/** Puts a restored task's item back, if the task came back (a full workspace may have kept it deleted). */
export function restoreItemStatement(db: Db, workspaceId: string, taskId: string, item: DeletedChecklistItem) {
  return insertIf(
    db,
    items,
    { ...item, done: Boolean(item.done), workspaceId, taskId },
    taskExists(taskId),
  ).onConflictDoNothing();
}

/**
 * Copies a task's items to another task of the same workspace, none ticked (a recurring task's next occurrence),
 * if that task exists. The copies' ids are the new task's id and the item's place: unique, and made by the statement.
 */
export function copyItemsStatement(
  db: Db,
  input: { workspaceId: string; fromTaskId: string; toTaskId: string; at: string },
) {
  const { workspaceId, fromTaskId, toTaskId, at } = input;
  return db.insert(items).select(
    sql`SELECT ${toTaskId} || '.' || ${items.position}, ${items.workspaceId}, ${toTaskId}, ${items.position},
      ${items.text}, 0, ${at}, ${at} FROM ${items}
      WHERE ${items.taskId} = ${fromTaskId} AND ${items.workspaceId} = ${workspaceId} AND ${taskExists(toTaskId)}
      ORDER BY ${items.position}`,
  );
}

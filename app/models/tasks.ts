import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client";
import { tasks, type TaskRow } from "~/db/schema";
import type { TaskFilters } from "~/domain/schemas";
import type { TaskCounts } from "~/domain/stats";
import { COMPLETED } from "~/domain/tasks";
import { insertIf } from "./insert-if";

/** LIKE pattern for a literal substring (escapes %, _ and the escape char). */
function containsPattern(value: string) {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The filters as the queries take them: the caller-relative ones (`mine`, `assignee=me`) already resolved to a
 * member's id by the task service.
 */
export type TaskQuery = Omit<TaskFilters, "mine"> & { assigneeId?: string };

function filterConditions(workspaceId: string, filters: TaskQuery) {
  const where: SQL[] = [eq(tasks.workspaceId, workspaceId)];
  if (filters.status) where.push(eq(tasks.status, filters.status));
  if (filters.priority) where.push(eq(tasks.priority, filters.priority));
  if (filters.category) where.push(sql`lower(${tasks.category}) = ${filters.category.toLowerCase()}`);
  if (filters.assignee) where.push(sql`lower(${tasks.assigneeName}) = ${filters.assignee.toLowerCase()}`);
  if (filters.assigneeId) where.push(eq(tasks.assigneeId, filters.assigneeId));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    where.push(
      or(sql`${tasks.title} LIKE ${pattern} ESCAPE '\\'`, sql`${tasks.description} LIKE ${pattern} ESCAPE '\\'`)!,
    );
  }
  return and(...where);
}

/**
 * The workspace's tasks in list order (app/domain/tasks.ts `compareTasks`): dated first by due date,
 * then undated by creation time.
 */
export function listTasks(
  db: Db,
  workspaceId: string,
  filters: TaskQuery = {},
  page?: { limit: number; offset: number },
) {
  const query = db
    .select()
    .from(tasks)
    .where(filterConditions(workspaceId, filters))
    .orderBy(sql`${tasks.dueDate} IS NULL`, asc(tasks.dueDate), asc(tasks.createdAt), asc(tasks.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** How many tasks match the filters (for "showing 1–50 of 240"). */
export function countMatchingTasks(db: Db, workspaceId: string, filters: TaskQuery = {}) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(tasks)
    .where(filterConditions(workspaceId, filters));
}

/** The task as a list of zero or one rows, so the query can also run inside a batch. */
export function getTask(db: Db, workspaceId: string, id: string) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)))
    .limit(1);
}

export function findOpenTaskByTitleKey(db: Db, workspaceId: string, titleKey: string, exceptId?: string) {
  return db.query.tasks.findFirst({
    where: and(
      eq(tasks.workspaceId, workspaceId),
      eq(tasks.titleKey, titleKey),
      ne(tasks.status, COMPLETED),
      exceptId ? ne(tasks.id, exceptId) : undefined,
    ),
  });
}

/** The open tasks holding any of these title keys (the exact-duplicate rule for a batch of new tasks). */
export function findOpenTasksByTitleKeys(db: Db, workspaceId: string, titleKeys: readonly string[]) {
  return db
    .select()
    .from(tasks)
    .where(
      and(eq(tasks.workspaceId, workspaceId), inArray(tasks.titleKey, [...titleKeys]), ne(tasks.status, COMPLETED)),
    );
}

/** Id and title of every open task, oldest first: what near-duplicates and the "Depends on" picker look through. */
export function listOpenTaskTitles(db: Db, workspaceId: string) {
  return db
    .select({ id: tasks.id, title: tasks.title, status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), ne(tasks.status, COMPLETED)))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
}

/**
 * Inserts the task while its workspace holds fewer than `limit` tasks (null: no limit). The count and the
 * insert are one statement, so simultaneous creates cannot pass the limit together, and the statements of one
 * batch each see the ones before. Resolves to `[{id}]` when inserted, `[]` when the limit held it back.
 */
export function insertTaskStatement(db: Db, row: TaskRow, limit: number | null) {
  if (limit === null) return db.insert(tasks).values(row).returning({ id: tasks.id });
  const count = sql`(SELECT count(*) FROM ${tasks} WHERE ${tasks.workspaceId} = ${row.workspaceId})`;
  return insertIf(db, tasks, row, sql`${count} < ${limit}`).returning({ id: tasks.id });
}

/** True once the task exists: the condition of writes that belong to a task a limit may have held back. */
export function taskExists(taskId: string) {
  return sql`EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${taskId})`;
}

export function updateTask(db: Db, workspaceId: string, id: string, changes: Partial<TaskRow>) {
  return db
    .update(tasks)
    .set(changes)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)))
    .returning();
}

export function deleteTask(db: Db, workspaceId: string, id: string) {
  return db
    .delete(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)))
    .returning();
}

/** Counts behind the stat cards in one aggregate query; `today` is the workspace's local date. Batchable. */
export function taskCountsQuery(db: Db, workspaceId: string, today: string) {
  const open = ne(tasks.status, COMPLETED);
  const day = sql`substr(${tasks.dueDate}, 1, 10)`;
  return db
    .select({
      total: sql<number>`count(*)`,
      completed: sql<number>`coalesce(sum(${tasks.status} = ${COMPLETED}), 0)`,
      overdue: sql<number>`coalesce(sum(${open} AND ${day} < ${today}), 0)`,
      dueToday: sql<number>`coalesce(sum(${open} AND ${day} = ${today}), 0)`,
    })
    .from(tasks)
    .where(eq(tasks.workspaceId, workspaceId));
}

export function toTaskCounts(rows: TaskCounts[]): TaskCounts {
  return rows[0] ?? { total: 0, completed: 0, overdue: 0, dueToday: 0 };
}

export function countTasks(db: Db, workspaceId: string, today: string) {
  return taskCountsQuery(db, workspaceId, today).then(toTaskCounts);
}

/** Distinct assignee names, for the assignee filter. */
export function listAssignees(db: Db, workspaceId: string) {
  return db
    .selectDistinct({ name: tasks.assigneeName })
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), sql`${tasks.assigneeName} IS NOT NULL`))
    .orderBy(asc(tasks.assigneeName));
}

/** The newest tasks matching the filters, newest first (the dashboard's Recent Tasks). */
export function listNewestTasks(db: Db, workspaceId: string, filters: TaskQuery, limit: number) {
  return db
    .select()
    .from(tasks)
    .where(filterConditions(workspaceId, filters))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(limit);
}

/** Hands a removed member's tasks to another member (their name with them) or leaves them unassigned. Batchable. */
export function reassignTasksStatement(
  db: Db,
  workspaceId: string,
  fromUserId: string,
  to: { id: string; name: string } | null,
  nowIso: string,
) {
  return db
    .update(tasks)
    .set({ assigneeId: to?.id ?? null, assigneeName: to?.name ?? null, assigneeContact: null, updatedAt: nowIso })
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.assigneeId, fromUserId)))
    .returning({ id: tasks.id });
}

/** A member's tasks follow their new name (an identity sign-in refreshes it), in every workspace. Batchable. */
export function renameAssigneeStatement(db: Db, userId: string, name: string) {
  return db.update(tasks).set({ assigneeName: name }).where(eq(tasks.assigneeId, userId));
}

/** The workspace's tasks among `ids` (one JSON parameter: D1 binds at most 100); others' ids match nothing. */
export function getTasksByIds(db: Db, workspaceId: string, ids: readonly string[]) {
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        sql`${tasks.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
      ),
    );
}

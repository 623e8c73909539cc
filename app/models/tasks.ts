import { and, asc, desc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client";
import { taskCounts, taskDependencies, tasks, workspaces, type TaskRow } from "~/db/schema";
import type { TaskFilters } from "~/domain/schemas";
import type { TaskCounts } from "~/domain/stats";
import {
  bucketEdges,
  CUSTOM_STATUS_RANK,
  DAY_BUCKETS,
  parseSort,
  priorityRank,
  STATUS_RANK_ENTRIES,
  type DayBucket,
  type DayBucketDates,
  type GroupKey,
  type TaskSort,
} from "~/domain/task-order";
import { COMPLETED, PRIORITIES } from "~/domain/tasks";
import { insertIf } from "./insert-if";

/** LIKE pattern for a literal substring (escapes %, _ and the escape char). */
function containsPattern(value: string) {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The filters as the queries take them: the caller-relative ones (`mine`, `assignee=me`) already resolved to a
 * member's id by the task service, and for grouping by days to the show, the dates the buckets turn on.
 */
export type TaskQuery = Omit<TaskFilters, "mine" | "risk"> & {
  assigneeId?: string;
  dates?: DayBucketDates;
  /**
   * Only these tasks, in this order unless `sort` says otherwise: the at-risk tasks ranked by consequence when
   * the list is filtered to risks. Bound as one JSON parameter (D1 allows 100 bound parameters per query).
   */
  rankedIds?: readonly string[];
};

/** The ranked ids as one JSON array parameter, read back row by row with `json_each`. */
const rankedJson = (ids: readonly string[]) => JSON.stringify(ids);

/** The page of a list: how many, after how many. */
type Page = { limit: number; offset: number };

/**
 * The values a list statement binds: the workspace, each filter that is set (as the statement compares it), and the
 * page. A filter that is not set has no value.
 */
interface ListValues extends Partial<Page> {
  workspaceId: string;
  status?: string;
  priority?: TaskQuery["priority"];
  category?: string;
  assignee?: string;
  assigneeId?: string;
  ranked?: string;
  pattern?: string;
}

function listValues(workspaceId: string, filters: TaskQuery, page?: Page) {
  const values: ListValues = { workspaceId };
  if (filters.status) values.status = filters.status;
  if (filters.priority) values.priority = filters.priority;
  if (filters.category) values.category = filters.category.toLowerCase();
  if (filters.assignee) values.assignee = filters.assignee.toLowerCase();
  if (filters.assigneeId) values.assigneeId = filters.assigneeId;
  if (filters.rankedIds) values.ranked = rankedJson(filters.rankedIds);
  if (filters.q) values.pattern = containsPattern(filters.q);
  if (page) Object.assign(values, page);
  return values;
}

/** The conditions of a list statement, on the values `listValues` gave. */
function filterConditions(p: ListValues) {
  const where: SQL[] = [eq(tasks.workspaceId, p.workspaceId)];
  if (p.status) where.push(eq(tasks.status, p.status));
  if (p.priority) where.push(eq(tasks.priority, p.priority));
  if (p.category) where.push(sql`lower(${tasks.category}) = ${p.category}`);
  if (p.assignee) where.push(sql`lower(${tasks.assigneeName}) = ${p.assignee}`);
  if (p.assigneeId) where.push(eq(tasks.assigneeId, p.assigneeId));
  if (p.ranked) where.push(sql`${tasks.id} IN (SELECT value FROM json_each(${p.ranked}))`);
  if (p.pattern) {
    where.push(
      or(sql`${tasks.title} LIKE ${p.pattern} ESCAPE '\\'`, sql`${tasks.description} LIKE ${p.pattern} ESCAPE '\\'`)!,
    );
  }
  return and(...where);
}

const dueDay = sql`substr(${tasks.dueDate}, 1, 10)`;

/** A CASE mapping a column's values to ranks (constants of the domain's order, bound as parameters). */
function rankOf(column: SQL | typeof tasks.status, ranks: ReadonlyArray<readonly [string, number]>, otherwise: number) {
  const whens = ranks.map(([value, rank]) => sql`WHEN ${value} THEN ${rank}`);
  return sql`(CASE ${column} ${sql.join(whens, sql` `)} ELSE ${otherwise} END)`;
}

const priorityRankSql = rankOf(
  sql`${tasks.priority}`,
  PRIORITIES.map((p) => [p, priorityRank(p)] as const),
  PRIORITIES.length,
);
const statusRankSql = rankOf(sql`${tasks.status}`, STATUS_RANK_ENTRIES, CUSTOM_STATUS_RANK);

/** The index in `DAY_BUCKETS` of a task's "days to the show" bucket: `dayBucket` in SQL. */
function dayBucketSql(dates: DayBucketDates) {
  const edges = bucketEdges(dates.today);
  const index = (bucket: DayBucket) => DAY_BUCKETS.indexOf(bucket);
  return sql`(CASE
    WHEN ${tasks.dueDate} IS NULL THEN ${index("no-date")}
    WHEN ${dueDay} < ${dates.today} AND ${tasks.status} = ${COMPLETED} THEN ${index("done-earlier")}
    WHEN ${dueDay} < ${dates.today} THEN ${index("overdue")}
    WHEN ${dates.eventDay} IS NOT NULL AND ${dueDay} > ${dates.eventDay} THEN ${index("after-show")}
    WHEN ${dueDay} < ${edges.weeks} THEN ${index("this-week")}
    WHEN ${dueDay} < ${edges.later} THEN ${index("weeks-2-4")}
    ELSE ${index("later")} END)`;
}

const NO_DATES: DayBucketDates = { today: "", eventDay: null };

/** What orders the groups, and the key each group is counted under (`groupKeyOf` in app/domain/task-order.ts). */
function groupSql(group: GroupKey, dates: DayBucketDates = NO_DATES): { order: SQL[]; key: SQL } {
  switch (group) {
    case "days": {
      const bucket = dayBucketSql(dates);
      return { order: [bucket], key: bucket };
    }
    case "category":
      return {
        order: [sql`${tasks.category} IS NULL`, sql`lower(${tasks.category})`],
        key: sql`lower(coalesce(${tasks.category}, ''))`,
      };
    case "owner":
      return {
        order: [sql`${tasks.assigneeName} IS NULL`, sql`lower(${tasks.assigneeName})`],
        key: sql`lower(coalesce(${tasks.assigneeName}, ''))`,
      };
    case "status":
      return { order: [statusRankSql, asc(tasks.status)], key: sql`${tasks.status}` };
  }
}

/** The chosen sort (`compareForOrder`): missing dates and owners last in either direction. */
function sortSql(sort: TaskSort): SQL[] {
  const dir = (expr: SQL | typeof tasks.dueDate) => (sort.descending ? desc(expr) : asc(expr));
  switch (sort.key) {
    case "due":
      return [sql`${tasks.dueDate} IS NULL`, dir(tasks.dueDate)];
    case "priority":
      return [dir(priorityRankSql)];
    case "status":
      return [dir(statusRankSql), dir(sql`${tasks.status}`)];
    case "title":
      return [dir(sql`lower(${tasks.title})`)];
    case "owner":
      return [sql`${tasks.assigneeName} IS NULL`, dir(sql`lower(${tasks.assigneeName})`)];
  }
}

/**
 * The list order (app/domain/task-order.ts `compareForOrder`): the group, the chosen sort, the risk ranking when
 * filtered to risks, then the default order of `compareTasks` (dated first by due date, then undated by creation
 * time), then the id.
 */
function orderSql(filters: TaskQuery, p: ListValues): SQL[] {
  const sort = parseSort(filters.sort);
  return [
    ...(filters.group ? groupSql(filters.group, filters.dates).order : []),
    ...(sort ? sortSql(sort) : []),
    ...(p.ranked ? [sql`(SELECT key FROM json_each(${p.ranked}) WHERE value = ${tasks.id})`] : []),
    sql`${tasks.dueDate} IS NULL`,
    asc(tasks.dueDate),
    asc(tasks.createdAt),
    asc(tasks.id),
  ];
}

/** The workspace's tasks matching the filters in list order (`sort`, `group`); a page of them with `page`. */
export function listTasks(db: Db, workspaceId: string, filters: TaskQuery = {}, page?: Page) {
  return listRead(db, listValues(workspaceId, filters, page), filters);
}

/**
 * The ids a task depends on, in id order, as one text (`dependsOnIds` reads it): each listed task looks them up by
 * the edges' primary key, so a page reads its own tasks' edges in the same statement, not the workspace's.
 */
const dependsOnSql = sql<string | null>`(SELECT group_concat(d."depends_on_id", ',' ORDER BY d."depends_on_id")
  FROM ${taskDependencies} d WHERE d."task_id" = ${tasks.id})`.as("depends_on");

/**
 * A whole list (an export, the digest) leaves the ids out: the caller reads the workspace's edges in one scan
 * (`listEdges`), which at 5,000 tasks costs a fifth less than a lookup per task.
 */
const noDependsOnSql = sql<string | null>`NULL`.as("depends_on");

/** The ids in a listed row's `dependsOn` (ids are base64url: never a comma). */
export function dependsOnIds(text: string | null) {
  return text ? text.split(",") : [];
}

/** A listed task: its row and the ids it depends on (`dependsOnIds`; null in a whole list). */
export type ListedTaskRow = TaskRow & { dependsOn: string | null };

function listRead(db: Db, p: ListValues, filters: TaskQuery) {
  const query = db
    .select({ ...getTableColumns(tasks), dependsOn: p.limit ? dependsOnSql : noDependsOnSql })
    .from(tasks)
    .where(filterConditions(p))
    .orderBy(...orderSql(filters, p));
  return p.limit ? query.limit(p.limit).offset(p.offset ?? 0) : query;
}

/** True when the filters leave out some of the workspace's tasks (sorting and grouping do not). */
function narrows(filters: TaskQuery) {
  const { status, priority, category, assignee, assigneeId, rankedIds, q } = filters;
  return Boolean(status || priority || category || assignee || assigneeId || rankedIds || q);
}

/** The stored count of the workspace's tasks in `status`, or in all statuses (`task_counts`, updated by triggers). */
function storedStatusCount(workspaceId: string, status?: string) {
  const c = taskCounts;
  const where = and(eq(c.workspaceId, workspaceId), eq(c.kind, "status"), status ? eq(c.key, status) : undefined);
  return sql<number>`coalesce((SELECT sum(${c.taskCount}) FROM ${c} WHERE ${where}), 0)`;
}

/**
 * How many tasks matching the filters each group holds, keyed as `groupKeyOf` (app/domain/task-compare.ts) keys them (a bucket's name for
 * days to the show); no rows without a group. Batchable; the page shows the counts in its group headings. The
 * whole workspace by status reads the stored counts; other groups count the matching tasks.
 */
export function countTasksByGroup(db: Db, workspaceId: string, filters: TaskQuery, group: GroupKey | undefined) {
  if (!group) return noGroupCounts(db);
  if (group === "status" && !narrows(filters)) return storedStatusCounts(db, workspaceId);
  return groupCountsRead(db, listValues(workspaceId, filters), filters);
}

function groupCountsRead(db: Db, p: ListValues, filters: TaskQuery) {
  const { key } = groupSql(filters.group!, filters.dates);
  return db
    .select({ key: sql<string | number>`${key}`.as("group_key"), count: sql<number>`count(*)` })
    .from(tasks)
    .where(filterConditions(p))
    .groupBy(sql`group_key`);
}

// A constant false condition: SQLite reads no row, and the batch keeps its shape.
const noGroupCounts = (db: Db) =>
  db
    .select({ key: sql<string | number>`${taskCounts.key}`.as("group_key"), count: taskCounts.taskCount })
    .from(taskCounts)
    .where(sql`0`);

const storedStatusCounts = (db: Db, workspaceId: string) =>
  db
    .select({ key: sql<string | number>`${taskCounts.key}`.as("group_key"), count: taskCounts.taskCount })
    .from(taskCounts)
    .where(and(eq(taskCounts.workspaceId, workspaceId), eq(taskCounts.kind, "status")));

/** The rows of `countTasksByGroup` as a map from `groupKeyOf`'s key to the count. */
export function groupCounts(group: GroupKey, rows: ReadonlyArray<{ key: string | number; count: number }>) {
  return Object.fromEntries(
    rows.map(({ key, count }) => [group === "days" ? DAY_BUCKETS[Number(key)] : String(key), count]),
  );
}

/**
 * How many tasks match the filters (for "showing 1–50 of 240"): the stored count for the whole workspace, a count
 * of the matching tasks otherwise.
 */
export function countMatchingTasks(db: Db, workspaceId: string, filters: TaskQuery = {}) {
  if (!narrows(filters)) return storedTaskCount(db, workspaceId);
  return matchingCountRead(db, listValues(workspaceId, filters));
}

const matchingCountRead = (db: Db, p: ListValues) =>
  db
    .select({ count: sql<number>`count(*)` })
    .from(tasks)
    .where(filterConditions(p));

// The unfiltered list's count, read with every page of it.
const storedTaskCount = (db: Db, workspaceId: string) =>
  db
    .select({ count: storedStatusCount(workspaceId).as("count") })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));

/** The task as a list of zero or one rows, so the query can also run inside a batch. */
export function getTask(db: Db, workspaceId: string, id: string) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)))
    .limit(1);
}

export function findOpenTaskByTitleKey(db: Db, workspaceId: string, titleKey: string, exceptId?: string) {
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        eq(tasks.titleKey, titleKey),
        ne(tasks.status, COMPLETED),
        exceptId ? ne(tasks.id, exceptId) : undefined,
      ),
    )
    .get();
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
  return openTitles(db, workspaceId);
}

const openTitles = (db: Db, workspaceId: string) =>
  db
    .select({ id: tasks.id, title: tasks.title, status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), ne(tasks.status, COMPLETED)))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));

/** The first `limit` of `listOpenTaskTitles` (none with 0): the tasks page reads them on every request. */
export function listFirstOpenTaskTitles(db: Db, workspaceId: string, limit: number) {
  return openTitles(db, workspaceId).limit(limit);
}

/**
 * Inserts the task while its workspace holds fewer than `limit` tasks (null: no limit). The count and the
 * insert are one statement, so simultaneous creates cannot pass the limit together, and the statements of one
 * batch each see the ones before. Resolves to `[{id}]` when inserted, `[]` when the limit held it back.
 * `allOrNothing` chains the tasks of one batch: `left` counts this task and those after it, `after` is the task
 * inserted just before (null for the first).
 */
export function insertTaskStatement(
  db: Db,
  row: TaskRow,
  limit: number | null,
  allOrNothing?: { left: number; after: string | null },
) {
  if (limit === null) return db.insert(tasks).values(row).returning({ id: tasks.id });
  const count = sql`(SELECT count(*) FROM ${tasks} WHERE ${tasks.workspaceId} = ${row.workspaceId})`;
  if (!allOrNothing) return insertIf(db, tasks, row, sql`${count} < ${limit}`).returning({ id: tasks.id });
  // One of a batch that goes in whole or not at all (an import): the first goes in only if every task left fits,
  // each later one only if the one before it went in, so the first refusal holds back the rest.
  const { left, after } = allOrNothing;
  const fits = sql`${count} + ${left} <= ${limit}`;
  return insertIf(db, tasks, row, after === null ? fits : sql`${fits} AND ${taskExists(after)}`).returning({
    id: tasks.id,
  });
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

/**
 * Counts behind the stat cards; `today` is the workspace's local date. Read from the counts stored on write
 * (`task_counts`): a row per status and per day with open tasks due, so it reads a few rows whatever the size of
 * the workspace. A due date's first ten characters are its day, as `dueDay` takes them. Batchable.
 */
export function taskCountsQuery(db: Db, workspaceId: string, today: string) {
  const c = taskCounts;
  const openDue = (condition: SQL) =>
    sql<number>`coalesce((SELECT sum(${c.taskCount}) FROM ${c}
      WHERE ${c.workspaceId} = ${workspaceId} AND ${c.kind} = 'open_due' AND ${condition}), 0)`;
  return db
    .select({
      total: storedStatusCount(workspaceId).as("total"),
      completed: storedStatusCount(workspaceId, COMPLETED).as("completed"),
      overdue: openDue(sql`${c.key} < ${today}`).as("overdue"),
      dueToday: openDue(sql`${c.key} = ${today}`).as("due_today"),
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
}

export function toTaskCounts(rows: TaskCounts[]): TaskCounts {
  return rows[0] ?? { total: 0, completed: 0, overdue: 0, dueToday: 0 };
}

/**
 * Distinct assignee names, for the assignee filter, in one statement that seeks from each name to the next in
 * the (workspace, assignee name) index: it reads a row per name, not per task. Batchable.
 */
export function listAssignees(db: Db, workspaceId: string) {
  const first = (condition: SQL) =>
    sql`(SELECT min(${tasks.assigneeName}) FROM ${tasks} WHERE ${tasks.workspaceId} = ${workspaceId} AND ${condition})`;
  const names = sql`(
    WITH RECURSIVE assignee_names(name) AS (
      SELECT ${first(sql`${tasks.assigneeName} IS NOT NULL`)}
      UNION ALL SELECT ${first(sql`${tasks.assigneeName} > name`)} FROM assignee_names WHERE name IS NOT NULL
    )
    SELECT name FROM assignee_names WHERE name IS NOT NULL
  ) AS names`;
  return db
    .select({ name: sql<string | null>`name`.as("name") })
    .from(names)
    .orderBy(sql`name`);
}

/** The newest tasks matching the filters, newest first (the dashboard's Recent Tasks). */
export function listNewestTasks(db: Db, workspaceId: string, filters: TaskQuery, limit: number) {
  return newestRead(db, { ...listValues(workspaceId, filters), limit });
}

const newestRead = (db: Db, p: ListValues & { limit: number }) =>
  db.select().from(tasks).where(filterConditions(p)).orderBy(desc(tasks.createdAt), desc(tasks.id)).limit(p.limit);

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

/** The workspace's tasks that also meet `condition`. */
function workspaceTasksWhere(db: Db, workspaceId: string, condition: SQL | undefined) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), condition));
}

/**
 * The tasks linked to `taskId` either way (what it waits for, and at most `dependants` of what waits for it), in
 * one statement that can ride in the same batch as the task itself. Batchable.
 */
export function getLinkedTasks(db: Db, workspaceId: string, taskId: string, dependants: number) {
  const d = taskDependencies;
  return workspaceTasksWhere(
    db,
    workspaceId,
    or(
      inArray(tasks.id, db.select({ id: d.dependsOnId }).from(d).where(eq(d.taskId, taskId))),
      inArray(tasks.id, db.select({ id: d.taskId }).from(d).where(eq(d.dependsOnId, taskId)).limit(dependants)),
    ),
  );
}

/** The workspace's tasks among `ids` (one JSON parameter: D1 binds at most 100); others' ids match nothing. */
export function getTasksByIds(db: Db, workspaceId: string, ids: readonly string[]) {
  return workspaceTasksWhere(
    db,
    workspaceId,
    sql`${tasks.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  );
}

/** The workspace's tasks among `ids`, each with the ids it depends on (`dependsOnIds`), for events sent about them. */
export function getTasksWithDependenciesByIds(db: Db, workspaceId: string, ids: readonly string[]) {
  return db
    .select({ task: tasks, dependsOn: dependsOnSql })
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        sql`${tasks.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
      ),
    );
}

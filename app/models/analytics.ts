import { and, asc, desc, eq, isNotNull, SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { tasks } from "~/db/schema";
import { MAX_WEEKS, RECENT_ACTIVITY_LIMIT, type AnalyticsWindow } from "~/domain/analytics";
import { COMPLETED, PRIORITIES } from "~/domain/tasks";
import type { OffsetSegment, OffsetTable } from "~/domain/timezone-offsets";

/*
 * The analytics page's aggregate queries (issue 15): each answers a few small rows however many tasks the
 * workspace holds, and all are batchable, so the page costs one D1 round trip. The figures they count are
 * defined by `buildAnalytics` in app/domain/analytics.ts; `analyticsFromAggregates` turns these rows into its
 * output. Creation and completion times are ISO instants (`toISOString`, so they compare as text); due dates
 * are local `YYYY-MM-DD[THH:MM]` strings whose first ten characters are the day.
 */

const count = (condition: SQL) => sql<number>`coalesce(sum(${condition}), 0)`;
const isCompleted = sql`${tasks.status} = ${COMPLETED}`;
const isOpen = sql`${tasks.status} <> ${COMPLETED}`;
/** A completion time that counts: the task is completed and the time is set. */
const hasCompletion = sql`(${isCompleted} AND ${tasks.completedAt} IS NOT NULL)`;
const hasDueDate = sql`(${tasks.dueDate} IS NOT NULL AND ${tasks.dueDate} <> '')`;
const dueDay = sql`substr(${tasks.dueDate}, 1, 10)`;
const completedIn = (from: string, to: string) =>
  sql`(${hasCompletion} AND ${tasks.completedAt} >= ${from} AND ${tasks.completedAt} < ${to})`;
/** Whole milliseconds from creation to completion; a completion stamped before the creation is zero time. */
const durationMs = sql<number>`max(0, CAST(round((julianday(${tasks.completedAt}) - julianday(${tasks.createdAt})) * 86400000) AS INTEGER))`;
const sumIf = (condition: SQL, value: SQL) => sql<number>`coalesce(sum(CASE WHEN ${condition} THEN ${value} END), 0)`;

/**
 * Due work from `from` to `until` (local days): due then, and done by then (completed, on `until`'s local day or
 * before, which `untilEnds` is the start of the next; completed without a time counts as done).
 */
function dueWork(from: string, until: string, untilEnds: string) {
  const due = sql`(${hasDueDate} AND ${dueDay} >= ${from} AND ${dueDay} <= ${until})`;
  const doneBy = sql`(${isCompleted} AND (${tasks.completedAt} IS NULL OR ${tasks.completedAt} < ${untilEnds}))`;
  return { due: count(due), done: count(sql`${due} AND ${doneBy}`) };
}

function weekCounts(from: string, to: string, dueFrom: string, dueUntil: string, dueUntilEnds: string) {
  const completed = completedIn(from, to);
  return {
    created: count(sql`${tasks.createdAt} >= ${from} AND ${tasks.createdAt} < ${to}`),
    completed: count(completed),
    timedCount: count(completed),
    timedMs: sumIf(completed, durationMs),
    ...dueWork(dueFrom, dueUntil, dueUntilEnds),
  };
}

/**
 * Gives every field a distinct column name: D1 returns a batch's rows as objects keyed by column name, so two
 * fields whose SQL reads the same (`coalesce(sum(…), 0)`) would otherwise collapse into one.
 */
function named<T extends Record<string, SQL<unknown> | Record<string, SQL<unknown>>>>(fields: T, prefix = ""): T {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      field instanceof SQL ? field.as(`${prefix}${key}`) : named(field, `${prefix}${key}_`),
    ]),
  ) as T;
}

/**
 * Every count of the page but the weekly chart and the latest tasks, per category as stored, in one pass over
 * the workspace's tasks; the domain sums the categories for the workspace's totals (`sumTotals`). Spellings that
 * differ only in case or spaces are merged by the domain too, and the spelling of the merged group's first task
 * in list order (`listTasks`: dated by due date, then undated, by creation, then id) names it. `firstKey` sorts
 * as text in that order: fixed-width up to the id, due dates (`YYYY-MM-DD`, or 16 characters with a time)
 * padded with spaces, which sort before a time's `T` as the shorter string does.
 */
export function categoryFiguresQuery(db: Db, workspaceId: string, w: AnalyticsWindow) {
  const later = dueWork(w.tomorrow, w.weekEnd, w.starts.nextWeek);
  const completedAt = sql`CASE WHEN ${hasCompletion} THEN ${tasks.completedAt} END`;
  const listKey = sql`(CASE WHEN ${tasks.dueDate} IS NULL THEN '1'
    ELSE '0' || substr(${tasks.dueDate} || '${sql.raw(" ".repeat(16))}', 1, 16) END || ${tasks.createdAt} || ${tasks.id})`;
  const fields = named({
    total: sql<number>`count(*)`,
    completed: count(isCompleted),
    priorities: Object.fromEntries(
      PRIORITIES.map((priority) => [priority, count(sql`${tasks.priority} = ${priority}`)]),
    ) as Record<(typeof PRIORITIES)[number], SQL<number>>,
    openCritical: count(sql`${isOpen} AND ${tasks.priority} = 'critical'`),
    overdue: count(sql`${isOpen} AND ${hasDueDate} AND ${dueDay} < ${w.today}`),
    completedLast7Days: count(completedIn(w.starts.sevenDays, w.starts.tomorrow)),
    timedCount: count(hasCompletion),
    timedMs: sumIf(hasCompletion, durationMs),
    // This week's due work runs to today; last week's to its Sunday.
    thisWeek: weekCounts(w.starts.thisWeek, w.starts.nextWeek, w.weekStart, w.today, w.starts.tomorrow),
    lastWeek: weekCounts(w.starts.lastWeek, w.starts.thisWeek, w.lastWeekStart, w.lastWeekEnd, w.starts.thisWeek),
    dueLater: later.due,
    doneLater: later.done,
    // Every group has a creation time, so the creations stand in for a group without completions.
    firstInstant: sql<string>`min(min(${tasks.createdAt}), coalesce(min(${completedAt}), min(${tasks.createdAt})))`,
    lastInstant: sql<string>`max(max(${tasks.createdAt}), coalesce(max(${completedAt}), max(${tasks.createdAt})))`,
    firstKey: sql<string>`min(${listKey})`,
  });
  return db
    .select({ category: tasks.category, ...fields })
    .from(tasks)
    .where(eq(tasks.workspaceId, workspaceId))
    .groupBy(tasks.category);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The UTC offset in seconds of the instant `at`, as a CASE over the zone's offset table, latest change first.
 * The table is written into the statement as literals rather than bound: it can outgrow D1's 100 parameters,
 * and looking it up from a JSON parameter made D1 read its rows once per task. Its values are our own
 * `toISOString` instants and whole numbers, checked here.
 */
function offsetSecondsAt(at: SQL, offsets: OffsetTable) {
  const literal = ([start, seconds]: OffsetSegment) => {
    if (!ISO_INSTANT.test(start) || !Number.isInteger(seconds)) {
      throw new Error(`Not an offset table entry: ${start}, ${seconds}`);
    }
    return { start: sql.raw(`'${start}'`), seconds: sql.raw(String(seconds)) };
  };
  const [first, ...changes] = offsets.segments.map(literal);
  if (changes.length === 0) return first.seconds;
  const whens = changes.reverse().map(({ start, seconds }) => sql` WHEN ${at} >= ${start} THEN ${seconds}`);
  return sql`(CASE${sql.join(whens)} ELSE ${first.seconds} END)`;
}

/**
 * Creations and completions per local week (Monday), the latest `MAX_WEEKS` weeks that had any. Each instant's
 * offset comes from the zone's offset table (one JSON parameter), so weeks turn at local midnight across DST.
 */
export function weeklyProgressQuery(db: Db, workspaceId: string, offsets: OffsetTable) {
  // A raw statement is not batchable in drizzle, so the query is a select from this subquery.
  const weeks = sql`(
    SELECT date(at, ${offsetSecondsAt(sql`at`, offsets)} || ' seconds', '-6 days', 'weekday 1') AS week_start,
           created, completed
    FROM (
      SELECT ${tasks.createdAt} AS at, 1 AS created, 0 AS completed FROM ${tasks}
      WHERE ${tasks.workspaceId} = ${workspaceId}
      UNION ALL
      SELECT ${tasks.completedAt}, 0, 1 FROM ${tasks} WHERE ${tasks.workspaceId} = ${workspaceId} AND ${hasCompletion}
    )
  ) AS weeks`;
  return db
    .select({
      weekStart: sql<string>`week_start`.as("week_start"),
      created: sql<number>`sum(created)`.as("created"),
      completed: sql<number>`sum(completed)`.as("completed"),
    })
    .from(weeks)
    .groupBy(sql`week_start`)
    .orderBy(sql`week_start DESC`)
    .limit(MAX_WEEKS);
}

const activityColumns = {
  id: tasks.id,
  title: tasks.title,
  status: tasks.status,
  priority: tasks.priority,
  category: tasks.category,
  dueDate: tasks.dueDate,
  createdAt: tasks.createdAt,
  completedAt: tasks.completedAt,
};

/** The latest tasks by creation (ties by id, as `recentActivity` breaks them). */
export function latestCreatedQuery(db: Db, workspaceId: string) {
  return db
    .select(activityColumns)
    .from(tasks)
    .where(eq(tasks.workspaceId, workspaceId))
    .orderBy(desc(tasks.createdAt), asc(tasks.id))
    .limit(RECENT_ACTIVITY_LIMIT);
}

/** The latest completed tasks by completion time (ties by id). */
export function latestCompletedQuery(db: Db, workspaceId: string) {
  return db
    .select(activityColumns)
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.status, COMPLETED), isNotNull(tasks.completedAt)))
    .orderBy(desc(tasks.completedAt), asc(tasks.id))
    .limit(RECENT_ACTIVITY_LIMIT);
}

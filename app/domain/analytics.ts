import { LRUCache } from "lru-cache";
import { addDays, dueDay, todayIn, wallClock, weekStartOf, zonedTimeToInstant } from "./dates";
import { completionPercentage, dueState } from "./stats";
import { COMPLETED, listNameKey, PRIORITIES, type Priority } from "./tasks";
import { capitalize, plural, pluralWord } from "./labels";
import { offsetTable, type OffsetTable } from "./timezone-offsets";

/**
 * The analytics page's figures, all computed from the workspace's tasks (the spec's hard-coded KPI changes are
 * deliberately not reproduced). Days and weeks are calendar days in the workspace timezone, as everywhere else
 * (ADR 001); weeks start on Monday. A task counts as completed when its status is `completed` and it has a
 * completion time.
 */

export interface AnalyticsTask {
  id: string;
  title: string;
  status: string;
  priority: string;
  category: string | null;
  /** Wall-clock `YYYY-MM-DD[THH:MM]` in the workspace timezone. */
  dueDate: string | null;
  /** ISO instant (UTC). */
  createdAt: string;
  /** ISO instant (UTC), or null while open. */
  completedAt: string | null;
}

export interface AnalyticsInput {
  tasks: readonly AnalyticsTask[];
  now: Date;
  timezone: string;
}

export interface WeekProgress {
  /** The Monday the week starts on, `YYYY-MM-DD`. */
  weekStart: string;
  created: number;
  completed: number;
}

export interface Kpi {
  /** This week's figure; null when there is nothing to measure (no completions to average, no workload to rate). */
  value: number | null;
  /** Last week's figure, null likewise. */
  previous: number | null;
  /**
   * This week against last: percent for counts and days, percentage points for the rate (a rate going from 50% to
   * 75% is +25 points; "+50%" would read as 100%). Null when there is no base: last week was 0 or had no figure,
   * which the UI shows as "new" or "—".
   */
  change: number | null;
  changeUnit: "percent" | "points";
  direction: "up" | "down" | "flat" | null;
  /** Whether the move is good news; null when flat, unknown, or neither (more tasks created is not better or worse). */
  improved: boolean | null;
}

export interface Kpis {
  /** This week starts on this Monday; last week is the seven days before. */
  weekStart: string;
  tasksCreated: Kpi;
  tasksCompleted: Kpi;
  /** Mean days from created to completed of the tasks completed in the week, to one decimal. */
  averageCompletionDays: Kpi;
  /**
   * Efficiency, in whole percent: of the tasks due in the week up to today (this week: Monday to today; last week:
   * Monday to Sunday), the share done by then. Null when nothing was due. Work done that was not due in the week
   * does not lift it, and work due later this week does not count against it yet (`efficiency` says how much).
   */
  completionRate: Kpi;
  /** What this week's efficiency is made of, for the card's hint. */
  efficiency: EfficiencyBasis;
}

export interface EfficiencyBasis {
  /** Tasks due this week from Monday to today. */
  due: number;
  /** Of those, the ones completed. */
  done: number;
  /** Open tasks due after today and by Sunday: not counted yet. */
  dueLater: number;
}

export interface CategoryCount {
  category: string;
  total: number;
  open: number;
  completed: number;
}

export interface PriorityCount {
  priority: Priority;
  count: number;
}

export interface Activity {
  taskId: string;
  title: string;
  /** What happened most recently to the task. */
  action: "created" | "completed";
  /** ISO instant of that action. */
  at: string;
  priority: string;
  category: string | null;
}

export interface KeyInsights {
  /** Mean whole days from created to completed over every completed task; null before the first completion. */
  averageCompletionDays: number | null;
  /** Open tasks due on an earlier day than today. */
  overdueCount: number;
  /** Tasks completed today or in the six days before. */
  completedLast7Days: number;
  /** Sentences built from the figures above and a few more; in display order. */
  sentences: string[];
}

export interface Analytics {
  weeklyProgress: WeekProgress[];
  kpis: Kpis;
  tasksByCategory: CategoryCount[];
  priorityDistribution: PriorityCount[];
  recentActivity: Activity[];
  keyInsights: KeyInsights;
}

export const UNCATEGORISED = "Uncategorised";
export const MAX_WEEKS = 52;
export const RECENT_ACTIVITY_LIMIT = 3;
const DAY_MS = 86_400_000;

/** Halves away from zero, so -2.5% and +2.5% round to the same size. */
const roundSigned = (n: number) => Math.sign(n) * Math.round(Math.abs(n));
const roundTenth = (n: number) => Math.round(n * 10) / 10;

function instantOf(iso: string | null) {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

function localDay(ms: number, timezone: string) {
  return wallClock(new Date(ms), timezone).date;
}

/** A task with its instants parsed and its local days worked out once. */
interface Prepared {
  task: AnalyticsTask;
  created: number | null;
  createdDay: string | null;
  completed: number | null;
  completedDay: string | null;
}

function prepare(tasks: readonly AnalyticsTask[], timezone: string): Prepared[] {
  return tasks.map((task) => {
    const created = instantOf(task.createdAt);
    const completed = task.status === COMPLETED ? instantOf(task.completedAt) : null;
    return {
      task,
      created,
      createdDay: created === null ? null : localDay(created, timezone),
      completed,
      completedDay: completed === null ? null : localDay(completed, timezone),
    };
  });
}

/** Clock skew can stamp a completion a moment before the creation; that is zero time, not negative time. */
const durationMs = (p: Prepared) => Math.max(0, (p.completed as number) - (p.created as number));
const hasDuration = (p: Prepared) => p.created !== null && p.completed !== null;

function buildWeeklyProgress(prepared: readonly Prepared[]): WeekProgress[] {
  const weeks = new Map<string, WeekProgress>();
  const week = (day: string) => {
    const weekStart = weekStartOf(day);
    let entry = weeks.get(weekStart);
    if (!entry) weeks.set(weekStart, (entry = { weekStart, created: 0, completed: 0 }));
    return entry;
  };
  for (const p of prepared) {
    if (p.createdDay) week(p.createdDay).created++;
    if (p.completedDay) week(p.completedDay).completed++;
  }
  return [...weeks.values()].sort((a, b) => (a.weekStart < b.weekStart ? -1 : 1)).slice(-MAX_WEEKS);
}

/** Weeks that had tasks created or completed, oldest first, the latest 52 at most. */
export function weeklyProgress({ tasks, timezone }: Omit<AnalyticsInput, "now">): WeekProgress[] {
  return buildWeeklyProgress(prepare(tasks, timezone));
}

function kpi(
  value: number | null,
  previous: number | null,
  unit: Kpi["changeUnit"],
  higherIsBetter: boolean | null,
): Kpi {
  if (value === null || previous === null) {
    return { value, previous, change: null, changeUnit: unit, direction: null, improved: null };
  }
  const direction = value > previous ? "up" : value < previous ? "down" : "flat";
  // Multiplied before dividing so whole-number counts give exact halves (-1 of 40 is -2.5, not -2.4999…).
  const percent = previous === 0 ? null : roundSigned(((value - previous) * 100) / previous);
  const change = unit === "points" ? value - previous : percent;
  const improved = direction === "flat" || higherIsBetter === null ? null : (direction === "up") === higherIsBetter;
  return { value, previous, change, changeUnit: unit, direction, improved };
}

/**
 * The week's efficiency: the tasks due from `weekStart` to `until` (today, or the week's Sunday once it is over)
 * and how many of them were completed by then. Tasks with no completion time count as done when completed.
 */
function dueWork(prepared: readonly Prepared[], weekStart: string, until: string) {
  const due = prepared.filter((p) => {
    if (!p.task.dueDate) return false;
    const day = dueDay(p.task.dueDate);
    return day >= weekStart && day <= until;
  });
  const done = due.filter((p) => p.task.status === COMPLETED && (p.completedDay ?? until) <= until).length;
  return { due: due.length, done };
}

/** Rounded before comparing, so the card never shows "2.3 days, up" against a previous 2.3. */
const averageDaysTenth = (totalMs: number, count: number) =>
  count === 0 ? null : roundTenth(totalMs / count / DAY_MS);
const efficiencyRate = ({ due, done }: { due: number; done: number }) =>
  due === 0 ? null : Math.round((done / due) * 100);
const averageWholeDays = (totalMs: number, count: number) =>
  count === 0 ? null : Math.round(totalMs / count / DAY_MS);

function weekFigures(prepared: readonly Prepared[], weekStart: string, today: string): WeekFigures {
  const weekEnd = addDays(weekStart, 6);
  const inWeek = (day: string | null) => day !== null && day >= weekStart && day <= weekEnd;
  const completedInWeek = prepared.filter((p) => inWeek(p.completedDay));
  const timed = completedInWeek.filter(hasDuration);
  const work = dueWork(prepared, weekStart, weekEnd < today ? weekEnd : today);
  return {
    created: prepared.filter((p) => inWeek(p.createdDay)).length,
    completed: completedInWeek.length,
    averageDays: averageDaysTenth(
      timed.reduce((sum, p) => sum + durationMs(p), 0),
      timed.length,
    ),
    rate: efficiencyRate(work),
    work,
  };
}

interface WeekFigures {
  created: number;
  completed: number;
  averageDays: number | null;
  rate: number | null;
  work: { due: number; done: number };
}

function kpisOf(weekStart: string, current: WeekFigures, last: WeekFigures, dueLater: number): Kpis {
  return {
    weekStart,
    tasksCreated: kpi(current.created, last.created, "percent", null),
    tasksCompleted: kpi(current.completed, last.completed, "percent", true),
    averageCompletionDays: kpi(current.averageDays, last.averageDays, "percent", false),
    completionRate: kpi(current.rate, last.rate, "points", true),
    efficiency: { ...current.work, dueLater },
  };
}

function buildKpis(prepared: readonly Prepared[], today: string): Kpis {
  const weekStart = weekStartOf(today);
  const current = weekFigures(prepared, weekStart, today);
  const last = weekFigures(prepared, addDays(weekStart, -7), today);
  // Every task due later this week is open or already done; what is open is what the figure leaves out for now.
  const later = dueWork(prepared, addDays(today, 1), addDays(weekStart, 6));
  return kpisOf(weekStart, current, last, later.due - later.done);
}

/** The four KPI cards: this week (Monday to today, in the workspace timezone) against last week. */
export function kpis({ tasks, now, timezone }: AnalyticsInput): Kpis {
  return buildKpis(prepare(tasks, timezone), todayIn(timezone, now));
}

/**
 * Tasks per category, most first (ties by name). Names differing only in case are one category, shown as first
 * met; tasks without a category are counted under "Uncategorised".
 */
export function tasksByCategory(tasks: readonly AnalyticsTask[]): CategoryCount[] {
  const groups = new Map<string, CategoryCount>();
  for (const task of tasks) {
    const name = task.category?.trim() || UNCATEGORISED;
    const key = task.category?.trim() ? listNameKey(name) : "";
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { category: name, total: 0, open: 0, completed: 0 }));
    group.total++;
    if (task.status === COMPLETED) group.completed++;
    else group.open++;
  }
  return [...groups.values()].sort((a, b) => b.total - a.total || a.category.localeCompare(b.category));
}

/** All four priorities, low to critical, zeros included so the chart keeps its shape. */
export function priorityDistribution(tasks: readonly AnalyticsTask[]): PriorityCount[] {
  return PRIORITIES.map((priority) => ({ priority, count: tasks.filter((t) => t.priority === priority).length }));
}

/** The latest tasks by their most recent event (created or completed), newest first. */
export function recentActivity(tasks: readonly AnalyticsTask[], limit = RECENT_ACTIVITY_LIMIT): Activity[] {
  const events = tasks.flatMap((task) => {
    const created = instantOf(task.createdAt);
    if (created === null) return [];
    const completed = task.status === COMPLETED ? instantOf(task.completedAt) : null;
    const wasCompleted = completed !== null && completed >= created;
    const action: Activity["action"] = wasCompleted ? "completed" : "created";
    return [{ task, ms: wasCompleted ? completed : created, action }];
  });
  events.sort((a, b) => b.ms - a.ms || (a.task.id < b.task.id ? -1 : a.task.id > b.task.id ? 1 : 0));
  return events.slice(0, limit).map(({ task, ms, action }) => ({
    taskId: task.id,
    title: task.title,
    action,
    at: new Date(ms).toISOString(),
    priority: task.priority,
    category: task.category,
  }));
}

function joinNames(names: string[]) {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function busiestCategorySentence(categories: readonly CategoryCount[], open: number) {
  const groups = categories.filter((g) => g.open > 0);
  if (groups.length < 2) return null;
  const most = Math.max(...groups.map((g) => g.open));
  const leaders = groups.filter((g) => g.open === most).map((g) => g.category);
  if (leaders.length === groups.length) return null;
  if (leaders.length === 1) return `${capitalize(leaders[0])} has the most open tasks: ${most} of ${open}.`;
  return `${capitalize(joinNames(leaders))} share the most open tasks: ${most} each of ${open}.`;
}

/** The figures the Key Insights sentences are built from, however they were counted. */
interface InsightFigures {
  averageCompletionDays: number | null;
  overdueCount: number;
  completedLast7Days: number;
  total: number;
  completed: number;
  openCritical: number;
  categories: readonly CategoryCount[];
}

function insightSentences(f: InsightFigures): string[] {
  const sentences: string[] = [];
  if (f.averageCompletionDays === null) {
    sentences.push("No tasks have been completed yet, so there is no average completion time.");
  } else if (f.averageCompletionDays === 0) {
    sentences.push("Tasks are completed in less than a day on average, from creation to completion.");
  } else {
    sentences.push(`Tasks take ${plural(f.averageCompletionDays, "day")} on average from creation to completion.`);
  }

  if (f.overdueCount === 0) sentences.push("No open tasks are overdue.");
  else sentences.push(`${plural(f.overdueCount, "task")} ${pluralWord(f.overdueCount, "is", "are")} overdue.`);

  if (f.completedLast7Days === 0) {
    sentences.push("No tasks were completed in the last 7 days.");
  } else {
    const verb = pluralWord(f.completedLast7Days, "was", "were");
    sentences.push(`${plural(f.completedLast7Days, "task")} ${verb} completed in the last 7 days.`);
  }

  if (f.total > 0) {
    const percent = completionPercentage(f.completed, f.total);
    sentences.push(`The workspace is ${percent}% complete: ${f.completed} of ${plural(f.total, "task")} done.`);
  }
  if (f.openCritical > 0) {
    sentences.push(`${plural(f.openCritical, "critical task")} ${pluralWord(f.openCritical, "is", "are")} still open.`);
  }
  const busiest = busiestCategorySentence(f.categories, f.total - f.completed);
  if (busiest) sentences.push(busiest);
  return sentences;
}

function buildKeyInsights(tasks: readonly AnalyticsTask[], prepared: readonly Prepared[], today: string): KeyInsights {
  const timed = prepared.filter(hasDuration);
  const averageCompletionDays = averageWholeDays(
    timed.reduce((sum, p) => sum + durationMs(p), 0),
    timed.length,
  );
  const overdueCount = tasks.filter((t) => dueState(t, today) === "overdue").length;
  const since = addDays(today, -6);
  const completedLast7Days = prepared.filter(
    (p) => p.completedDay !== null && p.completedDay >= since && p.completedDay <= today,
  ).length;
  const sentences = insightSentences({
    averageCompletionDays,
    overdueCount,
    completedLast7Days,
    total: tasks.length,
    completed: tasks.filter((t) => t.status === COMPLETED).length,
    openCritical: tasks.filter((t) => t.status !== COMPLETED && t.priority === "critical").length,
    categories: tasksByCategory(tasks),
  });
  return { averageCompletionDays, overdueCount, completedLast7Days, sentences };
}

/** The Key Insights list: the spec's three figures, then further sentences only where there is something to say. */
export function keyInsights({ tasks, now, timezone }: AnalyticsInput): KeyInsights {
  return buildKeyInsights(tasks, prepare(tasks, timezone), todayIn(timezone, now));
}

/**
 * Everything the analytics page shows, from every task, with each task's dates worked out once. The page counts
 * in D1 instead (`analyticsFromAggregates`); this is the definition those counts are tested against.
 */
export function buildAnalytics({ tasks, now, timezone }: AnalyticsInput): Analytics {
  const prepared = prepare(tasks, timezone);
  const today = todayIn(timezone, now);
  return {
    weeklyProgress: buildWeeklyProgress(prepared),
    kpis: buildKpis(prepared, today),
    tasksByCategory: tasksByCategory(tasks),
    priorityDistribution: priorityDistribution(tasks),
    recentActivity: recentActivity(tasks),
    keyInsights: buildKeyInsights(tasks, prepared, today),
  };
}

// ---- From SQL aggregates -------------------------------------------------------------------------------------
// The page's figures counted by D1 (app/models/analytics.ts, issue 15) instead of read from every row.
// `buildAnalytics` above stays the reference: the aggregates give exactly its output
// (tests/worker/analytics-aggregates.test.ts compares the two on a seeded workspace).

/**
 * The local days the aggregate queries compare against, and the UTC instants at which they begin, in the
 * workspace timezone (ADR 001). Due dates are local wall-clock strings and compare with the days; creation and
 * completion times are instants and compare with the starts. (Where a zone turns its clock back across midnight,
 * as Chile does, the repeated hour's instants belong to the day before but follow the start: such an instant
 * within that hour counts as of the later day for "the last 7 days" and the due work. The week starts are
 * Mondays' midnights, which Chile's change, at Sunday's, does not touch; the weekly chart uses `offsets`.)
 */
export interface AnalyticsWindow {
  today: string;
  tomorrow: string;
  weekStart: string;
  weekEnd: string;
  lastWeekStart: string;
  lastWeekEnd: string;
  starts: {
    lastWeek: string;
    thisWeek: string;
    nextWeek: string;
    /** Six days before today: the first day of "the last 7 days". */
    sevenDays: string;
    tomorrow: string;
  };
  /** Covers the years around now; an instant outside it needs `offsetsCovering` (a second query). */
  offsets: OffsetTable;
}

/** A window's offset table spans from this many years before now's to the one after. */
const YEARS_BEFORE = 3;

/**
 * A table covering instants from `first` to `last` (ISO), or null when `table` already does. Tasks normally sit
 * in the years around now; one created or completed outside them (an old workspace) costs a second query.
 */
export function offsetsCovering(timezone: string, table: OffsetTable, first: string | null, last: string | null) {
  if (first === null || last === null || (first >= table.from && last < table.to)) return null;
  const year = (iso: string) => new Date(iso).getUTCFullYear();
  return offsetTable(timezone, Math.min(year(first), year(table.from)), Math.max(year(last), year(table.to) - 1));
}

/**
 * Windows by timezone and local day: a window depends on nothing else, and working one out converts five local
 * midnights to instants (fifteen `Intl` calls), which every analytics read did again before its kept figures could
 * answer. The few hundred used lately are kept (one per workspace timezone and day).
 */
const analyticsWindowByZoneDay = new LRUCache<string, AnalyticsWindow>({ max: 500 });

export function analyticsWindow(now: Date, timezone: string): AnalyticsWindow {
  const today = todayIn(timezone, now);
  const year = now.getUTCFullYear();
  const key = `${timezone}|${today}|${year}`;
  let window = analyticsWindowByZoneDay.get(key);
  if (!window) {
    window = computeWindow(today, year, timezone);
    analyticsWindowByZoneDay.set(key, window);
  }
  return window;
}

function computeWindow(today: string, year: number, timezone: string): AnalyticsWindow {
  const weekStart = weekStartOf(today);
  const startOf = (day: string) => zonedTimeToInstant(day, "00:00", timezone).toISOString();
  return {
    today,
    tomorrow: addDays(today, 1),
    weekStart,
    weekEnd: addDays(weekStart, 6),
    lastWeekStart: addDays(weekStart, -7),
    lastWeekEnd: addDays(weekStart, -1),
    starts: {
      lastWeek: startOf(addDays(weekStart, -7)),
      thisWeek: startOf(weekStart),
      nextWeek: startOf(addDays(weekStart, 7)),
      sevenDays: startOf(addDays(today, -6)),
      tomorrow: startOf(addDays(today, 1)),
    },
    offsets: offsetTable(timezone, year - YEARS_BEFORE, year + 1),
  };
}

/** One week's KPI counts: creations and completions in it, and its due work (see `dueWork`). */
export interface WeekCounts {
  created: number;
  completed: number;
  /** Of the completions, how many have a duration, and their durations' sum in milliseconds. */
  timedCount: number;
  timedMs: number;
  due: number;
  done: number;
}

/** The one-row aggregate over every task of the workspace. */
export interface AnalyticsTotals {
  total: number;
  completed: number;
  priorities: Record<Priority, number>;
  openCritical: number;
  overdue: number;
  completedLast7Days: number;
  timedCount: number;
  timedMs: number;
  thisWeek: WeekCounts;
  lastWeek: WeekCounts;
  /** Tasks due after today and by Sunday, and of those the ones done. */
  dueLater: number;
  doneLater: number;
  /** The earliest and latest creation or completion instant, to check the offset table covers them. */
  firstInstant: string | null;
  lastInstant: string | null;
}

/** Tasks per category exactly as stored, with a key that sorts in list order for the first of them. */
export interface CategoryTotals {
  category: string | null;
  total: number;
  completed: number;
  /** The spelling of the group's first task in list order names the group. */
  firstKey: string;
}

/** The totals and category of one category spelling: the aggregate query counts everything in one grouped pass. */
export type CategoryFigures = AnalyticsTotals & CategoryTotals;

function addCounts<T extends Record<string, number>>(a: T, b: T): T {
  return Object.fromEntries(Object.entries(a).map(([key, value]) => [key, value + b[key]])) as T;
}

const earliest = (a: string | null, b: string | null) => (a === null ? b : b === null || a < b ? a : b);
const latest = (a: string | null, b: string | null) => (a === null ? b : b === null || a > b ? a : b);
const NO_WEEK: WeekCounts = { created: 0, completed: 0, timedCount: 0, timedMs: 0, due: 0, done: 0 };
const NO_TOTALS: AnalyticsTotals = {
  total: 0,
  completed: 0,
  priorities: { low: 0, medium: 0, high: 0, critical: 0 },
  openCritical: 0,
  overdue: 0,
  completedLast7Days: 0,
  timedCount: 0,
  timedMs: 0,
  thisWeek: NO_WEEK,
  lastWeek: NO_WEEK,
  dueLater: 0,
  doneLater: 0,
  firstInstant: null,
  lastInstant: null,
};

/** The workspace's totals: the sum of its categories' (all zero without tasks). */
export function sumTotals(groups: readonly AnalyticsTotals[]): AnalyticsTotals {
  return groups.reduce<AnalyticsTotals>(
    (sum, g) => ({
      total: sum.total + g.total,
      completed: sum.completed + g.completed,
      priorities: addCounts(sum.priorities, g.priorities),
      openCritical: sum.openCritical + g.openCritical,
      overdue: sum.overdue + g.overdue,
      completedLast7Days: sum.completedLast7Days + g.completedLast7Days,
      timedCount: sum.timedCount + g.timedCount,
      timedMs: sum.timedMs + g.timedMs,
      thisWeek: addCounts({ ...sum.thisWeek }, { ...g.thisWeek }),
      lastWeek: addCounts({ ...sum.lastWeek }, { ...g.lastWeek }),
      dueLater: sum.dueLater + g.dueLater,
      doneLater: sum.doneLater + g.doneLater,
      firstInstant: earliest(sum.firstInstant, g.firstInstant),
      lastInstant: latest(sum.lastInstant, g.lastInstant),
    }),
    NO_TOTALS,
  );
}

export interface AnalyticsAggregates {
  totals: AnalyticsTotals;
  /** Weeks with creations or completions, any order, the latest `MAX_WEEKS` at most. */
  weeks: readonly WeekProgress[];
  categories: readonly CategoryTotals[];
  /**
   * Candidates for the recent activity: the latest tasks by creation and the latest by completion. A task among
   * the latest by its latest event is among one of those, so `recentActivity` of them is the same list.
   */
  recent: readonly AnalyticsTask[];
}

/** The category groups of `tasksByCategory`, merged from the stored spellings in list order. */
function categoryCounts(rows: readonly CategoryTotals[]): CategoryCount[] {
  const groups = new Map<string, CategoryCount>();
  for (const row of [...rows].sort((a, b) => (a.firstKey < b.firstKey ? -1 : a.firstKey > b.firstKey ? 1 : 0))) {
    const name = row.category?.trim() || UNCATEGORISED;
    const key = row.category?.trim() ? listNameKey(name) : "";
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { category: name, total: 0, open: 0, completed: 0 }));
    group.total += row.total;
    group.completed += row.completed;
    group.open += row.total - row.completed;
  }
  return [...groups.values()].sort((a, b) => b.total - a.total || a.category.localeCompare(b.category));
}

function weekFiguresOf(week: WeekCounts): WeekFigures {
  const work = { due: week.due, done: week.done };
  return {
    created: week.created,
    completed: week.completed,
    averageDays: averageDaysTenth(week.timedMs, week.timedCount),
    rate: efficiencyRate(work),
    work,
  };
}

function uniqueById(tasks: readonly AnalyticsTask[]) {
  return [...new Map(tasks.map((task) => [task.id, task])).values()];
}

/** `buildAnalytics`'s output from the aggregate rows of `app/models/analytics.ts`. */
export function analyticsFromAggregates(aggregates: AnalyticsAggregates, window: AnalyticsWindow): Analytics {
  const { totals } = aggregates;
  const categories = categoryCounts(aggregates.categories);
  const averageCompletionDays = averageWholeDays(totals.timedMs, totals.timedCount);
  return {
    weeklyProgress: [...aggregates.weeks].sort((a, b) => (a.weekStart < b.weekStart ? -1 : 1)).slice(-MAX_WEEKS),
    kpis: kpisOf(
      window.weekStart,
      weekFiguresOf(totals.thisWeek),
      weekFiguresOf(totals.lastWeek),
      totals.dueLater - totals.doneLater,
    ),
    tasksByCategory: categories,
    priorityDistribution: PRIORITIES.map((priority) => ({ priority, count: totals.priorities[priority] })),
    recentActivity: recentActivity(uniqueById(aggregates.recent)),
    keyInsights: {
      averageCompletionDays,
      overdueCount: totals.overdue,
      completedLast7Days: totals.completedLast7Days,
      sentences: insightSentences({
        averageCompletionDays,
        overdueCount: totals.overdue,
        completedLast7Days: totals.completedLast7Days,
        total: totals.total,
        completed: totals.completed,
        openCritical: totals.openCritical,
        categories,
      }),
    },
  };
}

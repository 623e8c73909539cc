import { addDays, dueDay, todayIn, wallClock, weekStartOf } from "./dates";
import { completionPercentage, dueState } from "./stats";
import { COMPLETED, listNameKey, PRIORITIES, type Priority } from "./tasks";
import { capitalize, plural, pluralWord } from "./labels";

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
const RECENT_ACTIVITY_LIMIT = 3;
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

function weekFigures(prepared: readonly Prepared[], weekStart: string, today: string) {
  const weekEnd = addDays(weekStart, 6);
  const inWeek = (day: string | null) => day !== null && day >= weekStart && day <= weekEnd;
  const completedInWeek = prepared.filter((p) => inWeek(p.completedDay));
  const timed = completedInWeek.filter(hasDuration);
  const work = dueWork(prepared, weekStart, weekEnd < today ? weekEnd : today);
  return {
    created: prepared.filter((p) => inWeek(p.createdDay)).length,
    completed: completedInWeek.length,
    // Rounded before comparing, so the card never shows "2.3 days, up" against a previous 2.3.
    averageDays:
      timed.length === 0 ? null : roundTenth(timed.reduce((sum, p) => sum + durationMs(p), 0) / timed.length / DAY_MS),
    rate: work.due === 0 ? null : Math.round((work.done / work.due) * 100),
    work,
  };
}

function buildKpis(prepared: readonly Prepared[], today: string): Kpis {
  const weekStart = weekStartOf(today);
  const current = weekFigures(prepared, weekStart, today);
  const last = weekFigures(prepared, addDays(weekStart, -7), today);
  // Every task due later this week is open or already done; what is open is what the figure leaves out for now.
  const later = dueWork(prepared, addDays(today, 1), addDays(weekStart, 6));
  return {
    weekStart,
    tasksCreated: kpi(current.created, last.created, "percent", null),
    tasksCompleted: kpi(current.completed, last.completed, "percent", true),
    averageCompletionDays: kpi(current.averageDays, last.averageDays, "percent", false),
    completionRate: kpi(current.rate, last.rate, "points", true),
    efficiency: { ...current.work, dueLater: later.due - later.done },
  };
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

function busiestCategorySentence(tasks: readonly AnalyticsTask[]) {
  const open = tasks.filter((t) => t.status !== COMPLETED).length;
  const groups = tasksByCategory(tasks).filter((g) => g.open > 0);
  if (groups.length < 2) return null;
  const most = Math.max(...groups.map((g) => g.open));
  const leaders = groups.filter((g) => g.open === most).map((g) => g.category);
  if (leaders.length === groups.length) return null;
  if (leaders.length === 1) return `${capitalize(leaders[0])} has the most open tasks: ${most} of ${open}.`;
  return `${capitalize(joinNames(leaders))} share the most open tasks: ${most} each of ${open}.`;
}

function buildKeyInsights(tasks: readonly AnalyticsTask[], prepared: readonly Prepared[], today: string): KeyInsights {
  const timed = prepared.filter(hasDuration);
  const averageCompletionDays =
    timed.length === 0 ? null : Math.round(timed.reduce((sum, p) => sum + durationMs(p), 0) / timed.length / DAY_MS);
  const overdueCount = tasks.filter((t) => dueState(t, today) === "overdue").length;
  const since = addDays(today, -6);
  const completedLast7Days = prepared.filter(
    (p) => p.completedDay !== null && p.completedDay >= since && p.completedDay <= today,
  ).length;

  const sentences: string[] = [];
  if (averageCompletionDays === null) {
    sentences.push("No tasks have been completed yet, so there is no average completion time.");
  } else if (averageCompletionDays === 0) {
    sentences.push("Tasks are completed in less than a day on average, from creation to completion.");
  } else {
    sentences.push(`Tasks take ${plural(averageCompletionDays, "day")} on average from creation to completion.`);
  }

  if (overdueCount === 0) sentences.push("No open tasks are overdue.");
  else sentences.push(`${plural(overdueCount, "task")} ${pluralWord(overdueCount, "is", "are")} overdue.`);

  if (completedLast7Days === 0) {
    sentences.push("No tasks were completed in the last 7 days.");
  } else {
    const verb = pluralWord(completedLast7Days, "was", "were");
    sentences.push(`${plural(completedLast7Days, "task")} ${verb} completed in the last 7 days.`);
  }

  if (tasks.length > 0) {
    const completed = tasks.filter((t) => t.status === COMPLETED).length;
    const percent = completionPercentage(completed, tasks.length);
    sentences.push(`The workspace is ${percent}% complete: ${completed} of ${plural(tasks.length, "task")} done.`);
  }
  const openCritical = tasks.filter((t) => t.status !== COMPLETED && t.priority === "critical").length;
  if (openCritical > 0) {
    sentences.push(`${plural(openCritical, "critical task")} ${pluralWord(openCritical, "is", "are")} still open.`);
  }
  const busiest = busiestCategorySentence(tasks);
  if (busiest) sentences.push(busiest);

  return { averageCompletionDays, overdueCount, completedLast7Days, sentences };
}

/** The Key Insights list: the spec's three figures, then further sentences only where there is something to say. */
export function keyInsights({ tasks, now, timezone }: AnalyticsInput): KeyInsights {
  return buildKeyInsights(tasks, prepare(tasks, timezone), todayIn(timezone, now));
}

/** Everything the analytics page shows, with each task's dates worked out once. */
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

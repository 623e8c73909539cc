import { addDays, daysBetween, dueDay, todayIn, wallClock, zonedTimeToInstant } from "./dates";
import { dueState } from "./stats";
import { COMPLETED } from "./tasks";
import { capitalize, plural } from "./labels";

/**
 * Risk detection: which open tasks threaten the show, each with a short reason a producer can act on. Days
 * are calendar days in the workspace timezone, as for "overdue" and "due today" (ADR 001): producers plan by
 * the day, so a task due today at 09:00 is "due today" all day. Completed tasks are never at risk.
 */

/** "Due soon" reaches this many days ahead: today, tomorrow and the day after. */
export const DUE_SOON_DAYS = 2;
/** "This week" is today and the next six days, a rolling window so Friday still sees the week ahead. */
const WEEK_DAYS = 7;
/**
 * An assignee is overloaded above this many open tasks due this week. Five is one deadline per working day on
 * top of show preparation; a sixth means something will slip unless it is handed over.
 */
export const OVERLOAD_TASKS = 5;

export type RiskKind = "overdue" | "due_soon" | "negative_slack" | "after_event" | "unassigned" | "overloaded";

export interface Risk {
  taskId: string;
  kind: RiskKind;
  reason: string;
}

export interface RiskTask {
  id: string;
  status: string;
  priority: string;
  dueDate: string | null;
  assigneeName: string | null;
}

/** The slice of a critical-path result the rules read (see critical-path.ts). */
interface SlackTask {
  id: string;
  slackDays: number;
  atRisk: boolean;
  boundBy?: "due" | "deadline";
  /** No estimate was entered; the schedule used the assumed one. */
  estimateAssumed?: boolean;
  dependsOn?: readonly string[];
}

export interface SlackInfo {
  tasks: ReadonlyArray<SlackTask>;
}

const isUrgentPriority = (priority: string) => priority === "high" || priority === "critical";

/** Fractional days to one decimal, never shown as "0 days" for a real shortfall. */
const formatDays = (days: number) => plural(Math.max(0.1, Math.round(days * 10) / 10), "day");

/** The event's local calendar day and instant; null without a readable event date. */
function eventIn(eventDate: string | null, timezone: string) {
  if (!eventDate) return null;
  const instant = new Date(eventDate);
  if (Number.isNaN(instant.getTime())) return null;
  return { instant, day: wallClock(instant, timezone).date };
}

interface Context {
  today: string;
  /** The last day of the week that starts today (`weekEndOf`). */
  weekEnd: string;
  timezone: string;
  event: { instant: Date; day: string } | null;
  /** The event's last day (`eventLastDayOf`), or null for a one-day event without load-out. */
  lastDay: string | null;
  slack: Map<string, SlackTask>;
  /** Tasks in a dependency chain (waiting on another, or waited on). */
  linked: Set<string>;
  overloaded: Map<string, { name: string; count: number }>;
}

function overdue(task: RiskTask, ctx: Context): string | null {
  if (dueState(task, ctx.today) !== "overdue") return null;
  return `Overdue by ${plural(daysBetween(dueDay(task.dueDate!), ctx.today), "day")}`;
}

function dueSoon(task: RiskTask, ctx: Context): string | null {
  if (!task.dueDate || task.status !== "pending" || !isUrgentPriority(task.priority)) return null;
  const days = daysBetween(ctx.today, dueDay(task.dueDate));
  if (days < 0 || days > DUE_SOON_DAYS) return null;
  const when = days === 0 ? "Due today" : `Due in ${plural(days, "day")}`;
  return `${when}, ${task.priority} priority, not started`;
}

function negativeSlack(task: RiskTask, ctx: Context): string | null {
  const info = ctx.slack.get(task.id);
  if (!info?.atRisk) return null;
  // An overdue task has missed its own date; "Overdue by N days" already says so.
  if (info.boundBy === "due" && dueState(task, ctx.today) === "overdue") return null;
  // A task on its own, with no estimate, is late only by the assumed length; its date's own rules speak for it.
  if (info.estimateAssumed && !ctx.linked.has(task.id)) return null;
  const missed = info.boundBy === "due" ? "a due date" : "the event";
  return `${capitalize(formatDays(-info.slackDays))} behind ${missed} on the critical path`;
}

function afterEvent(task: RiskTask, ctx: Context): string | null {
  if (!task.dueDate || !ctx.event) return null;
  const day = dueDay(task.dueDate);
  // The event runs to its last day (load-out, or the last show day): work due by then is in time.
  const lastDay = ctx.lastDay && ctx.lastDay > ctx.event.day ? ctx.lastDay : ctx.event.day;
  const days = daysBetween(lastDay, day);
  if (days > 0) return `Due ${plural(days, "day")} after the event`;
  // On a one-day event's day only a due time after the event's start is late; a bare date means "by the show".
  const time = task.dueDate.slice(11);
  if (
    days === 0 &&
    lastDay === ctx.event.day &&
    time &&
    zonedTimeToInstant(day, time, ctx.timezone) > ctx.event.instant
  ) {
    return "Due after the event starts";
  }
  return null;
}

function unassigned(task: RiskTask): string | null {
  if (!isUrgentPriority(task.priority) || task.assigneeName?.trim()) return null;
  return `${capitalize(task.priority)} priority and unassigned`;
}

/** The last day of the week that starts `today`. */
const weekEndOf = (today: string) => addDays(today, WEEK_DAYS - 1);

/** Open tasks due this week (by `weekEnd`), overdue ones included: late work still has to be done this week. */
function isDueThisWeek(task: RiskTask, weekEnd: string) {
  return task.dueDate !== null && dueDay(task.dueDate) <= weekEnd;
}

/** The same person however their name was typed: "Dana", "dana ". */
const assigneeKey = (name: string) => name.trim().toLocaleLowerCase("en");

function countWeekLoad(tasks: readonly RiskTask[], weekEnd: string) {
  const load = new Map<string, { name: string; count: number }>();
  for (const task of tasks) {
    const name = task.assigneeName?.trim();
    if (!name || !isDueThisWeek(task, weekEnd)) continue;
    const entry = load.get(assigneeKey(name)) ?? { name, count: 0 };
    entry.count++;
    load.set(assigneeKey(name), entry);
  }
  return new Map([...load].filter(([, entry]) => entry.count > OVERLOAD_TASKS));
}

function overloaded(task: RiskTask, ctx: Context): string | null {
  if (!task.assigneeName?.trim() || !isDueThisWeek(task, ctx.weekEnd)) return null;
  const entry = ctx.overloaded.get(assigneeKey(task.assigneeName));
  return entry ? `${entry.name} has ${entry.count} open tasks due this week` : null;
}

const RULES: ReadonlyArray<[RiskKind, (task: RiskTask, ctx: Context) => string | null]> = [
  ["overdue", overdue],
  ["due_soon", dueSoon],
  ["negative_slack", negativeSlack],
  ["after_event", afterEvent],
  ["unassigned", unassigned],
  ["overloaded", overloaded],
];

/** Every risk of every open task, in the tasks' order and, per task, in the order of RULES. */
export function detectRisks(input: {
  tasks: readonly RiskTask[];
  now: Date;
  timezone: string;
  eventDate: string | null;
  /** The event's last day, `YYYY-MM-DD` (`eventLastDayOf`): "after the event" is after it. The start's day if absent. */
  eventLastDay?: string | null;
  criticalPath?: SlackInfo;
}): Risk[] {
  const open = input.tasks.filter((t) => t.status !== COMPLETED);
  const today = todayIn(input.timezone, input.now);
  const weekEnd = weekEndOf(today);
  const ctx: Context = {
    today,
    weekEnd,
    timezone: input.timezone,
    event: eventIn(input.eventDate, input.timezone),
    lastDay: input.eventLastDay ?? null,
    slack: new Map((input.criticalPath?.tasks ?? []).map((t) => [t.id, t])),
    linked: new Set(
      (input.criticalPath?.tasks ?? []).flatMap((t) => (t.dependsOn?.length ? [t.id, ...t.dependsOn] : [])),
    ),
    overloaded: countWeekLoad(open, weekEnd),
  };
  return open.flatMap((task) =>
    RULES.flatMap(([kind, rule]) => {
      const reason = rule(task, ctx);
      return reason ? [{ taskId: task.id, kind, reason }] : [];
    }),
  );
}

// ---- cues (the run of show, ADR 026) ---------------------------------------------------------------------------

/** Cues become risks this many days before the show's first day (local), so there is time to finish their tasks. */
export const CUE_RISK_DAYS_BEFORE = 3;

/** A cue and its linked tasks that are still open (read in one query: app/models/cue-readiness.ts). */
export interface CueReadiness {
  id: string;
  title: string;
  /** The cue's local day (`YYYY-MM-DD`). */
  day: string;
  openTaskIds: readonly string[];
}

/** A cue that is not ready: a risk of the cue, not of one task, so it has its own kind and no `taskId`. */
export interface CueRisk {
  kind: "cue_not_ready";
  cueId: string;
  cueTitle: string;
  day: string;
  /** The linked tasks still open. */
  taskIds: string[];
  reason: string;
}

/**
 * The first local day cue risks show (three days before the show's first day), or null without a readable event
 * date: no show, no run of show to be ready for.
 */
export function cueRiskWindowStart(eventDate: string | null, timezone: string): string | null {
  const event = eventIn(eventDate, timezone);
  return event ? addDays(event.day, -CUE_RISK_DAYS_BEFORE) : null;
}

/** "cue 'Walk-in music' waits on 2 open tasks". */
export const cueRiskReason = (title: string, open: number) => `cue '${title}' waits on ${plural(open, "open task")}`;

/**
 * Every cue that is not ready (some linked task open) while it matters: from CUE_RISK_DAYS_BEFORE days before the
 * show's first day until the cue's own day is over. A cue with no linked tasks is ready. In the cues' order.
 */
export function detectCueRisks(input: {
  cues: readonly CueReadiness[];
  now: Date;
  timezone: string;
  eventDate: string | null;
}): CueRisk[] {
  const from = cueRiskWindowStart(input.eventDate, input.timezone);
  const today = todayIn(input.timezone, input.now);
  if (!from || today < from) return [];
  return input.cues
    .filter((cue) => cue.openTaskIds.length > 0 && cue.day >= today)
    .map((cue) => ({
      kind: "cue_not_ready",
      cueId: cue.id,
      cueTitle: cue.title,
      day: cue.day,
      taskIds: [...cue.openTaskIds],
      reason: cueRiskReason(cue.title, cue.openTaskIds.length),
    }));
}

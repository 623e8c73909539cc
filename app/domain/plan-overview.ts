import { computeCriticalPath, WORK_HOURS_PER_DAY, type CriticalPath, type PlannedTask } from "./critical-path";
import { daysBetween, formatDueDate, todayIn } from "./dates";
import { eventLastDayOf, type EventSettings } from "./event-settings";
import { detectCueRisks, detectRisks, type CueReadiness, type Risk, type RiskKind, type RiskTask } from "./risks";
import { applyAcknowledgements, type RiskAcknowledgement } from "./risk-acknowledgements";
import { COMPLETED } from "./tasks";
import { plural } from "./labels";

/**
 * What the dashboard's Critical path and Risks cards show, worked out from the plan (planning.server.ts) so
 * the components only draw: a timeline of the chain to the event as percentages of one scale, and the at-risk
 * tasks with their reasons.
 */

export interface TimelineRow {
  id: string;
  title: string;
  /** Days from now until the task can start at the earliest, and its length, in days. */
  startDays: number;
  durationDays: number;
  slackDays: number;
  /** How far the task runs past its deadline (its due date, a successor's, or the event), or null when it fits. */
  behindDays: number | null;
  /** The work as entered ("4 hours of work"), or the assumption when nobody entered one. */
  work: string;
  /** "Due Fri, May 8" from the task's own due date, or null without one. */
  due: string | null;
  /** Titles of the tasks waiting on this one that are due before it. */
  conflicts: string[];
  /** Left edge and width of its bar on the timeline, in percent of the scale. */
  startPct: number;
  widthPct: number;
}

export type CriticalPathOverview =
  | { state: "no-event" }
  /** Nothing open, or no task has an estimate or a dependency: there is no chain worth drawing. */
  | { state: "no-plan" }
  | {
      state: "ready";
      /** Days from now to the event (negative once it has started). */
      daysToEvent: number;
      /** Where the event falls on the timeline, in percent. */
      eventPct: number;
      /** How far the chain runs past the event, or null when it fits. */
      behindDays: number | null;
      /** The chain's slack (the same for every task on it). */
      slackDays: number;
      rows: TimelineRow[];
    };

/**
 * A workspace's plan from its tasks: the schedule against the event (tasks without an estimate take the
 * workspace's stated assumption) and the risks that schedule and the dates reveal. `risks` are those shown; the
 * ones an acknowledgement still hides (app/domain/risk-acknowledgements.ts) are in `acknowledgedRisks`.
 */
export function planWorkspace<
  Task extends PlannedTask & RiskTask & { updatedAt: string },
  Acknowledgement extends RiskAcknowledgement = RiskAcknowledgement,
>(input: {
  tasks: readonly Task[];
  workspace: EventSettings & { assumedEstimateHours: number };
  now: Date;
  /** The run of show's cues that wait on open tasks (ADR 026); their risks are the cues' own (`cueRisks`). */
  cues?: readonly CueReadiness[];
  /** The workspace's acknowledged risks (ADR 036); none unless given. */
  acknowledgements?: readonly Acknowledgement[];
}) {
  const { tasks, now } = input;
  const { eventDate, timezone, assumedEstimateHours } = input.workspace;
  const criticalPath = computeCriticalPath({ tasks, eventDate, now, timezone, assumedEstimateHours });
  const detected = detectRisks({
    tasks,
    now,
    timezone,
    eventDate,
    eventLastDay: eventLastDayOf(input.workspace),
    criticalPath,
  });
  const { shown: risks, acknowledged: acknowledgedRisks } = applyAcknowledgements({
    risks: detected,
    tasks,
    acknowledgements: input.acknowledgements ?? [],
  });
  const cueRisks = detectCueRisks({ cues: input.cues ?? [], now, timezone, eventDate });
  return { criticalPath, risks, acknowledgedRisks, cueRisks, assumedEstimateHours, today: todayIn(timezone, now) };
}

/** The narrowest bar drawn, in percent, so a short call on a long timeline is still visible. */
const MIN_BAR_PCT = 1.5;

const pct = (days: number, scale: number) => Math.min(100, Math.max(0, (days / scale) * 100));
const round1 = (n: number) => Math.round(n * 10) / 10;

interface OverviewTask {
  id: string;
  title: string;
  status: string;
  estimatedHours: number | null;
  dependsOn: readonly string[];
  dueDate?: string | null;
}

/** "4 hours", "2 days" (a day being WORK_HOURS_PER_DAY hours): an amount of work given in hours. */
export function formatWorkAmount(hours: number) {
  return hours < WORK_HOURS_PER_DAY ? plural(round1(hours), "hour") : plural(round1(hours / WORK_HOURS_PER_DAY), "day");
}

/** "4 hours of work", "2 days of work". */
export const formatWork = (hours: number) => `${formatWorkAmount(hours)} of work`;

/** "Due today", "Due Fri, May 8, 6:00 PM": a due date as the card says it. */
function dueLabel(dueDate: string | null | undefined, today: string) {
  if (!dueDate) return null;
  const day = formatDueDate(dueDate, today);
  const relative = ["Today", "Tomorrow", "Yesterday"].some((word) => day.startsWith(word));
  return `Due ${relative ? day.charAt(0).toLowerCase() + day.slice(1) : day}`;
}

/**
 * The card's view of the plan; `today` (`YYYY-MM-DD` in the workspace timezone) words the due dates, and
 * `assumedEstimateHours` is the assumption the plan used for tasks without an estimate.
 */
export function criticalPathOverview(
  path: CriticalPath,
  tasks: readonly OverviewTask[],
  options: { today: string; assumedEstimateHours: number },
): CriticalPathOverview {
  if (!path.deadlineIsEvent) return { state: "no-event" };
  const open = tasks.filter((t) => t.status !== COMPLETED);
  const planned = open.some((t) => t.estimatedHours !== null || t.dependsOn.length > 0);
  if (!planned || path.chain.length === 0) return { state: "no-plan" };

  const byId = new Map(path.tasks.map((t) => [t.id, t]));
  const source = new Map(tasks.map((t) => [t.id, t]));
  const chain = path.chain.map((id) => byId.get(id)!);
  // The timeline runs from now to whichever comes last, the event or the finish of the chain.
  const scale = Math.max(path.deadline, path.projectFinish, ...chain.map((t) => t.earliestFinish), 1 / 24);
  const rows = chain.map((t): TimelineRow => {
    const startPct = pct(t.earliestStart, scale);
    return {
      id: t.id,
      title: t.title,
      startDays: t.earliestStart,
      durationDays: t.durationDays,
      slackDays: t.slackDays,
      behindDays: t.slackDays < 0 ? -t.slackDays : null,
      work: t.estimateAssumed
        ? `No estimate (${formatWorkAmount(options.assumedEstimateHours)} assumed)`
        : formatWork(source.get(t.id)?.estimatedHours ?? 0),
      due: dueLabel(source.get(t.id)?.dueDate, options.today),
      conflicts: t.conflictsWith.map((id) => source.get(id)?.title ?? ""),
      startPct,
      widthPct: Math.min(100 - startPct, Math.max(MIN_BAR_PCT, pct(t.durationDays, scale))),
    };
  });
  const slackDays = Math.min(...chain.map((t) => t.slackDays));
  return {
    state: "ready",
    daysToEvent: path.deadline,
    eventPct: pct(path.deadline, scale),
    behindDays: slackDays < 0 ? -slackDays : null,
    slackDays,
    rows,
  };
}

/** Each at-risk task's risks, most reasons first (ties keep the order the risks came in). */
export function groupRisksByTask(risks: readonly Risk[]) {
  const byTask = new Map<string, Risk[]>();
  for (const risk of risks) byTask.set(risk.taskId, [...(byTask.get(risk.taskId) ?? []), risk]);
  return [...byTask].map(([taskId, list]) => ({ taskId, risks: list })).sort((a, b) => b.risks.length - a.risks.length);
}

/** Reasons in the order the card shows them: what costs the show most first. */
const RISK_GROUPS: ReadonlyArray<[RiskKind, string]> = [
  ["negative_slack", "Behind schedule"],
  ["overdue", "Overdue"],
  ["after_event", "Due after the event"],
  ["due_soon", "Due soon, not started"],
  ["unassigned", "Urgent and unassigned"],
  ["overloaded", "Too much on one person"],
];

const PRIORITY_RANK: Readonly<Record<string, number>> = { critical: 3, high: 2, medium: 1, low: 0 };

export interface RiskGroup {
  kind: RiskKind;
  label: string;
  /** Tasks with this reason in all; `tasks` holds the most consequential few. */
  total: number;
  tasks: Array<{ taskId: string; reason: string }>;
}

interface RankingPlan {
  path: Pick<CriticalPath, "chain" | "tasks">;
  tasks: ReadonlyArray<{ id: string; priority: string; dueDate: string | null }>;
  today: string;
}

/**
 * Orders task ids by consequence: on the critical path first, then the days late (overdue, or behind its
 * deadline), then priority. Ties keep their order (Array.prototype.sort is stable).
 */
function byConsequence(plan: RankingPlan) {
  const onChain = new Set(plan.path.chain);
  const slack = new Map(plan.path.tasks.map((t) => [t.id, t.slackDays]));
  const task = new Map(plan.tasks.map((t) => [t.id, t]));
  const daysLate = (id: string) => {
    const due = task.get(id)?.dueDate;
    const overdue = due ? Math.max(0, -daysBetween(plan.today, due.slice(0, 10))) : 0;
    return Math.max(overdue, -(slack.get(id) ?? 0));
  };
  const priority = (id: string) => PRIORITY_RANK[task.get(id)?.priority ?? ""] ?? 0;
  // Each task's keys once, not per comparison: the days late parse dates, and a sort compares n log n times.
  const keys = new Map<string, readonly [number, number, number]>();
  const keyOf = (id: string) => {
    let key = keys.get(id);
    if (!key) keys.set(id, (key = [Number(onChain.has(id)), daysLate(id), priority(id)]));
    return key;
  };
  return (a: string, b: string) => {
    const [chainA, lateA, priorityA] = keyOf(a);
    const [chainB, lateB, priorityB] = keyOf(b);
    return chainB - chainA || lateB - lateA || priorityB - priorityA;
  };
}

/**
 * Risks grouped by reason, each group's tasks ranked by consequence (`byConsequence`); at most `perGroup`
 * tasks per group.
 */
export function rankRiskGroups(risks: readonly Risk[], plan: RankingPlan, perGroup: number): RiskGroup[] {
  const consequence = byConsequence(plan);
  return RISK_GROUPS.flatMap(([kind, label]) => {
    const found = risks.filter((r) => r.kind === kind).sort((a, b) => consequence(a.taskId, b.taskId));
    if (found.length === 0) return [];
    return [
      {
        kind,
        label,
        total: found.length,
        tasks: found.slice(0, perGroup).map(({ taskId, reason }) => ({ taskId, reason })),
      },
    ];
  });
}

/**
 * Every at-risk task once, the most costly first: by consequence (`byConsequence`), then by how many reasons it
 * has. The order of the task list filtered to risks (`risk=1`).
 */
export function rankAtRiskTaskIds(risks: readonly Risk[], plan: RankingPlan): string[] {
  const reasons = new Map<string, number>();
  for (const risk of risks) reasons.set(risk.taskId, (reasons.get(risk.taskId) ?? 0) + 1);
  const consequence = byConsequence(plan);
  return [...reasons.keys()].sort((a, b) => consequence(a, b) || reasons.get(b)! - reasons.get(a)!);
}

/** "2 days", "1 day", "0.5 days", "3 hours" below a day: how the cards say a span of fractional days. */
export function formatDays(days: number) {
  const abs = Math.abs(days);
  if (abs > 0 && abs < 1) {
    const hours = Math.max(1, Math.round(abs * 24));
    return plural(hours, "hour");
  }
  const rounded = round1(abs);
  return plural(rounded, "day");
}

import type { CriticalPath } from "./critical-path";
import type { Risk } from "./risks";
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
  /** How far the task runs past the event (positive days), or null when it fits. */
  behindDays: number | null;
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

/** The narrowest bar drawn, in percent, so a short call on a long timeline is still visible. */
const MIN_BAR_PCT = 1.5;

const pct = (days: number, scale: number) => Math.min(100, Math.max(0, (days / scale) * 100));
const round1 = (n: number) => Math.round(n * 10) / 10;

interface OverviewTask {
  id: string;
  status: string;
  estimatedHours: number | null;
  dependsOn: readonly string[];
}

export function criticalPathOverview(path: CriticalPath, tasks: readonly OverviewTask[]): CriticalPathOverview {
  if (!path.deadlineIsEvent) return { state: "no-event" };
  const open = tasks.filter((t) => t.status !== COMPLETED);
  const planned = open.some((t) => t.estimatedHours !== null || t.dependsOn.length > 0);
  if (!planned || path.chain.length === 0) return { state: "no-plan" };

  const byId = new Map(path.tasks.map((t) => [t.id, t]));
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
  return [...byTask]
    .map(([taskId, list]) => ({ taskId, risks: list }))
    .sort((a, b) => b.risks.length - a.risks.length);
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

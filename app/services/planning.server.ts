import { computeCriticalPath, DEFAULT_ESTIMATE_HOURS } from "~/domain/critical-path";
import { criticalPathOverview, groupRisksByTask, rankRiskGroups } from "~/domain/plan-overview";
import { detectRisks } from "~/domain/risks";
import { listTasks, type TaskDto, type TaskScope } from "./tasks.server";
import { formatEventInstant, todayIn } from "~/domain/dates";

/** The workspace's plan: every task with its dependencies, the schedule against the event, and the risks. */
export async function getPlan(scope: TaskScope, now = new Date()) {
  const tasks = await listTasks(scope);
  return planFor(scope, tasks, now);
}

/** Planning over an already-loaded task list (the dashboard and digest load tasks once and reuse them). */
export function planFor(scope: TaskScope, tasks: TaskDto[], now: Date) {
  const { eventDate, timezone } = scope.workspace;
  const criticalPath = computeCriticalPath({
    tasks,
    eventDate,
    now,
    timezone,
    assumedEstimateHours: DEFAULT_ESTIMATE_HOURS,
  });
  const risks = detectRisks({ tasks, now, timezone, eventDate, criticalPath });
  return { tasks, criticalPath, risks };
}

/** `GET /api/critical-path`: the chain to the show with each task's schedule, titles included for display. */
export async function getCriticalPathReport(scope: TaskScope, now = new Date()) {
  const { tasks, criticalPath } = await getPlan(scope, now);
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  return {
    eventDate: scope.workspace.eventDate,
    ...criticalPath,
    chain: criticalPath.chain.map((id) => ({ id, title: titles.get(id)! })),
  };
}

/** `GET /api/risks`: each at-risk open task with its reasons, most reasons first. */
export async function getRiskReport(scope: TaskScope, now = new Date()) {
  const { tasks, risks } = await getPlan(scope, now);
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  return {
    risks: groupRisksByTask(risks).map(({ taskId, risks: list }) => ({
      task: taskById.get(taskId)!,
      reasons: list.map(({ kind, reason }) => ({ kind, reason })),
    })),
  };
}

/**
 * The event as producers read it, in the workspace's timezone ("Sat, Nov 21, 7:00 PM"); formatted on the
 * server so the browser's hydration renders the same text.
 */
function eventLabel(eventDate: string | null, timezone: string) {
  if (!eventDate) return null;
  const instant = new Date(eventDate);
  if (Number.isNaN(instant.getTime())) return null;
  return formatEventInstant(instant, timezone);
}

/** At-risk tasks the dashboard card lists; the rest are counted and found on /tasks. */
const DASHBOARD_RISKS = 5;
/** Tasks the card shows per reason, the most consequential first. */
const DASHBOARD_RISKS_PER_REASON = 3;

/**
 * The dashboard's Critical path and Risks cards, from one load of the tasks (one D1 round trip): the chain
 * to the event as a timeline, and the at-risk tasks with their reasons.
 */
export async function getPlanOverview(scope: TaskScope, now = new Date()) {
  const { tasks, criticalPath, risks } = await getPlan(scope, now);
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  const grouped = groupRisksByTask(risks);
  const today = todayIn(scope.workspace.timezone, now);
  return {
    eventLabel: eventLabel(scope.workspace.eventDate, scope.workspace.timezone),
    criticalPath: criticalPathOverview(criticalPath, tasks, {
      today,
      assumedEstimateHours: DEFAULT_ESTIMATE_HOURS,
    }),
    risks: grouped.slice(0, DASHBOARD_RISKS).map(({ taskId, risks: list }) => ({
      id: taskId,
      title: titles.get(taskId)!,
      reasons: list.map((r) => r.reason),
    })),
    /** The card's view: by reason, most costly first, a few tasks each (app/domain/plan-overview.ts). */
    riskGroups: rankRiskGroups(risks, { path: criticalPath, tasks, today }, DASHBOARD_RISKS_PER_REASON).map(
      (group) => ({
        ...group,
        tasks: group.tasks.map(({ taskId, reason }) => ({ id: taskId, title: titles.get(taskId)!, reason })),
      }),
    ),
    riskCount: grouped.length,
  };
}
export type PlanOverview = Awaited<ReturnType<typeof getPlanOverview>>;

import { computeCriticalPath, DEFAULT_ESTIMATE_HOURS } from "~/domain/critical-path";
import { criticalPathOverview, groupRisksByTask, rankRiskGroups } from "~/domain/plan-overview";
import { detectRisks } from "~/domain/risks";
import { formatEventInstant, todayIn } from "~/domain/dates";
import type { ActorCtx } from "./context.server";
import { listTasks, type TaskDto } from "./task-queries.server";

/** The workspace's plan: every task with its dependencies, the schedule against the event, and the risks. */
export async function getPlan(ctx: ActorCtx) {
  return planFor(ctx, await listTasks(ctx));
}

/** The schedule and the risks of a loaded task list; tasks without an estimate take the stated assumption. */
function planFor(ctx: ActorCtx, tasks: TaskDto[]) {
  const { now } = ctx;
  const { eventDate, timezone } = ctx.actor.workspace;
  const assumedEstimateHours = DEFAULT_ESTIMATE_HOURS;
  const criticalPath = computeCriticalPath({ tasks, eventDate, now, timezone, assumedEstimateHours });
  const risks = detectRisks({ tasks, now, timezone, eventDate, criticalPath });
  return { tasks, criticalPath, risks, assumedEstimateHours };
}

/** `GET /api/critical-path`: the chain to the show with each task's schedule, titles included for display. */
export async function getCriticalPathReport(ctx: ActorCtx) {
  const { tasks, criticalPath } = await getPlan(ctx);
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  return {
    eventDate: ctx.actor.workspace.eventDate,
    ...criticalPath,
    chain: criticalPath.chain.map((id) => ({ id, title: titles.get(id)! })),
  };
}

/** `GET /api/risks`: each at-risk open task with its reasons, most reasons first. */
export async function getRiskReport(ctx: ActorCtx) {
  const { tasks, risks } = await getPlan(ctx);
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
export async function getPlanOverview(ctx: ActorCtx) {
  const { tasks, criticalPath, risks, assumedEstimateHours } = await getPlan(ctx);
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  const grouped = groupRisksByTask(risks);
  const { eventDate, timezone } = ctx.actor.workspace;
  const today = todayIn(timezone, ctx.now);
  return {
    eventLabel: eventLabel(eventDate, timezone),
    criticalPath: criticalPathOverview(criticalPath, tasks, { today, assumedEstimateHours }),
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

import { computeCriticalPath } from "~/domain/critical-path";
import { criticalPathOverview, groupRisksByTask } from "~/domain/plan-overview";
import { detectRisks } from "~/domain/risks";
import { formatEventInstant } from "~/domain/dates";
import type { ActorCtx } from "./context.server";
import { listTasks, type TaskDto } from "./task-queries.server";

/** The workspace's plan: every task with its dependencies, the schedule against the event, and the risks. */
export async function getPlan(ctx: ActorCtx) {
  return planFor(ctx, await listTasks(ctx));
}

/** The schedule and the risks of a loaded task list. */
function planFor(ctx: ActorCtx, tasks: TaskDto[]) {
  const { now } = ctx;
  const { eventDate, timezone } = ctx.actor.workspace;
  const criticalPath = computeCriticalPath({ tasks, eventDate, now, timezone });
  const risks = detectRisks({ tasks, now, timezone, eventDate, criticalPath });
  return { tasks, criticalPath, risks };
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

/**
 * The dashboard's Critical path and Risks cards, from one load of the tasks (one D1 round trip): the chain
 * to the event as a timeline, and the at-risk tasks with their reasons.
 */
export async function getPlanOverview(ctx: ActorCtx) {
  const { tasks, criticalPath, risks } = await getPlan(ctx);
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  const grouped = groupRisksByTask(risks);
  return {
    eventLabel: eventLabel(ctx.actor.workspace.eventDate, ctx.actor.workspace.timezone),
    criticalPath: criticalPathOverview(criticalPath, tasks),
    risks: grouped.slice(0, DASHBOARD_RISKS).map(({ taskId, risks: list }) => ({
      id: taskId,
      title: titles.get(taskId)!,
      reasons: list.map((r) => r.reason),
    })),
    riskCount: grouped.length,
  };
}
export type PlanOverview = Awaited<ReturnType<typeof getPlanOverview>>;

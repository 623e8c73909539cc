import { criticalPathOverview, groupRisksByTask, rankRiskGroups } from "~/domain/plan-overview";
import { formatEventInstant } from "~/domain/dates";
import type { ActorCtx } from "./context.server";
import { loadPlan } from "./task-queries.server";

/** The workspace's plan (app/services/task-queries.server.ts `loadPlan`: kept while nothing it reads changes). */
export const getPlan = loadPlan;

export type Plan = Awaited<ReturnType<typeof getPlan>>;

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

/**
 * `GET /api/risks`: each at-risk open task with its reasons, most reasons first; a page of them with `page`, and
 * how many there are in all.
 */
export async function getRiskReport(ctx: ActorCtx, page?: { limit: number; offset: number }) {
  const { tasks, risks } = await getPlan(ctx);
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  const grouped = groupRisksByTask(risks);
  const shown = page ? grouped.slice(page.offset, page.offset + page.limit) : grouped;
  return {
    total: grouped.length,
    risks: shown.map(({ taskId, risks: list }) => ({
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
 * The dashboard's Critical path and Risks cards, from one load of the tasks (one D1 round trip, or the plan the
 * caller already loaded): the chain to the event as a timeline, and the at-risk tasks with their reasons.
 */
export async function getPlanOverview(ctx: ActorCtx, loaded?: Plan) {
  const { tasks, criticalPath, risks, assumedEstimateHours, today } = loaded ?? (await getPlan(ctx));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const grouped = groupRisksByTask(risks);
  const { eventDate, timezone } = ctx.actor.workspace;
  return {
    eventLabel: eventLabel(eventDate, timezone),
    criticalPath: criticalPathOverview(criticalPath, tasks, { today, assumedEstimateHours }),
    risks: grouped.slice(0, DASHBOARD_RISKS).map(({ taskId, risks: list }) => ({
      id: taskId,
      title: byId.get(taskId)!.title,
      reasons: list.map((r) => r.reason),
    })),
    /** The card's view: by reason, most costly first, a few tasks each (app/domain/plan-overview.ts). */
    riskGroups: rankRiskGroups(risks, { path: criticalPath, tasks, today }, DASHBOARD_RISKS_PER_REASON).map(
      (group) => ({
        ...group,
        tasks: group.tasks.map(({ taskId, reason }) => {
          const { title, dueDate, assigneeId } = byId.get(taskId)!;
          return { id: taskId, title, dueDate, assigneeId, reason };
        }),
      }),
    ),
    riskCount: grouped.length,
  };
}
export type PlanOverview = Awaited<ReturnType<typeof getPlanOverview>>;

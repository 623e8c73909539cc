import { criticalPathOverview, groupRisksByTask, rankRiskGroups } from "~/domain/plan-overview";
import { formatActivityTime, formatEventInstant } from "~/domain/dates";
import { eventDaysLabel } from "~/domain/event-settings";
import type { ActorCtx } from "./context.server";
import { loadPlan } from "./task-queries.server";

/** The workspace's plan (app/services/task-queries.server.ts `loadPlan`: made once per workspace version). */
export const getPlan = loadPlan;

export type Plan = Awaited<ReturnType<typeof getPlan>>;

/**
 * What the reads derive from one plan, worked out once per plan: the workspace's plan is the same object
 * until the workspace changes (`loadPlan`), so repeat reads of the cards, the risks and "What needs me today" do
 * no work that grows with the workspace. Collected with the plan.
 */
function derivedOnce<T>() {
  const derived = new WeakMap<Plan, T>();
  return (plan: Plan, make: () => T) => {
    if (!derived.has(plan)) derived.set(plan, make());
    return derived.get(plan)!;
  };
}

const groupedRisksOf = derivedOnce<ReturnType<typeof groupRisksByTask>>();
const tasksByIdOf = derivedOnce<Map<string, Plan["tasks"][number]>>();
const groupedRisks = (plan: Plan) => groupedRisksOf(plan, () => groupRisksByTask(plan.risks));
const tasksById = (plan: Plan) => tasksByIdOf(plan, () => new Map(plan.tasks.map((t) => [t.id, t])));

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

/** At-risk tasks `GET /api/risks` answers when the request names no `limit`. */
export const RISKS_PAGE_SIZE = 50;

/**
 * `GET /api/risks`: each at-risk open task with its reasons, most reasons first; a page of them (the first
 * `RISKS_PAGE_SIZE` unless `page` says otherwise), and how many there are in all; and the cues not ready.
 */
export async function getRiskReport(ctx: ActorCtx, page: { limit: number; offset: number }) {
  const plan = await getPlan(ctx);
  const taskById = tasksById(plan);
  const grouped = groupedRisks(plan);
  const shown = grouped.slice(page.offset, page.offset + page.limit);
  return {
    total: grouped.length,
    risks: shown.map(({ taskId, risks: list }) => ({
      task: taskById.get(taskId)!,
      reasons: list.map(({ kind, reason }) => ({ kind, reason })),
    })),
    /**
     * The run of show's cues that are not ready (ADR 026), in show order, every one (bounded by the plan's read):
     * risks of a cue, not of a task, so apart from the task pages above.
     */
    cueRisks: plan.cueRisks,
    /** At-risk tasks whose risk a member acknowledged (ADR 036): left out of `risks` and `total`, listed here. */
    acknowledgedTotal: plan.acknowledgedRisks.length,
    /** The latest `ACKNOWLEDGED_LISTED` of them, the most recently acknowledged first. */
    acknowledged: plan.acknowledgedRisks.slice(0, ACKNOWLEDGED_LISTED).map(({ acknowledgement, risks: list }) => ({
      task: taskById.get(acknowledgement.taskId)!,
      reasons: list.map(({ kind, reason }) => ({ kind, reason })),
      acknowledgedBy: acknowledgement.acknowledgedBy,
      acknowledgedAt: acknowledgement.acknowledgedAt,
    })),
  };
}

/** Acknowledged risks `GET /api/risks` lists: the latest; `acknowledgedTotal` counts them all. */
export const ACKNOWLEDGED_LISTED = 50;

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
/** Cues not ready the card lists, the soonest first; the rest are counted. */
const DASHBOARD_CUE_RISKS = 3;

/**
 * The dashboard's Critical path and Risks cards, from one load of the tasks (one D1 round trip, or the plan the
 * caller already loaded): the chain to the event as a timeline, and the at-risk tasks with their reasons.
 */
export async function getPlanOverview(ctx: ActorCtx, loaded?: Plan) {
  const plan = loaded ?? (await getPlan(ctx));
  const { eventDate, timezone } = ctx.actor.workspace;
  // The plan was made from these settings (`loadPlan` reuses one only while they hold), so its cards are its own.
  return {
    eventLabel: eventLabel(eventDate, timezone),
    // Counted now, by the countdown's rule (the plan may have been made a while ago).
    eventDays: eventDate ? eventDaysLabel(Date.parse(eventDate), ctx.now.getTime(), timezone) : null,
    ...cardsOf(plan, () => planCards(plan)),
    acknowledgedRisks: acknowledgedCard(plan, timezone),
  };
}

/** Acknowledged risks the Risks card lists under "N acknowledged", the latest first; the rest are counted. */
const DASHBOARD_ACKNOWLEDGED = 10;

/**
 * The Risks card's "N acknowledged" list: who acknowledged each task's risk and when, in the workspace's timezone
 * ("Acknowledged by Maria Lopez, Nov 28, 9:30 AM"), worded on the server so hydration renders the same text.
 */
function acknowledgedCard(plan: Plan, timezone: string) {
  const byId = tasksById(plan);
  return {
    total: plan.acknowledgedRisks.length,
    risks: plan.acknowledgedRisks.slice(0, DASHBOARD_ACKNOWLEDGED).map(({ acknowledgement, risks: list }) => ({
      id: acknowledgement.taskId,
      title: byId.get(acknowledgement.taskId)!.title,
      reasons: list.map((r) => r.reason),
      acknowledged: `Acknowledged by ${acknowledgement.acknowledgedBy.name ?? "a former member"}, ${formatActivityTime(acknowledgement.acknowledgedAt, timezone)}`,
    })),
  };
}
export type PlanOverview = Awaited<ReturnType<typeof getPlanOverview>>;

const cardsOf = derivedOnce<ReturnType<typeof planCards>>();

function planCards(plan: Plan) {
  const { tasks, criticalPath, risks, assumedEstimateHours, today } = plan;
  const byId = tasksById(plan);
  const grouped = groupedRisks(plan);
  return {
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
    /** The cues not ready, soonest first, each linked to its day's rundown (`/show?day=`). */
    cueRisks: {
      total: plan.cueRisks.length,
      cues: plan.cueRisks
        .slice(0, DASHBOARD_CUE_RISKS)
        .map(({ cueId, cueTitle, day, reason }) => ({ id: cueId, title: cueTitle, day, reason })),
    },
  };
}

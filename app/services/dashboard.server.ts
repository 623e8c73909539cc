import { toAssignableMembers } from "~/domain/assignees";
import { todayIn } from "~/domain/dates";
import { needsMeToday } from "~/domain/my-day";
import { rankRiskGroups } from "~/domain/plan-overview";
import type { TaskFilters } from "~/domain/schemas";
import { buildTaskStats } from "~/domain/stats";
import { TEMPLATES } from "~/domain/templates";
import { listNames } from "~/models/lists";
import * as taskModel from "~/models/tasks";
import * as teamModel from "~/models/teams";
import type { ActorCtx } from "./context.server";
import { getPlan, type Plan } from "./planning.server";
import { resolveFilters, toTaskDto } from "./task-queries.server";

export type TemplateCard = ReturnType<typeof templateCards>[number];

/** The template cards of the empty dashboard: everything but the tasks themselves, which stay on the server. */
export function templateCards() {
  return TEMPLATES.map(({ tasks, ...template }) => ({ ...template, taskCount: tasks.length }));
}

/**
 * Everything the dashboard shows, in one D1 round trip: the stat counts, the newest tasks matching the filters
 * (up to `limit`) and how many match, the category and status lists, the assignees to filter by and the members
 * to assign to.
 */
export async function getDashboard(ctx: ActorCtx, input: { filters: TaskFilters; limit: number }) {
  const { db, now } = ctx;
  const workspace = ctx.actor.workspace;
  const query = resolveFilters(ctx, input.filters);
  const [counts, newest, [matching], categoryRows, statusRows, assigneeRows, memberRows] = await db.batch([
    taskModel.taskCountsQuery(db, workspace.id, todayIn(workspace.timezone, now)),
    taskModel.listNewestTasks(db, workspace.id, query, input.limit),
    taskModel.countMatchingTasks(db, workspace.id, query),
    listNames(db, workspace.id, "categories"),
    listNames(db, workspace.id, "statuses"),
    taskModel.listAssignees(db, workspace.id),
    teamModel.listMembers(db, workspace.id),
  ]);
  const stats = buildTaskStats(taskModel.toTaskCounts(counts), workspace, now);
  return {
    stats,
    // Dependencies are not shown on the dashboard, so they are not read.
    recentTasks: newest.map((row) => toTaskDto(row)),
    matchingCount: matching?.count ?? 0,
    categories: categoryRows.map((r) => r.name),
    statuses: statusRows.map((r) => r.name),
    assignees: assigneeRows.map((r) => r.name).filter((name): name is string => name !== null),
    members: toAssignableMembers(memberRows),
    templates: stats.totalTasks === 0 ? templateCards() : [],
  };
}

/**
 * "What needs me today": the caller's own overdue, due-today and at-risk tasks, a few of each with how many in
 * all. The risks are the plan's (app/domain/risks.ts, loaded here unless the caller has it), ranked as the Risks
 * card ranks them.
 */
export async function getMyDay(ctx: ActorCtx, loaded?: Plan) {
  const plan = loaded ?? (await getPlan(ctx));
  const viewerId = ctx.actor.user.id;
  // Worked out once per plan and viewer: the plan is the same object until the workspace changes.
  let byViewer = myDays.get(plan);
  if (!byViewer) myDays.set(plan, (byViewer = new Map()));
  let myDay = byViewer.get(viewerId);
  if (!myDay) byViewer.set(viewerId, (myDay = myDayOf(plan, viewerId)));
  return myDay;
}

const myDays = new WeakMap<Plan, Map<string, ReturnType<typeof myDayOf>>>();

function myDayOf({ tasks, criticalPath, risks, today }: Plan, viewerId: string) {
  const mine = new Set(tasks.filter((t) => t.assigneeId === viewerId).map((t) => t.id));
  const groups = rankRiskGroups(
    risks.filter((risk) => mine.has(risk.taskId)),
    { path: criticalPath, tasks, today },
    Number.POSITIVE_INFINITY,
  );
  return needsMeToday({ viewerId, tasks, rankedRisks: groups.flatMap((group) => group.tasks), today });
}

import { computeCriticalPath } from "~/domain/critical-path";
import { detectRisks } from "~/domain/risks";
import { listTasks, type TaskDto, type TaskScope } from "./tasks.server";

/** The workspace's plan: every task with its dependencies, the schedule against the event, and the risks. */
export async function getPlan(scope: TaskScope, now = new Date()) {
  const tasks = await listTasks(scope);
  return planFor(scope, tasks, now);
}

/** Planning over an already-loaded task list (the dashboard and digest load tasks once and reuse them). */
export function planFor(scope: TaskScope, tasks: TaskDto[], now: Date) {
  const { eventDate, timezone } = scope.workspace;
  const criticalPath = computeCriticalPath({ tasks, eventDate, now, timezone });
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
  const byTask = new Map<string, { kind: string; reason: string }[]>();
  for (const r of risks) {
    const list = byTask.get(r.taskId) ?? [];
    list.push({ kind: r.kind, reason: r.reason });
    byTask.set(r.taskId, list);
  }
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  return {
    risks: [...byTask]
      .map(([taskId, reasons]) => ({ task: taskById.get(taskId)!, reasons }))
      .sort((a, b) => b.reasons.length - a.reasons.length),
  };
}

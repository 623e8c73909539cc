import { dueState } from "./stats";

/**
 * "What needs me today" on the dashboard: the viewer's own open tasks that are overdue, due today, or at risk
 * for another reason, a few of each. A task shows once, in the first of those it belongs to; days are the
 * workspace's calendar days (ADR 001), as for the stat cards.
 */

/** Tasks listed per section; the rest are counted and found on the task list. */
export const MY_DAY_LIMIT = 3;

export interface MyDayInputTask {
  id: string;
  title: string;
  status: string;
  priority: string;
  /** Wall-clock `YYYY-MM-DD[THH:MM]` in the workspace timezone. */
  dueDate: string | null;
  assigneeId: string | null;
}

export interface MyDayTask {
  id: string;
  title: string;
  priority: string;
  dueDate: string | null;
  /** Why an at-risk task is listed ("Due after the event"); null in the overdue and due-today sections. */
  reason: string | null;
}

export interface MyDaySection {
  tasks: MyDayTask[];
  /** How many belong to the section in all. */
  total: number;
}

export interface MyDay {
  overdue: MyDaySection;
  dueToday: MyDaySection;
  atRisk: MyDaySection;
}

const PRIORITY_RANK: Readonly<Record<string, number>> = { critical: 3, high: 2, medium: 1, low: 0 };

/** Earliest due first (an all-day date after the timed ones of its day), then the higher priority. */
function byDueThenPriority(a: MyDayInputTask, b: MyDayInputTask) {
  const due = (t: MyDayInputTask) => (t.dueDate!.length === 10 ? `${t.dueDate}T24:00` : t.dueDate!);
  const [da, db] = [due(a), due(b)];
  if (da !== db) return da < db ? -1 : 1;
  return (PRIORITY_RANK[b.priority] ?? 0) - (PRIORITY_RANK[a.priority] ?? 0);
}

function section(tasks: readonly MyDayTask[], limit: number): MyDaySection {
  return { tasks: tasks.slice(0, limit), total: tasks.length };
}

const toItem = (task: MyDayInputTask, reason: string | null = null): MyDayTask => ({
  id: task.id,
  title: task.title,
  priority: task.priority,
  dueDate: task.dueDate,
  reason,
});

/**
 * The viewer's day. `rankedRisks` are the workspace's risks in the order the Risks card ranks them (most costly
 * reason first, then consequence); only the viewer's tasks among them count, each once, with its first reason.
 */
export function needsMeToday(input: {
  viewerId: string;
  tasks: readonly MyDayInputTask[];
  rankedRisks: ReadonlyArray<{ taskId: string; reason: string }>;
  today: string;
  limit?: number;
}): MyDay {
  const { viewerId, today, limit = MY_DAY_LIMIT } = input;
  const mine = input.tasks.filter((t) => t.assigneeId === viewerId && dueState(t, today) !== "done");
  const overdue = mine.filter((t) => dueState(t, today) === "overdue").sort(byDueThenPriority);
  const dueToday = mine.filter((t) => dueState(t, today) === "today").sort(byDueThenPriority);
  const listed = new Set([...overdue, ...dueToday].map((t) => t.id));
  const byId = new Map(mine.map((t) => [t.id, t]));
  const atRisk: MyDayTask[] = [];
  for (const { taskId, reason } of input.rankedRisks) {
    const task = byId.get(taskId);
    if (!task || listed.has(taskId)) continue;
    listed.add(taskId);
    atRisk.push(toItem(task, reason));
  }
  return {
    overdue: section(
      overdue.map((t) => toItem(t)),
      limit,
    ),
    dueToday: section(
      dueToday.map((t) => toItem(t)),
      limit,
    ),
    atRisk: section(atRisk, limit),
  };
}

import { addDays, instantsInZone, zonedTimeToInstant } from "./dates";
import { AppError } from "./errors";
import { COMPLETED } from "./tasks";

/**
 * The critical path to the show: which chain of dependent work decides whether everything is done by the
 * event, and how much slack every other task has.
 *
 * Time model. Offsets are fractional days from `now` (0 = now), so a dashboard can draw a timeline by
 * scaling them. A day holds WORK_HOURS_PER_DAY hours of work and every calendar day counts: crews work
 * weekends in show week, and a planner that skipped them would report slack nobody has. Durations stay
 * fractional (a 2 h call is a quarter day) rather than rounding up to whole days, which would turn a chain of
 * short tasks into weeks. Arithmetic is done in whole minutes so "slack ≤ 0" is exact.
 *
 * Scheduling: the critical path method with deadlines. A completed task has nothing left to do: it takes no
 * time and no longer waits on its dependencies (its incoming edges are cut), so its successors may start now.
 * Every other task starts as soon as its dependencies finish (forward pass). Its latest finish is the earliest
 * of its own due date, its successors' latest starts and the event, the final deadline (backward pass): a task
 * due in 7 days has at most 7 days of slack, whatever the event's distance. Slack is latest start − earliest
 * start: ≤ 0 is critical, < 0 means the work cannot be done in time (at risk). Without an event date the plan's
 * own finish stands in for it. A task due after one of the tasks waiting on it is a conflict: its date cannot
 * hold for both. Tasks with no dependency between them run in parallel: the plan assumes enough hands, and the
 * risk rules flag anyone carrying too much. Dependency ids that name no task in the list are ignored.
 *
 * Estimates. A task without an estimate is scheduled with a stated assumption (`assumedEstimateHours`, one
 * working day unless the caller says otherwise) and marked `estimateAssumed`, so no screen presents a figure
 * nobody entered as if someone had.
 */

/** Hours of work in a day. */
export const WORK_HOURS_PER_DAY = 8;
/** Estimate assumed for a task without one unless the workspace says otherwise: one working day. */
export const DEFAULT_ESTIMATE_HOURS = WORK_HOURS_PER_DAY;

const MINUTES_PER_DAY = 24 * 60;

export interface DependencyNode {
  id: string;
  dependsOn: readonly string[];
}

export interface PlannedTask extends DependencyNode {
  title: string;
  status: string;
  estimatedHours: number | null;
  /** The producer's own deadline, `YYYY-MM-DD[THH:MM]` in the workspace timezone (ADR 001). */
  dueDate?: string | null;
}

interface ScheduledTask {
  id: string;
  title: string;
  status: string;
  /** The known dependencies the schedule used (none for a completed task). */
  dependsOn: string[];
  durationDays: number;
  /** No estimate was entered: `durationDays` comes from the assumed estimate. */
  estimateAssumed: boolean;
  /** Offset of the task's own due date (the end of its day, or its time), or null without one. */
  dueAt: number | null;
  earliestStart: number;
  earliestFinish: number;
  latestStart: number;
  latestFinish: number;
  slackDays: number;
  /** What sets the latest finish: a due date (its own or a successor's), or the deadline (the event). */
  boundBy: "due" | "deadline";
  critical: boolean;
  atRisk: boolean;
  /** Open tasks waiting on this one that are due before it: dates that cannot both hold. */
  conflictsWith: string[];
}

export interface CriticalPath {
  /** The instant of offset 0 (`now`), ISO. */
  startsAt: string;
  /** Offset of the end the slack is measured against: the event, or without one the project finish. */
  deadline: number;
  deadlineIsEvent: boolean;
  /** Offset at which all remaining work can be done at the earliest. */
  projectFinish: number;
  /** Every task, by earliest start. */
  tasks: ScheduledTask[];
  /**
   * Ids of the chain of open work with the least slack, first to last: at least two tasks, each waiting on the one
   * before. Its tasks are `critical` when their slack is ≤ 0; empty when no open task waits on another.
   */
  chain: string[];
}

/**
 * A dependency cycle, as the ids met following `dependsOn` (each depends on the next, the last on the
 * first), or null. Unknown ids are ignored. Iterative, so a long chain cannot overflow the stack.
 */
export function detectCycle(nodes: readonly DependencyNode[]): string[] | null {
  const deps = new Map(nodes.map((n) => [n.id, n.dependsOn]));
  const state = new Map<string, "open" | "done">();
  for (const root of nodes) {
    if (state.has(root.id)) continue;
    const path: Array<{ id: string; next: number }> = [{ id: root.id, next: 0 }];
    state.set(root.id, "open");
    while (path.length > 0) {
      const frame = path[path.length - 1];
      const list = deps.get(frame.id) ?? [];
      if (frame.next >= list.length) {
        state.set(frame.id, "done");
        path.pop();
        continue;
      }
      const dep = list[frame.next++];
      if (!deps.has(dep) || state.get(dep) === "done") continue;
      if (state.get(dep) === "open") return path.slice(path.findIndex((f) => f.id === dep)).map((f) => f.id);
      state.set(dep, "open");
      path.push({ id: dep, next: 0 });
    }
  }
  return null;
}

/** Remaining work in minutes of the timeline. */
function durationMinutes(task: PlannedTask, assumedHours: number) {
  if (task.status === COMPLETED) return 0;
  const hours = task.estimatedHours ?? assumedHours;
  return Math.round((hours / WORK_HOURS_PER_DAY) * MINUTES_PER_DAY);
}

/**
 * A due date as an instant: its time when it has one, else the end of its day (a task due Friday may take all of
 * Friday), in the workspace timezone. Null when unreadable.
 */
function dueInstant(dueDate: string, inZone: ReturnType<typeof instantsInZone>) {
  const [date, time] = dueDate.split("T");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const instant = time ? inZone(date, time) : inZone(addDays(date, 1), "00:00");
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * The event as an instant: an ISO instant as stored, or a bare `YYYY-MM-DD` read as the start of that day
 * in the workspace timezone (the work must be done before the show day begins). Null when unreadable.
 */
function eventInstant(eventDate: string | null, timezone: string) {
  if (!eventDate) return null;
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(eventDate)
    ? zonedTimeToInstant(eventDate, "00:00", timezone)
    : new Date(eventDate);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

interface Graph {
  byId: Map<string, PlannedTask>;
  /** Known dependencies per task; none for a completed task. */
  deps: Map<string, string[]>;
  dependents: Map<string, string[]>;
  /** Every id after its dependencies; ties keep the input order so results are stable. */
  order: string[];
}

function buildGraph(input: readonly PlannedTask[]): Graph {
  const byId = new Map<string, PlannedTask>();
  for (const t of input) if (!byId.has(t.id)) byId.set(t.id, t);
  const deps = new Map<string, string[]>();
  const dependents = new Map<string, string[]>();
  for (const t of byId.values()) {
    const known = t.status === COMPLETED ? [] : [...new Set(t.dependsOn)].filter((id) => byId.has(id));
    deps.set(t.id, known);
    for (const dep of known) {
      const list = dependents.get(dep);
      if (list) list.push(t.id);
      else dependents.set(dep, [t.id]);
    }
  }
  const cycle = detectCycle([...deps].map(([id, dependsOn]) => ({ id, dependsOn })));
  if (cycle) {
    const names = [...cycle, cycle[0]].map((id) => `"${byId.get(id)!.title}"`).join(" → ");
    throw new AppError("conflict", `Task dependencies form a cycle: ${names}`);
  }

  const waiting = new Map([...deps].map(([id, list]) => [id, list.length]));
  const ready = [...byId.keys()].filter((id) => waiting.get(id) === 0);
  const order: string[] = [];
  for (let i = 0; i < ready.length; i++) {
    order.push(ready[i]);
    for (const next of dependents.get(ready[i]) ?? []) {
      waiting.set(next, waiting.get(next)! - 1);
      if (waiting.get(next) === 0) ready.push(next);
    }
  }
  return { byId, deps, dependents, order };
}

/** Earliest start and finish: as soon as every dependency is done, and never before now. */
function forwardPass(graph: Graph, duration: Map<string, number>) {
  const start = new Map<string, number>();
  const finish = new Map<string, number>();
  for (const id of graph.order) {
    const s = Math.max(0, ...graph.deps.get(id)!.map((d) => finish.get(d)!));
    start.set(id, s);
    finish.set(id, s + duration.get(id)!);
  }
  return { start, finish };
}

/**
 * Latest start and finish that keep the task's own due date and let every dependent task finish by theirs and
 * by the deadline.
 */
function backwardPass(graph: Graph, duration: Map<string, number>, deadline: number, due: Map<string, number>) {
  const start = new Map<string, number>();
  const finish = new Map<string, number>();
  const boundBy = new Map<string, "due" | "deadline">();
  for (const id of [...graph.order].reverse()) {
    let f = deadline;
    let bound: "due" | "deadline" = "deadline";
    for (const d of graph.dependents.get(id) ?? []) {
      if (start.get(d)! < f) [f, bound] = [start.get(d)!, boundBy.get(d)!];
    }
    const own = due.get(id);
    if (own !== undefined && own <= f) [f, bound] = [own, "due"];
    finish.set(id, f);
    start.set(id, f - duration.get(id)!);
    boundBy.set(id, bound);
  }
  return { start, finish, boundBy };
}

/**
 * The chain with the least slack: a run of open tasks that wait on one another, never a lone task (an overdue task
 * that waits on nothing and holds nothing up is late on its own, which the risks say). It ends at the open task of
 * least slack among those waiting on open work (the latest to finish on a tie) and goes back through the dependency
 * of least slack, preferring the one that finishes exactly when its successor can start, until a task that waits on
 * no open work. Empty when no open task waits on another.
 */
function longestChain(
  graph: Graph,
  open: Set<string>,
  slack: (id: string) => number,
  earliest: { start: Map<string, number>; finish: Map<string, number> },
) {
  const openDeps = (id: string) => graph.deps.get(id)!.filter((d) => open.has(d));
  const ends = graph.order.filter((id) => open.has(id) && openDeps(id).length > 0);
  if (ends.length === 0) return [];
  let current: string | undefined = ends.reduce((a, b) => {
    const bySlack = slack(b) - slack(a);
    return bySlack < 0 || (bySlack === 0 && earliest.finish.get(b)! > earliest.finish.get(a)!) ? b : a;
  });
  const chain: string[] = [];
  while (current) {
    chain.push(current);
    const deps = openDeps(current);
    if (deps.length === 0) break;
    const least = Math.min(...deps.map(slack));
    const start: number = earliest.start.get(current)!;
    const tied = deps.filter((d) => slack(d) === least);
    current = tied.find((d) => earliest.finish.get(d) === start) ?? tied[0];
  }
  return chain.reverse();
}

const toDays = (minutes: number) => Math.round((minutes / MINUTES_PER_DAY) * 1000) / 1000;

/**
 * Schedules the open work from `now` against the event. Writes refuse cycles (400), so one met here is
 * stored state gone wrong: a 409 AppError naming the tasks.
 */
export function computeCriticalPath(input: {
  tasks: readonly PlannedTask[];
  eventDate: string | null;
  now: Date;
  timezone?: string;
  /** Hours assumed for a task without an estimate; one working day when not given. */
  assumedEstimateHours?: number;
}): CriticalPath {
  const timezone = input.timezone ?? "UTC";
  const assumed = input.assumedEstimateHours ?? DEFAULT_ESTIMATE_HOURS;
  const offset = (instant: Date) => Math.round((instant.getTime() - input.now.getTime()) / 60_000);
  const graph = buildGraph(input.tasks);
  const duration = new Map([...graph.byId.values()].map((t) => [t.id, durationMinutes(t, assumed)]));
  // Many tasks are due on the same days: each day's offset from UTC is looked up once.
  const inZone = instantsInZone(timezone);
  const due = new Map<string, number>();
  for (const t of graph.byId.values()) {
    const instant = t.status === COMPLETED || !t.dueDate ? null : dueInstant(t.dueDate, inZone);
    if (instant) due.set(t.id, offset(instant));
  }
  const earliest = forwardPass(graph, duration);
  const projectFinish = [...earliest.finish.values()].reduce((a, b) => Math.max(a, b), 0);
  const event = eventInstant(input.eventDate, timezone);
  const deadline = event ? offset(event) : projectFinish;
  const latest = backwardPass(graph, duration, deadline, due);

  const slack = (id: string) => latest.start.get(id)! - earliest.start.get(id)!;
  const open = new Set(graph.order.filter((id) => graph.byId.get(id)!.status !== COMPLETED));
  const tasks = graph.order
    .map((id): ScheduledTask => {
      const t = graph.byId.get(id)!;
      return {
        id,
        title: t.title,
        status: t.status,
        dependsOn: graph.deps.get(id)!,
        durationDays: toDays(duration.get(id)!),
        estimateAssumed: open.has(id) && t.estimatedHours === null,
        dueAt: due.has(id) ? toDays(due.get(id)!) : null,
        earliestStart: toDays(earliest.start.get(id)!),
        earliestFinish: toDays(earliest.finish.get(id)!),
        latestStart: toDays(latest.start.get(id)!),
        latestFinish: toDays(latest.finish.get(id)!),
        slackDays: toDays(slack(id)),
        boundBy: latest.boundBy.get(id)!,
        critical: open.has(id) && slack(id) <= 0,
        atRisk: open.has(id) && slack(id) < 0,
        conflictsWith: due.has(id)
          ? (graph.dependents.get(id) ?? []).filter((d) => open.has(d) && due.has(d) && due.get(d)! < due.get(id)!)
          : [],
      };
    })
    .sort((a, b) => a.earliestStart - b.earliestStart);

  return {
    startsAt: input.now.toISOString(),
    deadline: toDays(deadline),
    deadlineIsEvent: event !== null,
    projectFinish: toDays(projectFinish),
    tasks,
    chain: longestChain(graph, open, slack, earliest),
  };
}

import { addDays } from "./dates";

/**
 * A task's history in words, and the rules behind moving dates. Pure: the task service records each change as
 * `{ field: [before, after] }` (taskEvents.changes) and the editor reads them back through `describeChange`.
 */

/**
 * The fields a change is recorded for, in the order the history lists them. `neededBy` is the other side of a
 * dependency: the tasks waiting on this one, recorded on it when another task starts or stops waiting for it.
 */
export const TRACKED_FIELDS = [
  "title",
  "description",
  "status",
  "priority",
  "category",
  "dueDate",
  "assigneeName",
  "assigneeId",
  "assigneeContact",
  "estimatedHours",
  "dependsOn",
  "neededBy",
  "recurrence",
  "reminders",
] as const;
export type TrackedField = (typeof TRACKED_FIELDS)[number];
export type TaskChanges = Partial<Record<TrackedField, [unknown, unknown]>>;

type Tracked = Partial<Record<TrackedField, unknown>>;

function same(a: unknown, b: unknown) {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && [...a].sort().join() === [...b].sort().join();
  return (a ?? null) === (b ?? null);
}

/** What changed from `before` to `after`, for the fields `after` names; null when nothing did. */
export function diffTask(before: Tracked, after: Tracked): TaskChanges | null {
  const changes: TaskChanges = {};
  for (const field of TRACKED_FIELDS) {
    if (!(field in after)) continue;
    if (!same(before[field], after[field])) changes[field] = [before[field] ?? null, after[field] ?? null];
  }
  return Object.keys(changes).length ? changes : null;
}

const FIELD_LABELS: Record<TrackedField, string> = {
  title: "Title",
  description: "Description",
  status: "Status",
  priority: "Priority",
  category: "Category",
  dueDate: "Due date",
  assigneeName: "Assignee",
  assigneeId: "Member",
  assigneeContact: "Contact note",
  estimatedHours: "Estimate",
  dependsOn: "Depends on",
  neededBy: "Needed by",
  recurrence: "Repeats",
  reminders: "Reminders",
};

export interface ChangeLine {
  field: TrackedField;
  label: string;
  from: string;
  to: string;
}

/**
 * One line per changed field. `show` formats a value for its field (dates, statuses, task titles for
 * dependencies); long texts are cut so a history stays readable.
 */
export function describeChange(
  changes: TaskChanges,
  show: (field: TrackedField, value: unknown) => string,
): ChangeLine[] {
  // A member's id is recorded (so an undo can put the member back) but their name says who it is.
  return TRACKED_FIELDS.filter((field) => changes[field] && field !== "assigneeId").map((field) => {
    const [from, to] = changes[field]!;
    const cut = (value: unknown) => {
      const text = value === null || value === undefined || value === "" ? "none" : show(field, value);
      return text.length > 80 ? `${text.slice(0, 79)}…` : text;
    };
    return { field, label: FIELD_LABELS[field], from: cut(from), to: cut(to) };
  });
}

/**
 * A due date moved by whole days, keeping its form: `YYYY-MM-DD` stays a date, `YYYY-MM-DDTHH:MM` keeps its
 * wall-clock time (the workspace's clock, so a move across a DST change keeps the time of day).
 */
export function shiftDueDate(dueDate: string, days: number) {
  return `${addDays(dueDate.slice(0, 10), days)}${dueDate.slice(10)}`;
}

/** A due date moved to the day `day` (`YYYY-MM-DD`), keeping its time of day. */
export function moveDueDateTo(dueDate: string, day: string) {
  return `${day}${dueDate.slice(10)}`;
}

/** How far a due date moved, in whole days (positive when it slipped later); null if either side has no date. */
export function slipDays(before: string | null, after: string | null) {
  if (!before || !after) return null;
  const from = Date.UTC(...ymdOf(before));
  const to = Date.UTC(...ymdOf(after));
  return Math.round((to - from) / 86_400_000);
}

function ymdOf(date: string): [number, number, number] {
  const [y, m, d] = date.slice(0, 10).split("-").map(Number);
  return [y, m - 1, d];
}

/**
 * Every task that waits on `taskId`, directly or through others (its dependants), nearest first; bounded by
 * `limit`. Edges are `taskId` depends on `dependsOnId`.
 */
export function dependantsOf(
  taskId: string,
  edges: ReadonlyArray<{ taskId: string; dependsOnId: string }>,
  limit = 200,
): string[] {
  const waitingOn = new Map<string, string[]>();
  for (const e of edges) {
    const list = waitingOn.get(e.dependsOnId);
    if (list) list.push(e.taskId);
    else waitingOn.set(e.dependsOnId, [e.taskId]);
  }
  const seen = new Set([taskId]);
  const found: string[] = [];
  const queue = [taskId];
  for (let i = 0; i < queue.length && found.length < limit; i++) {
    for (const next of waitingOn.get(queue[i]) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      found.push(next);
      queue.push(next);
      if (found.length >= limit) break;
    }
  }
  return found;
}

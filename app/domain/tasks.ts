export const PRIORITIES = ["low", "medium", "high", "critical"] as const;
export type Priority = (typeof PRIORITIES)[number];

export const DEFAULT_STATUSES = ["pending", "in_progress", "overdue", "completed"] as const;
export const DEFAULT_CATEGORIES = ["infrastructure", "marketing", "content", "production", "logistics"] as const;

export const COMPLETED = "completed";

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
/** The most text one 'Add with AI' request reads: a meeting's worth of notes. */
export const TASK_TEXT_MAX = 4000;
export const LIST_NAME_MAX = 40;

export function isDefaultStatus(name: string) {
  return (DEFAULT_STATUSES as readonly string[]).includes(name.trim().toLowerCase());
}

/** A status the due date decides, not a person: still stored and filtered on (spec), never offered in a picker. */
const DERIVED_STATUS = "overdue";

/**
 * The statuses a person can pick for a task: the workspace's, less "overdue" (a task is overdue because its date has
 * passed, which the card says), plus the task's own status when it is not among them, so a select can show it.
 */
export function pickableStatuses(statuses: readonly string[], current?: string) {
  const offered = statuses.filter((s) => listNameKey(s) !== DERIVED_STATUS);
  return current !== undefined && !offered.includes(current) ? [...offered, current] : offered;
}

/** The case-folded key used to compare category and status names. */
export function listNameKey(name: string) {
  return name.trim().toLowerCase();
}

export interface Orderable {
  dueDate: string | null;
  createdAt: string;
}

/**
 * The task list order (spec §4): tasks with a due date first, earliest due first; then the rest by
 * creation time, oldest first. Due dates are wall-clock strings (`YYYY-MM-DD[THH:MM]`), so text order
 * is time order; a date without a time sorts before the same date with a time.
 * The SQL in app/models/tasks.ts orders the same way; this comparator orders lists held in memory.
 */
export function compareTasks(a: Orderable, b: Orderable) {
  if (a.dueDate && b.dueDate) {
    if (a.dueDate !== b.dueDate) return a.dueDate < b.dueDate ? -1 : 1;
  } else if (a.dueDate) return -1;
  else if (b.dueDate) return 1;
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/** The dashboard's Recent Tasks order: newest first, as the SQL orders it (with the id as the tie-break). */
export function newestFirst(
  a: Pick<Orderable, "createdAt"> & { id: string },
  b: Pick<Orderable, "createdAt"> & { id: string },
) {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  return a.id > b.id ? -1 : a.id < b.id ? 1 : 0;
}

import type { TaskChange } from "./live";
import type { TaskFilters } from "./schemas";
import { compareTasks } from "./tasks";

/** The task fields a list's filters and order read: what a live change carries of a task before and after it. */
export interface ListedTask {
  id: string;
  title: string;
  description: string | null;
  priority: string;
  category: string | null;
  assigneeName: string | null;
  /** The member the task is assigned to (null for an outside person or nobody). */
  assigneeId?: string | null;
  status: string;
  dueDate: string | null;
  createdAt: string;
}

/**
 * Whether a task belongs in a list filtered by `filters`: the same rules as the SQL in app/models/tasks.ts and
 * `resolveFilters` (status and priority exactly, category and assignee ignoring case, 'My tasks' — `mine` or
 * `assignee=me` — by the viewer's member id, search in title or description).
 */
export function matchesFilters(task: ListedTask, filters: TaskFilters, viewerId?: string) {
  const me = filters.assignee?.toLowerCase() === "me";
  if (filters.status && task.status !== filters.status) return false;
  if (filters.priority && task.priority !== filters.priority) return false;
  if (filters.category && task.category?.toLowerCase() !== filters.category.toLowerCase()) return false;
  if (filters.assignee && !me && task.assigneeName?.toLowerCase() !== filters.assignee.toLowerCase()) return false;
  if ((filters.mine || me) && (!viewerId || task.assigneeId !== viewerId)) return false;
  if (filters.q) {
    const needle = filters.q.toLowerCase();
    const inTitle = task.title.toLowerCase().includes(needle);
    const inDescription = task.description?.toLowerCase().includes(needle) ?? false;
    if (!inTitle && !inDescription) return false;
  }
  return true;
}

/** The tasks page's order (`compareTasks`), with the id as the SQL's final tie-break. */
export function boardOrder(a: ListedTask, b: ListedTask) {
  return compareTasks(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A window of a filtered, ordered list as a page shows it: its rows from `offset`, and how many match in all. */
export interface ListWindow<Task extends ListedTask> {
  tasks: Task[];
  total: number;
}

export interface ListChange<Task extends ListedTask> {
  change: TaskChange;
  taskId: string;
  /** The task after the change (absent for a deletion, or a batch announced without its rows). */
  task?: Task;
  /** The task before the change, for updates and deletions. */
  previous?: ListedTask;
}

export interface ListShape {
  filters: TaskFilters;
  /** The viewer's member id, for 'My tasks'. */
  viewerId?: string;
  order: (a: ListedTask, b: ListedTask) => number;
  /** Index of the window's first row in the whole list, and how many rows it shows at most. */
  offset: number;
  limit: number;
}

/**
 * Applies one task change to the rows a page holds, without asking the server, when the result is certain:
 * the page's window of the list is rebuilt from what it holds plus the change. When a row the page never held
 * would have to come into view (a row above was removed and the next page's first row moves up, say), or the
 * change does not carry what it takes to place it, the answer is "refetch" and the page asks once.
 * An unchanged window (the change is elsewhere in the workspace) comes back as the same object.
 */
export function applyListChange<Task extends ListedTask>(
  window: ListWindow<Task>,
  event: ListChange<Task>,
  shape: ListShape,
): ListWindow<Task> | "refetch" {
  const { filters, order, offset, limit, viewerId } = shape;
  // Whether a task is at risk turns on the whole plan (its chain, everyone's load): the server decides.
  if (filters.risk) return "refetch";
  if (event.change === "created" && !event.task) return "refetch";
  if (event.change !== "created" && !event.previous) return "refetch";
  if (event.change === "updated" && !event.task) return "refetch";

  const wasIn = event.previous ? matchesFilters(event.previous, filters, viewerId) : false;
  const isIn = event.task && event.change !== "deleted" ? matchesFilters(event.task, filters, viewerId) : false;
  const heldIndex = window.tasks.findIndex((task) => task.id === event.taskId);
  if (!wasIn && !isIn) return heldIndex === -1 ? window : "refetch";

  // The whole list as the page knows it: `before` unknown rows, the rows it holds, `after` unknown rows.
  let before = offset;
  let after = window.total - offset - window.tasks.length;
  if (after < 0) return "refetch";
  const rows = window.tasks.slice();

  if (wasIn) {
    if (heldIndex !== -1) rows.splice(heldIndex, 1);
    else {
      const side = sideOf(event.previous!, rows, order, before, after);
      if (side === "before") before -= 1;
      else if (side === "after") after -= 1;
      else return "refetch";
    }
  } else if (heldIndex !== -1) return "refetch";

  if (isIn) {
    const task = event.task!;
    // The first held row that sorts after the task: the task goes just before it.
    const at = rows.findIndex((row) => order(task, row) < 0);
    if (at > 0) rows.splice(at, 0, task);
    else if (at === 0) {
      // Before every held row: in place at the top when nothing comes before, else among the unknown rows above.
      if (before === 0) rows.unshift(task);
      else before += 1;
    } else if (after === 0 && (rows.length > 0 || before === 0)) rows.push(task);
    else if (rows.length > 0) after += 1;
    else return "refetch";
  }

  const total = before + rows.length + after;
  const end = Math.min(offset + limit, total);
  // A page past the end of the list shows no rows, as the server would.
  if (end <= offset) return { tasks: [], total };
  // The window [offset, offset + limit) must lie within the rows the page holds.
  if (offset < before || end > before + rows.length) return "refetch";
  return { tasks: rows.slice(offset - before, end - before), total };
}

/** Which unknown part of the list a row the page does not hold lies in, when the rows it holds tell. */
function sideOf(task: ListedTask, rows: ListedTask[], order: ListShape["order"], before: number, after: number) {
  if (rows.length === 0) return before === 0 ? "after" : after === 0 ? "before" : null;
  if (order(task, rows[0]) < 0) return before > 0 ? "before" : null;
  if (order(task, rows[rows.length - 1]) > 0) return after > 0 ? "after" : null;
  return null;
}

import { daysBetween, dueDay, normalizeDueDate, todayIn } from "./dates";

export interface TaskCounts {
  total: number;
  completed: number;
  overdue: number;
  dueToday: number;
}

export interface TaskStats {
  totalTasks: number;
  completedTasks: number;
  overdueTasks: number;
  dueTodayTasks: number;
  completionPercentage: number;
  daysToEvent: number | null;
}

/**
 * 0–100, rounded to a whole percent; an empty workspace is 0% done. 100 only when every task is done:
 * 199 of 200 would round to 100 and read as "finished" while a task is still open, so it shows 99.
 */
export function completionPercentage(completed: number, total: number) {
  if (total <= 0) return 0;
  if (completed >= total) return 100;
  return Math.min(99, Math.round((completed / total) * 100));
}

/**
 * Calendar days from today (in the workspace timezone) to the event's local date; 0 on the day of the
 * show, negative once it has passed, null without an event date. The event date is normally an
 * instant (`…Z`); a plain `YYYY-MM-DD[THH:MM]` is already the local date and is read as such, not as
 * UTC midnight (which is the previous day west of Greenwich).
 */
export function daysToEvent(eventDate: string | null, tz: string, now: Date) {
  if (!eventDate) return null;
  const local = normalizeDueDate(eventDate, tz);
  if (!local) return null;
  return daysBetween(todayIn(tz, now), dueDay(local));
}

export function buildTaskStats(
  counts: TaskCounts,
  workspace: { eventDate: string | null; timezone: string },
  now: Date,
): TaskStats {
  return {
    totalTasks: counts.total,
    completedTasks: counts.completed,
    overdueTasks: counts.overdue,
    dueTodayTasks: counts.dueToday,
    completionPercentage: completionPercentage(counts.completed, counts.total),
    daysToEvent: daysToEvent(workspace.eventDate, workspace.timezone, now),
  };
}

export type DueState = "overdue" | "today" | "upcoming" | "none" | "done";

/**
 * Where a task stands against today. Overdue: due on an earlier day and not completed. A task due
 * today at 09:00 is "today" all day, not overdue at 09:01: producers plan by the day.
 */
export function dueState(task: { dueDate: string | null; status: string }, today: string): DueState {
  if (task.status === "completed") return "done";
  if (!task.dueDate) return "none";
  const day = task.dueDate.slice(0, 10);
  if (day < today) return "overdue";
  if (day === today) return "today";
  return "upcoming";
}

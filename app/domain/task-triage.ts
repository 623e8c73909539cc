import { addDays, dueDay } from "./dates";
import { PRIORITIES, type Priority } from "./tasks";

export interface TriageTask {
  dueDate: string | null;
  priority: Priority;
  createdAt: string;
}

const priorityRank = (p: Priority) => PRIORITIES.indexOf(p);

/**
 * "Most urgent first" for chat lists: by due day (overdue days come first because they are earliest), then
 * higher priority, then due time, then age; undated tasks after every dated one, by priority then age.
 */
export function compareUrgency(a: TriageTask, b: TriageTask) {
  const dayA = a.dueDate ? dueDay(a.dueDate) : null;
  const dayB = b.dueDate ? dueDay(b.dueDate) : null;
  if (dayA !== dayB) {
    if (dayA === null) return 1;
    if (dayB === null) return -1;
    return dayA < dayB ? -1 : 1;
  }
  const byPriority = priorityRank(b.priority) - priorityRank(a.priority);
  if (byPriority !== 0) return byPriority;
  if (a.dueDate !== b.dueDate) return (a.dueDate ?? "") < (b.dueDate ?? "") ? -1 : 1;
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/**
 * A chat list for one person: their own tasks first, then everyone else's, each part most urgent first.
 * Returns the ordered tasks and how many of the first ones are theirs.
 */
export function callerFirst<T extends TriageTask & { assigneeId: string | null }>(tasks: readonly T[], userId: string) {
  const mine = tasks.filter((t) => t.assigneeId === userId).sort(compareUrgency);
  const others = tasks.filter((t) => t.assigneeId !== userId).sort(compareUrgency);
  return { tasks: [...mine, ...others], mine: mine.length };
}

/**
 * The due date after "Snooze 1 day": one day after the later of the current due day and today, so an overdue
 * task moves to tomorrow rather than to another day in the past. A due time is kept; an undated task becomes
 * due tomorrow.
 */
export function snoozedDueDate(dueDate: string | null, today: string, days = 1) {
  if (!dueDate) return addDays(today, days);
  const day = dueDay(dueDate);
  const time = dueDate.slice(10);
  return addDays(day > today ? day : today, days) + time;
}

import { addDays, daysBetween } from "../dates";

/**
 * Due dates for tasks copied from a template, planned backwards from the event the way producers work
 * ("T-minus"). The rules:
 *
 * - No event date: no due dates. An invented deadline would count as overdue and pollute the stats.
 * - Event already past: no due dates either; the date is stale and nothing sensible is due before it.
 * - Preparation tasks (no `daysAfterEvent`) are due between today and the day before the event, in template
 *   order. The plan covers the template's `estimatedDays` before the event, or the whole time left when that is
 *   shorter (compressed, order kept). Each task's share of that window is proportional to its estimated hours,
 *   so a 25-hour build gets more days than a 1-hour phone call, and no day carries a pile of work.
 *   A task is due at the end of its share, so the last preparation task is due the day before the event.
 * - When the event is today, preparation tasks are all due today.
 * - Show-day and wrap tasks (`daysAfterEvent`) are due that many days after the event day, whatever the window.
 * - Never in the past: every date is today or later.
 */

export interface SchedulableTask {
  estimatedHours: number | null;
  daysAfterEvent?: number;
}

export interface ScheduleInput {
  /** The tasks to create, in template order. */
  tasks: readonly SchedulableTask[];
  /** Today in the workspace timezone, `YYYY-MM-DD`. */
  today: string;
  /** The event's local day, `YYYY-MM-DD`, or null when the workspace has no event date. */
  eventDay: string | null;
  /** The template's planned duration in days. */
  estimatedDays: number;
}

/** A task without an estimate still takes some time; half an hour keeps it from sharing its neighbour's slot. */
const MIN_WEIGHT_HOURS = 0.5;

/** Due dates (`YYYY-MM-DD` or null), one per input task, in the same order. */
export function scheduleTemplateTasks({ tasks, today, eventDay, estimatedDays }: ScheduleInput): (string | null)[] {
  if (!eventDay) return tasks.map(() => null);
  const daysLeft = daysBetween(today, eventDay);
  if (daysLeft < 0) return tasks.map(() => null);

  const plannedDays = Number.isFinite(estimatedDays) ? Math.max(1, Math.floor(estimatedDays)) : daysLeft;
  const windowDays = Math.min(daysLeft, plannedDays);
  const windowStart = addDays(eventDay, -windowDays);

  const weight = (t: SchedulableTask) =>
    Math.max(MIN_WEIGHT_HOURS, Number.isFinite(t.estimatedHours) ? (t.estimatedHours as number) : 0);
  const preparation = tasks.filter((t) => t.daysAfterEvent === undefined);
  const totalWeight = preparation.reduce((sum, t) => sum + weight(t), 0);

  let doneWeight = 0;
  return tasks.map((task) => {
    if (task.daysAfterEvent !== undefined) return addDays(eventDay, Math.max(0, Math.floor(task.daysAfterEvent)));
    if (windowDays === 0) return today;
    doneWeight += weight(task);
    // Rounded to a millionth first so float sums such as 0.1 + 0.2 do not push a boundary task a day later.
    const share = Math.round((doneWeight / totalWeight) * windowDays * 1e6) / 1e6;
    return addDays(windowStart, Math.max(0, Math.ceil(share) - 1));
  });
}

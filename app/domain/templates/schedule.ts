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
 * - Show-day tasks (`daysAfterEvent: 0`) are due on the first show day; load-out and wrap tasks (`daysAfterEvent`
 *   of 1 or more) that many days after the last show day, so a show over several days strikes after its last day.
 *   Whatever the window.
 * - Never in the past: every date is today or later.
 *
 * `planTemplateTasks` names the choice when the template's usual length does not fit the time left: compress it
 * into the days left (the rules above), or keep the usual lead times, so the plan starts before today and the
 * tasks whose date has passed are due today and flagged late by the days they lost.
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
  /** The last show day of an event over several days (`lastShowDayOf`); the event's day when absent. */
  lastShowDay?: string | null;
  /** The template's planned duration in days. */
  estimatedDays: number;
}

/** A task without an estimate still takes some time; half an hour keeps it from sharing its neighbour's slot. */
const MIN_WEIGHT_HOURS = 0.5;

/** Compress the template into the days left, or keep its usual lead times and flag what is already late. */
export type TemplatePlanMode = "compress" | "keep";

export interface TemplatePlan {
  /** Days from today to the event day; null without a usable (future or today's) event date. */
  daysLeft: number | null;
  /** The template's usual length, in days. */
  usualDays: number;
  /** Whether the usual length fits in the days left (always true without an event date: nothing is dated). */
  fits: boolean;
  mode: TemplatePlanMode;
  /** One per input task, in the same order: its due date, and the days it is late under `keep` (else 0). */
  tasks: Array<{ dueDate: string | null; lateDays: number }>;
}

/** The plan of a template's tasks for this event: the due dates and, when the usual length does not fit, the cost. */
export function planTemplateTasks({
  tasks,
  today,
  eventDay,
  lastShowDay,
  estimatedDays,
  mode,
}: ScheduleInput & { mode: TemplatePlanMode }): TemplatePlan {
  const usualDays = Number.isFinite(estimatedDays) ? Math.max(1, Math.floor(estimatedDays)) : 1;
  const daysLeft = eventDay ? daysBetween(today, eventDay) : null;
  if (!eventDay || daysLeft === null || daysLeft < 0) {
    return { daysLeft: null, usualDays, fits: true, mode, tasks: tasks.map(() => ({ dueDate: null, lateDays: 0 })) };
  }
  const plannedDays = Number.isFinite(estimatedDays) ? usualDays : daysLeft;
  const windowDays = mode === "keep" ? plannedDays : Math.min(daysLeft, plannedDays);
  const windowStart = addDays(eventDay, -windowDays);

  const weight = (t: SchedulableTask) =>
    Math.max(MIN_WEIGHT_HOURS, Number.isFinite(t.estimatedHours) ? (t.estimatedHours as number) : 0);
  const preparation = tasks.filter((t) => t.daysAfterEvent === undefined);
  const totalWeight = preparation.reduce((sum, t) => sum + weight(t), 0);

  let doneWeight = 0;
  const dated = tasks.map((task) => {
    if (task.daysAfterEvent !== undefined) {
      const after = Math.max(0, Math.floor(task.daysAfterEvent));
      return after === 0 ? eventDay : addDays(lastShowDay && lastShowDay > eventDay ? lastShowDay : eventDay, after);
    }
    if (windowDays === 0) return today;
    doneWeight += weight(task);
    // Rounded to a millionth first so float sums such as 0.1 + 0.2 do not push a boundary task a day later.
    const share = Math.round((doneWeight / totalWeight) * windowDays * 1e6) / 1e6;
    return addDays(windowStart, Math.max(0, Math.ceil(share) - 1));
  });
  return {
    daysLeft,
    usualDays,
    fits: usualDays <= daysLeft,
    mode,
    tasks: dated.map((date) => {
      const late = Math.max(0, daysBetween(date, today));
      return { dueDate: late > 0 ? today : date, lateDays: late };
    }),
  };
}

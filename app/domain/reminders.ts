import { formatDueDate, todayIn, wallClock, zonedTimeToInstant } from "./dates";
import { COMPLETED } from "./tasks";

/**
 * Reminders before a task's due time (ADR 022): offsets in minutes, the instants they fall on, and how they read.
 * Pure: the clock and the timezone are parameters.
 */

/** A date-only task is due at the end of the working day: 17:00 on that day in the workspace timezone. */
export const DATE_ONLY_DUE_TIME = "17:00";
export const MAX_REMINDERS = 5;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
/** The earliest reminder: 60 days before the due time. */
export const MAX_REMINDER_MINUTES = 60 * MINUTES_PER_DAY;

/** The choices the forms offer ('Remind'); the API and the parser take any offset within the bounds. */
export const REMINDER_PRESETS = [
  { minutes: 0, label: "When it's due" },
  { minutes: MINUTES_PER_HOUR, label: "1 hour before" },
  { minutes: MINUTES_PER_DAY, label: "1 day before" },
  { minutes: 2 * MINUTES_PER_DAY, label: "2 days before" },
  { minutes: MINUTES_PER_WEEK, label: "1 week before" },
] as const;

export type ReminderOffsetsResult = { ok: true; value: number[] } | { ok: false; message: string };

const OFFSET_MESSAGE = `Reminders must be whole minutes before the due time, from 0 to ${MAX_REMINDER_MINUTES} (60 days)`;

/**
 * Reads a list of offsets as the API (numbers) or a form (digit strings) sends them: distinct, earliest reminder
 * first. Refuses anything else, more than MAX_REMINDERS, or an offset outside 0..60 days.
 */
export function readReminderOffsets(items: readonly unknown[]): ReminderOffsetsResult {
  const values: number[] = [];
  for (const item of items) {
    const value = typeof item === "string" && /^\d{1,6}$/.test(item.trim()) ? Number(item.trim()) : item;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_REMINDER_MINUTES) {
      return { ok: false, message: OFFSET_MESSAGE };
    }
    values.push(value);
  }
  const distinct = [...new Set(values)].sort((a, b) => b - a);
  if (distinct.length > MAX_REMINDERS) return { ok: false, message: `A task can have at most ${MAX_REMINDERS} reminders` };
  return { ok: true, value: distinct };
}

/** The instant a task is due: its time, or 17:00 for a date-only task, in the workspace timezone (DST-aware). */
export function dueInstant(dueDate: string, timezone: string): Date | null {
  const [date, time] = dueDate.split("T");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const instant = zonedTimeToInstant(date, time ? time.slice(0, 5) : DATE_ONLY_DUE_TIME, timezone);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The instant a reminder `offsetMinutes` before the due time falls on (offsets are elapsed minutes). */
export function reminderInstant(dueDate: string, timezone: string, offsetMinutes: number): Date | null {
  const due = dueInstant(dueDate, timezone);
  return due && new Date(due.getTime() - offsetMinutes * 60_000);
}

export interface RemindedTask {
  status: string;
  dueDate: string | null;
  assigneeId: string | null;
  reminders: readonly number[];
}

export interface PlannedReminder {
  userId: string;
  offsetMinutes: number;
  /** ISO UTC instant. */
  fireAt: string;
}

/**
 * The reminders a task should have pending at `now`: one per offset for its member assignee, at instants still to
 * come. An open task without a due date or a member assignee has none, and so has a completed one. A reminder whose
 * instant has passed when it is planned (a "1 week before" on a task due tomorrow) is not sent late.
 */
export function plannedReminders(task: RemindedTask, timezone: string, now: Date): PlannedReminder[] {
  if (task.status === COMPLETED || !task.dueDate || !task.assigneeId) return [];
  const planned: PlannedReminder[] = [];
  for (const offsetMinutes of task.reminders) {
    const instant = reminderInstant(task.dueDate, timezone, offsetMinutes);
    if (instant && instant.getTime() > now.getTime()) {
      planned.push({ userId: task.assigneeId, offsetMinutes, fireAt: instant.toISOString() });
    }
  }
  return planned;
}

/**
 * Whether a task's reminders must be planned again after a change: its due date, reminders, assignee or
 * completion moved.
 */
export function remindersAffected(before: RemindedTask, after: RemindedTask) {
  return (
    before.dueDate !== after.dueDate ||
    before.assigneeId !== after.assigneeId ||
    (before.status === COMPLETED) !== (after.status === COMPLETED) ||
    before.reminders.join(",") !== after.reminders.join(",")
  );
}

/** "When it's due", "1 hour before", "3 days before", "1 week before", "90 minutes before". */
export function reminderLabel(minutes: number) {
  if (minutes === 0) return "When it's due";
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"} before`;
  if (minutes % MINUTES_PER_WEEK === 0) return unit(minutes / MINUTES_PER_WEEK, "week");
  if (minutes % MINUTES_PER_DAY === 0) return unit(minutes / MINUTES_PER_DAY, "day");
  if (minutes % MINUTES_PER_HOUR === 0) return unit(minutes / MINUTES_PER_HOUR, "hour");
  return unit(minutes, "minute");
}

/** The reminders as one line: "1 day before, at due time"; "None" without any. */
export function remindersSummary(minutes: readonly number[]) {
  if (minutes.length === 0) return "None";
  const labels = minutes.map(reminderLabel);
  return [labels[0], ...labels.slice(1).map((l) => l.charAt(0).toLowerCase() + l.slice(1))].join(", ");
}

/**
 * What a reminder says (the in-app entry and the DM's first line): the task and when it is due, as the workspace
 * reads it at `now` ("Reminder: “Book the buses” is due Tomorrow, 5:00 PM").
 */
export function reminderText(task: { title: string; dueDate: string | null }, timezone: string, now: Date) {
  if (!task.dueDate) return `Reminder: “${task.title}”`;
  const withTime = task.dueDate.includes("T") ? task.dueDate : `${task.dueDate}T${DATE_ONLY_DUE_TIME}`;
  return `Reminder: “${task.title}” is due ${formatDueDate(withTime, todayIn(timezone, now))}`;
}

/** The local date and hour of an instant in a timezone: when a personal morning DM is due. */
export function localHour(now: Date, timezone: string) {
  const clock = wallClock(now, timezone);
  return { date: clock.date, hour: Number(clock.time.slice(0, 2)) };
}

/** The unread count is read up to this many; the header's bell shows anything above 99 as "99+". */
export const UNREAD_COUNT_CAP = 100;

/** The bell's badge: the count, or "99+". */
export const unreadBadge = (unread: number) => (unread > 99 ? "99+" : String(unread));

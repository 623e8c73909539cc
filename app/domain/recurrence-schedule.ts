import { RRule, type Options } from "rrule";
import { addDays } from "./dates";
import { parseRecurrence, WEEKDAYS, type Recurrence } from "./recurrence";

/**
 * When a recurring task comes round again, computed with the `rrule` package (server only: it stays out of the
 * browser's bundle). Due dates are the workspace's wall clock (ADR 001), so rules run on floating time: each
 * wall-clock date and time is read as if it were UTC, where no DST exists, and written back as wall clock. A task
 * due at 09:00 stays due at 09:00 across a DST change in any timezone.
 */

const FREQ: Record<Recurrence["freq"], Options["freq"]> = {
  DAILY: RRule.DAILY,
  WEEKLY: RRule.WEEKLY,
  MONTHLY: RRule.MONTHLY,
};
const RRULE_WEEKDAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

/** A wall-clock `YYYY-MM-DD[THH:MM]` as the floating instant rrule works on. */
function floating(dueDate: string) {
  const [y, m, d] = dueDate.slice(0, 10).split("-").map(Number);
  const [hh, mm] = dueDate.length > 10 ? dueDate.slice(11, 16).split(":").map(Number) : [0, 0];
  return new Date(Date.UTC(y, m - 1, d, hh, mm));
}

/** A floating instant back as a due date: the time only when the task had one. */
function wallClockOf(instant: Date, withTime: boolean) {
  const iso = instant.toISOString();
  return withTime ? `${iso.slice(0, 10)}T${iso.slice(11, 16)}` : iso.slice(0, 10);
}

function ruleFrom(rule: Recurrence, start: Date) {
  return new RRule({
    freq: FREQ[rule.freq],
    interval: rule.interval,
    dtstart: start,
    wkst: RRule.MO,
    byweekday: rule.byDay.length ? rule.byDay.map((d) => RRULE_WEEKDAYS[WEEKDAYS.indexOf(d)]) : null,
    bymonthday: rule.byMonthDay.length ? rule.byMonthDay : null,
  });
}

export interface NextOccurrenceInput {
  /** The stored RRULE. */
  recurrence: string;
  /** The occurrence's due date; a task without one counts from `today`. */
  dueDate: string | null;
  /** Which occurrence of its series this is (1 for the first): COUNT counts them. */
  occurrence: number;
  /** The workspace's date today (`todayIn`). */
  today: string;
  /** The show's last day in the workspace's calendar, if set: no occurrence is made after it. */
  lastDay: string | null;
}

/**
 * The due date of the occurrence after this one, or null when the series ends here: COUNT reached, the next
 * date past UNTIL or past the show. The rule runs from this occurrence's due date (so a moved occurrence moves
 * the ones after it), keeping its time of day. A rule that does not read gives null.
 */
export function nextOccurrence(input: NextOccurrenceInput): string | null {
  const parsed = parseRecurrence(input.recurrence);
  if (!parsed.ok) return null;
  const { rule } = parsed;
  if (rule.count !== null && input.occurrence >= rule.count) return null;
  const from = input.dueDate ?? input.today;
  const start = floating(from);
  const next = ruleFrom(rule, start).after(start, false);
  if (!next) return null;
  const due = wallClockOf(next, from.length > 10);
  const day = due.slice(0, 10);
  if (rule.until !== null && day > rule.until) return null;
  if (input.lastDay !== null && day > input.lastDay) return null;
  return due;
}

/**
 * The first occurrence on or after `from` (a date, or a date and time): the due date a new recurring task takes
 * when nothing gave it one ("every Friday" typed on a Wednesday is due this Friday). The series starts there, so
 * "every other Monday" starts on the coming Monday. Null when the rule has no occurrence from there (UNTIL passed).
 */
export function firstOccurrence(recurrence: string, from: string): string | null {
  const parsed = parseRecurrence(recurrence);
  if (!parsed.ok) return null;
  const start = floating(from);
  // Within a year: a monthly rule on the 31st still finds a month that has one.
  const first = ruleFrom({ ...parsed.rule, interval: 1 }, start).between(
    start,
    floating(addDays(from.slice(0, 10), 400)),
    true,
  )[0];
  if (!first) return null;
  const due = wallClockOf(first, from.length > 10);
  return parsed.rule.until !== null && due.slice(0, 10) > parsed.rule.until ? null : due;
}

import { badRequest } from "./errors";
import { daysBetween, normalizeDueDate, todayIn, wallClock, zonedTimeToInstant } from "./dates";
import { plural } from "./labels";

/**
 * The workspace's event settings. The event is stored as a UTC instant; producers enter and read it as a date
 * and time on the venue's wall clock, in the workspace timezone.
 */

export const EVENT_NAME_MAX = 100;
/** A workspace is named after its production ("Harbour Lights Festival"); the header and invitations show it. */
export const WORKSPACE_NAME_MAX = 80;
/**
 * The work the plan assumes for a task nobody estimated (`workspaces.assumed_estimate_hours`, one working day
 * unless the owner says otherwise): from an hour up to two working weeks.
 */
export const ASSUMED_ESTIMATE_MIN_HOURS = 1;
export const ASSUMED_ESTIMATE_MAX_HOURS = 80;

/**
 * The days around the show (ADR 026), local calendar days (`YYYY-MM-DD`) in the workspace timezone: the last
 * show day, and when the crew builds and strikes. The event date stays the show's start (a date and time); a
 * one-day event has no end date.
 */
export interface EventDays {
  eventEndDate: string | null;
  loadInDate: string | null;
  loadOutDate: string | null;
}

/** The whole event, load-in to load-out, spans at most this many calendar days. */
export const EVENT_SPAN_MAX_DAYS = 31;

export interface EventSettings extends Partial<EventDays> {
  eventName: string | null;
  /** UTC instant (ISO string) or null. */
  eventDate: string | null;
  timezone: string;
}

/**
 * A settings change. A field left out keeps its value; null clears it. `eventDate` and `eventTime` are the
 * wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`) in the resulting timezone; a null time is the start of the day.
 */
export interface EventSettingsUpdate {
  eventName?: string | null;
  eventDate?: string | null;
  eventTime?: string | null;
  timezone?: string;
  eventEndDate?: string | null;
  loadInDate?: string | null;
  loadOutDate?: string | null;
}

/** The event on the workspace's wall clock, or null without an event date. */
export function eventWallClock(eventDate: string | null, timezone: string): { date: string; time: string } | null {
  if (!eventDate) return null;
  // A plain date (written before settings existed) is already local; normalizeDueDate keeps it as it is.
  const local = normalizeDueDate(eventDate, timezone);
  if (!local) return null;
  const [date, time = "00:00"] = local.split("T");
  return { date, time };
}

/** The last show day (`YYYY-MM-DD`): the end date of a show over several days, else the start's day. */
export function lastShowDayOf(settings: Pick<EventSettings, "eventDate" | "timezone" | "eventEndDate">) {
  return settings.eventEndDate ?? eventWallClock(settings.eventDate, settings.timezone)?.date ?? null;
}

/**
 * The event's last day (`YYYY-MM-DD`): load-out when the crew strikes after the show, else the last show day. The
 * event runs from load-in to load-out, so "after the event" means after this day (issue 33).
 */
export function eventLastDayOf(
  settings: Pick<EventSettings, "eventDate" | "timezone" | "eventEndDate" | "loadOutDate">,
) {
  return settings.loadOutDate ?? lastShowDayOf(settings);
}

/**
 * The settings after an update. When only the timezone changes, the event keeps its wall-clock date and time
 * (a producer correcting the venue's timezone still means "doors at 18:00 on the 6th"), so its instant moves.
 */
export function applyEventSettings(current: EventSettings, update: EventSettingsUpdate): EventSettings & EventDays {
  const timezone = update.timezone ?? current.timezone;
  const eventName = update.eventName === undefined ? current.eventName : update.eventName;
  const currentLocal = eventWallClock(current.eventDate, current.timezone);

  let local: { date: string; time: string } | null;
  if (update.eventDate === null) {
    local = null;
  } else if (update.eventDate !== undefined) {
    const time = update.eventTime === undefined ? (currentLocal?.time ?? "00:00") : (update.eventTime ?? "00:00");
    local = { date: update.eventDate, time };
  } else if (update.eventTime !== undefined) {
    if (!currentLocal) {
      throw badRequest("Set the event date before its time", { eventTime: ["Set the event date before its time"] });
    }
    local = { date: currentLocal.date, time: update.eventTime ?? "00:00" };
  } else {
    local = currentLocal;
  }

  return {
    eventName,
    timezone,
    eventDate: local ? zonedTimeToInstant(local.date, local.time, timezone).toISOString() : null,
    ...applyEventDays(current, update, local?.date ?? null),
  };
}

const DAY_FIELDS = ["eventEndDate", "loadInDate", "loadOutDate"] as const;

/**
 * The event's days after an update, checked against the show's first day `startDay` (local). They are local days
 * already, so a timezone change keeps them. Without an event date there are no event days: clearing the date
 * clears them, and setting one while the event has no date is refused rather than dropped.
 */
function applyEventDays(current: Partial<EventDays>, update: EventSettingsUpdate, startDay: string | null): EventDays {
  const days = Object.fromEntries(
    DAY_FIELDS.map((field) => [field, update[field] === undefined ? (current[field] ?? null) : update[field]]),
  ) as unknown as EventDays;
  if (!startDay) {
    const given = DAY_FIELDS.filter((field) => update[field]);
    if (given.length) {
      const message = "Set the event date (the first show day) first";
      throw badRequest(message, Object.fromEntries(given.map((field) => [field, [message]])));
    }
    return { eventEndDate: null, loadInDate: null, loadOutDate: null };
  }
  const errors = eventDaysErrors(startDay, days);
  const [first] = Object.values(errors);
  if (first) throw badRequest(first[0], errors);
  return days;
}

/** What is wrong with the event's days, per field (none when they fit); the show starts on local day `startDay`. */
function eventDaysErrors(startDay: string, days: EventDays): Partial<Record<keyof EventDays, string[]>> {
  const { eventEndDate: end, loadInDate: loadIn, loadOutDate: loadOut } = days;
  const errors: Partial<Record<keyof EventDays, string[]>> = {};
  const lastShowDay = end ?? startDay;
  if (end && end < startDay) errors.eventEndDate = [`The last show day cannot be before the first (${startDay})`];
  if (loadIn && loadIn > startDay) errors.loadInDate = [`Load-in cannot be after the first show day (${startDay})`];
  if (loadOut && loadOut < lastShowDay) {
    errors.loadOutDate = [`Load-out cannot be before the last show day (${lastShowDay})`];
  }
  if (Object.keys(errors).length) return errors;
  const tooLong = `The event can span at most ${EVENT_SPAN_MAX_DAYS} days, load-in to load-out`;
  if (daysBetween(startDay, lastShowDay) >= EVENT_SPAN_MAX_DAYS) return { eventEndDate: [tooLong] };
  if (daysBetween(loadIn ?? startDay, loadOut ?? lastShowDay) >= EVENT_SPAN_MAX_DAYS) {
    // Blame the load day furthest from the show.
    const outward =
      loadIn && loadOut
        ? daysBetween(loadIn, startDay) >= daysBetween(lastShowDay, loadOut)
          ? "loadInDate"
          : "loadOutDate"
        : loadIn
          ? "loadInDate"
          : "loadOutDate";
    return { [outward]: [tooLong] };
  }
  return errors;
}

const showDayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const showDayWithYearFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
/** "Fri 6 Mar"; the Intl parts joined without the comma some runtimes put after the weekday. */
const formatShowDay = (day: string, withYear = false) =>
  (withYear ? showDayWithYearFormat : showDayFormat).format(utcDay(day)).replace(",", "");

/** "Fri 6 – Sun 8 Mar", "Fri 27 Feb – Sun 1 Mar", "Wed 31 Dec 2025 – Fri 2 Jan 2026": a span of local days. */
function formatDayRange(first: string, last: string) {
  if (first.slice(0, 4) !== last.slice(0, 4)) return `${formatShowDay(first, true)} – ${formatShowDay(last, true)}`;
  const firstLabel = formatShowDay(first);
  if (first.slice(0, 7) !== last.slice(0, 7)) return `${firstLabel} – ${formatShowDay(last)}`;
  // The same month: said once, after the last day.
  return `${firstLabel.replace(/ \S+$/, "")} – ${formatShowDay(last)}`;
}

/**
 * The line beside the countdown: "Show days: Fri 6 – Sun 8 Mar · Load-in Thu 5 Mar · Load-out Mon 9 Mar". Null for
 * a one-day event with no load days (the countdown says all there is), or without an event date.
 */
export function showDaysLabel(startDay: string | null, days: Partial<EventDays>): string | null {
  if (!startDay) return null;
  const { eventEndDate: end, loadInDate: loadIn, loadOutDate: loadOut } = days;
  const multiDay = Boolean(end && end > startDay);
  if (!multiDay && !loadIn && !loadOut) return null;
  const parts = [multiDay ? `Show days: ${formatDayRange(startDay, end!)}` : `Show day: ${formatShowDay(startDay)}`];
  if (loadIn) parts.push(`Load-in ${formatShowDay(loadIn)}`);
  if (loadOut) parts.push(`Load-out ${formatShowDay(loadOut)}`);
  return parts.join(" · ");
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
}

/**
 * Whole days, hours and minutes from `now` until the event (both epoch milliseconds), rounded down to the minute;
 * null once the event has started. "0 days 0 hours 0 minutes" is the last minute before it.
 */
export function countdownTo(eventMs: number, nowMs: number): Countdown | null {
  const left = eventMs - nowMs;
  if (!(left > 0)) return null;
  const totalMinutes = Math.floor(left / 60_000);
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

/**
 * The sentence beside the countdown, by one rule so the two never disagree: before the event it counts the
 * countdown's whole days ("25 days until event" over "25 days 21 hours"), not calendar days, which would say 26.
 * The calendar speaks only where whole days would mislead: an event later today, or tomorrow with less than a
 * full day left ("0 days" would read as today), and an event that has passed ("2 days ago" by date).
 */
export function eventDaysLabel(eventMs: number, nowMs: number, timezone: string): string | null {
  if (Number.isNaN(eventMs)) return null;
  const calendarDays = daysBetween(todayIn(timezone, new Date(nowMs)), wallClock(new Date(eventMs), timezone).date);
  const left = countdownTo(eventMs, nowMs);
  if (calendarDays < 0) return `The event was ${plural(-calendarDays, "day")} ago`;
  if (calendarDays === 0) return left ? "The event is today" : "The event has started";
  if (!left) return "The event has started";
  if (left.days === 0) return "The event is tomorrow";
  return `${plural(left.days, "day")} until event`;
}

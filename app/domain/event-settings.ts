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

export interface EventSettings {
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

/**
 * The settings after an update. When only the timezone changes, the event keeps its wall-clock date and time
 * (a producer correcting the venue's timezone still means "doors at 18:00 on the 6th"), so its instant moves.
 */
export function applyEventSettings(current: EventSettings, update: EventSettingsUpdate): EventSettings {
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
  };
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

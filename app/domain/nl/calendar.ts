import * as chrono from "chrono-node";
import { addDays, dateParts, daysInMonth, monthFrom, offsetAt, pad2, wallClock, weekdayOf, weekStartOf, ymd } from "../dates";
import { DAY_FIRST_ZONE_RE } from "./vocabulary/day-first-zones";

/**
 * "Now" for reading due dates, in the workspace's wall clock, and the days that phrases relative to it name.
 * Weeks start on Monday. How "next Friday" and a bare weekday are read is explained in due-date.ts.
 */

export interface DateContext {
  now: Date;
  timezone: string;
  today: string;
  /** "HH:MM" now, in the workspace. */
  nowTime: string;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  offsetMinutes: number;
  parser: chrono.Chrono;
}

export function dateContext(now: Date, timezone: string): DateContext {
  const wc = wallClock(now, timezone);
  const offsetMinutes = Math.round(offsetAt(now.getTime(), timezone) / 60_000);
  return {
    now,
    timezone,
    today: wc.date,
    nowTime: wc.time,
    weekday: weekdayOf(wc.date),
    offsetMinutes,
    parser: DAY_FIRST_ZONE_RE.test(timezone) ? chrono.en.GB : chrono.casual,
  };
}

/** Weekday `wd` of the current week (offset 0) or a later one. */
export function weekdayInWeek(ctx: DateContext, wd: number, weekOffset: number) {
  return addDays(weekStartOf(ctx.today), weekOffset * 7 + wd);
}

/** The next `wd` from today; today itself only when `includeToday`. */
export function comingWeekday(ctx: DateContext, wd: number, includeToday: boolean) {
  let ahead = (wd - ctx.weekday + 7) % 7;
  if (ahead === 0 && !includeToday) ahead = 7;
  return addDays(ctx.today, ahead);
}

/** "next <weekday>": see the module comment. */
export function nextWeekday(ctx: DateContext, wd: number) {
  const ahead = (wd - ctx.weekday + 7) % 7 || 7;
  const coming = addDays(ctx.today, ahead);
  const inNextWeek = wd < ctx.weekday || ahead === 7;
  if (ahead === 1 || (ahead === 2 && !inNextWeek)) return addDays(coming, 7);
  return coming;
}

/** A weekday named with "this"/"coming"/"next" or alone (see the module comment). */
export function weekdayDate(ctx: DateContext, modifier: string, wd: number, time: string | null) {
  const m = modifier.toLowerCase();
  if (m === "next") return nextWeekday(ctx, wd);
  if (m) return comingWeekday(ctx, wd, true);
  return comingWeekday(ctx, wd, time !== null && time > ctx.nowTime);
}

export function endOfWorkWeek(ctx: DateContext) {
  return ctx.weekday <= 4 ? weekdayInWeek(ctx, 4, 0) : comingWeekday(ctx, 4, false);
}

/** The next date (today included) that falls on day `day` of a month. */
export function nextDayOfMonth(ctx: DateContext, day: number) {
  const [, , d] = dateParts(ctx.today);
  for (let k = d <= day ? 0 : 1; k < 14; k++) {
    const candidate = monthFrom(ctx.today, k, day);
    if (dateParts(candidate)[2] === day) return candidate;
  }
  return null;
}

/** The next `month`/`day` from today (today included); null when that day never comes ("Feb 30"). */
export function nextMonthDay(ctx: DateContext, month: number, day: number | "last") {
  const [y] = dateParts(ctx.today);
  // Eight years always include a leap year, for "Feb 29".
  for (let year = y; year <= y + 8; year++) {
    const last = daysInMonth(year, month);
    if (day !== "last" && day > last) continue;
    const date = ymd(year, month, day === "last" ? last : day);
    if (date >= ctx.today) return date;
  }
  return null;
}

/** The wall-clock date and time `minutes` from now. */
export function plusInstant(ctx: DateContext, minutes: number) {
  const wc = wallClock(new Date(ctx.now.getTime() + minutes * 60_000), ctx.timezone);
  return { date: wc.date, time: wc.time };
}

/** "3" or "3:30" with no am/pm, read in working hours (1–6 is the afternoon). */
export function workingHour(raw: string) {
  const [h, m = "00"] = raw.split(":");
  const hour = Number(h) + (Number(h) <= 6 ? 12 : 0);
  return `${pad2(hour)}:${m}`;
}

export function unitDays(unit: string) {
  if (/^f/i.test(unit)) return 14;
  return /^w/i.test(unit) ? 7 : 1;
}

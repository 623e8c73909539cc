/** Calendar helpers. A "date" here is a `YYYY-MM-DD` string; instants are `Date`s. */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const OFFSET_DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An IANA zone name the runtime knows (`Europe/Berlin`, `UTC`). Fixed offsets such as `+01:00` are
 * refused even where Intl accepts them: they ignore DST, so "Berlin" entered as +01:00 is wrong half the year.
 */
export function isValidTimezone(tz: string) {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function isRealDate(y: number, m: number, d: number) {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

function isRealTime(h: number, min: number, sec: number) {
  return h <= 23 && min <= 59 && sec <= 59;
}

/**
 * Making an `Intl.DateTimeFormat` costs far more than formatting with one, so each is made once per zone. Not a
 * cache of answers: a table bounded by the IANA zone list (an unknown zone throws before it is stored).
 */
const partsFormatterByZone = new Map<string, Intl.DateTimeFormat>();
function formatterFor(tz: string) {
  let f = partsFormatterByZone.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    partsFormatterByZone.set(tz, f);
  }
  return f;
}

interface WallClock {
  readonly date: string;
  readonly time: string;
  readonly second: number;
}

/** Wall-clock parts of an instant in a timezone. */
export function wallClock(instant: Date, tz: string): WallClock {
  const parts = Object.fromEntries(
    formatterFor(tz)
      .formatToParts(instant)
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    second: Number(parts.second),
  };
}

/** Today's date in the timezone: what "today" means to a producer in that place. */
export function todayIn(tz: string, now: Date) {
  return wallClock(now, tz).date;
}

/** A wall-clock date and time read as if it were UTC, in epoch milliseconds. */
function wallAsUtc(date: string, time: string, second = 0) {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return Date.UTC(y, m - 1, d, hh, mm, second);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export function offsetAt(instant: number, tz: string) {
  const wc = wallClock(new Date(instant), tz);
  return wallAsUtc(wc.date, wc.time, wc.second) - Math.floor(instant / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which a wall-clock time occurs in a timezone. When a DST fall-back repeats the time,
 * the earlier instant; when a spring-forward skips it, the time is moved forward by the gap (02:30 on
 * New York's spring day is 03:30 EDT), as clocks and Temporal's "compatible" choice do.
 */
export function zonedTimeToInstant(date: string, time: string, tz: string) {
  const local = wallAsUtc(date, time);
  // Zones change offset at most once within a day either side, so these two offsets are the candidates.
  const before = offsetAt(local - DAY_MS, tz);
  const after = offsetAt(local + DAY_MS, tz);
  const matches = [local - before, local - after].filter((t) => offsetAt(t, tz) === local - t);
  return new Date(matches.length > 0 ? Math.min(...matches) : local - before);
}

/**
 * `zonedTimeToInstant` for many wall-clock times in one zone, as a plan reads every task's due date: each local day
 * is looked up once. A day whose offset holds from the day before to the day after (every day but a clock change's)
 * gives the wall time less that offset; a clock change's day goes through `zonedTimeToInstant`, gap and overlap
 * rules included. The answers live as long as the returned function.
 */
export function instantsInZone(tz: string) {
  const steadyOffsets = new Map<string, number | null>();
  return (date: string, time: string): Date => {
    let offset = steadyOffsets.get(date);
    if (offset === undefined) {
      const midnight = wallAsUtc(date, "00:00");
      const before = offsetAt(midnight - DAY_MS, tz);
      offset = offsetAt(midnight + 2 * DAY_MS, tz) === before ? before : null;
      steadyOffsets.set(date, offset);
    }
    return offset === null ? zonedTimeToInstant(date, time, tz) : new Date(wallAsUtc(date, time) - offset);
  };
}

/** Whole calendar days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string) {
  const [fy, fm, fd] = from.split("-").map(Number);
  const [ty, tm, td] = to.split("-").map(Number);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

export function addDays(date: string, days: number) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Reads a due date as the API accepts it and returns the stored wall-clock form in the workspace
 * timezone: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`. An instant with an offset (`…Z`, `…+02:00`) is converted
 * to the workspace's wall clock. Returns null for anything that is not a real calendar date.
 */
export function normalizeDueDate(input: string, tz: string): string | null {
  const value = input.trim();
  let m = DATE_RE.exec(value);
  if (m) return isRealDate(+m[1], +m[2], +m[3]) ? value : null;
  m = LOCAL_DATE_TIME_RE.exec(value);
  if (m) {
    if (!isRealDate(+m[1], +m[2], +m[3]) || !isRealTime(+m[4], +m[5], +(m[6] ?? 0))) return null;
    return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`;
  }
  m = OFFSET_DATE_TIME_RE.exec(value);
  if (m) {
    if (!isRealDate(+m[1], +m[2], +m[3]) || !isRealTime(+m[4], +m[5], +(m[6] ?? 0))) return null;
    const offsetMinutes = parseOffsetMinutes(m[7]);
    if (offsetMinutes === null) return null;
    // Computed from the parts rather than Date parsing, whose leniency differs between runtimes.
    const instant = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0)) - offsetMinutes * 60_000;
    const wc = wallClock(new Date(instant), tz);
    const local = `${wc.date}T${wc.time}`;
    // Near the ends of the calendar the shift can leave the four-digit years; such a date would not sort or parse.
    return LOCAL_DATE_TIME_RE.test(local) ? local : null;
  }
  return null;
}

/** `Z`, `+05:30` or `-0800` as minutes east of UTC; null past the ±14:00 real zones use. */
function parseOffsetMinutes(offset: string) {
  if (offset.toUpperCase() === "Z") return 0;
  const digits = offset.slice(1).replace(":", "");
  const minutes = +digits.slice(0, 2) * 60 + +digits.slice(2);
  if (+digits.slice(2) > 59 || minutes > 14 * 60) return null;
  return offset[0] === "-" ? -minutes : minutes;
}

/** `YYYY-MM-DD` from a year, month (1–12) and day. */
export function ymd(y: number, m: number, d: number) {
  return `${String(y).padStart(4, "0")}-${pad2(m)}-${pad2(d)}`;
}

/** Two digits: 7 → "07". */
export function pad2(n: number) {
  return String(n).padStart(2, "0");
}

/** [year, month (1–12), day] of a `YYYY-MM-DD` date. */
export function dateParts(date: string) {
  return date.split("-").map(Number) as [number, number, number];
}

/** 0 (Monday) … 6 (Sunday) for a `YYYY-MM-DD` date: weeks start on Monday. */
export function weekdayOf(date: string) {
  const [y, m, d] = dateParts(date);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The Monday on or before a `YYYY-MM-DD` date. */
export function weekStartOf(date: string) {
  return addDays(date, -weekdayOf(date));
}

export function daysInMonth(y: number, m: number) {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The date `months` calendar months after the first of `date`'s month, on `day` (clamped to the month's end). */
export function monthFrom(date: string, months: number, day: number | "last") {
  const [y, m] = dateParts(date);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  const last = daysInMonth(ny, nm);
  return ymd(ny, nm, day === "last" ? last : Math.min(day, last));
}

/** The calendar date part of a stored due date. */
export function dueDay(dueDate: string) {
  return dueDate.slice(0, 10);
}

// ---- formatting ------------------------------------------------------------------------------------
// Due dates are wall-clock strings in the workspace timezone (`YYYY-MM-DD[THH:MM]`), so they are formatted as
// written, never shifted through the viewer's timezone. A fixed locale keeps the server render and the browser
// render identical.

const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const dayWithYearFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });

function asUtcDate(date: string, time = "00:00") {
  return new Date(`${date}T${time}:00Z`);
}

/** "Today", "Tomorrow", "Yesterday", "Fri, Nov 28", or "Mar 3, 2027" outside the current year; plus the time if set. */
export function formatDueDate(dueDate: string, today: string) {
  const [date, time] = dueDate.split("T");
  const days = Math.round((asUtcDate(date).getTime() - asUtcDate(today).getTime()) / 86_400_000);
  let day: string;
  if (days === 0) day = "Today";
  else if (days === 1) day = "Tomorrow";
  else if (days === -1) day = "Yesterday";
  else if (date.slice(0, 4) === today.slice(0, 4)) day = dayFormat.format(asUtcDate(date));
  else day = dayWithYearFormat.format(asUtcDate(date));
  return time ? `${day}, ${timeFormat.format(asUtcDate(date, time))}` : day;
}

/** A calendar date (`YYYY-MM-DD`) with its year: "Mar 3, 2027". */
export function formatCalendarDate(date: string) {
  return dayWithYearFormat.format(asUtcDate(date));
}

const eventDayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** The event's local date and time as written: "Sat, Jun 6, 2026 at 6:00 PM"; midnight is left out as "no time". */
export function formatEventDate(date: string, time: string) {
  const day = eventDayFormat.format(asUtcDate(date));
  return time === "00:00" ? day : `${day} at ${timeFormat.format(asUtcDate(date, time))}`;
}

const weekFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** A week by its Monday (`YYYY-MM-DD`): "Nov 16", or "Nov 16, 2026" when `withYear`. */
export function formatWeek(weekStart: string, withYear = false) {
  return (withYear ? dayWithYearFormat : weekFormat).format(asUtcDate(weekStart));
}

/**
 * One formatter per options and timezone: making an `Intl.DateTimeFormat` costs far more than formatting with one
 * (the analytics page's recent activity made one per row), and pages format in a handful of zones.
 */
function zonedFormatter(cache: Map<string, Intl.DateTimeFormat>, options: Intl.DateTimeFormatOptions, timezone: string) {
  let format = cache.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { ...options, timeZone: timezone });
    cache.set(timezone, format);
  }
  return format;
}

const activityFormatterByZone = new Map<string, Intl.DateTimeFormat>();
const eventInstantFormatterByZone = new Map<string, Intl.DateTimeFormat>();

/** An instant in the workspace's time zone: "Nov 18, 3:04 PM". */
export function formatActivityTime(iso: string, timezone: string) {
  const options = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" } as const;
  return zonedFormatter(activityFormatterByZone, options, timezone).format(new Date(iso));
}

/** An instant in the workspace's time zone with its weekday: "Sat, Nov 21, 7:00 PM". */
export function formatEventInstant(instant: Date, timezone: string) {
  const options = { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" } as const;
  return zonedFormatter(eventInstantFormatterByZone, options, timezone).format(instant);
}

const utcTimestampFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** A stored instant in UTC, said so: "Nov 3, 2026, 14:05 UTC" (for admins, who serve every timezone). */
export function formatUtcTimestamp(iso: string) {
  return `${utcTimestampFormat.format(new Date(iso))} UTC`;
}

const shortDayFormat = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** The UTC day of an instant, short: "Mon 3 Nov". */
export function formatShortDay(iso: string) {
  return shortDayFormat.format(new Date(iso));
}

// ---- timezone lists --------------------------------------------------------------------------------

export interface TimezoneGroup {
  region: string;
  zones: { value: string; label: string }[];
}

/** The IANA zones this runtime knows; UTC is added because Intl's list leaves it out. */
export function supportedTimezones(): string[] {
  const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...list.filter((zone) => zone !== "UTC")];
}

/**
 * Zones grouped by region for a select, labelled in full (`Europe / London`: a closed select shows only the
 * option, not its group), in the order given. `current` is kept even when the list lacks it (an alias such as `Asia/Calcutta` a browser reported),
 * so saving the form never changes the timezone by accident.
 */
export function groupTimezones(zones: readonly string[], current: string): TimezoneGroup[] {
  const all = zones.includes(current) ? zones : [...zones, current];
  const groups = new Map<string, TimezoneGroup["zones"]>();
  for (const zone of all) {
    const slash = zone.indexOf("/");
    const region = slash === -1 ? "General" : zone.slice(0, slash);
    const label = zone.replace(/_/g, " ").replace(/\//g, " / ");
    const list = groups.get(region) ?? [];
    list.push({ value: zone, label });
    groups.set(region, list);
  }
  return [...groups].map(([region, list]) => ({ region, zones: list }));
}

/**
 * How long ago an instant was, short, from `now`: "just now", "5 min ago", "2 h ago", "3 days ago"; past a
 * week, the date ("Mar 3, 2027").
 */
export function formatTimeAgo(iso: string, now: Date) {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? "yesterday" : `${days} days ago`;
  return formatCalendarDate(iso.slice(0, 10));
}

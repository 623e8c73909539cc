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

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(tz: string) {
  let f = partsFormatters.get(tz);
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
    partsFormatters.set(tz, f);
  }
  return f;
}

/** Wall-clock parts of an instant in a timezone. */
export function wallClock(instant: Date, tz: string) {
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
function offsetAt(instant: number, tz: string) {
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

/** The calendar date part of a stored due date. */
export function dueDay(dueDate: string) {
  return dueDate.slice(0, 10);
}

/** Calendar helpers. A "date" here is a `YYYY-MM-DD` string; instants are `Date`s. */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const OFFSET_DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export function isValidTimezone(tz: string) {
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

/** The instant at which a wall-clock time occurs in a timezone (the earlier one when a DST fall-back repeats it). */
export function zonedTimeToInstant(date: string, time: string, tz: string) {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const asUtc = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset, including on the day the offset changes.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const wc = wallClock(new Date(guess), tz);
    const [wy, wm, wd] = wc.date.split("-").map(Number);
    const [wh, wmin] = wc.time.split(":").map(Number);
    const shown = Date.UTC(wy, wm - 1, wd, wh, wmin);
    guess += asUtc - shown;
  }
  return new Date(guess);
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
    if (!isRealDate(+m[1], +m[2], +m[3]) || +m[4] > 23 || +m[5] > 59) return null;
    return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`;
  }
  m = OFFSET_DATE_TIME_RE.exec(value);
  if (m) {
    if (!isRealDate(+m[1], +m[2], +m[3]) || +m[4] > 23 || +m[5] > 59) return null;
    const instant = new Date(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
    if (Number.isNaN(instant.getTime())) return null;
    const wc = wallClock(instant, tz);
    const local = `${wc.date}T${wc.time}`;
    // Near the ends of the calendar the shift can leave the four-digit years; such a date would not sort or parse.
    return LOCAL_DATE_TIME_RE.test(local) ? local : null;
  }
  return null;
}

/** The calendar date part of a stored due date. */
export function dueDay(dueDate: string) {
  return dueDate.slice(0, 10);
}

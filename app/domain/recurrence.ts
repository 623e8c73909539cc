import { dateParts, daysInMonth, ymd } from "./dates";

/**
 * Recurring tasks (ADR 021): a task's `recurrence` is an RFC 5545 RRULE limited to what the task form can say:
 * `FREQ=DAILY|WEEKLY|MONTHLY`, `INTERVAL`, `BYDAY` (plain weekdays, daily or weekly), `BYMONTHDAY` (monthly),
 * and one end, `COUNT` or `UNTIL` (a date). Pure and free of the `rrule` package, so the shared schemas and the
 * form can use it; the next occurrence is computed with `rrule` on the server (recurrence-schedule.ts).
 */

export const FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Weekdays as RRULE names them, Monday first (weeks start on Monday, as in app/domain/dates.ts). */
export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_SHORT: Record<Weekday, string> = {
  MO: "Mon",
  TU: "Tue",
  WE: "Wed",
  TH: "Thu",
  FR: "Fri",
  SA: "Sat",
  SU: "Sun",
};
const WEEKDAY_LONG: Record<Weekday, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};

export const INTERVAL_MAX = 99;
export const COUNT_MAX = 500;
/** An RRULE longer than any the allowed parts make is not read at all. */
export const RECURRENCE_MAX_LENGTH = 200;

export interface Recurrence {
  freq: Frequency;
  /** 1 to INTERVAL_MAX. */
  interval: number;
  /** Sorted Monday first, no repeats; empty for "the due date's weekday" (weekly) or every day (daily). */
  byDay: Weekday[];
  /** Sorted days of the month, 1–31; a month without the day skips it (RFC 5545). */
  byMonthDay: number[];
  count: number | null;
  /** The last day an occurrence may fall on (`YYYY-MM-DD`, inclusive, the workspace's calendar). */
  until: string | null;
}

export type RecurrenceResult = { ok: true; rule: Recurrence } | { ok: false; error: string };

const fail = (error: string): RecurrenceResult => ({ ok: false, error });

const isWeekday = (v: string): v is Weekday => (WEEKDAYS as readonly string[]).includes(v);

/** `YYYYMMDD`, `YYYY-MM-DD` or a UTC date-time `YYYYMMDDTHHMMSSZ` (its date): the calendar date, or null. */
function readUntil(value: string) {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:T\d{6}Z?)?$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [+m[1], +m[2], +m[3]];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return ymd(y, mo, d);
}

function readInteger(value: string, min: number, max: number) {
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/**
 * Reads an RRULE (with or without the `RRULE:` prefix, any case, parts in any order) into its parts, or says
 * what is wrong with it in a sentence the form can show.
 */
export function parseRecurrence(input: string): RecurrenceResult {
  const text = input.trim().replace(/^RRULE:/i, "");
  if (!text) return fail("Recurrence is empty");
  if (text.length > RECURRENCE_MAX_LENGTH) return fail("Recurrence is too long");
  const parts = new Map<string, string>();
  for (const part of text.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 1) return fail(`"${part}" is not a NAME=VALUE part`);
    const name = part.slice(0, eq).trim().toUpperCase();
    if (parts.has(name)) return fail(`${name} is given twice`);
    parts.set(
      name,
      part
        .slice(eq + 1)
        .trim()
        .toUpperCase(),
    );
  }
  const known = ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "COUNT", "UNTIL", "WKST"];
  const unknown = [...parts.keys()].find((name) => !known.includes(name));
  if (unknown) return fail(`${unknown} is not supported (use FREQ, INTERVAL, BYDAY, BYMONTHDAY, COUNT or UNTIL)`);
  const freq = parts.get("FREQ");
  if (!freq) return fail("FREQ is required (DAILY, WEEKLY or MONTHLY)");
  if (!(FREQUENCIES as readonly string[]).includes(freq)) return fail("FREQ must be DAILY, WEEKLY or MONTHLY");
  // Weeks start on Monday here; a rule that says so is fine, another start is not something the app can keep.
  if (parts.has("WKST") && parts.get("WKST") !== "MO") return fail("WKST must be MO");

  let interval = 1;
  if (parts.has("INTERVAL")) {
    const n = readInteger(parts.get("INTERVAL")!, 1, INTERVAL_MAX);
    if (n === null) return fail(`INTERVAL must be a whole number from 1 to ${INTERVAL_MAX}`);
    interval = n;
  }

  const byDay: Weekday[] = [];
  if (parts.has("BYDAY")) {
    if (freq === "MONTHLY") return fail("BYDAY works with DAILY or WEEKLY; use BYMONTHDAY for a monthly rule");
    for (const day of parts.get("BYDAY")!.split(",")) {
      if (!isWeekday(day)) return fail(`BYDAY must list weekdays (MO, TU, WE, TH, FR, SA, SU), not "${day}"`);
      if (!byDay.includes(day)) byDay.push(day);
    }
    byDay.sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
  }

  const byMonthDay: number[] = [];
  if (parts.has("BYMONTHDAY")) {
    if (freq !== "MONTHLY") return fail("BYMONTHDAY works with FREQ=MONTHLY");
    for (const value of parts.get("BYMONTHDAY")!.split(",")) {
      const day = readInteger(value, 1, 31);
      if (day === null) return fail("BYMONTHDAY must list days of the month from 1 to 31");
      if (!byMonthDay.includes(day)) byMonthDay.push(day);
    }
    byMonthDay.sort((a, b) => a - b);
  }

  if (parts.has("COUNT") && parts.has("UNTIL")) return fail("Give COUNT or UNTIL, not both");
  let count: number | null = null;
  if (parts.has("COUNT")) {
    count = readInteger(parts.get("COUNT")!, 1, COUNT_MAX);
    if (count === null) return fail(`COUNT must be a whole number from 1 to ${COUNT_MAX}`);
  }
  let until: string | null = null;
  if (parts.has("UNTIL")) {
    until = readUntil(parts.get("UNTIL")!);
    if (until === null) return fail("UNTIL must be a real date (YYYYMMDD)");
  }
  return { ok: true, rule: { freq: freq as Frequency, interval, byDay, byMonthDay, count, until } };
}

/** The canonical RRULE of parts: FREQ, INTERVAL (when not 1), BYDAY, BYMONTHDAY, COUNT or UNTIL (`YYYYMMDD`). */
export function formatRecurrence(rule: Recurrence) {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay.length) parts.push(`BYDAY=${rule.byDay.join(",")}`);
  if (rule.byMonthDay.length) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(",")}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until.replaceAll("-", "")}`);
  return parts.join(";");
}

/** The stored form of an RRULE, or null when it is not one this app keeps. */
export function normalizeRecurrence(input: string) {
  const parsed = parseRecurrence(input);
  return parsed.ok ? formatRecurrence(parsed.rule) : null;
}

// ---- words ---------------------------------------------------------------------------------------

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 1 → "1st", 22 → "22nd", 13 → "13th". */
export function ordinal(n: number) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

const WORKWEEK = "MO,TU,WE,TH,FR";

function every(interval: number, unit: string) {
  return interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`;
}

function daysList(days: readonly Weekday[]) {
  return days.map((d) => WEEKDAY_SHORT[d]).join(", ");
}

function frequencyWords(rule: Recurrence) {
  const { freq, interval, byDay, byMonthDay } = rule;
  if (freq === "DAILY") {
    if (byDay.length === 0) return interval === 1 ? "Daily" : every(interval, "day");
    if (byDay.join(",") === WORKWEEK && interval === 1) return "Every weekday";
    return `${interval === 1 ? "Daily" : every(interval, "day")} on ${daysList(byDay)}`;
  }
  if (freq === "WEEKLY") {
    if (byDay.length === 0) return interval === 1 ? "Weekly" : every(interval, "week");
    if (interval === 1 && byDay.join(",") === WORKWEEK) return "Every weekday";
    if (interval === 1 && byDay.length === 1) return `Every ${WEEKDAY_LONG[byDay[0]]}`;
    if (interval === 1) return `Weekly on ${daysList(byDay)}`;
    return `${every(interval, "week")} on ${daysList(byDay)}`;
  }
  if (byMonthDay.length === 0) return interval === 1 ? "Monthly" : every(interval, "month");
  return `${every(interval, "month")} on the ${byMonthDay.map(ordinal).join(", ")}`;
}

/**
 * The rule in words, as the task form, the API (`recurrenceText`), Slack and the AI preview show it: "Every
 * Friday", "Every 2 weeks on Mon, Thu", "Daily until Mar 20", "Every month on the 1st, 3 times". The end date
 * shows its year only when it is not `thisYear`'s.
 */
export function describeRecurrence(rule: Recurrence, thisYear?: number) {
  const words = frequencyWords(rule);
  if (rule.count !== null) return rule.count === 1 ? `${words}, once` : `${words}, ${rule.count} times`;
  if (rule.until !== null) {
    const [y, m, d] = dateParts(rule.until);
    return `${words} until ${MONTHS[m - 1]} ${d}${thisYear === undefined || y === thisYear ? "" : `, ${y}`}`;
  }
  return words;
}

/** The words of a stored RRULE string; null for none (or one that no longer reads, which nothing stores). */
export function describeRecurrenceText(recurrence: string | null, thisYear?: number) {
  if (!recurrence) return null;
  const parsed = parseRecurrence(recurrence);
  return parsed.ok ? describeRecurrence(parsed.rule, thisYear) : null;
}

// ---- the task form's "Repeats" fields -----------------------------------------------------------------

/**
 * The form's choices; "interval" reads as "every N weeks" (on the chosen days), and "keep" keeps a rule the form
 * cannot say (one set through the API, such as every 3 days) as it is.
 */
export const REPEAT_CHOICES = ["none", "daily", "weekly", "interval", "monthly", "keep"] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];
export const REPEAT_ENDS = ["never", "count", "until"] as const;
export type RepeatEnd = (typeof REPEAT_ENDS)[number];

/**
 * The "Repeats" control as plain form fields (so it works without JavaScript): what repeats, every how many
 * weeks, on which weekdays, on which day of the month, and the optional end.
 */
export interface RepeatFields {
  repeat: RepeatChoice;
  repeatEvery: number;
  repeatDays: Weekday[];
  repeatMonthDay: number;
  repeatEnd: RepeatEnd;
  repeatCount: number;
  repeatUntil: string;
}

export const DEFAULT_REPEAT_FIELDS: RepeatFields = {
  repeat: "none",
  repeatEvery: 2,
  repeatDays: [],
  repeatMonthDay: 1,
  repeatEnd: "never",
  repeatCount: 5,
  repeatUntil: "",
};

/** The form's fields for a stored rule (the editor shows a task's rule); a rule the form cannot say is "keep". */
export function repeatFieldsOf(recurrence: string | null): RepeatFields {
  const fields = formFieldsOf(recurrence);
  const back = recurrenceFromForm({
    ...fields,
    repeatEvery: String(fields.repeatEvery),
    repeatMonthDay: String(fields.repeatMonthDay),
    repeatCount: String(fields.repeatCount),
  });
  const same = back.ok && (back.recurrence ?? null) === (recurrence ? normalizeRecurrence(recurrence) : null);
  return same ? fields : { ...fields, repeat: "keep" };
}

function formFieldsOf(recurrence: string | null): RepeatFields {
  const parsed = recurrence ? parseRecurrence(recurrence) : null;
  if (!parsed?.ok) return DEFAULT_REPEAT_FIELDS;
  const { rule } = parsed;
  const end: Pick<RepeatFields, "repeatEnd" | "repeatCount" | "repeatUntil"> = {
    repeatEnd: rule.count !== null ? "count" : rule.until !== null ? "until" : "never",
    repeatCount: rule.count ?? DEFAULT_REPEAT_FIELDS.repeatCount,
    repeatUntil: rule.until ?? "",
  };
  const base = { ...DEFAULT_REPEAT_FIELDS, ...end };
  if (rule.freq === "DAILY") return { ...base, repeat: "daily" };
  if (rule.freq === "MONTHLY") return { ...base, repeat: "monthly", repeatMonthDay: rule.byMonthDay[0] ?? 1 };
  return rule.interval === 1
    ? { ...base, repeat: "weekly", repeatDays: rule.byDay }
    : { ...base, repeat: "interval", repeatEvery: rule.interval, repeatDays: rule.byDay };
}

/** What a submitted form holds for the "Repeats" fields: strings, and `repeatDays` possibly several times. */
export interface RepeatFormValues {
  repeat?: string | null;
  repeatEvery?: string | null;
  repeatDays?: readonly string[];
  repeatMonthDay?: string | null;
  repeatEnd?: string | null;
  repeatCount?: string | null;
  repeatUntil?: string | null;
}

/** `recurrence` undefined: leave the task's rule as it is (no "Repeats" control was sent, or "keep"). */
export type RepeatFormResult = { ok: true; recurrence: string | null | undefined } | { ok: false; error: string };

/**
 * The RRULE the "Repeats" fields describe (null for "Doesn't repeat"), or the sentence saying what to fix. The
 * form's "Weekly" without a chosen day repeats on the due date's weekday.
 */
export function recurrenceFromForm(values: RepeatFormValues): RepeatFormResult {
  const repeat = values.repeat;
  if (!repeat || repeat === "keep") return { ok: true, recurrence: undefined };
  if (!(REPEAT_CHOICES as readonly string[]).includes(repeat))
    return { ok: false, error: "Choose how the task repeats" };
  if (repeat === "none") return { ok: true, recurrence: null };
  const days = [...new Set(values.repeatDays ?? [])];
  if (days.some((d) => !isWeekday(d))) return { ok: false, error: "Choose weekdays from the list" };
  const rule: Recurrence = { freq: "DAILY", interval: 1, byDay: [], byMonthDay: [], count: null, until: null };
  if (repeat === "weekly" || repeat === "interval") {
    rule.freq = "WEEKLY";
    rule.byDay = (days as Weekday[]).sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
    if (repeat === "interval") {
      const n = readInteger(values.repeatEvery?.trim() ?? "", 1, INTERVAL_MAX);
      if (n === null) return { ok: false, error: `Repeat every 1 to ${INTERVAL_MAX} weeks` };
      rule.interval = n;
    }
  } else if (repeat === "monthly") {
    rule.freq = "MONTHLY";
    const day = readInteger(values.repeatMonthDay?.trim() ?? "", 1, 31);
    if (day === null) return { ok: false, error: "Choose a day of the month from 1 to 31" };
    rule.byMonthDay = [day];
  }
  const end = values.repeatEnd || "never";
  if (end === "count") {
    const count = readInteger(values.repeatCount?.trim() ?? "", 1, COUNT_MAX);
    if (count === null) return { ok: false, error: `End after 1 to ${COUNT_MAX} times` };
    rule.count = count;
  } else if (end === "until") {
    const until = readUntil(values.repeatUntil?.trim() ?? "");
    if (until === null) return { ok: false, error: "Choose the date the repeats end" };
    rule.until = until;
  } else if (end !== "never") return { ok: false, error: "Choose how the repeats end" };
  return { ok: true, recurrence: formatRecurrence(rule) };
}

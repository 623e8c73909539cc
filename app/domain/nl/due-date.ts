import * as chrono from "chrono-node";
import type { ParsedResult } from "chrono-node";
import { addDays, wallClock } from "../dates";
import type { LineText } from "./line-text";
import { MONTH_PATTERN, NUMBER_WORD_PATTERN, WEEKDAY_PATTERN, monthNumber, readNumber, weekdayIndex } from "./vocabulary";

/**
 * Due dates as workspace wall-clock strings: "YYYY-MM-DD", or "YYYY-MM-DDTHH:MM" when the hour was
 * given. chrono-node (forwardDate) reads the usual forms; it takes no IANA zone, so it gets the
 * reference instant with the zone's offset at that instant, and we build the result from its parsed
 * components, which are wall-clock values (right across DST). Our own patterns cover what chrono lacks
 * or reads differently, listed in CUSTOM below. Weeks start on Monday.
 *
 * "next Friday": chrono means next week's Friday; producers mostly mean the coming one unless it is so
 * close that "next" must be skipping it. So "next X" is the coming X, except when that is tomorrow or
 * two days away in the same week (on a Wednesday "next Friday" is 9 days away; on a Monday it is this
 * Friday; on a Friday "next Monday" is in 3 days). A bare weekday naming today means next week's
 * ("Friday" said on a Friday), unless a later time today is given; "this Friday" on a Friday is today.
 *
 * Of several dates, the first after a due keyword (by, due, before, until, deadline, on, no later
 * than…) wins, else the first; only the winner leaves the title.
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

/**
 * Zones whose people write day/month ("3/4" = 3 April); elsewhere month/day, chrono's default.
 * Either way chrono falls back to the other order when the first cannot be a date ("14/3").
 */
const DAY_FIRST_ZONE_RE =
  /^(?:Europe|Africa|Australia|Atlantic|Indian)\/|^(?:Pacific\/(?:Auckland|Fiji|Chatham)|Asia\/(?:Kolkata|Calcutta|Dubai|Singapore|Hong_Kong|Kuala_Lumpur|Jakarta|Karachi|Dhaka|Jerusalem|Tel_Aviv|Riyadh|Qatar|Bangkok|Ho_Chi_Minh|Colombo|Kathmandu)|America\/(?:Sao_Paulo|Argentina\/.*|Buenos_Aires|Mexico_City|Bogota|Lima|Santiago|Caracas|Montevideo|La_Paz|Asuncion|Guayaquil))$/;

export function dateContext(now: Date, timezone: string): DateContext {
  const wc = wallClock(now, timezone);
  const [y, m, d] = wc.date.split("-").map(Number);
  const [hh, mm] = wc.time.split(":").map(Number);
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm, wc.second);
  const offsetMinutes = Math.round((wallAsUtc - Math.floor(now.getTime() / 1000) * 1000) / 60_000);
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

// ---- calendar arithmetic on "YYYY-MM-DD" -------------------------------------------------------

function ymd(y: number, m: number, d: number) {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function parts(date: string) {
  return date.split("-").map(Number) as [number, number, number];
}

function weekdayOf(date: string) {
  const [y, m, d] = parts(date);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

function daysInMonth(y: number, m: number) {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The date `months` calendar months after the first of `date`'s month, on `day` (clamped). */
function monthFrom(date: string, months: number, day: number | "last") {
  const [y, m] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  const last = daysInMonth(ny, nm);
  return ymd(ny, nm, day === "last" ? last : Math.min(day, last));
}

function startOfWeek(date: string) {
  return addDays(date, -weekdayOf(date));
}

/** Weekday `wd` of the current week (offset 0) or a later one. */
function weekdayInWeek(ctx: DateContext, wd: number, weekOffset: number) {
  return addDays(startOfWeek(ctx.today), weekOffset * 7 + wd);
}

/** The next `wd` from today; today itself only when `includeToday`. */
function comingWeekday(ctx: DateContext, wd: number, includeToday: boolean) {
  let ahead = (wd - ctx.weekday + 7) % 7;
  if (ahead === 0 && !includeToday) ahead = 7;
  return addDays(ctx.today, ahead);
}

/** "next <weekday>": see the module comment. */
function nextWeekday(ctx: DateContext, wd: number) {
  const ahead = (wd - ctx.weekday + 7) % 7 || 7;
  const coming = addDays(ctx.today, ahead);
  const inNextWeek = wd < ctx.weekday || ahead === 7;
  if (ahead === 1 || (ahead === 2 && !inNextWeek)) return addDays(coming, 7);
  return coming;
}

/** A weekday named with "this"/"coming"/"next" or alone (see the module comment). */
function weekdayDate(ctx: DateContext, modifier: string, wd: number, time: string | null) {
  const m = modifier.toLowerCase();
  if (m === "next") return nextWeekday(ctx, wd);
  if (m) return comingWeekday(ctx, wd, true);
  return comingWeekday(ctx, wd, time !== null && time > ctx.nowTime);
}

function endOfWorkWeek(ctx: DateContext) {
  return ctx.weekday <= 4 ? weekdayInWeek(ctx, 4, 0) : comingWeekday(ctx, 4, false);
}

/** The next date (today included) that falls on day `day` of a month. */
function nextDayOfMonth(ctx: DateContext, day: number) {
  const [, , d] = parts(ctx.today);
  for (let k = d <= day ? 0 : 1; k < 14; k++) {
    const candidate = monthFrom(ctx.today, k, day);
    if (parts(candidate)[2] === day) return candidate;
  }
  return null;
}

/** The next `month`/`day` from today (today included); null when that day never comes ("Feb 30"). */
function nextMonthDay(ctx: DateContext, month: number, day: number | "last") {
  const [y] = parts(ctx.today);
  // Eight years always include a leap year, for "Feb 29".
  for (let year = y; year <= y + 8; year++) {
    const last = daysInMonth(year, month);
    if (day !== "last" && day > last) continue;
    const date = ymd(year, month, day === "last" ? last : day);
    if (date >= ctx.today) return date;
  }
  return null;
}

function pad2(n: number) {
  return String(n).padStart(2, "0");
}

// ---- candidates ----------------------------------------------------------------------------------

interface Candidate {
  start: number;
  end: number;
  /** null for a time on its own ("by 3pm"). */
  date: string | null;
  time: string | null;
  /** EOD, midnight: today by themselves, but they only qualify a date written next to them. */
  modifier?: boolean;
  /** Month alone ("by March"): a date only after a due keyword. */
  needsKeyword?: boolean;
  /** "tonight", "this evening": a time without am/pm next to it is in the afternoon or evening. */
  evening?: boolean;
  /** The time said am or pm (or was on a 24-hour clock). */
  meridiemGiven?: boolean;
}

interface CustomRule {
  re: RegExp;
  /** A null date is a time on its own. */
  resolve: (m: RegExpExecArray, ctx: DateContext) => { date: string | null; time?: string; evening?: boolean } | null;
  modifier?: boolean;
  /** The capture group that is the date phrase, when the pattern also matches its context. */
  spanGroup?: number;
}

const WD = `(${WEEKDAY_PATTERN})`;
const MONTH = `(${MONTH_PATTERN})`;
const COUNT = `(\\d+|${NUMBER_WORD_PATTERN})`;
/** "within a week of the event", "in 2 hours after doors": relative to something we do not know. */
const RELATIVE_TO_EVENT = String.raw`\s+(?:of|after|before|prior|from\s+(?:the|doors|load|show))\b`;
const NOT_RELATIVE_TO_EVENT = `(?!${RELATIVE_TO_EVENT})`;

const custom = (source: string, resolve: CustomRule["resolve"], modifier = false, spanGroup?: number): CustomRule => ({
  // eslint-disable-next-line no-restricted-syntax -- called at module load only; patterns.test.ts lints what it builds
  re: new RegExp(source, "giud"),
  resolve,
  modifier,
  spanGroup,
});

const dateOrNull = (date: string | null) => (date ? { date } : null);

const plusInstant = (ctx: DateContext, minutes: number) => {
  const wc = wallClock(new Date(ctx.now.getTime() + minutes * 60_000), ctx.timezone);
  return { date: wc.date, time: wc.time };
};

/** Phrases chrono lacks or reads differently, tried in order before chrono sees what is left. */
const CUSTOM: CustomRule[] = [
  custom(
    String.raw`\b(?:eod|cob|eob|eop|end\s+of\s+(?:the\s+)?(?:business\s+|work(?:ing)?\s+)?day|close\s+of\s+(?:business|play)|end\s+of\s+(?:business|play))\b`,
    (_, ctx) => ({ date: ctx.today }),
    true,
  ),
  custom(String.raw`\b(?:at\s+)?midnight\b`, (_, ctx) => ({ date: ctx.today }), true),
  custom(String.raw`\b(?:the\s+)?day\s+after\s+(?:tomorrow|tmrw|tmr)\b|\bovermorrow\b`, (_, ctx) => ({
    date: addDays(ctx.today, 2),
  })),
  custom(
    String.raw`\b(?:(?:the\s+)?end\s+of\s+)?(?:tomorrow|tmrw|tmrow|tmr|tmw|tomorow|tommorow|tommorrow|2moro|2morrow|2mrw)\b(?:\s+(?:morning|afternoon|evening|night))?`,
    (m, ctx) => ({ date: addDays(ctx.today, 1), evening: /(?:afternoon|evening|night)$/i.test(m[0]) }),
  ),
  // "first thing (tomorrow)": the next morning, or the morning of the date it qualifies.
  custom(String.raw`\bfirst\s+thing(?:\s+in\s+the\s+morning)?(?:\s+on)?\b`, (_, ctx) => ({ date: addDays(ctx.today, 1) }), true),
  custom(String.raw`\b(?:tonight|this\s+(?:afternoon|evening))\b`, (_, ctx) => ({ date: ctx.today, evening: true })),
  custom(String.raw`\b(?:(?:later\s+|end\s+of\s+)?today|this\s+morning)\b`, (_, ctx) => ({ date: ctx.today })),
  custom(String.raw`\b(?:in|within)\s+(?:the\s+next\s+)?(?:an?\s+hour\s+and\s+a\s+half|1\.5\s+hours?)\b`, (_, ctx) =>
    plusInstant(ctx, 90),
  ),
  custom(String.raw`\b(?:in|within)\s+half\s+an?\s+hour\b`, (_, ctx) => plusInstant(ctx, 30)),
  custom(
    String.raw`\b(?:in|within)\s+(?:the\s+next\s+)?(\d+(?:\.\d+)?|${NUMBER_WORD_PATTERN})\s*(hours?|hrs?|h|minutes?|mins?|m)\b${NOT_RELATIVE_TO_EVENT}`,
    (m, ctx) => plusInstant(ctx, readNumber(m[1]) * (/^h/i.test(m[2]) ? 60 : 1)),
  ),
  custom(String.raw`\b${COUNT}\s*(hours?|hrs?|minutes?|mins?)\s+from\s+now\b`, (m, ctx) =>
    plusInstant(ctx, readNumber(m[1]) * (/^h/i.test(m[2]) ? 60 : 1)),
  ),
  custom(String.raw`\b(?:in|within)\s+(?:the\s+next\s+)?${COUNT}\s+(days?|weeks?|wks?|fortnights?)(?:['’]s\s+time)?\b${NOT_RELATIVE_TO_EVENT}`, (m, ctx) => ({
    date: addDays(ctx.today, readNumber(m[1]) * unitDays(m[2])),
  })),
  custom(String.raw`\b(?:in\s+)?a\s+fortnight\b`, (_, ctx) => ({ date: addDays(ctx.today, 14) })),
  // "Friday week" (British): a week after the coming Friday.
  custom(String.raw`\b${WD}\s+week\b`, (m, ctx) => ({ date: addDays(comingWeekday(ctx, weekdayIndex(m[1]), false), 7) })),
  custom(String.raw`\b${COUNT}\s+(days?|weeks?|wks?)\s+(?:from|on)\s+(now|today|tomorrow|${WEEKDAY_PATTERN})\b`, (m, ctx) => {
    const base = /^(now|today)$/i.test(m[3])
      ? ctx.today
      : /^tomorrow$/i.test(m[3])
        ? addDays(ctx.today, 1)
        : comingWeekday(ctx, weekdayIndex(m[3]), false);
    return { date: addDays(base, readNumber(m[1]) * unitDays(m[2])) };
  }),
  custom(String.raw`\b(?:in|within)\s+(?:the\s+next\s+)?${COUNT}\s+months?\b`, (m, ctx) => ({
    date: monthFrom(ctx.today, readNumber(m[1]), parts(ctx.today)[2]),
  })),
  custom(String.raw`\b${WD}\s+(?:of\s+)?next\s+week\b|\bnext\s+week(?:['’]s)?\s+(?:on\s+)?${WD}\b`, (m, ctx) => ({
    date: weekdayInWeek(ctx, weekdayIndex(m[1] ?? m[2]), 1),
  })),
  custom(String.raw`\b${WD}\s+(?:of\s+)?this\s+week\b`, (m, ctx) => ({ date: weekdayInWeek(ctx, weekdayIndex(m[1]), 0) })),
  custom(String.raw`\b(?:end\s+of|late)\s+next\s+week\b`, (_, ctx) => ({ date: weekdayInWeek(ctx, 4, 1) })),
  custom(String.raw`\b(?:mid[-\s]?|middle\s+of\s+)next\s+week\b`, (_, ctx) => ({ date: weekdayInWeek(ctx, 2, 1) })),
  custom(
    String.raw`\b(?:early\s+|(?:the\s+)?(?:start|beginning)\s+of\s+)?next\s+week\b`,
    (_, ctx) => ({ date: weekdayInWeek(ctx, 0, 1) }),
  ),
  custom(
    String.raw`\b(?:eow|end\s+of\s+(?:the\s+|this\s+)?(?:work(?:ing)?\s+)?week|(?:later\s+)?this\s+week)\b`,
    (_, ctx) => ({ date: endOfWorkWeek(ctx) }),
  ),
  custom(String.raw`\bmid[-\s]?week\b`, (_, ctx) => ({ date: comingWeekday(ctx, 2, true) })),
  custom(String.raw`\bnext\s+weekend\b`, (_, ctx) => ({ date: weekdayInWeek(ctx, 5, 1) })),
  custom(String.raw`\b(?:this\s+(?:coming\s+)?|the\s+|over\s+the\s+)?weekend\b`, (_, ctx) => ({
    date: ctx.weekday === 6 ? ctx.today : weekdayInWeek(ctx, 5, 0),
  })),
  custom(String.raw`\b(?:eom|end\s+of\s+(?:the\s+|this\s+)?month|month[\s-]end)\b`, (_, ctx) => ({
    date: monthFrom(ctx.today, 0, "last"),
  })),
  custom(String.raw`\bend\s+of\s+next\s+month\b`, (_, ctx) => ({ date: monthFrom(ctx.today, 1, "last") })),
  custom(String.raw`\b(?:mid[-\s]?|middle\s+of\s+)next\s+month\b`, (_, ctx) => ({ date: monthFrom(ctx.today, 1, 15) })),
  custom(
    String.raw`\b(?:early\s+|(?:the\s+)?(?:start|beginning)\s+of\s+)?next\s+month\b`,
    (_, ctx) => ({ date: monthFrom(ctx.today, 1, 1) }),
  ),
  custom(String.raw`\b(?:eoq|end\s+of\s+(?:the\s+|this\s+)?quarter)\b`, (_, ctx) => {
    const [, m] = parts(ctx.today);
    return { date: monthFrom(ctx.today, 2 - ((m - 1) % 3), "last") };
  }),
  custom(String.raw`\b(?:eoy|end\s+of\s+(?:the\s+|this\s+)?year)\b`, (_, ctx) => ({
    date: `${ctx.today.slice(0, 4)}-12-31`,
  })),
  custom(String.raw`\bend\s+of\s+${MONTH}\b`, (m, ctx) => dateOrNull(nextMonthDay(ctx, monthNumber(m[1]), "last"))),
  custom(String.raw`\b(?:mid[-\s]?|middle\s+of\s+)${MONTH}\b`, (m, ctx) => dateOrNull(nextMonthDay(ctx, monthNumber(m[1]), 15))),
  custom(String.raw`\b(?:early|(?:the\s+)?(?:start|beginning)\s+of)\s+${MONTH}\b`, (m, ctx) =>
    dateOrNull(nextMonthDay(ctx, monthNumber(m[1]), 1)),
  ),
  // "by 3": chrono needs "at" or am/pm; a bare hour after "by" ends the phrase or meets a date.
  custom(
    String.raw`\bby\s+((?:1[0-2]|0?[1-9])(?::[0-5]\d)?)(?=\s*(?:$|[,.;!?)]|(?:today|tonight|tomorrow|tmrw|${WEEKDAY_PATTERN})\b))`,
    (m) => ({ date: null, time: workingHour(m[1]) }),
    false,
    1,
  ),
  // Abbreviations chrono does not know.
  custom(String.raw`\b(?:(this\s+coming|this|coming|next)\s+)?(tues|weds)\b\.?`, (m, ctx) => ({
    date: weekdayDate(ctx, m[1] ?? "", weekdayIndex(m[2]), null),
  })),
  // A month alone is a date only as a deadline ("by May": its first day); chrono skips "by May".
  custom(
    String.raw`\b(?:by|before|until|till|due|deadline:?)\s+${MONTH}\b(?!\.?\s*[\d/])`,
    (m, ctx) => dateOrNull(nextMonthDay(ctx, monthNumber(m[1]), 1)),
    false,
    1,
  ),
  // "June 23" without a year (chrono's day-first mode reads it as June 2023).
  custom(String.raw`\b${MONTH}\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?:[,/.]\s*)?\d{2,4}\b|[:.]\d|\s*[-–]\s*\d)`, (m, ctx) =>
    dateOrNull(nextMonthDay(ctx, monthNumber(m[1]), Number(m[2]))),
  ),
  // "Fri 14th", "Friday the 14th": the day of the month decides; chrono reads only the weekday.
  custom(String.raw`\b${WD}\.?(?:\s*,)?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s*(?:of\s+)?(?:${MONTH_PATTERN})\b)`, (m, ctx) => {
    const date = nextDayOfMonth(ctx, Number(m[2]));
    return date ? { date } : null;
  }),
];

/** "3" or "3:30" with no am/pm, read in working hours (1–6 is the afternoon). */
function workingHour(raw: string) {
  const [h, m = "00"] = raw.split(":");
  const hour = Number(h) + (Number(h) <= 6 ? 12 : 0);
  return `${pad2(hour)}:${m}`;
}

function unitDays(unit: string) {
  if (/^f/i.test(unit)) return 14;
  return /^w/i.test(unit) ? 7 : 1;
}

/** "the 15th", "by 15th": the next such day; the ordinal must stand alone, not "the 2nd stage". */
const ORDINAL_RE = new RegExp(
  String.raw`(?<!\b(?:${MONTH_PATTERN})\.?\s{1,3})\b(the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s*(?:of\s+)?(?:${MONTH_PATTERN})\b)`,
  "giu",
);
const PHRASE_END_RE = /^\s*(?:$|[,.;!?)\]–—-])/;
/** Nouns an ordinal counts rather than dates: "the 2nd stage", "the 3rd party", "the 10th anniversary". */
const ORDINAL_NOUN_AFTER_RE =
  /^\s*(?:floor|stage|party|row|level|place|time|round|day|night|edition|anniversary|annual|year|birthday|item|option|draft|version|batch|shift|act|set|slot|gate|door|hall|room|tier|wave|attempt|week|month|quarter|person|guest|speaker|panel|session|bus|truck|van|table|seat|call|reminder|line|point|grade|century|generation|prize|half|largest|biggest|most|best|one|of\s+(?:the|our|their|all|them|those|these|\d))s?\b/i;

const DUE_LEAD_RE =
  /(?:\b(?:due(?:\s+(?:date|by|on|before))?|deadline|by|before|until|till|til|no\s+later\s+than|not\s+later\s+than|nlt|latest(?:\s+by)?|on)(?:\s*[:=–-])?\s*(?:the\s+)?)$/i;
/** Words that go with a date they introduce and leave the title with it. */
const REMOVABLE_LEAD_RE =
  /(?:(?:[,;]|(?<![\s,;]))\s*\b(?:need(?:ed)?|want(?:ed)?|required)(?:\s+(?:it|this|these|them|back))?\s+(?=(?:by|before|until|no\s+later)\b))?(?:(?:\b(?:due(?:\s+(?:date|by|on|before))?|deadline|by|before|until|till|til|no\s+later\s+than|not\s+later\s+than|nlt|latest(?:\s+by)?|on|at|this\s+coming|coming|starting|from|beginning|commencing|sometime|some\s+time|w\/c|wc|(?:the\s+)?week\s+(?:of|commencing|beginning))(?:\s*[:=–-])?\s*(?:the\s+)?)+(?:@\s*)?|@\s*)$/i;
/** Words that qualify the deadline just read: "by Friday at the latest", "9am sharp". */
const REMOVABLE_TAIL_RE = /^\s*(?:at\s+the\s+(?:latest|earliest)|latest|sharp|or\s+(?:earlier|sooner|before))\b/i;
const POSSESSIVE_AFTER_RE = /^['’]s\b/;
/** "before the 2pm session", "at the Friday briefing": the date names an event and stays in the title. */
const ATTRIBUTIVE_BEFORE_RE = /\bthe\s+$/i;
const ATTRIBUTIVE_AFTER_RE =
  /^\s+(?!(?:at|by|on|to|for|and|or|with|before|after|latest|please|pls|so|if|in|from|until|the|a|an|this|next)\b)\p{Ll}{3,}/u;

const RELATIVE_TO_EVENT_AFTER_RE = new RegExp(`^${RELATIVE_TO_EVENT}`, "i");
const NOW_RE = /^(?:right\s+|just\s+)?now$/i;
const RELATIVE_WORD_RE = /\b(?:ago|before|after|earlier|later|prior)\b/i;
const WEEKDAY_ABBREVIATION_RE = /^(?:on\s+)?(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?$/i;
const AFTER_WEEKDAY_ABBREVIATION_RE =
  /^\s*(?:$|[,.;:!?)\]@#–—-]|\d|(?:at|by|noon|midday|morning|afternoon|evening|night|eod|cob|am|pm)\b)/i;
const SLASH_RE = /^\d{1,2}\/\d{1,2}$/;
const NOT_A_SLASH_DATE_AFTER_RE = /^(?:\s*(?:of|days?|hours?|split|ratio|people|pax|guests|support|coverage|access)\b|\/\d)/i;
const WEEKDAY_TEXT_RE = new RegExp(String.raw`\b(?:(this\s+coming|this|coming|next|last)\s+)?${WD}\b`, "i");
const WEEKDAY_MODIFIER_BEFORE_RE = /\b(this\s+coming|this|coming|next)\s+$/i;
const LEADING_ZERO_TIME_RE = /\b0\d[:.h]\d\d/;
/** An hour with nothing to make it one (no minutes, am/pm or o'clock): "from 3", "at 4". */
const BARE_HOUR_RE = /^(?:from|at)\s+\d{1,2}$/i;
/** What follows a bare hour that is a count of things rather than a time: a word that is no time or date word. */
const COUNTED_NOUN_AFTER_RE =
  /^\s+(?!(?:today|tonight|tomorrow|tmrw|on|this|next|and|or|sharp|latest|pm|am|p\.m|a\.m|o['’]?clock|for|to|till|until|til|then|ish|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\b)\p{L}/iu;

function timeOf(r: ParsedResult) {
  let hour = r.start.get("hour") ?? 0;
  const minute = r.start.get("minute") ?? 0;
  // "at 5" with no am/pm: producers mean working hours, so 1–6 is afternoon; "05:00" stays as written.
  if (!r.start.isCertain("meridiem") && hour >= 1 && hour <= 6 && !LEADING_ZERO_TIME_RE.test(r.text)) hour += 12;
  return `${pad2(hour)}:${pad2(minute)}`;
}

/** chrono's span can carry an opening bracket or trailing punctuation ("(Sunday night"). */
const SPAN_EDGE_RE = /[\p{L}\p{N}](?:[\s\S]*[\p{L}\p{N}])?/u;
const MERIDIEM_DOTS_RE = /\b[ap]\.m$/i;

function fromChrono(r: ParsedResult, lineText: string, ctx: DateContext): Candidate | null {
  let text = SPAN_EDGE_RE.exec(r.text)?.[0] ?? "";
  const start = r.index + r.text.indexOf(text);
  if (MERIDIEM_DOTS_RE.test(text) && lineText[start + text.length] === ".") text += ".";
  const end = start + text.length;
  const before = lineText.slice(0, start);
  const after = lineText.slice(end);
  const keyworded = DUE_LEAD_RE.test(before);
  if (NOW_RE.test(text) || RELATIVE_WORD_RE.test(text)) return null;
  if (r.tags().has("result/relativeDate") && (!/^(?:in|within)\b/i.test(text) || RELATIVE_TO_EVENT_AFTER_RE.test(after))) {
    return null;
  }
  const s = r.start;
  const hourCertain = s.isCertain("hour");
  const time = hourCertain ? timeOf(r) : null;
  const meridiemGiven = s.isCertain("meridiem") || (s.get("hour") ?? 0) > 12 || LEADING_ZERO_TIME_RE.test(r.text);
  if (!s.isCertain("day") && !s.isCertain("weekday")) {
    if (s.isCertain("month")) {
      return { start, end, date: ymd(s.get("year")!, s.get("month")!, 1), time: null, needsKeyword: true };
    }
    // "quotes from 3 AV vendors", "tables at 4 venues": a bare number before a noun counts things.
    if (BARE_HOUR_RE.test(text) && COUNTED_NOUN_AFTER_RE.test(after)) return null;
    return time ? { start, end, date: null, time, meridiemGiven } : null;
  }
  if (SLASH_RE.test(text) && (text === "24/7" || NOT_A_SLASH_DATE_AFTER_RE.test(after))) return null;
  const abbreviation = WEEKDAY_ABBREVIATION_RE.exec(text);
  if (abbreviation) {
    const lowerWordy = /^(?:sat|sun|wed)$/.test(abbreviation[1]);
    if (!keyworded && (lowerWordy || !AFTER_WEEKDAY_ABBREVIATION_RE.test(after))) return null;
  }
  if (!s.isCertain("day")) {
    const weekday = WEEKDAY_TEXT_RE.exec(text);
    if (!weekday) return null;
    const modifier = weekday[1] ?? WEEKDAY_MODIFIER_BEFORE_RE.exec(before)?.[1] ?? "";
    return { start, end, date: weekdayDate(ctx, modifier, weekdayIndex(weekday[2]), time), time, meridiemGiven };
  }
  return { start, end, date: ymd(s.get("year")!, s.get("month")!, s.get("day")!), time, meridiemGiven };
}

const MERGE_GAP_RE = /^[\s,]*(?:(?:at|on|by|@|-|–)[\s,]*)?$/i;

function mergeAdjacent(candidates: Candidate[], scan: string) {
  const out: Candidate[] = [];
  for (const c of candidates) {
    const prev = out[out.length - 1];
    if (prev && MERGE_GAP_RE.test(scan.slice(prev.end, c.start))) {
      const merged = merge(prev, c);
      if (merged) {
        out[out.length - 1] = merged;
        continue;
      }
    }
    out.push(c);
  }
  return out;
}

/** One date and one time, or a modifier (EOD) and what it qualifies, read as one; null otherwise. */
function merge(a: Candidate, b: Candidate): Candidate | null {
  const span = { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
  if (Boolean(a.modifier) !== Boolean(b.modifier)) {
    const [modifier, other] = a.modifier ? [a, b] : [b, a];
    return { ...span, date: other.date ?? modifier.date, time: other.time };
  }
  if (a.date && !a.time && !b.date && b.time) return { ...span, date: a.date, time: eveningTime(a, b) };
  if (b.date && !b.time && !a.date && a.time) return { ...span, date: b.date, time: eveningTime(b, a) };
  return null;
}

/** "tonight at 8" is 20:00. */
function eveningTime(day: Candidate, at: Candidate) {
  const hour = Number(at.time!.slice(0, 2));
  if (!day.evening || at.meridiemGiven || hour >= 12) return at.time!;
  return `${pad2(hour + 12)}${at.time!.slice(2)}`;
}

function resolveTimeOnly(c: Candidate, ctx: DateContext) {
  if (c.date) return c.date;
  return c.time! > ctx.nowTime ? ctx.today : addDays(ctx.today, 1);
}

/** Finds every date phrase in the line; nothing is removed. */
function findCandidates(line: LineText, ctx: DateContext): Candidate[] {
  let scan = line.text;
  const found: Candidate[] = [];
  const blank = (start: number, end: number) => {
    scan = scan.slice(0, start) + " ".repeat(end - start) + scan.slice(end);
  };
  for (const rule of CUSTOM) {
    rule.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = rule.re.exec(scan))) {
      const value = rule.resolve(m, ctx);
      if (!value) continue;
      const [start, end] = rule.spanGroup ? m.indices![rule.spanGroup] : [m.index, m.index + m[0].length];
      found.push({
        start,
        end,
        date: value.date,
        time: value.time ?? null,
        modifier: rule.modifier,
        evening: value.evening,
      });
      blank(start, end);
    }
  }
  ORDINAL_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ORDINAL_RE.exec(scan))) {
    const day = Number(m[2]);
    if (day < 1 || day > 31) continue;
    const end = m.index + m[0].length;
    if (ORDINAL_NOUN_AFTER_RE.test(scan.slice(end))) continue;
    // Without "the", an ordinal is a date after a due keyword or closing the phrase ("catering 13th").
    if (!m[1] && !DUE_LEAD_RE.test(scan.slice(0, m.index)) && !PHRASE_END_RE.test(scan.slice(end))) continue;
    const date = nextDayOfMonth(ctx, day);
    if (!date) continue;
    found.push({ start: m.index, end, date, time: null });
    blank(m.index, end);
  }
  // chrono reads what is left; blanking keeps positions, so its spans index the line as well.
  for (const r of ctx.parser.parse(scan, { instant: ctx.now, timezone: ctx.offsetMinutes }, { forwardDate: true })) {
    const c = fromChrono(r, line.text, ctx);
    if (c) found.push(c);
  }
  found.sort((a, b) => a.start - b.start);
  return mergeAdjacent(found, line.text);
}

/** Reads the due date and removes the phrase that gave it; null when the line has none. */
export function extractDueDate(line: LineText, ctx: DateContext): string | null {
  const text = line.text;
  const candidates = findCandidates(line, ctx);
  const usable = candidates.filter((c) => !c.needsKeyword || DUE_LEAD_RE.test(text.slice(0, c.start)));
  if (usable.length === 0) return null;
  let winner = usable.find((c) => DUE_LEAD_RE.test(text.slice(0, c.start))) ?? usable[0];
  const removed: Candidate[] = [winner];
  // A date and a time written apart ("Friday: confirm AV by 3pm") make one deadline.
  const others = usable.filter((c) => c !== winner);
  const partner =
    !winner.time && winner.date
      ? others.filter((c) => !c.date && c.time)
      : !winner.date && winner.time
        ? others.filter((c) => c.date && !c.time && !c.modifier)
        : [];
  if (partner.length === 1) {
    winner = { ...winner, date: winner.date ?? partner[0].date, time: winner.time ?? partner[0].time };
    removed.push(partner[0]);
  }
  const date = resolveTimeOnly(winner, ctx);
  for (const c of removed) removeWithLead(line, c);
  return winner.time ? `${date}T${winner.time}` : date;
}

function removeWithLead(line: LineText, c: Candidate) {
  const text = line.text;
  // "Friday's keynote", "the 2pm session" name an event: the date is read but the words stay.
  const after = text.slice(c.end);
  if (POSSESSIVE_AFTER_RE.test(after)) return;
  if (ATTRIBUTIVE_BEFORE_RE.test(text.slice(0, c.start)) && ATTRIBUTIVE_AFTER_RE.test(after)) return;
  const lead = REMOVABLE_LEAD_RE.exec(text.slice(0, c.start));
  const tail = REMOVABLE_TAIL_RE.exec(after);
  line.remove(lead ? lead.index : c.start, c.end + (tail ? tail[0].length : 0));
}

import { formatRecurrence, WEEKDAYS, type Recurrence, type Weekday } from "../recurrence";
import { nextMonthDay, type DateContext } from "./calendar";
import type { LineText } from "./line-text";
import { MONTH_PATTERN, monthNumber, WEEKDAY_PATTERN, weekdayIndex } from "./vocabulary";

/**
 * Repeats in plain words (ADR 021), read into an RRULE and taken out of the title: "every Friday", "every other
 * Monday", "every 2 weeks (on Mon)", "weekly on Tue and Thu", "every weekday", "every month on the 1st", "daily",
 * with an end: "until the show" (the event's day; without one the series still stops at the show), "until Mar
 * 20", "5 times". A bare "daily", "weekly" or "monthly" counts only at the end of a clause or before "on"/"until",
 * so "send the weekly update" keeps its word. Runs before the due date, which would read "Friday" or "until …".
 */

const DAY = `(?:${WEEKDAY_PATTERN})`;
/** "Mon", "Tue and Thu", "Monday, Wednesday and Friday", "mon & fri". */
const DAY_LIST = `${DAY}(?:(?:\\s*[,&]\\s*(?:and\\s+)?|\\s+and\\s+)${DAY})*`;
const ORDINAL = "\\d{1,2}(?:st|nd|rd|th)?";
const MONTH_DAYS = `(?:the\\s+)?${ORDINAL}(?:(?:\\s*,\\s*|\\s+and\\s+)(?:the\\s+)?${ORDINAL})*`;

const WEEKDAYS_RE = /\b(?:every|each)\s+(?:week|work)\s?day\b/i;
const EVERY_UNIT_RE = /\b(?:every|each)\s+(?:(other)\s+|(\d{1,2})\s+)?(day|week|month)s?\b/i;
const EVERY_DAY_RE = new RegExp(`\\b(?:every|each)\\s+(other\\s+)?(${DAY_LIST})\\b`, "i");
const ADVERB_RE = /\b(daily|weekly|fortnightly|biweekly|monthly)(?=\s+(?:on|until)\s|\s*(?:[,.;:!?)–—-]|$))/i;
const ON_DAYS_RE = new RegExp(`^\\s+on\\s+(${DAY_LIST})\\b`, "i");
const ON_MONTH_DAYS_RE = new RegExp(`^\\s+on\\s+(${MONTH_DAYS})\\b`, "i");
const UNTIL_SHOW_RE = /\buntil\s+(?:the\s+)?(?:show|event|gig|festival|conference|premiere|opening|launch)\b/i;
const UNTIL_DATE_RE = new RegExp(`\\buntil\\s+(${MONTH_PATTERN})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`, "i");
const UNTIL_ISO_RE = /\buntil\s+(\d{4}-\d{2}-\d{2})\b/i;
const TIMES_RE = /\b(?:for\s+)?(\d{1,3})\s+times\b/i;

const DAY_NAME_RE = new RegExp(DAY, "gi");
const NUMBER_RE = /\d{1,2}/g;

function daysOf(list: string): Weekday[] {
  const days = (list.match(DAY_NAME_RE) ?? []).map((name) => WEEKDAYS[weekdayIndex(name)]);
  return WEEKDAYS.filter((d) => days.includes(d));
}

function monthDaysOf(list: string) {
  const days = (list.match(NUMBER_RE) ?? []).map(Number).filter((d) => d >= 1 && d <= 31);
  return [...new Set(days)].sort((a, b) => a - b);
}

interface Found {
  start: number;
  end: number;
  rule: Recurrence;
}

const rule = (freq: Recurrence["freq"], parts: Partial<Recurrence> = {}): Recurrence => ({
  freq,
  interval: 1,
  byDay: [],
  byMonthDay: [],
  count: null,
  until: null,
  ...parts,
});

/** "… on Tue and Thu" or "… on the 1st" right after a frequency: its days, and where the phrase ends. */
function withTail(text: string, found: Found): Found {
  const rest = text.slice(found.end);
  if (found.rule.freq === "WEEKLY" && found.rule.byDay.length === 0) {
    const on = ON_DAYS_RE.exec(rest);
    if (on) return { ...found, end: found.end + on[0].length, rule: { ...found.rule, byDay: daysOf(on[1]) } };
  }
  if (found.rule.freq === "MONTHLY") {
    const on = ON_MONTH_DAYS_RE.exec(rest);
    const days = on ? monthDaysOf(on[1]) : [];
    if (on && days.length)
      return { ...found, end: found.end + on[0].length, rule: { ...found.rule, byMonthDay: days } };
  }
  return found;
}

function findFrequency(text: string): Found | null {
  let m = WEEKDAYS_RE.exec(text);
  if (m) return { start: m.index, end: m.index + m[0].length, rule: rule("WEEKLY", { byDay: WEEKDAYS.slice(0, 5) }) };
  m = EVERY_DAY_RE.exec(text);
  if (m) {
    const byDay = daysOf(m[2]);
    return { start: m.index, end: m.index + m[0].length, rule: rule("WEEKLY", { byDay, interval: m[1] ? 2 : 1 }) };
  }
  m = EVERY_UNIT_RE.exec(text);
  if (m) {
    const interval = m[1] ? 2 : m[2] ? Number(m[2]) : 1;
    const freq = ({ day: "DAILY", week: "WEEKLY", month: "MONTHLY" } as const)[m[3].toLowerCase() as "day"];
    if (interval < 1) return null;
    return withTail(text, { start: m.index, end: m.index + m[0].length, rule: rule(freq, { interval }) });
  }
  m = ADVERB_RE.exec(text);
  if (m) {
    const word = m[1].toLowerCase();
    const found: Found = {
      start: m.index,
      end: m.index + m[0].length,
      rule:
        word === "daily"
          ? rule("DAILY")
          : word === "monthly"
            ? rule("MONTHLY")
            : rule("WEEKLY", { interval: word === "weekly" ? 1 : 2 }),
    };
    return withTail(text, found);
  }
  return null;
}

/** The end of a series said in words: the show's day, a date, or a number of times. */
function readEnd(line: LineText, ctx: DateContext, eventDay: string | null): Partial<Recurrence> {
  const text = line.text;
  let m = UNTIL_SHOW_RE.exec(text);
  if (m) {
    line.remove(m.index, m.index + m[0].length);
    return eventDay ? { until: eventDay } : {};
  }
  m = UNTIL_ISO_RE.exec(text);
  if (m) {
    line.remove(m.index, m.index + m[0].length);
    return { until: m[1] };
  }
  m = UNTIL_DATE_RE.exec(text);
  if (m) {
    const until = nextMonthDay(ctx, monthNumber(m[1]), Number(m[2]));
    if (until) {
      line.remove(m.index, m.index + m[0].length);
      return { until };
    }
  }
  m = TIMES_RE.exec(text);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 500) {
    line.remove(m.index, m.index + m[0].length);
    return { count: Number(m[1]) };
  }
  return {};
}

/**
 * Reads and removes a repeat phrase and its end from the line; the RRULE, or null when the line says none.
 * `eventDay` is the show's day in the workspace's calendar, for "until the show".
 */
export function extractRecurrence(line: LineText, ctx: DateContext, eventDay: string | null = null): string | null {
  const found = findFrequency(line.text);
  if (!found) return null;
  line.remove(found.start, found.end);
  const end = readEnd(line, ctx, eventDay);
  return formatRecurrence({ ...found.rule, ...end });
}

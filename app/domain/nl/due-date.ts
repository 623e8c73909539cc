import type { ParsedResult } from "chrono-node";
import { addDays, pad2, ymd } from "../dates";
import { nextDayOfMonth, weekdayDate, type DateContext } from "./calendar";
import type { LineText } from "./line-text";
import {
  AFTER_WEEKDAY_ABBREVIATION_RE,
  ATTRIBUTIVE_AFTER_RE,
  ATTRIBUTIVE_BEFORE_RE,
  BARE_HOUR_RE,
  COUNTED_NOUN_AFTER_RE,
  CUSTOM,
  DUE_LEAD_RE,
  LEADING_ZERO_TIME_RE,
  NOT_A_SLASH_DATE_AFTER_RE,
  NOW_RE,
  ORDINAL_NOUN_AFTER_RE,
  ORDINAL_RE,
  PHRASE_END_RE,
  POSSESSIVE_AFTER_RE,
  RELATIVE_TO_EVENT_AFTER_RE,
  RELATIVE_WORD_RE,
  REMOVABLE_LEAD_RE,
  REMOVABLE_TAIL_RE,
  SLASH_RE,
  WEEKDAY_ABBREVIATION_RE,
  WEEKDAY_MODIFIER_BEFORE_RE,
  WEEKDAY_TEXT_RE,
} from "./vocabulary/due-date";
import { weekdayIndex } from "./vocabulary";

/** The reader's "now" comes with it: callers build it once per text and pass it to extractDueDate. */
export { dateContext, type DateContext } from "./calendar";

/**
 * Due dates as workspace wall-clock strings: "YYYY-MM-DD", or "YYYY-MM-DDTHH:MM" when the hour was
 * given. chrono-node (forwardDate) reads the usual forms; it takes no IANA zone, so it gets the
 * reference instant with the zone's offset at that instant, and we build the result from its parsed
 * components, which are wall-clock values (right across DST). Our own patterns cover what chrono lacks
 * or reads differently (CUSTOM in vocabulary/due-date.ts, with the words around a date that this code weighs).
 * Weeks start on Monday; the days relative to today are worked out in calendar.ts.
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

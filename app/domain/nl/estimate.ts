import type { LineText } from "./line-text";
import { NUMBER_WORD_PATTERN, readNumber } from "./vocabulary";

/**
 * Effort estimates in hours: "2h", "1.5 hrs", "~4 hours", "30 min" (0.5), "90m", "1h30", "an hour and a
 * half", "half a day" (4), "(est. 3h)", "2-3 hours" (the upper bound: plans should not run short).
 * A working day counts 8 hours; days are read only with an estimate cue ("est. 2 days", "(2 days)",
 * "takes 2 days"), since "2 days" alone is usually lead time. Several estimates on a line add up
 * ("2h setup + 1h teardown"). Never an estimate: "in 2 hours" (a deadline), "every 2 hours",
 * "2 hours before doors", "48h notice", "24h security".
 */

const NUM = String.raw`(?:\d+(?:[.,]\d+)?|${NUMBER_WORD_PATTERN})`;
const HOURS = String.raw`(?:hours|hour|hrs|hr|h)`;
const MINUTES = String.raw`(?:minutes|minute|mins|min|m)`;
const DAYS = String.raw`(?:days|day|d)`;

const CUE = String.raw`(?:~|≈|\+\/-|approx(?:imately|\.)?|about|around|roughly|circa|est(?:imated?|imate[ds]?|\.)?(?:\s*[:=])?|effort(?:\s*[:=])?|time\s*[:=]|duration(?:\s*[:=])?|takes|will\s+take|should\s+take|needs|allow|budget)`;

/** One duration; named groups say which form matched. */
const DURATION = [
  String.raw`(?<hm>\d+(?:[.,]\d+)?)\s*${HOURS}\s*(?:and\s+)?(?<hmMin>\d{1,2})\s*${MINUTES}\b`,
  String.raw`(?<hmTight>\d+)h(?<hmTightMin>[0-5]\d)\b`,
  String.raw`(?<andHalf>${NUM})\s+and\s+a\s+half\s+${HOURS}\b`,
  String.raw`(?<hourAndHalf>an|one|1)\s+${HOURS}\s+and\s+a\s+half\b`,
  String.raw`(?<halfHour>half\s+an?\s+hour|a\s+half[\s-]hour|half[\s-]hour)\b`,
  String.raw`(?<halfDay>half\s+a\s+day|half[\s-]day)\b`,
  String.raw`(?<fullDay>(?:a\s+)?(?:full|whole)[\s-]day)\b`,
  String.raw`(?<rangeLow>${NUM})\s*(?:-|–|to)\s*(?<rangeHigh>${NUM})\s*(?<rangeUnit>${HOURS}|${MINUTES})\b`,
  String.raw`(?<value>${NUM})\s*(?<unit>${HOURS}|${MINUTES})\b`,
  String.raw`(?<dayValue>${NUM})\s*(?<dayUnit>${DAYS})\b`,
].join("|");

const ESTIMATE_RE = new RegExp(
  String.raw`(?<open>[(\[]\s*)?(?<cue>(?:${CUE}\s*){1,2})?(?<![\p{L}\p{N}.,])(?:${DURATION})(?<postCue>\s+(?:est(?:imated?)?\.?|approx\.?)(?![\p{L}]))?(?<close>\s*[)\]])?`,
  "giu",
);

/** Words before a duration that make it a deadline, a frequency or a window, not effort. */
const NOT_BEFORE_RE = /\b(?:in|within|every|each|per|after|next|last|past|over|under|than|at|by)\s*$/i;
const FOR_BEFORE_RE = /\bfor\s+$/i;
/** What after a duration makes it lead time or a property of something else. */
const NOT_AFTER_RE =
  /^\s*(?:before|after|prior|ahead|early|earlier|late|later|ago|from\s+now|notice|beforehand|in\s+advance|out|turnaround|security|coverage|access|window|shifts?|drive|flight|delay|lead\s+time|of\s+(?:footage|content|music|video|playback|audio|cable)|cables?|runs?|trusse?s?|banners?|long|wide|high|tall)\b/i;
/** A bare "m" is minutes only at a phrase end ("90m", "30m, then …"), never "50m cable". */
const AFTER_BARE_M_RE = /^\s*(?:$|[,;.)\]!]|(?:by|for|on|and|due|@|#|p\d)\b|[@#])/i;

function hoursOf(g: Record<string, string | undefined>): number | null {
  if (g.hm) return readNumber(g.hm) + Number(g.hmMin) / 60;
  if (g.hmTight) return Number(g.hmTight) + Number(g.hmTightMin) / 60;
  if (g.andHalf) return readNumber(g.andHalf) + 0.5;
  if (g.hourAndHalf) return 1.5;
  if (g.halfHour) return 0.5;
  if (g.halfDay) return 4;
  if (g.fullDay) return 8;
  if (g.rangeHigh) return inHours(readNumber(g.rangeHigh), g.rangeUnit!);
  if (g.value) return inHours(readNumber(g.value), g.unit!);
  if (g.dayValue) return readNumber(g.dayValue) * 8;
  return null;
}

function inHours(value: number, unit: string) {
  return /^h/i.test(unit) ? value : value / 60;
}

/** Reads and removes effort estimates; null when there is none. */
export function extractEstimate(line: LineText): number | null {
  let total: number | null = null;
  ESTIMATE_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ESTIMATE_RE.exec(line.text))) {
    const g = m.groups!;
    const start = m.index;
    const end = start + m[0].length;
    const text = line.text;
    const cued = Boolean(g.cue || g.postCue || (g.open && g.close));
    if (!cued && NOT_BEFORE_RE.test(text.slice(0, start))) continue;
    // A duration in brackets is an estimate whatever follows: "Book the shuttles (1.5h) high".
    if (!(g.open && g.close) && NOT_AFTER_RE.test(text.slice(end))) continue;
    if (g.dayValue && !cued && !/\b(?:takes?|will\s+take|should\s+take|needs)\s*$/i.test(text.slice(0, start))) continue;
    if (g.unit && /^m$/i.test(g.unit) && !cued && !AFTER_BARE_M_RE.test(text.slice(end))) continue;
    const hours = hoursOf(g);
    if (hours === null || !Number.isFinite(hours) || hours <= 0 || hours > 10_000) continue;
    // Unbalanced brackets stay: remove only what belongs to the estimate.
    let from = g.open && !g.close ? start + g.open.length : start;
    // "Rehearse for 2 hours with the band": the "for" goes with its duration.
    const lead = cued ? null : FOR_BEFORE_RE.exec(text.slice(0, from));
    if (lead) from = lead.index;
    const to = g.close && !g.open ? end - g.close.length : end;
    line.remove(from, to);
    total = (total ?? 0) + hours;
  }
  return total === null ? null : Math.round(total * 100) / 100;
}

import { addDays, dateParts, monthFrom } from "../../dates";
import {
  comingWeekday,
  endOfWorkWeek,
  nextDayOfMonth,
  nextMonthDay,
  plusInstant,
  unitDays,
  weekdayDate,
  weekdayInWeek,
  workingHour,
  type DateContext,
} from "../calendar";
import { MONTH_PATTERN, NUMBER_WORD_PATTERN, WEEKDAY_PATTERN, monthNumber, readNumber, weekdayIndex } from "./index";

/**
 * The phrase tables of the due-date reader (due-date.ts): the phrases chrono lacks or reads differently, each
 * with the date it names, and the words around a date that decide whether it is a deadline and what leaves the
 * title with it.
 */

export interface CustomRule {
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

/** Phrases chrono lacks or reads differently, tried in order before chrono sees what is left. */
export const CUSTOM: CustomRule[] = [
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
    date: monthFrom(ctx.today, readNumber(m[1]), dateParts(ctx.today)[2]),
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
    const [, m] = dateParts(ctx.today);
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

/** "the 15th", "by 15th": the next such day; the ordinal must stand alone, not "the 2nd stage". */
export const ORDINAL_RE = new RegExp(
  String.raw`(?<!\b(?:${MONTH_PATTERN})\.?\s{1,3})\b(the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s*(?:of\s+)?(?:${MONTH_PATTERN})\b)`,
  "giu",
);
export const PHRASE_END_RE = /^\s*(?:$|[,.;!?)\]–—-])/;
/** Nouns an ordinal counts rather than dates: "the 2nd stage", "the 3rd party", "the 10th anniversary". */
export const ORDINAL_NOUN_AFTER_RE =
  /^\s*(?:floor|stage|party|row|level|place|time|round|day|night|edition|anniversary|annual|year|birthday|item|option|draft|version|batch|shift|act|set|slot|gate|door|hall|room|tier|wave|attempt|week|month|quarter|person|guest|speaker|panel|session|bus|truck|van|table|seat|call|reminder|line|point|grade|century|generation|prize|half|largest|biggest|most|best|one|of\s+(?:the|our|their|all|them|those|these|\d))s?\b/i;

export const DUE_LEAD_RE =
  /(?:\b(?:due(?:\s+(?:date|by|on|before))?|deadline|by|before|until|till|til|no\s+later\s+than|not\s+later\s+than|nlt|latest(?:\s+by)?|on)(?:\s*[:=–-])?\s*(?:the\s+)?)$/i;
/** Words that go with a date they introduce and leave the title with it. */
export const REMOVABLE_LEAD_RE =
  /(?:(?:[,;]|(?<![\s,;]))\s*\b(?:need(?:ed)?|want(?:ed)?|required)(?:\s+(?:it|this|these|them|back))?\s+(?=(?:by|before|until|no\s+later)\b))?(?:(?:\b(?:due(?:\s+(?:date|by|on|before))?|deadline|by|before|until|till|til|no\s+later\s+than|not\s+later\s+than|nlt|latest(?:\s+by)?|on|at|this\s+coming|coming|starting|from|beginning|commencing|sometime|some\s+time|w\/c|wc|(?:the\s+)?week\s+(?:of|commencing|beginning))(?:\s*[:=–-])?\s*(?:the\s+)?)+(?:@\s*)?|@\s*)$/i;
/** Words that qualify the deadline just read: "by Friday at the latest", "9am sharp". */
export const REMOVABLE_TAIL_RE = /^\s*(?:at\s+the\s+(?:latest|earliest)|latest|sharp|or\s+(?:earlier|sooner|before))\b/i;
export const POSSESSIVE_AFTER_RE = /^['’]s\b/;
/** "before the 2pm session", "at the Friday briefing": the date names an event and stays in the title. */
export const ATTRIBUTIVE_BEFORE_RE = /\bthe\s+$/i;
export const ATTRIBUTIVE_AFTER_RE =
  /^\s+(?!(?:at|by|on|to|for|and|or|with|before|after|latest|please|pls|so|if|in|from|until|the|a|an|this|next)\b)\p{Ll}{3,}/u;

export const RELATIVE_TO_EVENT_AFTER_RE = new RegExp(`^${RELATIVE_TO_EVENT}`, "i");
export const NOW_RE = /^(?:right\s+|just\s+)?now$/i;
export const RELATIVE_WORD_RE = /\b(?:ago|before|after|earlier|later|prior)\b/i;
export const WEEKDAY_ABBREVIATION_RE = /^(?:on\s+)?(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?$/i;
export const AFTER_WEEKDAY_ABBREVIATION_RE =
  /^\s*(?:$|[,.;:!?)\]@#–—-]|\d|(?:at|by|noon|midday|morning|afternoon|evening|night|eod|cob|am|pm)\b)/i;
export const SLASH_RE = /^\d{1,2}\/\d{1,2}$/;
export const NOT_A_SLASH_DATE_AFTER_RE = /^(?:\s*(?:of|days?|hours?|split|ratio|people|pax|guests|support|coverage|access)\b|\/\d)/i;
export const WEEKDAY_TEXT_RE = new RegExp(String.raw`\b(?:(this\s+coming|this|coming|next|last)\s+)?${WD}\b`, "i");
export const WEEKDAY_MODIFIER_BEFORE_RE = /\b(this\s+coming|this|coming|next)\s+$/i;
export const LEADING_ZERO_TIME_RE = /\b0\d[:.h]\d\d/;
/** An hour with nothing to make it one (no minutes, am/pm or o'clock): "from 3", "at 4". */
export const BARE_HOUR_RE = /^(?:from|at)\s+\d{1,2}$/i;
/** What follows a bare hour that is a count of things rather than a time: a word that is no time or date word. */
export const COUNTED_NOUN_AFTER_RE =
  /^\s+(?!(?:today|tonight|tomorrow|tmrw|on|this|next|and|or|sharp|latest|pm|am|p\.m|a\.m|o['’]?clock|for|to|till|until|til|then|ish|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\b)\p{L}/iu;

import { MAX_REMINDER_MINUTES, MAX_REMINDERS } from "../reminders";
import type { LineText } from "./line-text";
import { NUMBER_WORD_PATTERN, readNumber } from "./vocabulary";
import { REMINDER_BEFORE_PATTERN, REMINDER_UNITS, REMINDER_WHO_PATTERN } from "./vocabulary/reminders";

/**
 * Reminder phrases (ADR 022): "remind me 2 days before", "remind @sam 3h before", "remind me 1 week before the
 * deadline", "remind me the day before", "remind me at due time". Each becomes an offset in minutes before the due
 * time and leaves the title. Whoever the phrase names, the reminder goes to the task's assignee; "remind @sam"
 * assigns nobody. Read first of all the fields, so "@sam" is not read as the owner nor "3h" as an estimate.
 */

const UNIT_MINUTES = new Map(REMINDER_UNITS);
const UNIT = REMINDER_UNITS.map(([word]) => word).join("|");
const NUM = String.raw`\d{1,3}|${NUMBER_WORD_PATTERN}`;
const TAIL = String.raw`(?:\s+(?:it(?:'|’)?s\s+|the\s+)?(?:due(?:\s+date|\s+time)?|deadline))?`;

const REMIND_RE = new RegExp(
  String.raw`\bremind(?:\s+(?:${REMINDER_WHO_PATTERN}))?\s+(?:` +
    String.raw`(?<amount>${NUM})\s*(?<unit>${UNIT})\s+(?:${REMINDER_BEFORE_PATTERN})${TAIL}` +
    String.raw`|the\s+(?<theUnit>day|week)\s+before${TAIL}` +
    String.raw`|(?<atDue>at\s+(?:the\s+)?due\s+time|when\s+(?:it(?:'|’)?s\s+)?due)` +
    String.raw`)(?![\p{L}\p{N}])`,
  "giu",
);

function minutesOf(groups: Record<string, string | undefined>): number | null {
  if (groups.atDue) return 0;
  if (groups.theUnit) return UNIT_MINUTES.get(groups.theUnit.toLowerCase())!;
  const unit = UNIT_MINUTES.get(groups.unit!.toLowerCase());
  const amount = readNumber(groups.amount!);
  if (!unit || !Number.isFinite(amount)) return null;
  return Math.round(amount * unit);
}

/** Reads and removes reminder phrases; the offsets in minutes, earliest reminder first (none: `[]`). */
export function extractReminders(line: LineText): number[] {
  const found = new Set<number>();
  REMIND_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = REMIND_RE.exec(line.text))) {
    const minutes = minutesOf(m.groups!);
    if (minutes === null || minutes > MAX_REMINDER_MINUTES) continue;
    found.add(minutes);
    line.remove(m.index, m.index + m[0].length);
  }
  return [...found].sort((a, b) => b - a).slice(0, MAX_REMINDERS);
}

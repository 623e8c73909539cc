/** Words of reminder phrases ("remind me 2 days before"): app/domain/nl/reminders.ts. */

/** Units of a reminder's lead time and their minutes, for a regex alternation (longest first). */
export const REMINDER_UNITS: ReadonlyArray<readonly [string, number]> = [
  ["minutes", 1],
  ["minute", 1],
  ["mins", 1],
  ["min", 1],
  ["hours", 60],
  ["hour", 60],
  ["hrs", 60],
  ["hr", 60],
  ["days", 1440],
  ["day", 1440],
  ["weeks", 10080],
  ["week", 10080],
  ["wks", 10080],
  ["wk", 10080],
  ["m", 1],
  ["h", 60],
  ["d", 1440],
  ["w", 10080],
];

/** Who a reminder phrase may name. Reminders always go to the task's assignee (ADR 022): the name is only read. */
export const REMINDER_WHO_PATTERN = String.raw`me|us|them|everyone|@[\p{L}\p{N}._-]+`;

/** What may close the phrase: "before it's due", "before the deadline". */
export const REMINDER_BEFORE_PATTERN = String.raw`before|prior|ahead|earlier`;

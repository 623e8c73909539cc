/** Word lists shared by the rules (all lower case). */

/** Weekday names and abbreviations, for regex alternations (longest first). */
export const WEEKDAY_PATTERN =
  "monday|tuesday|wednesday|thursday|friday|saturday|sunday|tues|thurs|thur|mon|tue|wed|thu|fri|sat|sun";

export const MONTH_PATTERN =
  "january|february|march|april|may|june|july|august|september|october|november|december|" +
  "jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec";

const MONTH_NUMBERS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};

/** 1–12 for a month name or abbreviation. */
export function monthNumber(name: string) {
  return MONTH_NUMBERS[name.slice(0, 3).toLowerCase()];
}

/** 0 (Monday) … 6 (Sunday) for a weekday name or abbreviation. */
export function weekdayIndex(name: string) {
  const key = name.slice(0, 2).toLowerCase();
  return ["mo", "tu", "we", "th", "fr", "sa", "su"].indexOf(key);
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, couple: 2, "a couple": 2, "couple of": 2, "a couple of": 2, few: 3, "a few": 3,
};

export const NUMBER_WORD_PATTERN =
  "a\\s+couple(?:\\s+of)?|couple(?:\\s+of)?|a\\s+few|few|an|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve";

/** Reads "3", "1.5", "1,5" or a number word. */
export function readNumber(raw: string) {
  const key = raw.toLowerCase().replace(/\s+/g, " ");
  if (key in NUMBER_WORDS) return NUMBER_WORDS[key];
  return Number(key.replace(",", "."));
}

/**
 * Capitalised words that start sentences or name things and people-less parties in producers' notes;
 * never read as a person's name by the implicit-owner rules ("Doors to open at 7", "Client to approve").
 */
export const NOT_NAMES = new Set(
  (
    "i we you they he she it this that these those there here someone somebody everyone everybody anyone nobody " +
    "all each both team teams crew staff client clients venue hotel vendor vendors supplier suppliers sponsor " +
    "sponsors partner partners caterer caterers catering band artist artists talent speaker speakers guest guests " +
    "attendees volunteers security production marketing logistics content infrastructure design finance legal " +
    "ops operations sales admin management board director manager producer coordinator agency printer driver " +
    "drivers runner runners photographer host mc doors gates tickets trucks buses shuttles stage hall room main " +
    "north south east west day night week weekend today tomorrow tonight need needs remember try want going have " +
    "has had get got go come move switch send add talk reach return ship travel drive walk fly head back time plan " +
    "how what where when why who which make look write email call reply respond submit upload push pull bring " +
    "take deliver transfer forward link connect apply pay invite welcome listen speak due note notes reminder " +
    "order todo task action please pls also then and or but so just remind ask tell let help check confirm book " +
    "print set setup load prep update follow schedule sort arrange organise organize get do start finish " +
    "tbc tbd n/a na none unassigned anybody everything nothing something things stuff whoever question " +
    "idea issue problem heads urgent important done later fyi status decision next steps misc general other " +
    "agenda summary recap re subject priority owner assignee deadline day gala festival show event party"
  ).split(" "),
);

/** Courtesies that open or close a message but are not part of the task. */
const COURTESY = "pls plz please thanks thx ty cheers";

/** Connectors left dangling at the start of a title once a phrase after them is removed. */
export const LEADING_DANGLING_WORDS = new Set(`and or also then & + by due ${COURTESY}`.split(" "));

/** Connectors left dangling at the end of a title once the phrase they introduced is removed. */
export const TRAILING_DANGLING_WORDS = new Set(
  `and or by due for with before until till til also then & + latest nlt ${COURTESY}`.split(" "),
);

import { TITLE_MAX } from "../tasks";
import type { LineText } from "./line-text";
import { LEADING_DANGLING_WORDS, TRAILING_DANGLING_WORDS } from "./vocabulary";

/**
 * The title is what is left of the line once understood phrases are gone, as written, minus the
 * punctuation and connectors those phrases left dangling, with a capital first letter as task titles
 * have ("URGENT: confirm …" → "Confirm …"). A second sentence becomes the description ("Call the
 * caterer. Vegan count is 12." → title "Call the caterer").
 */

const EMPTY_BRACKETS_RE = /[([{]\s*[)\]}]/g;
const SPACE_BEFORE_CLOSING_RE = /(?<!\s)\s+([,.;:!?)\]}])/g;
const SPACE_AFTER_OPENING_RE = /([([{])\s+/g;
const REPEATED_SEPARATORS_RE = /([,;:])(?:\s*[,;:])+/g;
const REPEATED_DASHES_RE = /(\s[-–—|/])(?:\s*[-–—|/])+(?=\s|$)/g;
const SEPARATOR_BEFORE_DASH_RE = /[,;:]\s*(?=[-–—]\s)/g;
const DASH_BEFORE_SEPARATOR_RE = /\s[-–—|]\s*(?=[,;:.])/g;
const LEADING_JUNK_RE = /^[\s,.;:!?|/\\\-–—~+&>*=]+/u;
const TRAILING_JUNK_RE = /(?<![\s,;:|/\\\-–—~+&(<[{=*])[\s,;:|/\\\-–—~+&(<[{=*]+$/u;
const TRAILING_BANG_RE = /(?<!\s)\s*(?<!!)!+$/;
const TRAILING_PERIOD_RE = /(?<!\.)\.$/;
const ABBREVIATION_END_RE = /\b(?:etc|inc|ltd|co|jr|sr|st|vs|approx|dept)\.$/i;
const SENTENCE_BREAK_RE =
  /(?<!\b(?:st|mr|mrs|ms|dr|co|ltd|inc|vs|etc|approx|est|no|e\.g|i\.e|jr|sr|dept|ave|rd|ft|wk|hrs?|mins?))([.!?])\s+(?=["“(\p{Lu}\d])/iu;

function stripDangling(text: string) {
  let t = text;
  for (let changed = true; changed; ) {
    changed = false;
    const first = /^(\S+?)[,!]?(?:\s+|$)/.exec(t);
    if (first && LEADING_DANGLING_WORDS.has(first[1].toLowerCase())) {
      t = t.slice(first[0].length);
      changed = true;
    }
    const last = /(?:^|(?<!\s)\s+)(\S+)$/.exec(t);
    if (last && TRAILING_DANGLING_WORDS.has(last[1].toLowerCase())) {
      t = t.slice(0, last.index);
      changed = true;
    }
    const trimmed = t.replace(LEADING_JUNK_RE, "").replace(TRAILING_JUNK_RE, "");
    if (trimmed !== t) {
      t = trimmed;
      changed = true;
    }
  }
  return t;
}

/** Tidies the text left after removals. Exported for the other engine's titles. */
export function tidyTitle(text: string) {
  let t = text.replace(/\s+/g, " ");
  for (let round = 0; round < 3; round++) {
    t = t
      .replace(EMPTY_BRACKETS_RE, " ")
      .replace(SPACE_BEFORE_CLOSING_RE, "$1")
      .replace(SPACE_AFTER_OPENING_RE, "$1")
      .replace(REPEATED_SEPARATORS_RE, "$1")
      .replace(REPEATED_DASHES_RE, "$1")
      .replace(SEPARATOR_BEFORE_DASH_RE, " ")
      .replace(DASH_BEFORE_SEPARATOR_RE, "")
      .replace(/\s+/g, " ");
  }
  t = stripDangling(t.trim());
  t = t.replace(TRAILING_BANG_RE, "");
  if (TRAILING_PERIOD_RE.test(t) && !ABBREVIATION_END_RE.test(t)) t = t.slice(0, -1);
  return stripDangling(t).trim();
}

function capitalise(text: string) {
  return text.charAt(0).toLocaleUpperCase("en") + text.slice(1);
}

function truncate(text: string) {
  if (text.length <= TITLE_MAX) return text;
  const cut = text.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function buildTitle(line: LineText, fallback: string): { title: string; description: string | null } {
  let rest = tidyTitle(line.kept());
  let description: string | null = null;
  const br = SENTENCE_BREAK_RE.exec(rest);
  if (br && br.index >= 3) {
    description = rest.slice(br.index + br[0].length).trim() || null;
    rest = tidyTitle(rest.slice(0, br.index) + (br[1] === "?" ? "?" : ""));
  }
  if (!rest) return { title: truncate(fallback.trim()), description };
  // Titles start with a capital, as task titles do; a word written in mixed case ("iPad") stays.
  if (/^\p{Ll}/u.test(rest) && !/^\p{Ll}+\p{Lu}/u.test(rest)) rest = capitalise(rest);
  if (rest.length > TITLE_MAX) {
    description = description ? `${rest}\n${description}` : rest;
    rest = truncate(rest);
  }
  return { title: rest, description };
}

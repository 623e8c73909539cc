import { isCategoryWord } from "./category";
import type { LineText } from "./line-text";
import { MONTH_PATTERN, NOT_NAMES, WEEKDAY_PATTERN } from "./vocabulary";
import { EMBEDDING_WORDS, NOBODY_WORDS, NOT_HANDLES, SELF_WORDS } from "./vocabulary/assignee";

/**
 * The assignee, kept as written (without `@`; "me" for the writer, whom the task service knows). In order of trust:
 * 1. an explicit marker: "assign(ed) to X", "owner: X", "owner X", "owned by X", "assignee: X",
 *    "delegate to X", "hand off to X", "POC: X", "who: X" — X is one or two capitalised words or a handle;
 * 2. an `@handle` (letters, digits, `.`, `_`, `-`), the first one that is a tag rather than part of the
 *    sentence ("Book buses @maria", "for @maria"); one inside the sentence ("Send the deck to @dev")
 *    is used only when there is no other and stays in the title; "cc @x" never assigns;
 * 3. (after dates are read) producer shorthand: "Maria to book buses", "Maria will …", "Maria: …" at
 *    the start; "(Maria)", "- Maria", ", Maria", "→ Maria", "— Priya to handle it", "(Priya on it)" at
 *    the end. Names here are capitalised words that are not calendar, category or common words, so
 *    "Doors to open at 7" and "Venue: send the floor plan" name nobody.
 */

/** A hyphen or apostrophe joins name parts ("Mary-Jane", "O'Brien") but does not end a name. */
const NAME_WORD = String.raw`[\p{Lu}](?:[\p{L}\p{M}'’-]*[\p{L}\p{M}])?`;
const HANDLE = String.raw`[\p{L}][\p{L}\p{M}\p{N}._-]*`;
/** After a marker: a handle or a name such as "O'Brien". */
const MARKED_NAME = String.raw`[\p{L}][\p{L}\p{M}\p{N}'’._-]*`;

const MARKER_RE = new RegExp(
  String.raw`(?:\b(?:re-?)?assign(?:ed)?(?:\s+(?:it|this))?\s+to(?:\s*:)?|\bdelegate(?:d)?(?:\s+(?:it|this))?\s+to|\bhand(?:ed)?\s+(?:it\s+)?(?:off|over)\s+to|\bassignee(?:\s*[:=-])?|\bassigned\s*[:=]|\bowner(?:\s*(?:is(?=\s)|[:=-]|->|→))?|\bowned\s+by|\bhandled\s+by|\b(?:responsible|poc|lead|who)\s*[:=])` +
    String.raw`\s*@?(${MARKED_NAME})(?:\s+(${NAME_WORD}))?`,
  "giud",
);

const MENTION_RE = new RegExp(String.raw`(?<![\p{L}\p{N}_.@])@(${HANDLE})`, "gu");

const DAY_WORD_RE = new RegExp(String.raw`^(?:${WEEKDAY_PATTERN}|today|tomorrow|tonight)$`, "i");
const MONTH_WORD_RE = new RegExp(String.raw`^(?:${MONTH_PATTERN})$`, "i");

/**
 * A capitalised word that can be (part of) a person's name. Month names ("May", "June") count only
 * where a name is expected anyway, after "assign to" or "owner:".
 */
function isNameWord(word: string, allowMonths = false) {
  return (
    /^[\p{Lu}][\p{L}\p{M}'’-]*$/u.test(word) &&
    /\p{Ll}/u.test(word) &&
    !DAY_WORD_RE.test(word) &&
    (allowMonths || !MONTH_WORD_RE.test(word)) &&
    !NOT_NAMES.has(word.toLowerCase()) &&
    !isCategoryWord(word)
  );
}

function trimHandle(handle: string) {
  return handle.replace(/(?<![._-])[._-]+$/, "");
}

function previousWord(text: string, index: number) {
  const m = /(?<!\p{L})(\p{L}+)[^\p{L}\w]*$/u.exec(text.slice(Math.max(0, index - 30), index));
  return m ? m[1].toLowerCase() : "";
}

interface Found {
  name: string | null;
}

function takeMarker(line: LineText): Found | null {
  MARKER_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = MARKER_RE.exec(line.text))) {
    const [firstStart] = m.indices![1];
    const first = trimHandle(m[1]);
    const lower = first.toLowerCase();
    if (SELF_WORDS.has(lower) || NOBODY_WORDS.has(lower)) {
      line.remove(m.index, firstStart + first.length);
      return { name: SELF_WORDS.has(lower) ? "me" : null };
    }
    const capitalised = isNameWord(first, true);
    if (!capitalised && (NOT_HANDLES.has(lower) || /^\p{Lu}/u.test(first) || DAY_WORD_RE.test(first))) continue;
    const withSurname = m[2] !== undefined && capitalised && isNameWord(m[2]);
    line.remove(m.index, withSurname ? m.indices![2][1] : firstStart + first.length);
    return { name: withSurname ? `${first} ${m[2]}` : first };
  }
  return null;
}

function takeMentions(line: LineText): Found | null {
  let tag: string | null = null;
  let embedded: string | null = null;
  MENTION_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  const text = line.text;
  while ((m = MENTION_RE.exec(text))) {
    const handle = trimHandle(m[1]);
    const before = previousWord(text, m.index);
    if (before === "cc") continue;
    if (EMBEDDING_WORDS.has(before) && !line.isAtStart(m.index)) {
      embedded ??= handle;
      continue;
    }
    tag ??= handle;
    let start = m.index;
    const lead = /\b(?:for|by)\s*$/i.exec(text.slice(0, start));
    if (lead) start = lead.index;
    line.remove(start, m.index + 1 + handle.length);
  }
  const name = tag ?? embedded;
  return name ? { name } : null;
}

/** Reads and removes the explicit assignee (marker or @handle); null when there is none. */
export function extractAssignee(line: LineText): { found: boolean; name: string | null } {
  const found = takeMarker(line) ?? takeMentions(line);
  return found ? { found: true, name: found.name } : { found: false, name: null };
}

const NAME = String.raw`(${NAME_WORD}(?:\s+${NAME_WORD})?)`;
const LEADING_OWNER_RE = new RegExp(
  String.raw`^\s*${NAME}(?:\s+(?:to|will|needs\s+to|should|must|has\s+to|is\s+to)\s+(?=\p{Ll})|\s*:\s+)`,
  "u",
);
const TRAILING_OWNER_RE = new RegExp(
  String.raw`(?:[(\[]\s*${NAME}\s*[)\]]|(?:\s[-–—]|->|→|=>)\s*${NAME}|,\s*(${NAME_WORD}))[\s.,;:!–—-]*$`,
  "u",
);
/** "…, Priya to run it", "— Priya on it", "; Sam owns this" closing the line. */
const TRAILING_CLAUSE_OWNER_RE = new RegExp(
  String.raw`(?:[—–;,(]|\s-)\s*${NAME}\s+(?:(?:to|will|can)\s+(?:lead|own|handle|manage|coordinate|action|run|drive|organi[sz]e|cover)(?:\s+(?:it|this|that))?|(?:to|will|can)\s+\p{Ll}+\s+(?:it|this|that)|(?:is\s+|'s\s+|’s\s+)?on\s+(?:it|this)|owns?(?:\s+(?:it|this))?|has\s+(?:it|this)|leads?(?:\s+(?:it|this))?)(?:\s*\))?[\s.,;:!]*$`,
  "u",
);

function validName(raw: string) {
  const words = raw.split(/\s+/);
  return words.every((w) => isNameWord(w)) ? raw : null;
}

/**
 * Producer shorthand for an owner, read once dates and other phrases are gone so that the name sits at
 * an end of what is left. Returns null (and removes nothing) when there is none.
 */
export function extractImplicitAssignee(line: LineText): string | null {
  const text = line.text;
  const lead = LEADING_OWNER_RE.exec(text);
  if (lead && validName(lead[1])) {
    line.remove(lead.index, lead.index + lead[0].length);
    return lead[1];
  }
  const clause = TRAILING_CLAUSE_OWNER_RE.exec(text);
  if (clause && validName(clause[1]) && text.slice(0, clause.index).trim().length > 0) {
    line.remove(clause.index, clause.index + clause[0].length);
    return clause[1];
  }
  const trail = TRAILING_OWNER_RE.exec(text);
  if (trail) {
    const raw = trail[1] ?? trail[2] ?? trail[3];
    // The rest of the line must still say something, or "- Maria" is the whole task.
    if (validName(raw) && text.slice(0, trail.index).trim().length > 0) {
      line.remove(trail.index, trail.index + trail[0].length);
      return raw;
    }
  }
  return null;
}

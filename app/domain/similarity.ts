import { COMPLETED } from "./tasks";
import { normalizeTitle } from "./title";

/**
 * Near-duplicate task titles, beyond the exact rule of `normalizeTitle`. Two people on a production team
 * rarely type the same task the same way: "Book the shuttle bus" and "Book shuttle buses", "Confirm catering
 * headcount" and "confirm head count for catering". The score compares the titles' content words:
 *
 * - words are case-folded, hyphenated words joined ("load-in" → "loadin", so load-in ≠ load-out), light
 *   stemming folds plurals and -ing/-ed, a small synonym table folds producers' variants (reserve → book),
 *   and filler words (the, for, to …) are dropped;
 * - two adjacent words match one word of the other title when they spell it ("head count" = "headcount");
 * - a word with one typo (same first letter, ≥ 5 letters) matches for part of its weight;
 * - generic verbs and particles (book, confirm, send, up …) weigh half: what a task is about lives in its
 *   nouns and its specific verbs;
 * - a word only one title has (an addition: "Print badges" vs "Print attendee badges") lowers the score a
 *   little, because saying more usually describes the same task;
 * - a word each title has in place of the other (a substitution: "for speakers" vs "for crew", "day 1" vs
 *   "day 2", "Design" vs "Print festival poster") multiplies it by 0.6, whatever the titles' length, because
 *   saying something else usually names another task; numbers are words here, so they act as identifiers.
 */

/**
 * Scores at or above this are near-duplicates. Tuned on the pairs in similarity.test.ts: true pairs score
 * ≥ 0.75 (one extra word against two shared: "Print badges" / "Print attendee badges"), false pairs ≤ 0.67
 * (any single substitution scores ≤ 0.6; "Order chairs" / "Order chains" reads as a typo and scores 0.67),
 * so 0.7 sits in the gap.
 */
export const NEAR_DUPLICATE_THRESHOLD = 0.7;

/** Weight of a generic verb or particle relative to a content word. */
const WEAK_WEIGHT = 0.5;
/** Cost of a word only one title has, relative to a shared word. */
const ADDITION_COST = 0.5;
/** Multiplies the score once per substituted word: one substitution alone drops a pair below threshold. */
const SUBSTITUTION_FACTOR = 0.6;
/** Share of a word's weight credited when it matches the other title's word with one typo. */
const TYPO_CREDIT = 0.5;

const STOP_WORDS = new Set([
  "an", "the", "for", "to", "of", "and", "or", "with", "at", "by", "as", "about", "re", "into",
  "our", "my", "your", "their", "its", "this", "that", "these", "those", "is", "are", "be", "it",
  "please", "asap", "urgent", "todo", "need", "needs", "must", "should",
]);

const NUMBER_WORDS: Record<string, string> = {
  one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9",
  ten: "10", first: "1", second: "2", third: "3", fourth: "4", fifth: "5",
};

/**
 * Light suffix stripping, enough to fold plurals and -ing/-ed forms onto one key. The keys are never shown;
 * they only need to agree ("stage", "stages", "staging" → "stag"; "buses" → "bus"; "planned" → "plan").
 */
function stem(word: string) {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (/[^sui]s$/.test(w)) w = w.slice(0, -1);
  const suffix = /(?:ing|ed)$/.exec(w);
  if (suffix && w.length - suffix[0].length >= 3) {
    w = w.slice(0, -suffix[0].length);
    // "planned" → "plann" → "plan", but "called" keeps its double l and "added" stays "add".
    if (/([^aeioulsfz])\1$/.test(w) && w.length > 3) w = w.slice(0, -1);
  }
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** Producers' variants of the same word, folded onto one (written as words, compared as stems). */
const SYNONYMS = new Map(
  [
    ["reserve", "book"], ["reservation", "book"], ["organise", "organize"], ["arrange", "organize"],
    ["coordinate", "organize"], ["finalise", "finalize"], ["verify", "confirm"], ["reconfirm", "confirm"],
    ["confirmation", "confirm"], ["purchase", "buy"], ["phone", "call"], ["mic", "microphone"],
    ["caterer", "catering"], ["invitation", "invite"], ["signage", "sign"], ["supplier", "vendor"],
    ["merch", "merchandise"], ["tix", "ticket"], ["rehearsal", "rehearse"], ["registration", "register"],
    ["payment", "pay"], ["installation", "install"], ["delivery", "deliver"], ["sponsorship", "sponsor"],
    ["briefing", "brief"], ["pics", "photo"], ["photograph", "photo"],
  ].map(([from, to]) => [stem(from), stem(to)]),
);

const WEAK_WORDS = new Set(
  [
    "book", "confirm", "send", "buy", "order", "call", "email", "check", "update", "finalize", "prepare",
    "organize", "get", "make", "create", "review", "schedule", "plan", "set", "contact", "sort", "pay",
    "print", "follow", "draft", "share", "collect", "ensure", "do", "finish", "complete", "start", "add",
    "final", "new", "extra", "in", "on", "out", "up", "off", "from",
  ].map(stem),
);

interface Word {
  /** The case-folded word as written, for typo matching. */
  raw: string;
  /** The comparison key: stemmed and folded through the synonym table. */
  key: string;
}

function toWord(raw: string): Word {
  const stemmed = stem(raw);
  return { raw, key: SYNONYMS.get(stemmed) ?? stemmed };
}

/** Nouns that producers label with a letter: "Stage A", "Zone A", "Plan A". */
const LETTERED_NOUNS = new Set([
  "stage", "zone", "room", "hall", "area", "gate", "door", "entrance", "tent", "level", "floor", "section",
  "block", "wing", "dock", "bay", "lot", "team", "group", "track", "session", "plan", "option", "side",
]);

/** "a" is an article unless it labels the word before it or ends the title ("Set up stage A"). */
const isArticle = (words: string[], i: number) =>
  words[i] === "a" && i + 1 < words.length && !LETTERED_NOUNS.has(words[i - 1] ?? "");

/** The words of a normalised title, before filler words are dropped. */
function splitWords(normalized: string): string[] {
  const words =
    normalized
      .replace(/['’]s\b/gu, "")
      .replace(/(\p{L})-(?=\p{L})/gu, "$1")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((_, i) => !isArticle(words, i))
    .map((w) => NUMBER_WORDS[w] ?? w.replace(/^(\d+)(?:st|nd|rd|th)$/u, "$1"));
}

interface PreparedTitle {
  normalized: string;
  /** Every word, filler included. */
  words: Word[];
  /** Each word joined with the next one. */
  joined: Word[];
  keys: Set<string>;
}

/** What a title contributes to any comparison, worked out once per title. */
function prepareTitle(title: string): PreparedTitle {
  const normalized = normalizeTitle(title);
  const raws = splitWords(normalized);
  const words = raws.map(toWord);
  const joined = raws.slice(1).map((next, i) => toWord(raws[i] + next));
  return { normalized, words, joined, keys: new Set(words.map((w) => w.key)) };
}

/** Content words by key, two adjacent words joined when they spell a word of the other title ("head count"). */
function contentWords(title: PreparedTitle, other: PreparedTitle): Map<string, Word> {
  const byKey = new Map<string, Word>();
  for (let i = 0; i < title.words.length; i++) {
    let word = title.words[i];
    const joined = title.joined[i];
    if (joined && other.keys.has(joined.key)) {
      word = joined;
      i++;
    } else if (STOP_WORDS.has(word.raw)) continue;
    if (!byKey.has(word.key)) byKey.set(word.key, word);
  }
  return byKey;
}

const isNumber = (key: string) => /\d/.test(key);
const weightOf = (key: string) => (WEAK_WORDS.has(key) ? WEAK_WEIGHT : 1);
const totalWeight = (words: Word[]) => words.reduce((sum, w) => sum + weightOf(w.key), 0);

/** Whether the optimal string alignment distance (edits or one swap of neighbours) is at most 1. */
function withinOneEdit(a: string, b: string) {
  if (Math.abs(a.length - b.length) > 1) return false;
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length] <= 1;
}

/** Typos keep the first letter and need a long enough word to be told from a different word. */
function isTypoOf(a: Word, b: Word) {
  return (
    a.raw.length >= 5 && b.raw.length >= 5 && a.raw[0] === b.raw[0] && !isNumber(a.key) && !isNumber(b.key) &&
    withinOneEdit(a.raw, b.raw)
  );
}

/** Pairs leftover words one typo apart; each pair is half a match rather than two different words. */
function pairTypos(onlyLeft: Word[], onlyRight: Word[]) {
  const left: Word[] = [];
  const right = [...onlyRight];
  const pairs: Array<[Word, Word]> = [];
  for (const word of onlyLeft) {
    const index = right.findIndex((other) => isTypoOf(word, other));
    if (index === -1) left.push(word);
    else pairs.push([word, ...right.splice(index, 1)] as [Word, Word]);
  }
  return { left, right, pairs };
}

function compare(a: PreparedTitle, b: PreparedTitle) {
  if (a.normalized === b.normalized) return 1;
  const left = contentWords(a, b);
  const right = contentWords(b, a);
  if (left.size === 0 || right.size === 0) return 0;

  let shared = 0;
  for (const key of left.keys()) if (right.has(key)) shared += weightOf(key);
  const leftovers = pairTypos(
    [...left.values()].filter((w) => !right.has(w.key)),
    [...right.values()].filter((w) => !left.has(w.key)),
  );
  let uncertain = 0;
  for (const [x, y] of leftovers.pairs) {
    const weight = Math.min(weightOf(x.key), weightOf(y.key));
    shared += TYPO_CREDIT * weight;
    uncertain += (1 - TYPO_CREDIT) * weight;
  }

  // A leftover word on each side is a substitution; what the longer side says beyond that is an addition.
  const substitutions = Math.min(leftovers.left.length, leftovers.right.length);
  const added = Math.abs(totalWeight(leftovers.left) - totalWeight(leftovers.right));
  const overlap = shared / (shared + ADDITION_COST * added + uncertain);
  return overlap * SUBSTITUTION_FACTOR ** substitutions;
}

/** Similarity of two task titles, 0 (nothing in common) to 1 (the same task). Symmetric. */
export function titleSimilarity(a: string, b: string): number {
  return compare(prepareTitle(a), prepareTitle(b));
}

export interface DuplicateCandidate {
  id: string;
  title: string;
  status: string;
}

/**
 * The open tasks whose titles are near-duplicates of `title`, best first (an exact match scores 1), at most
 * `limit`. Completed tasks are left out: doing a finished task again is not a duplicate.
 */
export function findNearDuplicates<T extends DuplicateCandidate>(
  title: string,
  candidates: readonly T[],
  limit = 3,
): Array<T & { score: number }> {
  const prepared = prepareTitle(title);
  return candidates
    .filter((c) => c.status !== COMPLETED)
    .map((c) => ({ ...c, score: compare(prepared, prepareTitle(c.title)) }))
    .filter((c) => c.score >= NEAR_DUPLICATE_THRESHOLD)
    .sort((x, y) => y.score - x.score)
    .slice(0, limit);
}

/**
 * The near-duplicate rule: the open tasks similar to `title` but not the same once normalised, best first, at most
 * `limit`. The same title is the exact rule (`normalizeTitle`), which the task service holds on every create; this
 * is the one a person is asked about first (the Create Task form, Slack's 'Create anyway', the AI confirm).
 */
export function findNearNotSame<T extends DuplicateCandidate>(title: string, candidates: readonly T[], limit = 3) {
  const key = normalizeTitle(title);
  return findNearDuplicates(
    title,
    candidates.filter((c) => normalizeTitle(c.title) !== key),
    limit,
  );
}

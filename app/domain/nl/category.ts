import { LRUCache } from "lru-cache";
import { listNameKey } from "../tasks";
import type { LineText } from "./line-text";
import { TOPICS } from "./vocabulary/categories";

/**
 * Category from the workspace's own list, never anything else. Explicit markers ("#marketing",
 * "category: logistics", "[Logistics]", a "Logistics:" label opening the line) are read first and leave
 * the title. Otherwise the words of the task decide, and stay in the title because they are content:
 * a category's own name ("update the marketing plan") wins; failing that, event-production keywords
 * vote, each topic resolving to the first of its category names that the workspace has (catering words
 * go to "catering" when it exists, else to "logistics"). Strong words (the thing being worked on:
 * "flights", "slides") count 2, weak ones (who it is for: "speaker") 1; ties go to the earliest word.
 * The topics and their words are in vocabulary/categories.ts.
 */

interface Entry {
  tokens: string[];
  caseSensitive: boolean;
  topic: number;
  weight: number;
}

const TOKEN_RE = /[\p{L}\p{N}]+/gu;

function tokenize(text: string) {
  const tokens: { word: string; lower: string; index: number }[] = [];
  TOKEN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TOKEN_RE.exec(text))) tokens.push({ word: m[0], lower: m[0].toLowerCase(), index: m.index });
  return tokens;
}

function pluralForms(word: string) {
  const forms = [word, `${word}s`, `${word}es`];
  if (/[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`);
  return forms;
}

/** Keyword entries indexed by their first token; every plural form of the last token is listed. */
const ENTRIES = new Map<string, Entry[]>();
const VOCABULARY = new Set<string>();

function addEntry(phrase: string, topic: number, weight: number) {
  const caseSensitive = phrase === phrase.toUpperCase() && /\p{L}/u.test(phrase);
  const tokens = tokenize(phrase).map((t) => (caseSensitive ? t.word : t.lower));
  const last = tokens[tokens.length - 1];
  for (const form of caseSensitive ? [last, `${last}s`] : pluralForms(last)) {
    const variant = [...tokens.slice(0, -1), form];
    const key = caseSensitive ? variant[0].toLowerCase() : variant[0];
    const list = ENTRIES.get(key) ?? [];
    list.push({ tokens: variant, caseSensitive, topic, weight });
    ENTRIES.set(key, list);
    if (variant.length === 1 && !caseSensitive) VOCABULARY.add(form);
  }
}

TOPICS.forEach((topic, i) => {
  for (const word of topic.strong) addEntry(word, i, 2);
  for (const word of topic.weak ?? []) addEntry(word, i, 1);
  for (const word of topic.verbs ?? []) addEntry(word, i, 3);
  for (const name of topic.names) if (!/\s/.test(name)) VOCABULARY.add(name);
});
for (const list of ENTRIES.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);

/** Whether a word belongs to the category vocabulary (so it is not taken for a person's name). */
export function isCategoryWord(word: string) {
  return VOCABULARY.has(word.toLowerCase());
}

/** A workspace's categories, prepared once per list. */
interface CategoryIndex {
  categories: readonly string[];
  byKey: Map<string, string>;
  /** Topic index → the workspace category it files under (absent when none applies). */
  topicTarget: (string | undefined)[];
  /** Each category name's tokens, for "the category word itself" mentions. */
  nameTokens: { category: string; tokens: string[] }[];
}

/** A workspace's category index by its category names (a workspace's list changes rarely). */
const categoryIndexByNames = new LRUCache<string, CategoryIndex>({ max: 64 });

/** Case-folded, with `-`/`_`/`&`-spacing differences ignored: "tech-setup" names "Tech setup". */
function labelKey(label: string) {
  return listNameKey(label).replace(/[-_]+/g, " ").replace(/\s+/g, " ");
}

export function categoryIndex(categories: readonly string[]): CategoryIndex {
  const cacheKey = categories.join("\u0000");
  const cached = categoryIndexByNames.get(cacheKey);
  if (cached) return cached;
  const byKey = new Map<string, string>();
  for (const c of categories) {
    const key = labelKey(c);
    if (key && !byKey.has(key)) byKey.set(key, c);
  }
  const topicTarget = TOPICS.map((t) => {
    for (const name of t.names) {
      const hit = byKey.get(name);
      if (hit) return hit;
    }
    return undefined;
  });
  const nameTokens = [...byKey.entries()].map(([key, category]) => ({
    category,
    tokens: tokenize(key).map((t) => t.lower),
  }));
  const index = { categories, byKey, topicTarget, nameTokens };
  categoryIndexByNames.set(cacheKey, index);
  return index;
}

function singular(word: string) {
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("es") && /(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/**
 * The workspace category a label names: the category itself (any case, plural, `-`/`_` for spaces) or a
 * topic's name ("#AV" → production, "Transport:" → logistics). With `keywords`, a topic keyword also
 * counts ("#hotel"), which suits hashtags but not free-standing labels.
 */
export function resolveCategoryLabel(label: string, index: CategoryIndex, keywords = false): string | null {
  const key = labelKey(label);
  if (!key) return null;
  const direct = index.byKey.get(key) ?? index.byKey.get(singular(key)) ?? index.byKey.get(`${key}s`);
  if (direct) return direct;
  const topic = TOPICS.findIndex((t) => t.names.includes(key) || t.names.includes(singular(key)));
  if (topic >= 0 && index.topicTarget[topic]) return index.topicTarget[topic]!;
  if (keywords) {
    const tokens = tokenize(label);
    const entry = matchAt(tokens, 0);
    if (entry && entry.tokens.length === tokens.length) return index.topicTarget[entry.topic] ?? null;
  }
  return null;
}

function matchAt(tokens: ReturnType<typeof tokenize>, i: number): Entry | null {
  const candidates = ENTRIES.get(tokens[i].lower);
  if (!candidates) return null;
  for (const entry of candidates) {
    if (i + entry.tokens.length > tokens.length) continue;
    let ok = true;
    for (let k = 0; k < entry.tokens.length && ok; k++) {
      const t = tokens[i + k];
      ok = entry.caseSensitive ? t.word === entry.tokens[k] : t.lower === entry.tokens[k];
    }
    if (ok) return entry;
  }
  return null;
}

function nameMentionAt(tokens: ReturnType<typeof tokenize>, i: number, index: CategoryIndex) {
  for (const { category, tokens: nameTokens } of index.nameTokens) {
    if (i + nameTokens.length > tokens.length) continue;
    let ok = true;
    for (let k = 0; k < nameTokens.length && ok; k++) {
      const word = tokens[i + k].lower;
      const want = nameTokens[k];
      ok = word === want || (k === nameTokens.length - 1 && singular(word) === want);
    }
    if (ok) return category;
  }
  return null;
}

/** The category the words of a text point to (nothing is removed); null when none does. */
export function inferCategory(text: string, index: CategoryIndex): string | null {
  if (index.byKey.size === 0) return null;
  const tokens = tokenize(text);
  for (let i = 0; i < tokens.length; i++) {
    const named = nameMentionAt(tokens, i, index);
    if (named) return named;
  }
  const scores = new Map<string, { score: number; first: number }>();
  for (let i = 0; i < tokens.length; i++) {
    const entry = matchAt(tokens, i);
    if (!entry) continue;
    const target = index.topicTarget[entry.topic];
    if (target) {
      const s = scores.get(target) ?? { score: 0, first: i };
      s.score += entry.weight;
      scores.set(target, s);
    }
    i += entry.tokens.length - 1;
  }
  let best: string | null = null;
  let bestScore = { score: 0, first: Infinity };
  for (const [category, s] of scores) {
    if (s.score > bestScore.score || (s.score === bestScore.score && s.first < bestScore.first)) {
      best = category;
      bestScore = s;
    }
  }
  return best;
}

const HASHTAG_RE = /(?<![\p{L}\p{N}_&/])#([\p{L}][\p{L}\p{N}_&-]*)/gu;
const FIELD_RE = /\b(?:category|cat|dept|department|workstream|area|team|tag)\s*[:=]\s*/giu;
/** A bracketed label; its text (1–40 characters once trimmed) is checked in code, so no spaces are shared. */
const BRACKET_RE = /[[(]([^[\]()]*)[\])]/gu;
const BRACKET_LABEL_MAX = 40;
const LABEL_RE = /^\s*([\p{L}][\p{L}&/ ]{0,30}?)\s*(?::|\||\s[-–—])\s+/u;
const FIELD_VALUE_RE = /^[\p{L}][\p{L}\p{N}&/_-]*(?:\s+[\p{L}][\p{L}\p{N}&/_-]*)?/u;

/** Reads and removes explicit category markers; null when there is none that names a workspace category. */
export function extractCategoryMarker(line: LineText, index: CategoryIndex): string | null {
  let found: string | null = null;
  const keep = (category: string | null, start: number, end: number) => {
    if (!category) return;
    found ??= category;
    line.remove(start, end);
  };

  HASHTAG_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = HASHTAG_RE.exec(line.text))) {
    keep(resolveCategoryLabel(m[1].replace(/(?<![_-])[_-]+$/, ""), index, true), m.index, m.index + m[0].length);
  }

  FIELD_RE.lastIndex = 0;
  while ((m = FIELD_RE.exec(line.text))) {
    const rest = line.text.slice(m.index + m[0].length);
    const value = FIELD_VALUE_RE.exec(rest);
    if (!value) continue;
    // Prefer the two-word reading ("tech setup"), then the first word alone.
    const words = value[0].split(/\s+/);
    for (const candidate of words.length > 1 ? [value[0], words[0]] : [value[0]]) {
      const category = resolveCategoryLabel(candidate, index);
      if (category) {
        keep(category, m.index, m.index + m[0].length + candidate.length);
        break;
      }
    }
  }

  BRACKET_RE.lastIndex = 0;
  while ((m = BRACKET_RE.exec(line.text))) {
    const label = m[1].trim();
    if (label.length > BRACKET_LABEL_MAX) continue;
    keep(resolveCategoryLabel(label, index), m.index, m.index + m[0].length);
  }

  const label = LABEL_RE.exec(line.text);
  if (label) keep(resolveCategoryLabel(label[1].trim(), index), label.index, label.index + label[0].length);
  return found;
}

import { z } from "zod";
import { text } from "./schemas";

/**
 * Comments on a task (ADR 038). Pure: the limits and their words, the schemas the page's forms and the API share,
 * finding @mentions of members, and the rendering plan that turns a comment's plain text into safe pieces (text,
 * links, mentions, line breaks) which the page renders as React elements, never as HTML.
 */

/** Characters a comment may hold. */
export const COMMENT_MAX = 10_000;
/** Comments one read returns at most (the newest; older ones are read with `before`). */
export const COMMENTS_PAGE_MAX = 200;
/** Comments the task page shows at once, newest last; "Show older comments" reads the ones before. */
export const COMMENTS_SHOWN = 50;
/** Distinct members one comment can mention (and notify). */
export const MENTIONS_MAX = 50;

export const COMMENT_REQUIRED = "Write a comment first";

/** A comment's text: line endings made `\n`, spaces at either end dropped, 1 to COMMENT_MAX characters. */
export const commentBodyField = text("Comment", COMMENT_REQUIRED)
  .transform((value) => value.replace(/\r\n?/g, "\n").trim())
  // Refinements rather than a pipe into another string: Conform would read that string's empty value as missing.
  .refine((value) => value.length > 0, COMMENT_REQUIRED)
  .refine(
    (value) => value.length <= COMMENT_MAX,
    `A comment can be at most ${COMMENT_MAX.toLocaleString("en-US")} characters`,
  );

/** `POST /api/tasks/{id}/comments` and `PATCH …/comments/{commentId}`: `{ body }`. */
export const commentInputSchema = z.object({ body: commentBodyField });
export type CommentInput = z.infer<typeof commentInputSchema>;

const commentIdField = z.string({ required_error: "Choose a comment" }).trim().min(1, "Choose a comment").max(64);

/** `GET /api/tasks/{id}/comments?limit=&before=`: the newest `limit` comments before the comment `before`. */
export const commentListQuerySchema = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(COMMENTS_PAGE_MAX, `limit must be at most ${COMMENTS_PAGE_MAX}`)
    .default(COMMENTS_PAGE_MAX),
  before: commentIdField.optional(),
});

/** The task page's forms (Conform): post, edit, delete a comment; follow or unfollow the task. */
export const commentAddFormSchema = z.object({ body: commentBodyField });
export const commentEditFormSchema = z.object({ commentId: commentIdField, body: commentBodyField });
export const commentDeleteFormSchema = z.object({ commentId: commentIdField });
export const followFormSchema = z.object({ follow: z.enum(["true", "false"]).transform((v) => v === "true") });

/** A member as a mention can name them. */
export interface MentionableMember {
  id: string;
  name: string;
}

/** A member a comment mentions, with their name as the comment's text spells it. */
export interface Mention {
  userId: string;
  name: string;
}

/** Letters, digits and `_`: a name must not run on into one of these (`@Sam` in `@Samantha` is not Sam). */
const WORD_CHAR = /[\p{L}\p{N}_]/u;
const isWordChar = (ch: string | undefined) => ch !== undefined && WORD_CHAR.test(ch);

interface TrieNode {
  next: Map<string, TrieNode>;
  /** The members whose whole name ends here (two members may share a name). */
  members: MentionableMember[];
}

/** Names, case-folded one character at a time, in a trie: one walk from an `@` finds every name that starts there. */
function nameTrie(members: readonly MentionableMember[]) {
  const root: TrieNode = { next: new Map(), members: [] };
  for (const member of members) {
    const name = member.name.trim();
    if (!name) continue;
    let node = root;
    for (const ch of name) {
      const key = ch.toLowerCase();
      let child = node.next.get(key);
      if (!child) node.next.set(key, (child = { next: new Map(), members: [] }));
      node = child;
    }
    node.members.push(member);
  }
  return root;
}

/**
 * The longest member name written right after the `@` at `at` (case aside) that does not run on into a letter or
 * digit: its members and where it ends. One walk down the trie, at most as long as the longest name.
 */
function matchAt(body: string, at: number, trie: TrieNode) {
  let node = trie;
  let best: { end: number; members: MentionableMember[] } | null = null;
  let i = at + 1;
  while (i < body.length) {
    const ch = String.fromCodePoint(body.codePointAt(i)!);
    const child = node.next.get(ch.toLowerCase());
    if (!child) break;
    node = child;
    i += ch.length;
    if (node.members.length && !isWordChar(body[i])) best = { end: i, members: node.members };
  }
  return best;
}

/** An `@` that starts a word: at the start, or after anything but a letter or digit (so `ana@example.com` is not one). */
const startsMention = (body: string, at: number) => body[at] === "@" && !isWordChar(body[at - 1]);

/**
 * The members a comment mentions, in the order first mentioned, each once. The rule (ADR 038): `@` at the start of a
 * word followed by a member's name as shown, in any case, not running on into a letter or digit; the longest
 * name wins ("@Sam Patel" is Sam Patel even when the team has a Sam), and two members who share that name are both
 * mentioned. Anything else after an `@` stays text and mentions nobody. Linear: each `@` walks the name trie once.
 */
export function findMentions(body: string, members: readonly MentionableMember[]): Mention[] {
  if (!members.length || !body.includes("@")) return [];
  const trie = nameTrie(members);
  const found = new Map<string, Mention>();
  for (let at = body.indexOf("@"); at !== -1 && found.size < MENTIONS_MAX; at = body.indexOf("@", at + 1)) {
    if (!startsMention(body, at)) continue;
    const match = matchAt(body, at, trie);
    if (!match) continue;
    const written = body.slice(at + 1, match.end);
    for (const member of match.members) {
      if (!found.has(member.id) && found.size < MENTIONS_MAX)
        found.set(member.id, { userId: member.id, name: written });
    }
    at = match.end - 1;
  }
  return [...found.values()];
}

/** One piece of a comment as the page shows it. */
export type CommentSegment =
  | { type: "text"; text: string }
  | { type: "link"; text: string; href: string }
  | { type: "mention"; text: string; userId: string }
  | { type: "break" };

/** Characters a link cannot hold: whitespace, and what would close it in text (`<`, `>`, quotes). */
const LINK_STOP = /[\s<>"]/;
/** Punctuation that ends a sentence rather than the link when it closes one ("see https://x.org."). */
const TRAILING_PUNCTUATION = ".,;:!?)]}'";

/** Where a link starting at `at` ends (exclusive), or -1 when no http(s) link starts there. */
function linkEnd(body: string, at: number) {
  const lower = body.slice(at, at + 8).toLowerCase();
  const scheme = lower.startsWith("https://") ? 8 : lower.startsWith("http://") ? 7 : 0;
  if (!scheme || isWordChar(body[at - 1])) return -1;
  let end = at + scheme;
  while (end < body.length && !LINK_STOP.test(body[end])) end += 1;
  while (end > at + scheme && TRAILING_PUNCTUATION.includes(body[end - 1])) end -= 1;
  return end > at + scheme ? end : -1;
}

/**
 * A comment's text as pieces to render (ADR 038): plain text, http(s) links, mentions of the members the comment
 * mentioned (`mentions`, as resolved when it was written) and line breaks. Nothing in the text is ever markup:
 * each piece becomes a React text node or element. One pass over the text.
 */
export function commentSegments(body: string, mentions: readonly Mention[]): CommentSegment[] {
  const trie = nameTrie(mentions.map((m) => ({ id: m.userId, name: m.name })));
  const segments: CommentSegment[] = [];
  let textStart = 0;
  const flush = (end: number) => {
    if (end > textStart) segments.push({ type: "text", text: body.slice(textStart, end) });
  };
  let i = 0;
  while (i < body.length) {
    const ch = body[i];
    if (ch === "\n") {
      flush(i);
      segments.push({ type: "break" });
      textStart = i = i + 1;
      continue;
    }
    if (ch === "@" && mentions.length && startsMention(body, i)) {
      const match = matchAt(body, i, trie);
      if (match) {
        flush(i);
        segments.push({ type: "mention", text: body.slice(i, match.end), userId: match.members[0].id });
        textStart = i = match.end;
        continue;
      }
    }
    if (ch === "h" || ch === "H") {
      const end = linkEnd(body, i);
      if (end !== -1) {
        flush(i);
        const href = body.slice(i, end);
        segments.push({ type: "link", text: href, href });
        textStart = i = end;
        continue;
      }
    }
    i += 1;
  }
  flush(body.length);
  return segments;
}

/** A comment cut to `max` characters on one line, for a notification, the history and a Slack DM. */
export function commentExcerpt(body: string, max = 140) {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A comment entry of a task's history (`task_events.changes` of kind `comment`): its excerpt before and after. */
export type CommentChange = { comment: [string | null, string | null] };

/** The history's words for a comment entry, after who wrote it: "Commented “…”", "Edited a comment", … */
export function describeCommentChange(change: CommentChange): string {
  const [before, after] = change.comment;
  if (!before && after) return `Commented “${commentExcerpt(after, 80)}”`;
  if (before && !after) return "Deleted a comment";
  return after ? `Edited a comment to “${commentExcerpt(after, 80)}”` : "Changed a comment";
}

/** The `@…` being typed just before the caret, for the suggestions: its start and the text after the `@`. */
export function mentionQueryAt(value: string, caret: number): { start: number; query: string } | null {
  const from = Math.max(0, caret - 60);
  const at = value.lastIndexOf("@", caret - 1);
  if (at < from || !startsMention(value, at)) return null;
  const query = value.slice(at + 1, caret);
  // A name has at most two spaces in a row of its words; a line break or a long run ends the question.
  if (query.includes("\n") || /\s\s/.test(query)) return null;
  return { start: at, query };
}

/** Members whose name starts with (or has a word starting with) `query`, case aside: at most `limit`. */
export function suggestMembers<M extends MentionableMember>(members: readonly M[], query: string, limit = 8): M[] {
  const q = query.trim().toLowerCase();
  const starts: M[] = [];
  const words: M[] = [];
  for (const member of members) {
    const name = member.name.toLowerCase();
    if (name.startsWith(q)) starts.push(member);
    else if (q && name.split(" ").some((word) => word.startsWith(q))) words.push(member);
  }
  return [...starts, ...words].slice(0, limit);
}

import { slackTextToPlain } from "./text";

/**
 * The rules of a task's Slack thread (ADR 041): which thread messages cross into Cueboard as comments, and how a
 * comment reads when it crosses into the thread. Each message crosses once: what our bot posts is never read
 * back, and a message already kept (by its Slack timestamp) is not kept twice.
 */

/** The parts of a Slack `message` event the thread rules read. */
export interface ThreadMessageEvent {
  subtype?: string;
  user?: string;
  bot_id?: string;
  app_id?: string;
  ts?: string;
  thread_ts?: string;
  text?: string;
  message?: { ts?: string; thread_ts?: string; text?: string; user?: string; bot_id?: string; subtype?: string };
  previous_message?: { ts?: string; thread_ts?: string; user?: string; bot_id?: string };
  files?: unknown;
  deleted_ts?: string;
}

/** A file shared in a thread, as the message event describes it. */
export interface SharedFile {
  id: string;
  name: string;
  mimetype: string;
  size: number;
  url: string;
}

/** How many files of one message are read (Slack allows 10 per message). */
export const SHARED_FILES_MAX = 10;

/** The files of a `file_share` message that can be fetched: each with an id, a name, a size and a download URL. */
export function sharedFilesOf(files: unknown): SharedFile[] {
  if (!Array.isArray(files)) return [];
  const found: SharedFile[] = [];
  for (const f of files.slice(0, SHARED_FILES_MAX)) {
    const o = (f ?? {}) as Record<string, unknown>;
    const url = o.url_private_download ?? o.url_private;
    if (typeof o.id !== "string" || typeof url !== "string" || typeof o.size !== "number") continue;
    const name =
      typeof o.name === "string" && o.name ? o.name : typeof o.title === "string" && o.title ? o.title : o.id;
    const mimetype = typeof o.mimetype === "string" && o.mimetype ? o.mimetype : "application/octet-stream";
    found.push({ id: o.id, name, mimetype, size: o.size, url });
  }
  return found;
}

export type ThreadMessage =
  | { kind: "reply"; ts: string; threadTs: string; user: string; text: string; files: SharedFile[] }
  | { kind: "edit"; ts: string; threadTs: string; user: string; text: string }
  | { kind: "delete"; ts: string; threadTs: string }
  | { kind: "ignore" };

const IGNORE = { kind: "ignore" } as const;
/** Subtypes that are a person's words: a plain message, one with files, one also sent to the channel. */
const SPOKEN = new Set([undefined, "file_share", "thread_broadcast"]);

/**
 * What a message event in a channel means for a task's thread. Only replies inside a thread count (the thread's
 * first message is the task's source, already the task); our own bot's messages and other bots' are ignored, so a
 * comment posted into the thread never comes back as a second comment.
 */
export function readThreadMessage(event: ThreadMessageEvent, botUserId: string | null): ThreadMessage {
  if (event.subtype === "message_changed") {
    const m = event.message;
    if (!m?.ts || !m.thread_ts || m.thread_ts === m.ts || !m.user || m.bot_id || m.user === botUserId) return IGNORE;
    return { kind: "edit", ts: m.ts, threadTs: m.thread_ts, user: m.user, text: m.text ?? "" };
  }
  if (event.subtype === "message_deleted") {
    const p = event.previous_message;
    const ts = event.deleted_ts ?? p?.ts;
    // Our bot's own messages are Cueboard's comments: removing the copy in Slack leaves the comment.
    if (!ts || !p?.thread_ts || p.thread_ts === ts || p.bot_id || (p.user && p.user === botUserId)) return IGNORE;
    return { kind: "delete", ts, threadTs: p.thread_ts };
  }
  if (!SPOKEN.has(event.subtype) || event.bot_id || !event.user || event.user === botUserId) return IGNORE;
  if (!event.ts || !event.thread_ts || event.thread_ts === event.ts) return IGNORE;
  const files = event.subtype === "file_share" ? sharedFilesOf(event.files) : [];
  return { kind: "reply", ts: event.ts, threadTs: event.thread_ts, user: event.user, text: event.text ?? "", files };
}

/** `<@U…>` or `<@U…|label>`: a Slack user mentioned in a message. */
const USER_MENTION = /<@([UW][A-Z0-9]+)(?:\|[^<>]*)?>/g;

/**
 * A thread reply as a comment's text: Slack's markup made plain line by line, so the line breaks stay. A mention of
 * a linked member becomes `@` and their full name, as comments spell mentions, so the comment notifies them.
 */
export function slackReplyToCommentText(text: string, nameOf: (slackUserId: string) => string | null) {
  const named = text.replace(USER_MENTION, (whole, id: string) => {
    const name = nameOf(id);
    return name ? `@${escapeSlackText(name)}` : whole;
  });
  return named
    .split("\n")
    .map((line) => slackTextToPlain(line, nameOf))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Escapes what Slack reads as markup (https://api.slack.com/reference/surfaces/formatting#escaping). */
export function escapeSlackText(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A comment as the bot says it in the thread: "Ana on Cueboard: …". */
export function commentToSlackText(authorName: string, body: string) {
  return `*${escapeSlackText(authorName)}* on Cueboard: ${escapeSlackText(body)}`;
}

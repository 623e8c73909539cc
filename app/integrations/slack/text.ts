/**
 * Slack message markup (https://api.slack.com/reference/surfaces/formatting) to plain text for the task
 * parser: mentions become `@name`, links their label, channel links `#name`, and Slack's escapes are undone.
 */

const USER_MENTION_RE = /<@([UW][A-Z0-9]+)(?:\|([^>]*))?>/g;

/** The Slack user ids mentioned in a message, in order of appearance. */
export function mentionedUserIds(text: string) {
  return [...text.matchAll(USER_MENTION_RE)].map((m) => m[1]);
}

/** Removes the mentions of our bot (an app_mention's text starts with one). */
export function stripBotMention(text: string, botUserId: string | null) {
  if (!botUserId) return text.trim();
  return text.replace(USER_MENTION_RE, (mention, id: string) => (id === botUserId ? " " : mention)).replace(/\s+/g, " ").trim();
}

/**
 * Plain text from Slack markup. A mentioned user becomes `@<first name>` when `nameOf` knows them (a linked
 * member), else `@<label>` or `@<user id>`, so the parser can read the owner.
 */
export function slackTextToPlain(text: string, nameOf: (slackUserId: string) => string | null = () => null) {
  return text
    .replace(USER_MENTION_RE, (_, id: string, label?: string) => {
      const name = nameOf(id)?.trim().split(/\s+/)[0] || label?.trim() || id;
      return `@${name}`;
    })
    .replace(/<#[CG][A-Z0-9]+\|([^>]*)>/g, "#$1")
    .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, "@$1")
    .replace(/<!subteam\^[A-Z0-9]+(?:\|([^>]*))?>/g, (_, label?: string) => label ?? "")
    .replace(/<!date\^\d+\^[^|>]*\|([^>]*)>/g, "$1")
    .replace(/<((?:https?|mailto):[^|>]+)\|([^>]+)>/g, "$2")
    .replace(/<((?:https?|mailto):[^>]+)>/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

const QUESTION_START_RE =
  /^(what|which|who|whom|whose|when|where|why|how|is|are|am|was|were|do|does|did|can|could|should|would|will|any|anything|list|show|tell)\b/i;

/** Whether a mention asks something (answered in the thread) rather than describing a task to create. */
export function looksLikeQuestion(text: string) {
  const t = text.trim();
  return t.endsWith("?") || QUESTION_START_RE.test(t);
}

import type { Priority } from "~/domain/tasks";

/** A task read from free text, in the shape the task service takes; dates are workspace wall-clock strings. */
export interface ParsedTaskLike {
  title: string;
  description: string | null;
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` in the workspace timezone. */
  dueDate: string | null;
  assigneeName: string | null;
  priority: Priority | null;
  category: string | null;
  estimatedHours: number | null;
}

export interface ParseOptions {
  now: Date;
  timezone: string;
  categories: readonly string[];
  ai?: unknown;
}

const MENTION_RE = /(^|\s)@([\p{L}\p{N}][\p{L}\p{N}._-]*)/gu;
const TRAILING_DATE_RE = /\s*\b(\d{4}-\d{2}-\d{2})\s*$/;

/**
 * Turns free text (`/new`, a mention, a shortcut) into tasks. Every Slack path goes through this one function.
 *
 * For now the simple reading of issue #5: the text is the title, the first `@name` is the assignee and a
 * trailing `YYYY-MM-DD` is the due date. The planning-intelligence issue replaces the internals with the
 * natural-language parser (and `opts.ai`) without changing this signature.
 */
export async function parseTaskText(
  text: string,
  opts: ParseOptions,
): Promise<{ tasks: ParsedTaskLike[]; source: "rules" | "ai" }> {
  let rest = text.replace(/\s+/g, " ").trim();
  let assigneeName: string | null = null;
  rest = rest.replace(MENTION_RE, (_, lead: string, name: string) => {
    assigneeName ??= name;
    return lead;
  });
  let dueDate: string | null = null;
  rest = rest.replace(TRAILING_DATE_RE, (_, date: string) => {
    dueDate = date;
    return "";
  });
  const title = rest.replace(/\s+/g, " ").trim();
  if (!title) return { tasks: [], source: "rules" };
  return {
    tasks: [{ title, description: null, dueDate, assigneeName, priority: null, category: null, estimatedHours: null }],
    source: "rules",
  };
}

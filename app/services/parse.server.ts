import { todayIn } from "~/domain/dates";
import { resolveCategoryLabel, categoryIndex } from "~/domain/nl/category";
import { describeRecurrenceText } from "~/domain/recurrence";
import { firstOccurrence } from "~/domain/recurrence-schedule";
import { dateContext, extractDueDate } from "~/domain/nl/due-date";
import { LineText } from "~/domain/nl/line-text";
import { parseTasksWithRules, type ParsedTask } from "~/domain/nl/parse-rules";
import { extractRecurrence } from "~/domain/nl/recurrence";
import { extractReminders } from "~/domain/nl/reminders";
import { hasFeature, type WorkspacePlan } from "~/domain/tiers";
import { extractTaskDrafts, type AiBinding, type AiTaskDraft } from "~/integrations/ai/task-extractor";
import { errorSummary } from "~/lib/log";

export type { ParsedTask };

export interface ParseOptions {
  now: Date;
  timezone: string;
  categories: readonly string[];
  /** The show's day in the workspace's calendar, for "until the show". */
  eventDay?: string | null;
  /** Workers AI, when bound (production); absent locally and in tests, where the rules engine serves. */
  ai?: AiBinding;
}

export interface ParseResult {
  tasks: ParsedTask[];
  source: "rules" | "ai";
}

/**
 * Workers AI is part of the AI plan feature: a workspace without it is served by the rules engine (Slack's
 * `/new`, mentions and the assistant keep working), and the model is never called for it.
 */
export function entitledAi(plan: WorkspacePlan, ai: AiBinding | undefined) {
  return hasFeature(plan.tier, "aiTasks") ? ai : undefined;
}

/**
 * The one parser: the browser's 'Add with AI' box, `POST /api/tasks/parse`, Slack's `/new`, mentions and the
 * message shortcut all come here. With Workers AI bound it asks the model and falls back to the rules engine
 * on any error, malformed answer or after 3 s; without it the rules engine answers alone.
 */
export async function parseTaskText(text: string, opts: ParseOptions): Promise<ParseResult> {
  if (opts.ai) {
    try {
      const drafts = await extractTaskDrafts(opts.ai, text, opts.categories);
      return { tasks: drafts.map((d) => withRepeats(fromDraft(d, opts), opts)), source: "ai" };
    } catch (error) {
      console.warn(`parse: Workers AI failed, using the rules engine: ${errorSummary(error)}`);
    }
  }
  return { tasks: parseTasksWithRules(text, opts).map((task) => withRepeats(task, opts)), source: "rules" };
}

/**
 * A repeating task read from text (ADR 021) with its rule in words, due on its first occurrence from today when
 * the text gave no date ("every Friday" typed on a Wednesday is due this Friday).
 */
function withRepeats(task: ParsedTask, opts: ParseOptions): ParsedTask {
  if (!task.recurrence) return task;
  const dueDate = task.dueDate ?? firstOccurrence(task.recurrence, todayIn(opts.timezone, opts.now));
  return { ...task, dueDate, recurrenceText: describeRecurrenceText(task.recurrence, yearOf(dueDate)) };
}

const yearOf = (date: string | null) => (date ? Number(date.slice(0, 4)) : undefined);

/**
 * Turns a model's draft into a task with our own rules for what models get wrong: the deadline words are
 * resolved by our date code in the workspace timezone, and the category must be one the workspace has. Repeat and
 * reminder words ("every Friday", "remind me 2 days before") are read by the rules engine's own extractors from
 * the due phrase the model passed through or, where the model left them, from the title, which loses them.
 */
function fromDraft(draft: AiTaskDraft, opts: ParseOptions): ParsedTask {
  const ctx = dateContext(opts.now, opts.timezone);
  const due = new LineText(draft.due ?? "");
  const titleLine = new LineText(draft.title);
  const reminders = [...new Set([...extractReminders(due), ...extractReminders(titleLine)])].sort((a, b) => b - a);
  const recurrence =
    extractRecurrence(due, ctx, opts.eventDay ?? null) ?? extractRecurrence(titleLine, ctx, opts.eventDay ?? null);
  const dueDate = due.text.trim() ? extractDueDate(due, ctx) : null;
  const title = titleLine.kept().replace(/\s+/g, " ").trim() || draft.title;
  const category = draft.category ? resolveCategoryLabel(draft.category, categoryIndex(opts.categories), true) : null;
  return {
    title,
    description: draft.description ?? null,
    dueDate,
    assigneeName: draft.assignee?.replace(/^@/, "") || null,
    priority: draft.priority ?? "medium",
    category,
    estimatedHours: draft.estimatedHours ?? null,
    ...(recurrence ? { recurrence } : {}),
    ...(reminders.length ? { reminders } : {}),
  };
}

import type { Priority } from "../tasks";
import { extractAssignee, extractImplicitAssignee } from "./assignee";
import { categoryIndex, extractCategoryMarker, inferCategory, resolveCategoryLabel } from "./category";
import { dateContext, extractDueDate, type DateContext } from "./due-date";
import { extractEstimate } from "./estimate";
import { LineText } from "./line-text";
import { splitTaskLines, type TaskLine } from "./lines";
import { extractPriority } from "./priority";
import { extractRecurrence } from "./recurrence";
import { extractReminders } from "./reminders";
import { buildTitle } from "./title";

/** A task read from natural language, before it is saved. Shared by the rules and the AI engine. */
export interface ParsedTask {
  title: string;
  description: string | null;
  /** "YYYY-MM-DD", or "YYYY-MM-DDTHH:MM" when a time was given (workspace wall clock). */
  dueDate: string | null;
  assigneeName: string | null;
  priority: "low" | "medium" | "high" | "critical";
  /** One of options.categories (in that list's spelling) or null. */
  category: string | null;
  estimatedHours: number | null;
  /** An RRULE read from "every Friday", "daily until the show"… (nl/recurrence.ts); absent when none. */
  recurrence?: string | null;
  /** The rule in words, added by the parse service (app/services/parse.server.ts). */
  recurrenceText?: string | null;
  /** Minutes before the due time to remind the assignee ("remind me 2 days before"); absent when none was asked. */
  reminders?: number[];
}

export interface ParseOptions {
  now: Date;
  /** The workspace's IANA timezone. */
  timezone: string;
  categories: readonly string[];
  /** The show's day in the workspace's calendar, for "until the show". */
  eventDay?: string | null;
}

/** Labels and greetings that only announce a task ("TODO: book buses", "hey team - can we …"). */
const TASK_LABEL_RE =
  /^\s*(?:(?:to[\s-]?do|task|action(?:\s+item)?|reminder|follow[\s-]?up|fyi|nb|note)\s*[:\-–—]|(?:hey|hi|hello|yo)(?:\s+(?:team|all|everyone|folks|guys|there|crew))?\s*[,!:\-–—]|(?:hey|hi|hello)\s+(?:team|all|everyone|folks|guys|crew)\b)\s*/i;

interface HeadingContext {
  dueDate: string | null;
  category: string | null;
  priority: Priority | null;
}

type Index = ReturnType<typeof categoryIndex>;

/** Most words a heading may have besides a date or priority and still be about them ("Tasks for Friday"). */
const HEADING_RESIDUE_MAX = 2;
const SHORT_HEADING_WORDS = 3;

/**
 * What a heading says about the tasks under it. Only a heading that is little more than a label counts:
 * "Friday:", "Logistics:", "Urgent – AV:"; an intro such as "Action items from today's production
 * meeting:" says nothing about each task.
 */
function readHeading(heading: string, ctx: DateContext, index: Index): HeadingContext {
  const line = new LineText(heading);
  const priority = extractPriority(line);
  const dueDate = extractDueDate(line, ctx);
  const category = extractCategoryMarker(line, index);
  const residue = line.text.match(/\p{L}+/gu)?.length ?? 0;
  const isLabel = residue <= HEADING_RESIDUE_MAX;
  const words = heading.match(/\p{L}+/gu)?.length ?? 0;
  return {
    dueDate: isLabel ? dueDate : null,
    category:
      category ??
      resolveCategoryLabel(line.text.trim(), index) ??
      (words <= SHORT_HEADING_WORDS ? inferCategory(line.text, index) : null),
    priority: isLabel && priority !== "medium" ? priority : null,
  };
}

function parseLine(
  task: TaskLine,
  heading: HeadingContext | null,
  ctx: DateContext,
  index: Index,
  eventDay: string | null,
): ParsedTask {
  const line = new LineText(task.text);
  const label = TASK_LABEL_RE.exec(line.text);
  if (label) line.remove(0, label[0].length);
  const reminders = extractReminders(line);

  // Order matters: each rule removes what it understood, so later rules cannot misread it
  // (a name after "assign to" is not a month, "2h" is not a time, "in 2 hours" is not effort).
  const priority = extractPriority(line);
  const markedCategory = extractCategoryMarker(line, index);
  const assignee = extractAssignee(line);
  const estimatedHours = extractEstimate(line);
  // Before the due date, which would read the "Friday" of "every Friday" or the "until" of its end.
  const recurrence = extractRecurrence(line, ctx, eventDay);
  const dueDate = extractDueDate(line, ctx) ?? heading?.dueDate ?? null;
  const assigneeName = assignee.found ? assignee.name : extractImplicitAssignee(line);
  const category = markedCategory ?? heading?.category ?? inferCategory(line.text, index);
  const { title, description } = buildTitle(line, task.text);
  const notes = [description, ...task.notes].filter(Boolean).join("\n");

  return {
    title,
    description: notes || null,
    dueDate,
    assigneeName,
    priority: priority === "medium" && heading?.priority ? heading.priority : priority,
    category,
    estimatedHours,
    ...(recurrence ? { recurrence } : {}),
    ...(reminders.length ? { reminders } : {}),
  };
}

/**
 * The rules engine: reads tasks from text offline and deterministically. One task per line or bullet;
 * see each extractor's module for what it understands.
 */
export function parseTasksWithRules(text: string, options: ParseOptions): ParsedTask[] {
  const ctx = dateContext(options.now, options.timezone);
  const index = categoryIndex(options.categories);
  const headings = new Map<string, HeadingContext>();
  return splitTaskLines(text).map((task) => {
    let heading: HeadingContext | null = null;
    if (task.heading !== null) {
      heading = headings.get(task.heading) ?? readHeading(task.heading, ctx, index);
      headings.set(task.heading, heading);
    }
    return parseLine(task, heading, ctx, index, options.eventDay ?? null);
  });
}

import type { Priority } from "../tasks";
import { extractAssignee, extractImplicitAssignee } from "./assignee";
import { categoryIndex, extractCategoryMarker, inferCategory, resolveCategoryLabel } from "./category";
import { dateContext, extractDueDate, type DateContext } from "./due-date";
import { extractEstimate } from "./estimate";
import { LineText } from "./line-text";
import { splitTaskLines, type TaskLine } from "./lines";
import { extractPriority } from "./priority";
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
}

export interface ParseOptions {
  now: Date;
  /** The workspace's IANA timezone. */
  timezone: string;
  categories: readonly string[];
}

/** Labels that only announce a task ("TODO: book buses"). */
const TASK_LABEL_RE = /^\s*(?:to[\s-]?do|task|action(?:\s+item)?|reminder|follow[\s-]?up)\s*[:\-–—]\s*/i;

interface HeadingContext {
  dueDate: string | null;
  category: string | null;
  priority: Priority | null;
}

type Index = ReturnType<typeof categoryIndex>;

function readHeading(heading: string, ctx: DateContext, index: Index): HeadingContext {
  const line = new LineText(heading);
  const priority = extractPriority(line);
  const dueDate = extractDueDate(line, ctx);
  return {
    dueDate,
    category: resolveCategoryLabel(heading, index) ?? inferCategory(line.text, index),
    priority: priority === "medium" ? null : priority,
  };
}

function parseLine(task: TaskLine, heading: HeadingContext | null, ctx: DateContext, index: Index): ParsedTask {
  const line = new LineText(task.text);
  const label = TASK_LABEL_RE.exec(line.text);
  if (label) line.remove(0, label[0].length);

  // Order matters: each rule removes what it understood, so later rules cannot misread it
  // (a name after "assign to" is not a month, "2h" is not a time, "in 2 hours" is not effort).
  const priority = extractPriority(line);
  const markedCategory = extractCategoryMarker(line, index);
  const assignee = extractAssignee(line);
  const estimatedHours = extractEstimate(line);
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
    return parseLine(task, heading, ctx, index);
  });
}

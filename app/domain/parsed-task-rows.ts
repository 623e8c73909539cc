import { PRIORITIES, type Priority } from "./tasks";

/**
 * The 'Add with AI' preview as an editable form: one row of form values per parsed task. The same values feed
 * the form with JavaScript (component state) and without (server-rendered from a parse, or from a submitted
 * form that failed validation), so both paths post the same fields back.
 */

/** An open task that a parsed task may duplicate; `score` is titleSimilarity (1 = the same words). */
export interface SimilarTask {
  id: string;
  title: string;
  score: number;
}

/** A parsed task as the parser returns it, with its near-duplicates and its owner as the team reads it. */
export interface PreviewTask {
  title: string;
  description: string | null;
  dueDate: string | null;
  /** The typed owner, or the full name of the member it means. */
  assigneeName: string | null;
  /** The member the typed owner means, if exactly one. */
  assigneeId?: string | null;
  /** The question an owner naming several members asks ("Which Sam? Sam Patel or Sam Lee"). */
  ownerNote?: string | null;
  priority: Priority;
  category: string | null;
  estimatedHours: number | null;
  /** The repeat rule read from the text (ADR 021) and its words, made on the server. */
  recurrence?: string | null;
  recurrenceText?: string | null;
  /** Minutes before the due time read from "remind me 2 days before" (ADR 022); absent when none was asked. */
  reminders?: number[];
  similar: SimilarTask[];
}

/** One editable row: strings as the inputs hold them, plus the near-duplicate warning and its override. */
export interface TaskRowValues {
  title: string;
  description: string;
  dueDay: string;
  dueTime: string;
  assigneeName: string;
  /** Shown under the owner until it is edited: the question an ambiguous typed owner asks. */
  ownerNote?: string;
  priority: Priority;
  category: string;
  estimatedHours: string;
  /** The repeat rule, carried through the confirm as it was read, and its words ("Every Friday"). */
  recurrence: string;
  recurrenceText: string;
  /** The reminders read from the text, carried through the confirm as they were read. */
  reminders: number[];
  similar: SimilarTask[];
  allowDuplicate: boolean;
}

export function toRowValues(task: PreviewTask): TaskRowValues {
  const [dueDay = "", dueTime = ""] = task.dueDate?.split("T") ?? [];
  return {
    title: task.title,
    description: task.description ?? "",
    dueDay,
    dueTime,
    assigneeName: task.assigneeName ?? "",
    ...(task.ownerNote ? { ownerNote: task.ownerNote } : {}),
    priority: task.priority,
    category: task.category ?? "",
    estimatedHours: task.estimatedHours === null ? "" : String(task.estimatedHours),
    recurrence: task.recurrence ?? "",
    recurrenceText: task.recurrenceText ?? "",
    reminders: task.reminders ?? [],
    similar: task.similar,
    allowDuplicate: false,
  };
}

const asText = (value: unknown) => (typeof value === "string" ? value : "");

/** A row's reminders as the form sent them (one field or several of digits); anything else is left out. */
const asMinutes = (value: unknown) =>
  (Array.isArray(value) ? value : [value])
    .filter((v): v is string => typeof v === "string" && /^\d{1,5}$/.test(v))
    .map(Number);

/**
 * The rows of a submitted confirm form (`tasks[0].title`, … as Conform reads them), for showing the form
 * again with its errors. Rows the producer removed stay out; `similar` is filled in by the caller.
 */
export function rowValuesFromPayload(payload: unknown): Omit<TaskRowValues, "similar">[] {
  const rows = (payload as { tasks?: unknown } | null)?.tasks;
  if (!Array.isArray(rows)) return [];
  return rows
    .filter((row): row is Record<string, unknown> => typeof row === "object" && row !== null && !row.remove)
    .map((row) => {
      const priority = PRIORITIES.find((p) => p === row.priority) ?? "medium";
      return {
        title: asText(row.title),
        description: asText(row.description),
        dueDay: asText(row.dueDay),
        dueTime: asText(row.dueTime),
        assigneeName: asText(row.assigneeName),
        priority,
        category: asText(row.category),
        estimatedHours: asText(row.estimatedHours),
        recurrence: asText(row.recurrence),
        recurrenceText: asText(row.recurrenceText),
        reminders: asMinutes(row.reminders),
        allowDuplicate: row.allowDuplicate === "on",
      };
    });
}

/** Whether the row will be created: not a possible duplicate, or one the producer chose to create anyway. */
/** The most rows one confirm sends (the AI engine's answer holds at most 50 too). */
export const TASK_BATCH_MAX = 50;

/**
 * A preview cut into what one confirm sends (its first `TASK_BATCH_MAX` rows) and the rows held for the next, so a
 * long list is created in batches and none of it is lost.
 */
export function splitBatch<Row>(rows: readonly Row[]) {
  return { now: rows.slice(0, TASK_BATCH_MAX), later: rows.slice(TASK_BATCH_MAX) };
}

export function willCreate(row: Pick<TaskRowValues, "similar" | "allowDuplicate">) {
  return row.similar.length === 0 || row.allowDuplicate;
}

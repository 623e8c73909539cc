import type { TaskDto } from "~/services/task-queries.server";

/**
 * What a card or a table row of the task list shows of a task, and the compact form its page data carries: each
 * task as a row of values in this order rather than an object, since the page's data names every key of every
 * object again (about 5 KB of a 60-card page; issue 15 holds the page under 100 KB).
 */
export const FIELDS = [
  "id",
  "title",
  "description",
  "priority",
  "category",
  "dueDate",
  "assigneeName",
  "assigneeId",
  "assigneeContact",
  "status",
  "createdAt",
  "isAiGenerated",
  // A recurring task's rule in words ("Every Friday"); null for most tasks (ADR 021).
  "recurrenceText",
] as const satisfies ReadonlyArray<keyof TaskDto>;
type Fields = typeof FIELDS;

export type TaskSummary = Pick<TaskDto, Fields[number]>;
export type PackedTaskSummary = {
  -readonly [I in keyof Fields]: Fields[I] extends keyof TaskSummary ? TaskSummary[Fields[I]] : never;
};

export function packTaskSummary(task: TaskSummary): PackedTaskSummary {
  return FIELDS.map((field) => task[field]) as unknown as PackedTaskSummary;
}

/**
 * Written out rather than built from `FIELDS`: the server renders 60 of these per list page, and a literal makes one
 * object of one shape where `Object.fromEntries` made 13 pairs first (a unit test holds the order to `FIELDS`).
 */
export function unpackTaskSummary(row: Readonly<PackedTaskSummary>): TaskSummary {
  return {
    id: row[0],
    title: row[1],
    description: row[2],
    priority: row[3],
    category: row[4],
    dueDate: row[5],
    assigneeName: row[6],
    assigneeId: row[7],
    assigneeContact: row[8],
    status: row[9],
    createdAt: row[10],
    isAiGenerated: row[11],
    recurrenceText: row[12],
  };
}

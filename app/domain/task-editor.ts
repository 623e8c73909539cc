import { z } from "zod";
import { checkRepeat, repeatShape, takeRepeat } from "./recurrence-form";
import { taskCreateSchema, taskUpdateSchema, type TaskUpdateInput } from "./schemas";
import { LIST_NAME_MAX } from "./tasks";

/**
 * The task page's forms (app/routes/tasks.$id.tsx): the editor, whose fields are the form's own (a date and a
 * time, a category picked or typed), and the dependency picker's add and remove, both ways.
 */

/** The category select's "New category…" choice: the typed name beside it applies. */
export const NEW_CATEGORY = "__new";

const time = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be a time of day (HH:MM)")
  .optional();

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Due date must be a date (YYYY-MM-DD)")
  .optional();

export const taskEditSchema = z
  .object({
    title: taskCreateSchema.shape.title,
    description: taskCreateSchema.shape.description,
    status: taskUpdateSchema.shape.status.unwrap(),
    priority: taskUpdateSchema.shape.priority.unwrap(),
    category: z.string().trim().max(LIST_NAME_MAX).optional(),
    newCategory: z
      .string()
      .trim()
      .max(LIST_NAME_MAX, `Category must be at most ${LIST_NAME_MAX} characters`)
      .optional(),
    dueDate: day,
    dueTime: time,
    assigneeId: taskCreateSchema.shape.assigneeId,
    assigneeName: taskCreateSchema.shape.assigneeName,
    assigneeContact: taskCreateSchema.shape.assigneeContact,
    estimatedHours: taskCreateSchema.shape.estimatedHours,
    ...repeatShape,
    /** 'Remind': the whole set, minutes before the due time; none ticked is none. */
    reminders: taskUpdateSchema.shape.reminders,
  })
  .superRefine((value, ctx) => {
    checkRepeat(value, ctx);
    if (value.dueTime && !value.dueDate)
      ctx.addIssue({ code: "custom", path: ["dueTime"], message: "Choose a date for this time" });
    if (value.category === NEW_CATEGORY && !value.newCategory)
      ctx.addIssue({ code: "custom", path: ["newCategory"], message: "Name the new category" });
  });
export type TaskEditInput = z.infer<typeof taskEditSchema>;

/**
 * The editor's fields as a task update: the date and time become one wall-clock due date (no date clears it), a
 * typed category wins over the picked one, and a member chosen leaves out the outside person's fields (which a
 * form without JavaScript always sends).
 */
export function editorChanges(input: TaskEditInput): TaskUpdateInput {
  const { rest: fields, recurrence } = takeRepeat(input);
  const { newCategory, category, dueDate, dueTime, assigneeId, assigneeName, assigneeContact, ...rest } = fields;
  return {
    ...rest,
    ...(recurrence === undefined ? {} : { recurrence }),
    category: newCategory || (category && category !== NEW_CATEGORY ? category : null),
    dueDate: dueDate ? (dueTime ? `${dueDate}T${dueTime}` : dueDate) : null,
    ...(assigneeId ? { assigneeId } : { assigneeId: null, assigneeName, assigneeContact }),
  };
}

/** The editor's values for a task's due date: `YYYY-MM-DD[THH:MM]` split into the date and the time fields. */
export function splitDueDate(dueDate: string | null) {
  const [date = "", time = ""] = (dueDate ?? "").split("T");
  return { dueDate: date, dueTime: time.slice(0, 5) };
}

/** Which way a dependency goes from the task on the page: it waits for the other, or the other needs it. */
export const LINK_DIRECTIONS = ["waitsFor", "neededBy"] as const;
export type LinkDirection = (typeof LINK_DIRECTIONS)[number];

export const linkSchema = z.object({
  direction: z.enum(LINK_DIRECTIONS, { errorMap: () => ({ message: "Choose waits for or needed by" }) }),
  otherId: z.string({ required_error: "Choose a task" }).trim().min(1, "Choose a task").max(64),
});

/** The picker's search: a few matches, never a list of every task. */
export const PICKER_LIMIT = 8;
export const pickerQuerySchema = z.object({
  q: z.string().trim().max(200, "Search must be at most 200 characters").default(""),
  direction: z.enum(LINK_DIRECTIONS).default("waitsFor"),
});

import { z } from "zod";
import { isValidTimezone, normalizeDueDate } from "./dates";
import { DESCRIPTION_MAX, LIST_NAME_MAX, PRIORITIES, TITLE_MAX } from "./tasks";

/**
 * Schemas shared by the Conform forms (which coerce form strings) and the JSON API (which does not,
 * so `"estimatedHours": "3"` is a wrong type there). Messages are the spec's where it names them.
 */

const text = (label: string) =>
  z.string({
    required_error: `${label} is required`,
    invalid_type_error: `${label} must be text`,
  });

/** Optional text: missing, null or blank all become null, as the spec's form sends them. */
const optionalText = (label: string, max: number) =>
  text(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const dueDateField = text("Due date")
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || normalizeDueDate(v, "UTC") !== null, {
    message: "Due date must be a real date (YYYY-MM-DD, optionally with a time)",
  });

const titleField = text("Title")
  .trim()
  .min(1, "Title is required")
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);

const priorityField = z.enum(PRIORITIES, {
  errorMap: () => ({ message: "Priority must be one of low, medium, high, critical" }),
});

const statusField = text("Status").trim().min(1, "Status is required").max(LIST_NAME_MAX);

const estimatedHoursField = z
  .number({ invalid_type_error: "Estimated hours must be a number" })
  .nonnegative("Estimated hours cannot be negative")
  .max(10_000, "Estimated hours must be at most 10000")
  .nullish()
  .transform((v) => v ?? null);

const booleanField = (label: string) =>
  z.boolean({ invalid_type_error: `${label} must be true or false` });

export const taskCreateSchema = z.object({
  title: titleField,
  description: optionalText("Description", DESCRIPTION_MAX),
  priority: priorityField.default("medium"),
  category: optionalText("Category", LIST_NAME_MAX),
  dueDate: dueDateField,
  assigneeName: optionalText("Assignee", 100),
  status: statusField.optional(),
  estimatedHours: estimatedHoursField,
  isAiGenerated: booleanField("isAiGenerated").default(false),
  originalPrompt: optionalText("Original prompt", 4000),
  allowDuplicate: booleanField("allowDuplicate").default(false),
});
export type TaskCreateInput = z.infer<typeof taskCreateSchema>;

export const taskUpdateSchema = z
  .object({
    title: titleField,
    description: optionalText("Description", DESCRIPTION_MAX),
    priority: priorityField,
    category: optionalText("Category", LIST_NAME_MAX),
    dueDate: dueDateField,
    assigneeName: optionalText("Assignee", 100),
    status: statusField,
    estimatedHours: estimatedHoursField,
    isAiGenerated: booleanField("isAiGenerated"),
    originalPrompt: optionalText("Original prompt", 4000),
    allowDuplicate: booleanField("allowDuplicate"),
  })
  .partial();
export type TaskUpdateInput = z.infer<typeof taskUpdateSchema>;

export const taskFiltersSchema = z.object({
  status: z.string().trim().max(LIST_NAME_MAX).optional(),
  priority: priorityField.optional(),
  category: z.string().trim().max(LIST_NAME_MAX).optional(),
  assignee: z.string().trim().max(100).optional(),
  q: z.string().trim().max(200, "Search must be at most 200 characters").optional(),
});
export type TaskFilters = z.infer<typeof taskFiltersSchema>;

export const demoSignupSchema = z.object({
  name: text("Name").trim().min(2, "Name must be at least 2 characters").max(100, "Name must be at most 100 characters"),
  email: text("Email")
    .trim()
    .max(254, "Please enter a valid email address")
    .email("Please enter a valid email address"),
  marketingOptIn: booleanField("marketingOptIn").default(false),
  /**
   * The producer's IANA timezone as the browser reports it, so "today" and "overdue" match their clock.
   * Optional: an unknown or missing zone falls back to UTC rather than failing the signup.
   */
  timezone: text("Timezone")
    .trim()
    .max(64)
    .optional()
    .catch(undefined)
    .transform((v) => (v && isValidTimezone(v) ? v : undefined)),
});
export type DemoSignupInput = z.infer<typeof demoSignupSchema>;

export const listNameSchema = z.object({
  name: text("Name")
    .trim()
    .min(1, "Name is required")
    .max(LIST_NAME_MAX, `Name must be at most ${LIST_NAME_MAX} characters`),
});

import { z } from "zod";
import { crewRulesFields } from "./crew-rules";
import { QUESTION_MAX, QUESTION_MISSING, QUESTION_TOO_LONG } from "./assistant";
import { isValidTimezone, normalizeDueDate } from "./dates";
import { EMAIL_MAX, INVALID_EMAIL, NAME_MAX, NAME_MIN, NAME_TOO_LONG, NAME_TOO_SHORT } from "./demo-signup";
import {
  ASSUMED_ESTIMATE_MAX_HOURS,
  ASSUMED_ESTIMATE_MIN_HOURS,
  EVENT_NAME_MAX,
  WORKSPACE_NAME_MAX,
} from "./event-settings";
import { parseRecurrence, formatRecurrence } from "./recurrence";
import { GROUP_KEYS, SORT_VALUES } from "./task-order";
import { DESCRIPTION_MAX, LIST_NAME_MAX, PRIORITIES, TASK_TEXT_MAX, TITLE_MAX } from "./tasks";
import { normalizeTitle } from "./title";
import { TASK_BATCH_MAX } from "./parsed-task-rows";
import { readReminderOffsets } from "./reminders";

/**
 * Schemas shared by the Conform forms (which coerce form strings) and the JSON API (which does not,
 * so `"estimatedHours": "3"` is a wrong type there). Messages are the spec's where it names them.
 */

/**
 * A text field. Missing and null both get the "required" message: Conform sends an empty input as
 * missing, and the spec words some required messages its own way ('Name must be at least 2 characters').
 */
export const text = (label: string, requiredMessage = `${label} is required`) =>
  z.string({
    errorMap: (issue, ctx) => ({
      message:
        issue.code === "invalid_type"
          ? ctx.data === undefined || ctx.data === null
            ? requiredMessage
            : `${label} must be text`
          : ctx.defaultError,
    }),
  });

/** Optional text: missing, null or blank all become null, as the spec's form sends them. */
export const optionalText = (label: string, max: number) =>
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
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
  // "!!!" or "🎤" alone normalise to nothing, so they are no title either (and could never be deduplicated).
  .refine((v) => v === "" || normalizeTitle(v) !== "", "Title is required");

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

/** Ids of tasks this one waits for (same workspace); the whole set, replaced on update. */
const dependsOnField = z
  .array(z.string({ invalid_type_error: "Dependencies must be task ids" }).trim().min(1).max(64), {
    invalid_type_error: "dependsOn must be a list of task ids",
  })
  .max(50, "A task can depend on at most 50 tasks")
  .transform((ids) => [...new Set(ids)]);

/** The task form's "Someone outside the team" choice: no member, the outside person's name and contact apply. */
export const OUTSIDE_ASSIGNEE = "outside";
const ASSIGNEE_CONTACT_MAX = 200;

/**
 * A member's user id, or null/blank for none. The form's "Someone outside the team" means no member too. That the
 * id belongs to a member of the task's workspace is the task service's check.
 */
const assigneeIdField = text("Assignee")
  .trim()
  .max(64, "Assignee must be a member's id")
  .nullish()
  .transform((v) => (v && v !== OUTSIDE_ASSIGNEE ? v : null));

/** An RRULE (app/domain/recurrence.ts) kept in its canonical form; null or blank for a task that does not repeat. */
const recurrenceField = text("Recurrence")
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const parsed = parseRecurrence(v);
    if (parsed.ok) return formatRecurrence(parsed.rule);
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Recurrence: ${parsed.error}` });
    return z.NEVER;
  });

/**
 * Reminders: minutes before the due time (app/domain/reminders.ts). Numbers from the API, digit strings from a
 * form's 'Remind' checkboxes; every refusal is reported on `reminders` itself.
 */
const remindersField = z
  .array(z.unknown(), { invalid_type_error: "reminders must be a list of minutes before the due time" })
  .describe("Minutes before the due time, e.g. [1440, 60]")
  .transform((items, ctx) => {
    const read = readReminderOffsets(items);
    if (read.ok) return read.value;
    ctx.addIssue({ code: "custom", message: read.message });
    return z.NEVER;
  });

const booleanField = (label: string) => z.boolean({ invalid_type_error: `${label} must be true or false` });

export const taskCreateSchema = z.object({
  title: titleField,
  description: optionalText("Description", DESCRIPTION_MAX),
  priority: priorityField.default("medium"),
  category: optionalText("Category", LIST_NAME_MAX),
  dueDate: dueDateField,
  assigneeName: optionalText("Assignee", 100),
  assigneeId: assigneeIdField,
  assigneeContact: optionalText("Contact note", ASSIGNEE_CONTACT_MAX),
  status: statusField.optional(),
  estimatedHours: estimatedHoursField,
  isAiGenerated: booleanField("isAiGenerated").default(false),
  originalPrompt: optionalText("Original prompt", 4000),
  dependsOn: dependsOnField.optional(),
  allowDuplicate: booleanField("allowDuplicate").default(false),
  recurrence: recurrenceField,
  /** Absent: the workspace's default reminders for a dated task. */
  reminders: remindersField.optional(),
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
    assigneeId: assigneeIdField,
    assigneeContact: optionalText("Contact note", ASSIGNEE_CONTACT_MAX),
    status: statusField,
    estimatedHours: estimatedHoursField,
    isAiGenerated: booleanField("isAiGenerated"),
    originalPrompt: optionalText("Original prompt", 4000),
    dependsOn: dependsOnField,
    allowDuplicate: booleanField("allowDuplicate"),
    recurrence: recurrenceField,
    reminders: remindersField,
  })
  .partial();
export type TaskUpdateInput = z.infer<typeof taskUpdateSchema>;

/** A list filter that is on or off: `1`/`true`/`on` on, `0`/`false`, empty or absent off. */
const filterFlag = (name: string) =>
  z.preprocess(
    (v) => (v === "1" || v === "true" || v === "on" ? true : v === "0" || v === "false" || v === "" ? undefined : v),
    z.boolean({ invalid_type_error: `${name} must be 1 or 0` }).optional(),
  );

export const taskFiltersSchema = z.object({
  status: z.string().trim().max(LIST_NAME_MAX).optional(),
  // A filter form's "All" option submits an empty value: no filter, like the text filters.
  priority: z.preprocess((v) => (v === "" ? undefined : v), priorityField.optional()),
  category: z.string().trim().max(LIST_NAME_MAX).optional(),
  /** An assignee's name, any case; `me` is the caller (as `mine`). */
  assignee: z.string().trim().max(100).optional(),
  /** Only the caller's tasks ('My tasks'): `1`/`true` on, `0`/`false` or absent off. */
  mine: filterFlag("mine"),
  /** Only open tasks at risk (app/domain/risks.ts), the most costly first unless `sort` says otherwise. */
  risk: filterFlag("risk"),
  q: z.string().trim().max(200, "Search must be at most 200 characters").optional(),
  /** The order (app/domain/task-order.ts): `due`, `priority`, `status`, `title`, `owner`; `-due` reverses it. */
  sort: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(SORT_VALUES, { errorMap: () => ({ message: `sort must be one of ${SORT_VALUES.join(", ")}` }) }).optional(),
  ),
  /** Groups the list: `days` (to the show), `category`, `owner` or `status`. */
  group: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(GROUP_KEYS, { errorMap: () => ({ message: `group must be one of ${GROUP_KEYS.join(", ")}` }) }).optional(),
  ),
});
export type TaskFilters = z.infer<typeof taskFiltersSchema>;

/**
 * Optional text whose absence means "unchanged": a left-out field stays undefined, while null or blank clears it
 * (a form sends an emptied input as "").
 */
/** The longest venue address a day sheet shows. */
export const VENUE_ADDRESS_MAX = 300;

const clearableText = (label: string, max: number) =>
  text(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** A local calendar day (`YYYY-MM-DD`) that may be cleared: the event's days. */
const eventDayField = (label: string) =>
  clearableText(label, 10).refine(
    (v) => v == null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && normalizeDueDate(v, "UTC") !== null),
    `${label} must be a real date (YYYY-MM-DD)`,
  );

/**
 * Workspace settings, for the settings form and `PUT /api/workspace`. Every field is optional; the event's
 * date and time are wall-clock values in the (new) timezone. See app/domain/event-settings.ts.
 */
export const eventSettingsSchema = z.object({
  /** The workspace's own name (the header, the switcher, invitations); it cannot be cleared, only changed. */
  name: text("Workspace name")
    .trim()
    .min(1, "Workspace name is required")
    .max(WORKSPACE_NAME_MAX, `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters`)
    .optional(),
  eventName: clearableText("Event name", EVENT_NAME_MAX),
  eventDate: eventDayField("Event date"),
  eventTime: clearableText("Event time", 8).refine(
    (v) => v == null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
    "Event time must be a time of day (HH:MM)",
  ),
  /** The last show day, load-in and load-out: local days around the start (app/domain/event-settings.ts). */
  eventEndDate: eventDayField("Last show day"),
  loadInDate: eventDayField("Load-in date"),
  loadOutDate: eventDayField("Load-out date"),
  timezone: text("Timezone")
    .trim()
    .refine(isValidTimezone, "Choose a timezone from the list, such as Europe/London")
    .optional(),
  /**
   * The work the plan assumes for a task nobody estimated, in hours (app/domain/critical-path.ts). An empty form
   * field leaves it as it is.
   */
  assumedEstimateHours: z
    .number({ invalid_type_error: "Assumed estimate must be a number of hours" })
    .min(ASSUMED_ESTIMATE_MIN_HOURS, `Assumed estimate must be at least ${ASSUMED_ESTIMATE_MIN_HOURS} hour`)
    .max(ASSUMED_ESTIMATE_MAX_HOURS, `Assumed estimate must be at most ${ASSUMED_ESTIMATE_MAX_HOURS} hours`)
    .optional(),
  /** The reminders a new dated task gets when its creator names none (owners only, as every setting). */
  defaultReminders: remindersField.optional(),
  /** The crew rules (issue 35): a person's longest day and shortest rest between two days, in hours. */
  ...crewRulesFields,
  /** Day sheets (ADR 044): the venue's address on every sheet, and the evening DM's time and switch. */
  venueAddress: clearableText("Venue address", VENUE_ADDRESS_MAX),
  daySheetTime: text("Day sheet time")
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Day sheet time must be a time of day (HH:MM)")
    .optional(),
  daySheetEnabled: z.boolean({ invalid_type_error: "Day sheet DM must be true or false" }).optional(),
});
export type EventSettingsInput = z.infer<typeof eventSettingsSchema>;

/**
 * A new event workspace (`/workspaces`' form): its name, and optionally the event's name and date, which work
 * as in the settings (the date is the venue's day in the timezone the new workspace takes over).
 */
export const newWorkspaceSchema = eventSettingsSchema.pick({ eventName: true, eventDate: true }).extend({
  name: text("Workspace name")
    .trim()
    .min(1, "Workspace name is required")
    .max(WORKSPACE_NAME_MAX, `Workspace name must be at most ${WORKSPACE_NAME_MAX} characters`),
});
export type NewWorkspaceInput = z.infer<typeof newWorkspaceSchema>;

/** A question for the assistant (`POST /api/assistant`, the assistant box on the dashboard and the tasks page). */
export const assistantQuestionSchema = z.object({
  question: z
    .string({ required_error: QUESTION_MISSING, invalid_type_error: "question must be text" })
    .trim()
    .min(1, QUESTION_MISSING)
    .max(QUESTION_MAX, QUESTION_TOO_LONG),
});

const NO_TASKS_SELECTED = "No Tasks Selected – Please select at least one task to create.";

/** `POST /api/templates/{id}/apply` and the template page's form: which of the template's tasks to create. */
export const templateApplySchema = z.object({
  indexes: z
    .array(
      z.number({ invalid_type_error: "Task indexes must be numbers" }).int("Task indexes must be whole numbers").min(0),
      {
        required_error: NO_TASKS_SELECTED,
        invalid_type_error: "indexes must be a list of task numbers",
      },
    )
    .max(100)
    .transform((indexes) => [...new Set(indexes)].sort((a, b) => a - b))
    .refine((indexes) => indexes.length > 0, NO_TASKS_SELECTED),
  /**
   * When the template's usual length does not fit the days left: squeeze it into them (`compress`, the default) or
   * keep its lead times and have what has passed due today (`keep`).
   */
  mode: z.enum(["compress", "keep"], { invalid_type_error: "mode must be compress or keep" }).optional(),
});

/** `GET /api/tasks/similar?title=…`: the title to compare with the open tasks. */
export const similarTasksQuerySchema = z.object({
  title: z
    .string({ required_error: "Send the title to compare as ?title=" })
    .trim()
    .min(1, "Send the title to compare as ?title=")
    .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
});

/** `DELETE /api/tasks/{id}?series=`: this occurrence alone (the default) or it and the later ones of its series. */
export const taskDeleteQuerySchema = z.object({
  series: z
    .enum(["this", "following"], { errorMap: () => ({ message: "series must be this or following" }) })
    .default("this"),
});

/** Optional paging of `GET /api/tasks` for large workspaces; without `limit` the whole list comes back. */
export const taskPageSchema = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 500")
    .max(500, "limit must be between 1 and 500")
    .optional(),
  offset: z.coerce
    .number({ invalid_type_error: "offset must be a number" })
    .int("offset must be a whole number")
    .min(0, "offset cannot be negative")
    .max(1_000_000, "offset is too large")
    .default(0),
});

/** The browser checks the demo signup form without zod (app/domain/demo-signup.ts), with these messages. */
export const demoSignupSchema = z.object({
  name: text("Name", NAME_TOO_SHORT).trim().min(NAME_MIN, NAME_TOO_SHORT).max(NAME_MAX, NAME_TOO_LONG),
  email: text("Email", INVALID_EMAIL).trim().max(EMAIL_MAX, INVALID_EMAIL).email(INVALID_EMAIL),
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

const taskTextField = text("Text", "Type or paste at least one task")
  .trim()
  .min(1, "Type or paste at least one task")
  .max(TASK_TEXT_MAX, "Keep the text under 4,000 characters");

/** 'Add with AI' preview: the producer's text. */
export const taskTextSchema = z.object({ text: taskTextField });

/** `POST /api/tasks/parse`: the text, and optionally the instant and timezone to read dates against. */
export const taskParseSchema = z.object({
  text: taskTextField,
  now: z
    .string({ invalid_type_error: "now must be an ISO date-time" })
    .datetime({ offset: true, message: "now must be an ISO date-time such as 2026-06-10T09:00:00Z" })
    .transform((v) => new Date(v))
    .optional(),
  timezone: z
    .string({ invalid_type_error: "timezone must be an IANA timezone name" })
    .trim()
    .refine(isValidTimezone, "timezone must be an IANA timezone name such as Europe/London")
    .optional(),
});

/**
 * One previewed task as the confirm form sends it back (edited or not). The due date arrives as a date and
 * an optional time from native inputs; `remove` is the no-JavaScript way to drop a row; `allowDuplicate` is
 * the row's 'Create anyway'.
 */
const parsedTaskRowSchema = z
  .object({
    title: titleField,
    description: optionalText("Description", DESCRIPTION_MAX),
    dueDay: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Due date must be a date")
      .nullish(),
    dueTime: z
      .string()
      .trim()
      .regex(/^\d{2}:\d{2}$/, "Time must be HH:MM")
      .nullish(),
    assigneeName: optionalText("Owner", 100),
    priority: priorityField.default("medium"),
    category: optionalText("Category", LIST_NAME_MAX),
    estimatedHours: estimatedHoursField,
    recurrence: recurrenceField,
    /** Absent: the workspace's default reminders, as for any new dated task. */
    reminders: remindersField.optional(),
    remove: z.boolean().default(false),
    allowDuplicate: z.boolean().default(false),
  })
  .transform(({ dueDay, dueTime, ...row }) => ({
    ...row,
    dueDate: dueDay ? (dueTime ? `${dueDay}T${dueTime}` : dueDay) : null,
  }))
  .refine((row) => row.dueDate === null || normalizeDueDate(row.dueDate, "UTC") !== null, {
    message: "Due date must be a real date",
    path: ["dueDay"],
  });

/** 'Add with AI' confirm: the text the tasks came from and the rows to create. */
export const parsedTasksConfirmSchema = z.object({
  prompt: taskTextField,
  tasks: z
    .array(parsedTaskRowSchema)
    .max(TASK_BATCH_MAX, `Create at most ${TASK_BATCH_MAX} tasks at once`)
    .transform((rows) => rows.filter((row) => !row.remove).map(({ remove: _, ...row }) => row))
    .refine((rows) => rows.length > 0, "Nothing to create: every task was removed"),
});
export type ParsedTasksConfirm = z.infer<typeof parsedTasksConfirmSchema>;

/**
 * A member's personal morning DM (`/team`'s "My notifications", `PUT /api/notifications/morning-dm`): on or off,
 * the local hour, their timezone (blank: the workspace's), and whether to send on a day with nothing to say.
 * A form sends an unticked box as nothing, which is off.
 */
export const morningDmSchema = z.object({
  enabled: booleanField("enabled").default(false),
  hour: z
    .number({ invalid_type_error: "Hour must be a number from 0 to 23", required_error: "Choose an hour" })
    .int("Hour must be a whole hour")
    .min(0, "Hour must be from 0 to 23")
    .max(23, "Hour must be from 0 to 23"),
  timezone: text("Timezone")
    .trim()
    .refine((v) => v === "" || isValidTimezone(v), "Choose a timezone from the list, such as Europe/London")
    .nullish()
    .transform((v) => v || null),
  evenWhenEmpty: booleanField("evenWhenEmpty").default(false),
});
export type MorningDmInput = z.infer<typeof morningDmSchema>;

/** `POST /api/notifications/read`: the ids to mark read, or all of them when left out. */
export const notificationsReadSchema = z.object({
  ids: z
    .array(z.string({ invalid_type_error: "ids must be notification ids" }).trim().min(1).max(64), {
      invalid_type_error: "ids must be a list of notification ids",
    })
    .max(100, "Mark at most 100 notifications at once")
    .optional(),
});

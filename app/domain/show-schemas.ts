import { z } from "zod";
import { optionalText, OUTSIDE_ASSIGNEE, text } from "./schemas";
import {
  CUE_DEPARTMENT_MAX,
  CUE_NOTES_MAX,
  CUE_TIMINGS,
  CUE_TITLE_MAX,
  isCalendarDay,
  isClockTime,
  MAX_CUE_DURATION_SECONDS,
  MAX_CUE_TASKS,
  MAX_CUES_PER_DAY,
  DURATION_HINT,
  parseDuration,
} from "./show";
import { STAGE_NAME_MAX } from "./stages";

/**
 * Schemas of the run-of-show API and the /show page's forms (issue 17). Errors come back as the tasks API's do:
 * `{error, fieldErrors}`. The API takes a duration in seconds; the forms (and CSV) take it as people type it.
 */

export const dayField = text("day").trim().refine(isCalendarDay, "day must be a real date like 2026-06-06");

const titleField = text("Title")
  .trim()
  .min(1, "Title is required")
  .max(CUE_TITLE_MAX, `Title must be at most ${CUE_TITLE_MAX} characters`);

const startField = text("Start")
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isClockTime(v), "Start must be a time like 19:30");

const durationField = z
  .number({ invalid_type_error: "duration must be a number of seconds", required_error: "duration is required" })
  .int("duration must be whole seconds")
  .min(1, "duration must be at least 1 second")
  .max(MAX_CUE_DURATION_SECONDS, "A cue lasts at most 24 hours");

/** The forms' duration, written as `DURATION_HINT` says; more than 0 and at most a day. */
const durationTextField = text("Duration").transform((v, ctx) => {
  const seconds = parseDuration(v);
  if (seconds !== null && seconds > 0) return seconds;
  ctx.addIssue({
    code: "custom",
    message: seconds === 0 ? "Duration must be more than 0" : `Duration must be like ${DURATION_HINT}`,
  });
  return z.NEVER;
});

const timingField = z.enum(CUE_TIMINGS, { errorMap: () => ({ message: "Timing must be fixed or flexible" }) });

const assigneeIdField = text("Owner")
  .trim()
  .max(64, "Owner must be a member's id")
  .nullish()
  .transform((v) => (v && v !== OUTSIDE_ASSIGNEE ? v : null));

/** Linked tasks: ids of the workspace's tasks (checked by the service), the whole set, replaced on update. */
const taskIdsField = z.preprocess(
  // A form sends one checked task as a lone string.
  (v) => (typeof v === "string" ? [v] : v),
  z
    .array(z.string({ invalid_type_error: "taskIds must be task ids" }).trim().min(1).max(64), {
      invalid_type_error: "taskIds must be a list of task ids",
    })
    .max(MAX_CUE_TASKS, `A cue can wait on at most ${MAX_CUE_TASKS} tasks`)
    .transform((ids) => [...new Set(ids)]),
);

/**
 * The cue's stage (ADR 037): a stage id of the workspace (checked by the service), or null / blank for the cues on
 * no stage.
 */
const stageIdField = z
  .string({ invalid_type_error: "stageId must be a stage id or null" })
  .trim()
  .max(64, "stageId must be a stage id")
  .nullable()
  .transform((v) => (v ? v : null));

const cueFields = {
  title: titleField,
  start: startField,
  timing: timingField,
  department: optionalText("Department", CUE_DEPARTMENT_MAX),
  assigneeId: assigneeIdField,
  assigneeName: optionalText("Owner", 100),
  assigneeContact: optionalText("Contact note", 200),
  notes: optionalText("Notes", CUE_NOTES_MAX),
  taskIds: taskIdsField,
  stageId: stageIdField,
};

/** A fixed cue keeps its start, so it needs one. */
function fixedNeedsStart(value: { timing?: string; start?: string | null }, ctx: z.RefinementCtx) {
  if (value.timing === "fixed" && !value.start) {
    ctx.addIssue({ code: "custom", path: ["start"], message: "A fixed cue needs a start time" });
  }
}

/** `POST /api/show/cues`. */
export const cueCreateSchema = z
  .object({
    ...cueFields,
    day: dayField,
    duration: durationField,
    timing: timingField.default("flexible"),
    taskIds: taskIdsField.optional(),
    stageId: stageIdField.optional().transform((v) => v ?? null),
  })
  .superRefine(fixedNeedsStart);
export type CueCreateInput = z.infer<typeof cueCreateSchema>;

/**
 * `PATCH /api/show/cues/{id}`: any of the fields; a left-out field stays as it is. A new `day` moves the cue to the end
 * of that day's rundown.
 */
export const cueUpdateSchema = z.object({ ...cueFields, day: dayField, duration: durationField }).partial();
export type CueUpdateInput = z.infer<typeof cueUpdateSchema>;

/** The /show page's add form (Conform): the duration as typed. */
export const cueFormSchema = z
  .object({
    ...cueFields,
    day: dayField,
    duration: durationTextField,
    timing: timingField.default("flexible"),
    taskIds: taskIdsField.optional(),
    stageId: stageIdField.optional().transform((v) => v ?? null),
  })
  .superRefine(fixedNeedsStart);

/** The page's edit form: every field sent, the cue named. */
export const cueEditFormSchema = z
  .object({
    ...cueFields,
    cueId: text("cueId").trim().min(1).max(64),
    day: dayField.optional(),
    duration: durationTextField,
    taskIds: taskIdsField.optional(),
    stageId: stageIdField.optional().transform((v) => v ?? null),
  })
  .superRefine(fixedNeedsStart);

/** `POST /api/show/cues/reorder`: every cue of one sheet (the day's, on `stageId` or on none), in the new order. */
export const cueReorderSchema = z.object({
  day: dayField,
  stageId: stageIdField.optional().transform((v) => v ?? null),
  ids: z
    .array(z.string({ invalid_type_error: "ids must be cue ids" }).trim().min(1).max(64), {
      invalid_type_error: "ids must be a list of cue ids",
      required_error: "ids is required",
    })
    .min(1, "ids must name the day's cues")
    .max(MAX_CUES_PER_DAY, `A day holds at most ${MAX_CUES_PER_DAY} cues`),
});

/** The page's up/down buttons. */
export const cueMoveSchema = z.object({
  cueId: text("cueId").trim().min(1).max(64),
  direction: z.enum(["up", "down"]),
});

export const cueIdSchema = z.object({ cueId: text("cueId").trim().min(1).max(64) });

/**
 * `?stage=` of the API's reads and writes by day (ADR 037): a stage id, or `none` for the cues on no stage; absent
 * means the cues on no stage too (a workspace without stages has only those), except for the CSV export (every sheet).
 */
const stageQueryField = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.string({ invalid_type_error: "stage must be a stage id" }).trim().max(64, "stage must be a stage id").optional(),
);

/** `GET /api/show?day=&stage=`: an absent or blank day means the default show day. */
export const showDayQuerySchema = z.object({
  day: z.preprocess((v) => (v === "" ? undefined : v), dayField.optional()),
  stage: stageQueryField,
});

/** `POST /api/show/stages` and `PATCH /api/show/stages/{id}`: the name's rules are the service's (one refusal text). */
export const stageNameSchema = z.object({
  name: text("Stage name").max(200, `Stage name must be at most ${STAGE_NAME_MAX} characters`),
});

/** `PATCH /api/show/stages/{id}`: a new name, a move one place up or down, or both. */
export const stageUpdateSchema = z
  .object({
    name: text("Stage name").max(200, `Stage name must be at most ${STAGE_NAME_MAX} characters`).optional(),
    direction: z.enum(["up", "down"], { errorMap: () => ({ message: "direction must be up or down" }) }).optional(),
  })
  .refine((v) => v.name !== undefined || v.direction !== undefined, "Send a name or a direction");

/** The link picker's search (`GET /api/show/task-choices?q=`). */
export const cueTaskSearchSchema = z.object({
  q: z.preprocess((v) => v ?? "", text("q").trim().max(100, "Search must be at most 100 characters")),
});

import { z } from "zod";
import { normalizeDueDate } from "./dates";
import { optionalText } from "./schemas";

/** What the list can do to many tasks at once (`POST /api/tasks/bulk`, the list's bulk bar). */

/** At most this many tasks per bulk action: a page of the list, and a bounded batch for D1. */
export const BULK_MAX = 200;

const ids = z
  .array(z.string({ invalid_type_error: "Task ids must be strings" }).trim().min(1).max(64), {
    invalid_type_error: "ids must be a list of task ids",
  })
  .min(1, "Select at least one task")
  .max(BULK_MAX, `Select at most ${BULK_MAX} tasks`)
  .transform((list) => [...new Set(list)]);

export const bulkActionSchema = z
  .discriminatedUnion(
    "action",
    [
      z.object({ action: z.literal("status"), ids, status: z.string().trim().min(1, "Choose a status").max(50) }),
      z.object({
        action: z.literal("assign"),
        ids,
        /** A member's id, the form's "Someone outside the team" (`assigneeName` names them), or null (or "") for nobody. */
        assigneeId: z
          .string()
          .trim()
          .max(64)
          .nullish()
          .transform((v) => v || null),
        /** Without a member: someone outside the team by name (a member's exact name means that member). */
        assigneeName: optionalText("Outside person", 100),
      }),
      z.object({
        action: z.literal("move"),
        ids,
        days: z.coerce
          .number({ invalid_type_error: "Days must be a whole number" })
          .int("Days must be a whole number")
          .min(-365, "Move by at most 365 days")
          .max(365, "Move by at most 365 days")
          .refine((d) => d !== 0, "Move by at least one day")
          .optional(),
        /** A date to move to (earlier or later), each task keeping its time of day; it wins over `days`. */
        to: z
          .string({ invalid_type_error: "The date to move to must be text" })
          .trim()
          .transform((v) => v || undefined)
          .refine(
            (v) => v === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(v) && normalizeDueDate(v, "UTC") !== null),
            "Choose a real date to move to (YYYY-MM-DD)",
          )
          .optional(),
      }),
      z.object({
        action: z.literal("category"),
        ids,
        category: z
          .string()
          .trim()
          .max(50, "Category must be at most 50 characters")
          .nullish()
          .transform((v) => v || null),
      }),
      z.object({ action: z.literal("delete"), ids }),
    ],
    { errorMap: () => ({ message: "Action must be status, assign, move, category or delete" }) },
  )
  .superRefine((value, ctx) => {
    if (value.action === "move" && value.days === undefined && value.to === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["days"],
        message: "Choose how many days to move by, or a date to move to",
      });
  });
export type BulkAction = z.infer<typeof bulkActionSchema>;

export const restoreSchema = z.object({ ids });

/** The handle of an 'Undo': the instant of the change it undoes (every change of one request shares it). */
export const undoSchema = z.object({
  at: z
    .string({ required_error: "Send the change's instant as at" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, "at must be the instant of a change"),
});

import { z } from "zod";
import { isCalendarDay } from "./show";

/** Schemas of the run-of-show API and forms (issue 17); the same error shape as tasks (`fieldErrors`). */

const dayField = z
  .string({ invalid_type_error: "day must be a date like 2026-06-06", required_error: "day is required" })
  .trim()
  .refine(isCalendarDay, "day must be a real date like 2026-06-06");

/** `GET /api/show?day=`: absent or blank means the default show day. */
export const showDayQuerySchema = z.object({
  day: z.preprocess((v) => (v === "" ? undefined : v), dayField.optional()),
});

import { z } from "zod";
import { recurrenceFromForm, type RepeatFormValues } from "./recurrence";
import { taskCreateSchema } from "./schemas";

/**
 * The "Repeats" control of the task forms (the create form, the task page's editor) as plain form fields, so it
 * works without JavaScript: the server reads them into an RRULE (`recurrenceFromForm`) and reports a mistake on
 * the `repeat` field.
 */

const formText = z.string().trim().max(40).optional();

/** One checkbox ticked arrives as a string, several as a list. */
const weekdays = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? undefined : typeof v === "string" ? [v] : v));

export const repeatShape = {
  repeat: formText,
  repeatEvery: formText,
  repeatDays: weekdays,
  repeatMonthDay: formText,
  repeatEnd: formText,
  repeatCount: formText,
  repeatUntil: formText,
};

type RepeatInput = { [K in keyof typeof repeatShape]?: z.infer<(typeof repeatShape)[K]> };

/** Reports a "Repeats" choice that does not make a rule on the form's `repeat` field (a superRefine step). */
export function checkRepeat(value: RepeatInput, ctx: z.RefinementCtx) {
  const result = recurrenceFromForm(value as RepeatFormValues);
  if (!result.ok) ctx.addIssue({ code: "custom", path: ["repeat"], message: result.error });
}

/**
 * The form's values without the "Repeats" fields, and the rule they make: undefined when the form sent no choice
 * (or "keep"), so the task's rule stays as it is.
 */
export function takeRepeat<T extends RepeatInput>(value: T) {
  const { repeat, repeatEvery, repeatDays, repeatMonthDay, repeatEnd, repeatCount, repeatUntil, ...rest } = value;
  const result = recurrenceFromForm({
    repeat,
    repeatEvery,
    repeatDays,
    repeatMonthDay,
    repeatEnd,
    repeatCount,
    repeatUntil,
  });
  return { rest, recurrence: result.ok ? result.recurrence : undefined };
}

/** The create form (the tasks page, the dashboard): the API's create fields plus the "Repeats" control. */
export const taskCreateFormSchema = taskCreateSchema
  .extend(repeatShape)
  .superRefine(checkRepeat)
  .transform((value) => {
    const { rest, recurrence } = takeRepeat(value);
    return { ...rest, recurrence: recurrence === undefined ? rest.recurrence : recurrence };
  });

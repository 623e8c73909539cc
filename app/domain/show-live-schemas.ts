import { z } from "zod";
import { CUE_DEPARTMENT_MAX, isCalendarDay } from "./show";
import { SHOW_ACTIONS } from "./show-live";
import { MAX_STAGES } from "./stages";

/** Schemas of show mode's API and forms (issue 17, ADR 025), apart from show-live.ts so pages ship no zod for it. */

/** `POST /api/show/live`. `fromCueId` is the current cue the caller saw (null: no show running); absent, no check. */
export const showActionSchema = z.object({
  action: z.enum(SHOW_ACTIONS, { errorMap: () => ({ message: "action must be start, rehearse, go, back or stop" }) }),
  day: z.string().trim().refine(isCalendarDay, "day must be a real date like 2026-06-06").optional(),
  fromCueId: z.string().max(64).nullable().optional(),
  /** The stage whose show this is (ADR 037); null or absent: the cues on no stage. */
  stageId: z.string({ invalid_type_error: "stageId must be a stage id or null" }).max(64).nullable().optional(),
});

export const SHARE_LABEL_MAX = 80;
export const MAX_SHARE_DEPARTMENTS = 20;
/** Active crew links per workspace: a link per department and a few spares. */
export const MAX_SHARES_PER_WORKSPACE = 20;

/** `POST /api/show/shares`: no departments (or an empty list) shares every cue. */
export const shareCreateSchema = z.object({
  departments: z
    .array(z.string().trim().min(1, "A department needs a name").max(CUE_DEPARTMENT_MAX))
    .max(MAX_SHARE_DEPARTMENTS, `At most ${MAX_SHARE_DEPARTMENTS} departments`)
    .optional(),
  label: z.string().trim().max(SHARE_LABEL_MAX, `A label is at most ${SHARE_LABEL_MAX} characters`).optional(),
  /** Stage ids (ADR 037): the link shows only their cues and shows; none (or empty) shows every stage. */
  stageIds: z
    .preprocess(
      // A form sends one ticked stage as a lone string.
      (v) => (typeof v === "string" ? [v] : v),
      z.array(z.string().trim().min(1, "A stage needs an id").max(64), {
        invalid_type_error: "stageIds must be a list of stage ids",
      }),
    )
    .refine((ids) => ids.length <= MAX_STAGES, `At most ${MAX_STAGES} stages`)
    .optional(),
});

/** A share token as the URL carries it (256 bits, base64url). */
export const SHARE_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const sharePath = (token: string) => `/show/share/${token}`;

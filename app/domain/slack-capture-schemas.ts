import { z } from "zod";
import { CAPTURE_EMOJI_MESSAGE } from "./slack-capture";

/** The capture emoji setting as forms and the API send it (ADR 040), apart from the rules so pages load no zod. */

/** Slack's short names: lowercase letters, digits, `_`, `-` and `+` (`+1`); custom ones are at most 100 long. */
const SHORT_NAME_RE = /^:?([a-z0-9_+-]{1,100}):?$/;

export const captureSettingsSchema = z.object({
  emoji: z
    .string({ required_error: CAPTURE_EMOJI_MESSAGE, invalid_type_error: CAPTURE_EMOJI_MESSAGE })
    .max(102, CAPTURE_EMOJI_MESSAGE)
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.string().regex(SHORT_NAME_RE, CAPTURE_EMOJI_MESSAGE))
    .transform((value) => SHORT_NAME_RE.exec(value)![1]),
});
export type CaptureSettingsInput = z.infer<typeof captureSettingsSchema>;

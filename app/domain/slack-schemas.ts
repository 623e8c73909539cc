import { z } from "zod";

/** The wizard's credentials form and the JSON API share this schema; the message is the spec's. */
const MISSING_CREDENTIALS = "Missing Information – Please enter both Client ID and Client Secret";

const credential = (max: number) =>
  z
    .string({ required_error: MISSING_CREDENTIALS, invalid_type_error: MISSING_CREDENTIALS })
    .trim()
    .min(1, MISSING_CREDENTIALS)
    .max(max, `Must be at most ${max} characters`);

export const slackCredentialsSchema = z.object({
  slackClientId: credential(100),
  slackClientSecret: credential(200),
  slackSigningSecret: credential(200),
});
export type SlackCredentialsInput = z.infer<typeof slackCredentialsSchema>;

/** A channel ID (`C0123ABCD`, `G…` for private) or a channel name with or without `#`. */
const CHANNEL_RE = /^(?:[CG][A-Z0-9]{6,20}|#?[a-z0-9][a-z0-9._-]{0,79})$/;
const TIME_RE = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const digestSettingsSchema = z
  .object({
    // A cleared channel field means "no channel", as null does.
    channel: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? null : v),
      z
        .string({ invalid_type_error: "Channel must be text" })
        .trim()
        .regex(CHANNEL_RE, "Channel must be a Slack channel ID (C…) or a channel name such as #production")
        .nullable(),
    ),
    time: z.string({ invalid_type_error: "Time must be text" }).trim().regex(TIME_RE, "Time must be HH:MM (24-hour clock)"),
    enabled: z.boolean({ invalid_type_error: "Enabled must be true or false" }),
  })
  .partial();
export type DigestSettingsInput = z.infer<typeof digestSettingsSchema>;

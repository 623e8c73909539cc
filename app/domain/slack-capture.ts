import { z } from "zod";

/**
 * The capture emoji (ADR 040): reacting to a Slack message with it makes a task of the message. Stored as Slack's
 * short name without colons (`memo` is :memo:).
 */

export const DEFAULT_CAPTURE_EMOJI = "memo";

/** Slack's short names: lowercase letters, digits, `_`, `-` and `+` (`+1`); custom ones are at most 100 long. */
const SHORT_NAME_RE = /^:?([a-z0-9_+-]{1,100}):?$/;

export const CAPTURE_EMOJI_MESSAGE = "Capture emoji must be an emoji name such as memo or :memo:";

export const captureSettingsSchema = z.object({
  emoji: z
    .string({ required_error: CAPTURE_EMOJI_MESSAGE, invalid_type_error: CAPTURE_EMOJI_MESSAGE })
    .max(102, CAPTURE_EMOJI_MESSAGE)
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.string().regex(SHORT_NAME_RE, CAPTURE_EMOJI_MESSAGE))
    .transform((value) => SHORT_NAME_RE.exec(value)![1]),
});
export type CaptureSettingsInput = z.infer<typeof captureSettingsSchema>;

/**
 * Whether a `reaction_added` names the capture emoji: Slack sends a skin tone as a suffix (`+1::skin-tone-2`),
 * which any tone of the emoji matches.
 */
export function isCaptureReaction(reaction: string, captureEmoji: string) {
  const cut = reaction.indexOf("::");
  return (cut === -1 ? reaction : reaction.slice(0, cut)) === captureEmoji;
}

/** How the emoji reads in Slack's own syntax, for the settings and the help text. */
export const emojiCode = (shortName: string) => `:${shortName}:`;

/** One sentence about the capture emoji as set: the save toast, and what members who cannot change it read. */
export function describeCapture(shortName: string) {
  return `React with ${emojiCode(shortName)} to a message in a channel Cueboard is in to make it a task.`;
}

/** What the task page and the API show of a task's Slack message: its channel and a link to the message. */
export interface TaskSlackLink {
  channelId: string;
  /** Without `#`; null when Slack did not say. */
  channelName: string | null;
  url: string;
}

/** The link to a task's message: its permalink, or (Slack gave none) the channel through Slack's app_redirect. */
export function taskSlackLink(row: {
  permalink: string | null;
  teamId: string;
  channelId: string;
  channelName: string | null;
}): TaskSlackLink {
  const url =
    row.permalink ??
    `https://slack.com/app_redirect?${new URLSearchParams({ team: row.teamId, channel: row.channelId })}`;
  return { channelId: row.channelId, channelName: row.channelName, url };
}

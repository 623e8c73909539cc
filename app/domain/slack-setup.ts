/**
 * What the browser says about Slack setup and install outcomes: the dashboard's `slack_error` toast, the
 * wizard's steps and its credentials check. Pure, so the dashboard, the wizard and their tests share it.
 */

/** The spec's install errors. */
const SLACK_ERROR_MESSAGES: Record<string, string> = {
  access_denied: "Installation was cancelled",
  config_missing: "Slack app configuration is missing",
  no_code: "Authorization failed - no code received",
  callback_failed: "Something went wrong during installation",
};

/** The value comes from the address bar; a long one is cut so the toast stays readable. */
const MAX_SHOWN_VALUE = 60;

/** The toast text for a `slack_error` query value (spec §8: any other value reads 'Error: {value}'). */
export function slackErrorMessage(value: string) {
  if (Object.hasOwn(SLACK_ERROR_MESSAGES, value)) return SLACK_ERROR_MESSAGES[value];
  const shown = value.length > MAX_SHOWN_VALUE ? `${value.slice(0, MAX_SHOWN_VALUE - 1)}…` : value;
  return `Error: ${shown}`;
}

export const SLACK_ERROR_TITLE = "Slack Installation Failed";

export const SETUP_STEP_COUNT = 5;

export const SETUP_STEP_TITLES = [
  "Connect your own Slack app",
  "Create the app from our manifest",
  "Check the redirect URL",
  "Enter your app credentials",
  "Setup Complete",
] as const;

/** Slack's "Create New App" page; the manifest option is the second choice in its dialog. */
export const SLACK_NEW_APP_URL = "https://api.slack.com/apps?new_app=1";

export interface CredentialValues {
  slackClientId: string;
  slackClientSecret: string;
  slackSigningSecret: string;
}

/**
 * 'Save Credentials' stays disabled while a field is empty. Whitespace counts as typed here, so a
 * blank-looking value reaches the trimmed check and its message instead of a silently dead button.
 */
export function credentialsTyped(values: CredentialValues) {
  return Object.values(values).every((value) => value.length > 0);
}

export interface DigestSummary {
  enabled: boolean;
  channel: string | null;
  time: string;
  timezone: string;
}

/** One sentence about the digest as set: the save toast, and what members who cannot change it read. */
export function describeDigest(digest: DigestSummary) {
  if (!digest.enabled) return "The morning digest is off.";
  if (!digest.channel) return "The morning digest is on but has no channel yet, so nothing is posted.";
  return `The morning digest posts to ${digest.channel} at ${digest.time} (${digest.timezone}).`;
}

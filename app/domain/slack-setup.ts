/**
 * What the browser says about Slack setup: the wizard's steps, its credentials check and the digest's summary. Pure,
 * so the Chat Integration card, the wizard, the /slack-setup page and their tests share it. (The install's errors,
 * which the dashboard shows, are ./slack-install-errors.ts: a module goes into the client's chunks whole.)
 */

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

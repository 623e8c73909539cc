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

/**
 * What the manifest asks of Slack beyond commands and replies, and what each is for (ADR 040), as the wizard and
 * the /slack-setup page list them. `grants` names the scopes and events exactly as Slack's consent screen and app
 * settings do.
 */
export const SLACK_ACCESS_REASONS = [
  {
    what: "Reactions",
    grants: "reactions:read, reaction_added",
    why: "React to a message with the capture emoji (:memo: unless you change it) to turn it into a task.",
  },
  {
    what: "Messages in channels Cueboard is in",
    grants: "channels:history, groups:history, message.channels, message.groups",
    why: "Read the message you capture, and the replies in a task's thread, so the task keeps its conversation.",
  },
  {
    what: "Channel names",
    grants: "channels:read, groups:read",
    why: "Show which channel a task came from (From Slack · #production).",
  },
  {
    what: "Files",
    grants: "files:read",
    why: "Keep the files shared in a task's thread with the task.",
  },
] as const;

/** Slack grants new scopes and events only on a new install: what an existing installation must do. */
export const REINSTALL_NOTE =
  "Installed Cueboard before message capture came? Paste the manifest again on your app's App Manifest page in Slack, then click 'Add to Slack' again: Slack grants the new permissions only when the app is reinstalled.";

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

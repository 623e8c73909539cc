/**
 * The Slack install's errors as the dashboard's `slack_error` toast says them (spec §8). Apart from ./slack-setup.ts,
 * whose wizard steps the dashboard's first load does not need: a module goes into the client's chunks whole.
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

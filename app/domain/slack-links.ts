/**
 * Linking a Slack user to a Cueboard member (ADR 014): how long a link lasts, what the member lets the Slack
 * user do, and how the Slack user is named on the confirmation page. Pure.
 */

export const SLACK_LINK_TTL_MS = 15 * 60 * 1000;

/** What a linked Slack user can do as the member, in this workspace: the confirmation page lists it. */
export const SLACK_LINK_ABILITIES = [
  "See this workspace's tasks (/tasks, /overdue) and ask the assistant about them",
  "Create tasks (/new, @Cueboard mentions, 'Create task from message'), counted against the workspace's plan",
  "Mark tasks done, snooze them and assign them to you with the buttons in Slack",
] as const;

/** A Slack user as people recognise them: display name and @handle, when Slack told us. */
export interface SlackPerson {
  name: string | null;
  handle: string | null;
}

const clean = (value: unknown, max: number) => (typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null);

/**
 * The name and handle from a `users.info` user: the display name people chose, else their real name; the
 * handle is the account's `name`.
 */
export function slackPersonOf(user: {
  name?: unknown;
  real_name?: unknown;
  profile?: { display_name?: unknown; real_name?: unknown } | null;
}): SlackPerson {
  return {
    name: clean(user.profile?.display_name, 80) ?? clean(user.profile?.real_name, 80) ?? clean(user.real_name, 80),
    handle: clean(user.name, 80),
  };
}

/** `Vince Vendor (@vince)`, or as much of it as is known, else the Slack user id. */
export function slackPersonLabel(person: SlackPerson, slackUserId: string) {
  const handle = person.handle ? `@${person.handle}` : null;
  if (person.name && handle) return `${person.name} (${handle})`;
  return person.name ?? handle ?? slackUserId;
}

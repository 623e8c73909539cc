// No zod here: the browser's activity tracker, on every page, imports these names.

/**
 * The CRM's product events. Browsers name what happened (`demo_signup`); the record stores the activity type
 * it maps to (`signup_completed`), as the spec lists them.
 */
export const ACTIVITY_EVENTS = {
  demo_signup: "signup_completed",
  dashboard_visit: "dashboard_visited",
  task_created: "task_created",
  slack_connected: "slack_connected",
  page_view: "page_visited",
} as const;
export type ActivityEvent = keyof typeof ACTIVITY_EVENTS;

export const ACTIVITY_TYPES = [
  "signup_completed",
  "dashboard_visited",
  "task_created",
  "slack_connected",
  "page_visited",
] as const satisfies readonly (typeof ACTIVITY_EVENTS)[ActivityEvent][];
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

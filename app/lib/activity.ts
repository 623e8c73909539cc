import { ACTIVITY_EVENTS, type ActivityEvent } from "~/domain/activity";

/**
 * Activity tracking from the browser (spec §7): one analytics session id per tab, kept in sessionStorage, and
 * fire-and-forget reports (fetch with keepalive, so a report survives the navigation that follows it;
 * failures are ignored, as the spec has it). Browser-only: call from effects and event handlers.
 */
const SESSION_KEY = "cb_analytics_session";

function newSessionId() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID exists only in secure contexts; plain-http deployments get the same 128 random bits as hex.
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The tab's analytics session id, created on first use; null where storage is blocked. */
function analyticsSessionId() {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = newSessionId();
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

function send(path: string, body: Record<string, unknown>) {
  const sessionId = analyticsSessionId();
  if (!sessionId) return;
  fetch(path, {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, sessionId }),
  }).catch(() => undefined);
}

/** A page view: only the path goes out, never the query (it can carry tokens). */
export function trackPageVisit(path: string) {
  send("/api/crm/page-visit", { page: path });
}

/** A product event of a signed-in person, e.g. `trackActivity("task_created")`. */
export function trackActivity(event: ActivityEvent, extras: Record<string, unknown> = {}) {
  send("/api/crm/user-activity", {
    activityType: ACTIVITY_EVENTS[event],
    activityData: { event, ...extras },
    page: window.location.pathname,
  });
}

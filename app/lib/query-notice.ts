import { slackErrorMessage, slackErrorTitle } from "~/domain/slack-setup";
import type { ToastMessage } from "./toast";

/**
 * Query values other flows put on `/dashboard` when they send the producer back: checkout's `upgrade`, and the
 * Slack install's `slack_success` (with `team`) or `slack_error`. The dashboard shows each once as a toast and
 * removes them from the address.
 */
export const NOTICE_PARAMS = ["upgrade", "slack_success", "team", "slack_error"] as const;

/** The toast the query asks for, if any (spec §4 "Return from install", §8 install errors). */
export function queryNotice(params: URLSearchParams): ToastMessage | null {
  const upgrade = params.get("upgrade");
  if (upgrade === "success") {
    return { title: "Upgrade Successful", description: "Your new plan is active. Thank you!", variant: "success" };
  }
  if (upgrade === "cancelled") {
    return { title: "Upgrade Cancelled", description: "Checkout was cancelled and nothing was charged." };
  }
  const slackError = params.get("slack_error");
  if (slackError !== null) {
    return { title: slackErrorTitle(slackError), description: slackErrorMessage(slackError), variant: "destructive" };
  }
  if (params.has("slack_success")) {
    const team = params.get("team")?.trim().slice(0, 100);
    return {
      title: "Slack Connected",
      description: team ? `Cueboard is installed in ${team}.` : "Cueboard is installed in your Slack workspace.",
      variant: "success",
    };
  }
  return null;
}

/** The address without the notice values: `pathname?search` of what is left. */
export function withoutNoticeParams(url: URL) {
  const params = new URLSearchParams(url.search);
  for (const key of NOTICE_PARAMS) params.delete(key);
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

import { SLACK_ERROR_TITLE, slackErrorMessage } from "~/domain/slack-install-errors";
import { isPlanId, type PlanId } from "~/domain/tiers";
import type { ToastMessage } from "./toast";

/**
 * Query values other flows put on `/dashboard` when they send the producer back: checkout's `upgrade`, and the
 * Slack install's `slack_success` (with `team`) or `slack_error`. The dashboard shows each once as a toast and
 * removes them from the address.
 */
const NOTICE_PARAMS = ["upgrade", "plan", "slack_success", "team", "slack_error"] as const;

export const UPGRADE_SUCCESSFUL: ToastMessage = {
  title: "Upgrade Successful",
  description: "Your new plan is active. Thank you!",
  variant: "success",
};

/** A return from checkout whose payment Stripe has not confirmed to us yet. */
export const UPGRADE_PENDING: ToastMessage = {
  title: "Payment Received",
  description: "Stripe is still confirming it; your new plan appears here within a minute or two. Reload to check.",
};

/**
/**
 * The toast the query asks for, if any (spec §4 "Return from install", §8 install errors). The address alone
 * claims nothing: `slack_success` is shown only when the server confirms an install of this workspace just
 * finished (`slackInstall`, with the installed team's name), and `upgrade=success` is not among them at all (only
 * the billing service can say a plan was bought: `checkUpgradeReturn`).
 */
export function queryNotice(
  params: URLSearchParams,
  confirmed: { slackInstall: { teamName: string | null } | null },
): ToastMessage | null {
  const upgrade = params.get("upgrade");
  if (upgrade === "cancelled") {
    return { title: "Upgrade Cancelled", description: "Checkout was cancelled and nothing was charged." };
  }
  const slackError = params.get("slack_error");
  if (slackError !== null) {
    return { title: SLACK_ERROR_TITLE, description: slackErrorMessage(slackError), variant: "destructive" };
  }
  if (params.has("slack_success") && confirmed.slackInstall) {
    const team = confirmed.slackInstall.teamName?.trim().slice(0, 100);
    return {
      title: "Slack Connected",
      description: team ? `Cueboard is installed in ${team}.` : "Cueboard is installed in your Slack workspace.",
      variant: "success",
    };
  }
  return null;
}

/** The plan a return from checkout (`?upgrade=success&plan=…`) is about; any paid plan when none is named. */
export function checkoutReturnPlan(params: URLSearchParams): PlanId | null {
  if (params.get("upgrade") !== "success") return null;
  const named = params.get("plan");
  return isPlanId(named) ? named : "basic";
}

/** The address without the notice values: `pathname?search` of what is left. */
export function withoutNoticeParams(url: URL) {
  const params = new URLSearchParams(url.search);
  for (const key of NOTICE_PARAMS) params.delete(key);
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

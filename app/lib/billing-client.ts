import type { PlanId } from "~/domain/tiers";
import type { ApiResult } from "./api-client";

/** Where checkout sends the browser back (spec §7); `plan` tells the dashboard which tier to wait for. */
export function checkoutBody(plan: PlanId, origin: string) {
  return {
    tier: plan,
    successUrl: `${origin}/dashboard?upgrade=success&plan=${plan}`,
    cancelUrl: `${origin}/dashboard?upgrade=cancelled`,
  };
}

export type CheckoutOutcome =
  | { kind: "redirect"; url: string }
  | { kind: "sign-in" }
  | { kind: "not-configured" }
  | { kind: "failed"; message: string };

const FAILED = "Failed to start upgrade process. Please try again.";

/** What the upgrade dialog does with the checkout call's answer (spec §4 "Upgrade", §8). */
export function checkoutOutcome(result: ApiResult<{ url?: unknown }>): CheckoutOutcome {
  if (result.ok) {
    const url = result.data?.url;
    return typeof url === "string" && url ? { kind: "redirect", url } : { kind: "failed", message: "No checkout URL received" };
  }
  if (result.status === 401) return { kind: "sign-in" };
  if (result.status === 503) return { kind: "not-configured" };
  return { kind: "failed", message: result.message ?? (result.status ? `HTTP ${result.status}` : FAILED) };
}

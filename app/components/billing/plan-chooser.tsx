import { useRouteLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { PLAN_DETAILS, PLAN_IDS, PLANS, planAvailability, type PlanId, type Tier } from "~/domain/tiers";
import { callApi } from "~/lib/api-client";
import { checkoutBody, checkoutOutcome } from "~/lib/billing-client";
import { cn } from "~/lib/utils";
import type { loader as rootLoader } from "~/root";
import { PLAN_NOTE, PlanCard } from "./plan-card";

export const BILLING_NOT_CONFIGURED = "Billing is not configured";

/** The notice where plans cannot be bought because the server has no Stripe keys. */
function BillingNotConfigured() {
  return (
    <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <strong className="font-semibold">{BILLING_NOT_CONFIGURED}</strong> on this server, so plans cannot be bought
      here yet. Everything else keeps working.
    </p>
  );
}

/**
 * The plan cards with their buttons (spec "Upgrade modal"): 'Current Plan', 'Not Available', or a form that
 * posts to /upgrade (which redirects to Stripe, so it works without JavaScript). With JavaScript the button
 * calls `POST /api/billing/checkout-session`, says 'Redirecting...' and sends the browser to the returned address.
 */
export function PlanChooser({ tier, compact = false }: { tier: Tier; compact?: boolean }) {
  const toast = useToast();
  const billingEnabled = useRouteLoaderData<typeof rootLoader>("root")?.billingEnabled ?? true;
  const [processing, setProcessing] = useState<PlanId | null>(null);
  const [notConfigured, setNotConfigured] = useState(!billingEnabled);

  async function choose(plan: PlanId, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProcessing(plan);
    const result = await callApi<{ url?: unknown }>(
      "POST",
      "/api/billing/checkout-session",
      checkoutBody(plan, window.location.origin),
    );
    const outcome = checkoutOutcome(result);
    if (outcome.kind === "redirect") {
      // Stays 'Redirecting...' until the browser has left for Stripe.
      window.location.assign(outcome.url);
      return;
    }
    setProcessing(null);
    if (outcome.kind === "not-configured") setNotConfigured(true);
    else if (outcome.kind === "sign-in") {
      toast({ title: "Authentication Required", description: "Please sign in to upgrade your subscription", variant: "destructive" });
    } else toast({ title: "Upgrade Failed", description: outcome.message, variant: "destructive" });
  }

  return (
    <div className="grid gap-4">
      {notConfigured ? <BillingNotConfigured /> : null}
      <ul className={cn("grid gap-5 md:grid-cols-2", compact ? "mt-2" : "mt-4")}>
        {PLAN_IDS.map((plan) => {
          const availability = planAvailability(tier, plan);
          const variant = PLAN_DETAILS[plan].popular ? "default" : "secondary";
          return (
            <PlanCard
              key={plan}
              plan={plan}
              compact={compact}
              action={
                availability === "available" ? (
                  <form method="post" action="/upgrade" onSubmit={(event) => void choose(plan, event)}>
                    <input type="hidden" name="intent" value="checkout" />
                    <input type="hidden" name="tier" value={plan} />
                    <Button type="submit" variant={variant} className="w-full" disabled={processing !== null || notConfigured}>
                      {processing === plan ? "Redirecting..." : `Upgrade to ${PLANS[plan].name}`}
                    </Button>
                  </form>
                ) : (
                  <Button type="button" variant="secondary" className="w-full" disabled>
                    {availability === "current" ? "Current Plan" : "Not Available"}
                  </Button>
                )
              }
            />
          );
        })}
      </ul>
      <p className="text-center text-sm text-slate-600">{PLAN_NOTE}</p>
    </div>
  );
}

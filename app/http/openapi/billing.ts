import { checkoutSessionSchema, portalSessionSchema } from "~/domain/billing-schemas";
import type { ApiOperation } from "./operation";

/** Plans and payment through Stripe. Without Stripe's settings these answer 503. */
export const billingOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/billing/status",
    tag: "Billing",
    summary: "The caller's plan, subscription and entitlements",
    auth: "session",
    responseDescription: "`{currentTier, recentUpgrade, subscription, entitlements}`.",
  },
  {
    method: "post",
    path: "/api/billing/checkout-session",
    tag: "Billing",
    summary: "Where the browser pays for a plan",
    auth: "session",
    body: checkoutSessionSchema,
    responseDescription: "`{url}`: Stripe Checkout, or the customer portal for a change of plan.",
  },
  {
    method: "post",
    path: "/api/billing/portal",
    tag: "Billing",
    summary: "Stripe's customer portal (cards, invoices, cancel)",
    auth: "session",
    body: portalSessionSchema,
    responseDescription: "`{url}`.",
  },
  {
    method: "post",
    path: "/api/billing/webhook",
    tag: "Billing",
    summary: "Stripe's webhook endpoint",
    description: "Server to server: the `Stripe-Signature` header over the raw body, within five minutes.",
    auth: "stripe",
    rawBody: { contentType: "application/json", description: "Stripe's event, read raw for its signature." },
    responseDescription: "An acknowledgement.",
  },
];

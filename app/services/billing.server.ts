import type { Db } from "~/db/client";
import { AppError, badRequest, conflict } from "~/domain/errors";
import {
  applySubscriptionChange,
  currentSubscription,
  entitledTier,
  isOwnUrl,
  UPGRADE_CONFIRM_MS,
  upgradeRecorded,
} from "~/domain/billing";
import type { CheckoutSessionInput } from "~/domain/billing-schemas";
import { canChoosePlan, entitlements, PLANS, type PlanId } from "~/domain/tiers";
import { createStripeGateway, type StripeGateway } from "~/integrations/stripe/client";
import { billingNotConfigured, readStripeConfig, type StripeConfig } from "~/integrations/stripe/config";
import { subscriptionChangeFromEvent } from "~/integrations/stripe/events";
import * as billingModel from "~/models/billing";
import type { Auth } from "./auth.server";

/** Stripe's settings and client for this request, or the 503 that says billing is off. */
export function requireStripe(env: Env): { config: StripeConfig; gateway: StripeGateway } {
  const config = readStripeConfig(env);
  if (!config) throw billingNotConfigured();
  return { config, gateway: createStripeGateway(config) };
}

/** The user's Stripe customer, created at their first checkout (one per user). */
async function ensureCustomer(db: Db, gateway: StripeGateway, user: Auth["user"], now: Date) {
  const existing = await billingModel.findCustomerId(db, user.id);
  if (existing) return existing;
  const created = await gateway.createCustomer(user);
  await billingModel.insertCustomer(db, user.id, created, now.toISOString());
  // A concurrent first checkout may have stored its customer first; the idempotency key made it the same one.
  return (await billingModel.findCustomerId(db, user.id)) ?? created;
}

function refuseUnavailablePlan(auth: Auth, plan: PlanId): never {
  const current = auth.tier === "beta" ? "Your beta access" : `Your ${auth.tier} plan`;
  throw conflict(`${current} cannot switch to ${PLANS[plan].name} here: it already includes it or ranks above it.`);
}

/**
 * Where the browser goes to pay for `plan` (spec "Upgrade"): a Stripe Checkout page for a new subscription, or,
 * for a basic subscriber choosing premium, the customer portal confirming the switch of their subscription (a
 * second checkout would bill both plans). Both come back to the given URLs, which must be ours.
 */
export async function startUpgrade(env: Env, db: Db, auth: Auth, input: CheckoutSessionInput, origin: string, now = new Date()) {
  const plan = input.tier;
  if (!canChoosePlan(auth.tier, plan)) refuseUnavailablePlan(auth, plan);
  const fieldErrors: Record<string, string[]> = {};
  if (!isOwnUrl(input.successUrl, origin)) fieldErrors.successUrl = ["Success URL must be on this site"];
  if (!isOwnUrl(input.cancelUrl, origin)) fieldErrors.cancelUrl = ["Cancel URL must be on this site"];
  if (Object.keys(fieldErrors).length) throw badRequest("Return addresses must be on this site", fieldErrors);

  const { gateway } = requireStripe(env);
  const customerId = await ensureCustomer(db, gateway, auth.user, now);
  const { successUrl, cancelUrl } = input;
  if (auth.tier === "basic") {
    const current = currentSubscription(await billingModel.listSubscriptions(db, auth.user.id));
    if (current && entitledTier(current) === "basic") {
      if (!current.itemId) throw conflict("Your Basic subscription is still being set up. Please try again in a minute.");
      return gateway.createPlanChangeSession({
        customerId,
        subscriptionId: current.id,
        itemId: current.itemId,
        plan,
        successUrl,
        cancelUrl,
      });
    }
  }
  return gateway.createCheckoutSession({ customerId, userId: auth.user.id, plan, successUrl, cancelUrl });
}

/** The customer portal (payment method, invoices, cancel) for someone who has paid before. */
export async function openBillingPortal(env: Env, db: Db, auth: Auth, returnUrl: string, origin: string) {
  if (!isOwnUrl(returnUrl, origin)) {
    throw badRequest("Return URL must be on this site", { returnUrl: ["Return URL must be on this site"] });
  }
  const { gateway } = requireStripe(env);
  const customerId = await billingModel.findCustomerId(db, auth.user.id);
  if (!customerId) throw conflict("There is no billing account yet: choose a plan first.");
  return gateway.createPortalSession(customerId, returnUrl);
}

/**
 * `GET /api/billing/status`: the tier that counts, the subscription behind it (if any) and what it allows, and
 * `recentUpgrade`: the plan a webhook recorded for the caller within the last hour (what a return from checkout
 * waits for), else null.
 */
export async function getBillingStatus(db: Db, auth: Auth, now: Date) {
  const [subscriptions, recentUpgrade] = await Promise.all([
    billingModel.listSubscriptions(db, auth.user.id),
    recentlyRecordedPlan(db, auth.user.id, now),
  ]);
  const subscription = currentSubscription(subscriptions);
  return {
    currentTier: auth.tier,
    recentUpgrade,
    subscription: subscription
      ? {
          tier: subscription.tier,
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        }
      : null,
    entitlements: entitlements(auth.tier),
  };
}

function recentlyRecordedPlan(db: Db, userId: string, now: Date) {
  return billingModel.findRecentlyRecordedPlan(db, userId, new Date(now.getTime() - UPGRADE_CONFIRM_MS).toISOString());
}

/**
 * What the dashboard may say on a return from checkout for `plan` (`?upgrade=success`), decided by what Stripe's
 * webhooks recorded, never by the address: "confirmed" once a subscription of the caller's granting the plan was
 * recorded (upgradeRecorded); "pending" (the page waits for the webhook) while billing is on and the caller has
 * started a checkout (they have a Stripe customer); null when billing is off or nothing was bought: say nothing.
 */
export async function checkUpgradeReturn(env: Env, db: Db, auth: Auth, plan: PlanId, now: Date) {
  if (!readStripeConfig(env)) return null;
  if (upgradeRecorded(await recentlyRecordedPlan(db, auth.user.id, now), plan)) return "confirmed" as const;
  return (await billingModel.findCustomerId(db, auth.user.id)) ? ("pending" as const) : null;
}

/** Tries per event before giving up (and letting Stripe retry): only concurrent deliveries cause a retry. */
const WRITE_ATTEMPTS = 5;

/**
 * Handles one webhook delivery: verifies it, skips an event already handled (Stripe delivers at least once),
 * reduces it into the subscription's stored state (app/domain/billing.ts orders events) and remembers its id.
 * The write only lands if the row is still as read, so two deliveries racing for one subscription cannot lose
 * either's effect: the loser reads again and re-decides.
 */
export async function handleStripeWebhook(env: Env, db: Db, rawBody: string, signature: string | null, now = new Date()) {
  const { config, gateway } = requireStripe(env);
  const event = await gateway.verifyEvent(rawBody, signature);
  if (await billingModel.isEventRecorded(db, event.id)) return { received: true, duplicate: true };
  const change = subscriptionChangeFromEvent(event, config.prices);
  if (change) {
    const userId = await billingModel.findBillingUser(db, change.customerId, change.userId);
    for (let attempt = 1; ; attempt += 1) {
      const current = await billingModel.getSubscription(db, change.subscriptionId);
      const next = applySubscriptionChange(current, { ...change, userId: current?.userId ?? userId });
      if (!next || (await billingModel.saveSubscription(db, next, current?.version ?? null, now.toISOString()))) break;
      if (attempt === WRITE_ATTEMPTS) throw new AppError("conflict", "The subscription is changing; retry the delivery.");
    }
  }
  await billingModel.recordEvent(db, event.id, event.type, now.toISOString());
  return { received: true, duplicate: false };
}

/** Handled event ids are kept long enough to cover Stripe's retries (three days). */
const EVENT_KEEP_MS = 30 * 86_400_000;

export function pruneBillingEvents(db: Db, now: Date) {
  return billingModel.pruneEvents(db, new Date(now.getTime() - EVENT_KEEP_MS).toISOString());
}

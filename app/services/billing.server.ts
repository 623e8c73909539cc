import type { UserRow } from "~/db/schema";
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
import { canChoosePlan, entitlements, PLANS, type PlanId, type Tier } from "~/domain/tiers";
import { createStripeGateway, type StripeGateway } from "~/integrations/stripe/client";
import { billingNotConfigured, readStripeConfig, type StripeConfig } from "~/integrations/stripe/config";
import { subscriptionChangeFromEvent } from "~/integrations/stripe/events";
import * as billingModel from "~/models/billing";
import type { ActorCtx, Ctx } from "./context.server";

/**
 * The caller's own tier (what their subscription or account grants, `Auth.tier`), as opposed to the workspace's
 * plan in `ctx.actor.plan`: it says what they may buy.
 */
interface OwnTier {
  ownTier: Tier;
}

/** Stripe's settings and client for this request, or the 503 that says billing is off. */
function requireStripe(ctx: Ctx): { config: StripeConfig; gateway: StripeGateway } {
  const config = readStripeConfig(ctx.env);
  if (!config) throw billingNotConfigured();
  return { config, gateway: createStripeGateway(config) };
}

/** The user's Stripe customer, created at their first checkout (one per user). */
async function ensureCustomer(ctx: Ctx, gateway: StripeGateway, user: UserRow) {
  const { db } = ctx;
  const existing = await billingModel.findCustomerId(db, user.id);
  if (existing) return existing;
  const created = await gateway.createCustomer(user);
  await billingModel.insertCustomer(db, user.id, created, ctx.now.toISOString());
  // A concurrent first checkout may have stored its customer first; the idempotency key made it the same one.
  return (await billingModel.findCustomerId(db, user.id)) ?? created;
}

function refuseUnavailablePlan(ownTier: Tier, plan: PlanId): never {
  const current = ownTier === "beta" ? "Your beta access" : `Your ${ownTier} plan`;
  throw conflict(`${current} cannot switch to ${PLANS[plan].name} here: it already includes it or ranks above it.`);
}

/**
 * Where the browser goes to pay for `plan` (spec "Upgrade"): a Stripe Checkout page for a new subscription, or,
 * for a basic subscriber choosing premium, the customer portal confirming the switch of their subscription (a
 * second checkout would bill both plans). Both come back to the given URLs, which must be ours.
 */
export async function startUpgrade(ctx: ActorCtx, input: CheckoutSessionInput & OwnTier & { origin: string }) {
  const { db } = ctx;
  const { user } = ctx.actor;
  const { ownTier, origin } = input;
  const plan = input.tier;
  if (!canChoosePlan(ownTier, plan)) refuseUnavailablePlan(ownTier, plan);
  const fieldErrors: Record<string, string[]> = {};
  if (!isOwnUrl(input.successUrl, origin)) fieldErrors.successUrl = ["Success URL must be on this site"];
  if (!isOwnUrl(input.cancelUrl, origin)) fieldErrors.cancelUrl = ["Cancel URL must be on this site"];
  if (Object.keys(fieldErrors).length) throw badRequest("Return addresses must be on this site", fieldErrors);

  const { gateway } = requireStripe(ctx);
  const customerId = await ensureCustomer(ctx, gateway, user);
  const { successUrl, cancelUrl } = input;
  if (ownTier === "basic") {
    const current = currentSubscription(await billingModel.listSubscriptions(db, user.id));
    if (current && entitledTier(current) === "basic") {
      if (!current.itemId)
        throw conflict("Your Basic subscription is still being set up. Please try again in a minute.");
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
  return gateway.createCheckoutSession({ customerId, userId: user.id, plan, successUrl, cancelUrl });
}

/** The customer portal (payment method, invoices, cancel) for someone who has paid before. */
export async function openBillingPortal(ctx: ActorCtx, input: { returnUrl: string; origin: string }) {
  const { returnUrl, origin } = input;
  if (!isOwnUrl(returnUrl, origin)) {
    throw badRequest("Return URL must be on this site", { returnUrl: ["Return URL must be on this site"] });
  }
  const { gateway } = requireStripe(ctx);
  const customerId = await billingModel.findCustomerId(ctx.db, ctx.actor.user.id);
  if (!customerId) throw conflict("There is no billing account yet: choose a plan first.");
  return gateway.createPortalSession(customerId, returnUrl);
}

/**
 * `GET /api/billing/status`: the tier that counts, the subscription behind it (if any) and what it allows, and
 * `recentUpgrade`: the plan a webhook recorded for the caller within the last hour (what a return from checkout
 * waits for), else null.
 */
export async function getBillingStatus(ctx: ActorCtx, input: OwnTier) {
  const [subscriptions, recentUpgrade] = await Promise.all([
    billingModel.listSubscriptions(ctx.db, ctx.actor.user.id),
    recentlyRecordedPlan(ctx),
  ]);
  const subscription = currentSubscription(subscriptions);
  return {
    currentTier: input.ownTier,
    recentUpgrade,
    subscription: subscription
      ? {
          tier: subscription.tier,
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        }
      : null,
    entitlements: entitlements(input.ownTier),
  };
}

function recentlyRecordedPlan(ctx: ActorCtx) {
  const since = new Date(ctx.now.getTime() - UPGRADE_CONFIRM_MS).toISOString();
  return billingModel.findRecentlyRecordedPlan(ctx.db, ctx.actor.user.id, since);
}

/**
 * What the dashboard may say on a return from checkout for `plan` (`?upgrade=success`), decided by what Stripe's
 * webhooks recorded, never by the address: "confirmed" once a subscription of the caller's granting the plan was
 * recorded (upgradeRecorded); "pending" (the page waits for the webhook) while billing is on and the caller has
 * started a checkout (they have a Stripe customer); null when billing is off or nothing was bought: say nothing.
 */
export async function checkUpgradeReturn(ctx: ActorCtx, input: { plan: PlanId }) {
  if (!readStripeConfig(ctx.env)) return null;
  if (upgradeRecorded(await recentlyRecordedPlan(ctx), input.plan)) return "confirmed" as const;
  return (await billingModel.findCustomerId(ctx.db, ctx.actor.user.id)) ? ("pending" as const) : null;
}

/** Tries per event before giving up (and letting Stripe retry): only concurrent deliveries cause a retry. */
const WRITE_ATTEMPTS = 5;

/**
 * Handles one webhook delivery: verifies it, skips an event already handled (Stripe delivers at least once),
 * reduces it into the subscription's stored state (app/domain/billing.ts orders events) and remembers its id.
 * The write only lands if the row is still as read, so two deliveries racing for one subscription cannot lose
 * either's effect: the loser reads again and re-decides.
 */
export async function handleStripeWebhook(ctx: Ctx, input: { rawBody: string; signature: string | null }) {
  const { db, now } = ctx;
  const { config, gateway } = requireStripe(ctx);
  const event = await gateway.verifyEvent(input.rawBody, input.signature);
  if (await billingModel.isEventRecorded(db, event.id)) return { received: true, duplicate: true };
  const change = subscriptionChangeFromEvent(event, config.prices);
  if (change) {
    const userId = await billingModel.findBillingUser(db, change.customerId, change.userId);
    for (let attempt = 1; ; attempt += 1) {
      const current = await billingModel.getSubscription(db, change.subscriptionId);
      const next = applySubscriptionChange(current, { ...change, userId: current?.userId ?? userId });
      if (!next || (await billingModel.saveSubscription(db, next, current?.version ?? null, now.toISOString()))) break;
      if (attempt === WRITE_ATTEMPTS)
        throw new AppError("conflict", "The subscription is changing; retry the delivery.");
    }
  }
  await billingModel.recordEvent(db, event.id, event.type, now.toISOString());
  return { received: true, duplicate: false };
}

/** Handled event ids are kept long enough to cover Stripe's retries (three days). */
const EVENT_KEEP_MS = 30 * 86_400_000;

export function pruneBillingEvents(ctx: Ctx) {
  return billingModel.pruneEvents(ctx.db, new Date(ctx.now.getTime() - EVENT_KEEP_MS).toISOString());
}

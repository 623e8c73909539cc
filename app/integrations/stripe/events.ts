import type Stripe from "stripe";
import type { SubscriptionChange } from "~/domain/billing";
import { isPlanId, type PlanId } from "~/domain/tiers";

/** Stripe price id per plan (`STRIPE_PRICE_BASIC`, `STRIPE_PRICE_PREMIUM`). */
export type PlanPrices = Record<PlanId, string>;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

const isoFromEpoch = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : null;

function planOfPrice(priceId: string | undefined, prices: PlanPrices): PlanId | null {
  if (!priceId) return null;
  return (Object.keys(prices) as PlanId[]).find((plan) => prices[plan] === priceId) ?? null;
}

const planOfMetadata = (metadata: Stripe.Metadata | null | undefined): PlanId | null =>
  isPlanId(metadata?.tier) ? metadata.tier : null;

/**
 * What a verified Stripe event says about one subscription, or null when it says nothing we track (another
 * event type, a one-off payment). The plan comes from the price (a plan change in the portal swaps the price),
 * falling back to the metadata our checkout sets. `userId` is the metadata's claim; the caller prefers its own
 * customer record. Reads both the current API shape (period end on the item, the invoice's subscription under
 * `parent`) and the older one.
 */
export function subscriptionChangeFromEvent(event: Stripe.Event, prices: PlanPrices): SubscriptionChange | null {
  const eventCreated = event.created;
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      if (session.mode !== "subscription" || !subscriptionId || !customerId) return null;
      const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
      return {
        source: "checkout",
        subscriptionId,
        customerId,
        userId: session.metadata?.userId ?? session.client_reference_id ?? null,
        tier: planOfMetadata(session.metadata),
        status: paid ? "active" : "incomplete",
        eventCreated,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const item = subscription.items?.data?.[0];
      const legacyPeriodEnd = (subscription as { current_period_end?: number }).current_period_end;
      return {
        source: "subscription",
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer) ?? "",
        userId: subscription.metadata?.userId ?? null,
        tier: planOfPrice(item?.price?.id, prices) ?? planOfMetadata(subscription.metadata),
        status: event.type === "customer.subscription.deleted" ? "canceled" : subscription.status,
        itemId: item?.id ?? null,
        currentPeriodEnd: isoFromEpoch(item?.current_period_end ?? legacyPeriodEnd),
        cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
        eventCreated,
      };
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId =
        idOf(invoice.parent?.subscription_details?.subscription) ??
        idOf((invoice as { subscription?: string | { id: string } | null }).subscription);
      const customerId = idOf(invoice.customer);
      if (!subscriptionId || !customerId) return null;
      return { source: "invoice", subscriptionId, customerId, userId: null, tier: null, status: "past_due", eventCreated };
    }
    default:
      return null;
  }
}

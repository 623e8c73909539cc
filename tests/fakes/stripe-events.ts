/**
 * Stripe webhook events as Stripe sends them (API version 2026-10-28: the period end on the subscription item,
 * the invoice's subscription under `parent`), trimmed to the fields an integration reads plus enough of the rest
 * to look real. Shared by the unit, Workers and browser tests; the tests sign them with the SDK's test helper.
 */

let counter = 0;
const nextId = (prefix: string) => `${prefix}_test${Date.now().toString(36)}${(counter += 1)}`;

export interface EventOptions {
  /** Epoch seconds; defaults to now. */
  created?: number;
  id?: string;
}

function event(type: string, object: Record<string, unknown>, options: EventOptions = {}) {
  return {
    id: options.id ?? nextId("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export function checkoutSessionCompleted(
  fields: { sessionId?: string; customer: string; subscription: string; userId: string; tier: string; paid?: boolean },
  options?: EventOptions,
) {
  return event(
    "checkout.session.completed",
    {
      id: fields.sessionId ?? nextId("cs"),
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      payment_status: fields.paid === false ? "unpaid" : "paid",
      customer: fields.customer,
      subscription: fields.subscription,
      client_reference_id: fields.userId,
      metadata: { userId: fields.userId, tier: fields.tier },
      currency: "usd",
      amount_total: fields.tier === "premium" ? 4999 : 1999,
      livemode: false,
    },
    options,
  );
}

export type SubscriptionEventType =
  | "customer.subscription.created"
  | "customer.subscription.updated"
  | "customer.subscription.deleted";

export function subscriptionEvent(
  type: SubscriptionEventType,
  fields: {
    id: string;
    customer: string;
    price: string;
    status?: string;
    userId?: string;
    tier?: string;
    itemId?: string;
    /** Epoch seconds. */
    periodEnd?: number;
    cancelAtPeriodEnd?: boolean;
  },
  options?: EventOptions,
) {
  const now = Math.floor(Date.now() / 1000);
  const periodEnd = fields.periodEnd ?? now + 30 * 86_400;
  return event(
    type,
    {
      id: fields.id,
      object: "subscription",
      customer: fields.customer,
      status: fields.status ?? (type === "customer.subscription.deleted" ? "canceled" : "active"),
      cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
      cancel_at: null,
      canceled_at: type === "customer.subscription.deleted" ? now : null,
      currency: "usd",
      metadata: fields.userId ? { userId: fields.userId, tier: fields.tier ?? "basic" } : {},
      items: {
        object: "list",
        data: [
          {
            id: fields.itemId ?? `si_${fields.id.slice(4)}`,
            object: "subscription_item",
            quantity: 1,
            current_period_start: periodEnd - 30 * 86_400,
            current_period_end: periodEnd,
            price: { id: fields.price, object: "price", recurring: { interval: "month" }, unit_amount: 1999 },
          },
        ],
        has_more: false,
      },
      livemode: false,
    },
    options,
  );
}

export function invoicePaymentFailed(fields: { customer: string; subscription: string }, options?: EventOptions) {
  return event(
    "invoice.payment_failed",
    {
      id: nextId("in"),
      object: "invoice",
      customer: fields.customer,
      status: "open",
      attempt_count: 1,
      billing_reason: "subscription_cycle",
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: {}, subscription: fields.subscription },
      },
      livemode: false,
    },
    options,
  );
}

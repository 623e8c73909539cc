import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { checkoutSessionCompleted, invoicePaymentFailed, subscriptionEvent } from "../../../tests/fakes/stripe-events";
import { subscriptionChangeFromEvent } from "./events";

const prices = { basic: "price_basic", premium: "price_premium" };
const read = (event: unknown) => subscriptionChangeFromEvent(event as Stripe.Event, prices);
const created = 1_800_000_000;

describe("subscriptionChangeFromEvent", () => {
  it("reads a completed checkout as an active subscription for the user and plan in its metadata", () => {
    const event = checkoutSessionCompleted(
      { customer: "cus_1", subscription: "sub_1", userId: "user_1", tier: "premium" },
      { created },
    );
    expect(read(event)).toEqual({
      source: "checkout",
      subscriptionId: "sub_1",
      customerId: "cus_1",
      userId: "user_1",
      tier: "premium",
      status: "active",
      eventCreated: created,
    });
  });

  it("keeps an unpaid checkout incomplete, and ignores one-off payments", () => {
    const unpaid = checkoutSessionCompleted({ customer: "cus_1", subscription: "sub_1", userId: "u", tier: "basic", paid: false });
    expect(read(unpaid)?.status).toBe("incomplete");
    const payment = checkoutSessionCompleted({ customer: "cus_1", subscription: "sub_1", userId: "u", tier: "basic" });
    (payment.data.object as Record<string, unknown>).mode = "payment";
    expect(read(payment)).toBeNull();
  });

  it("takes a subscription's plan from its price, its period end from the item", () => {
    const event = subscriptionEvent(
      "customer.subscription.updated",
      { id: "sub_1", customer: "cus_1", price: "price_premium", tier: "basic", userId: "user_1", periodEnd: created + 86_400, cancelAtPeriodEnd: true },
      { created },
    );
    expect(read(event)).toEqual({
      source: "subscription",
      subscriptionId: "sub_1",
      customerId: "cus_1",
      userId: "user_1",
      tier: "premium",
      status: "active",
      itemId: "si_1",
      currentPeriodEnd: new Date((created + 86_400) * 1000).toISOString(),
      cancelAtPeriodEnd: true,
      eventCreated: created,
    });
  });

  it("falls back to the metadata's plan for a price it does not know, and reads deletion as canceled", () => {
    const event = subscriptionEvent("customer.subscription.deleted", {
      id: "sub_1",
      customer: "cus_1",
      price: "price_legacy",
      userId: "user_1",
      tier: "basic",
      status: "active",
    });
    expect(read(event)).toMatchObject({ tier: "basic", status: "canceled" });
  });

  it("reads a failed invoice payment as past due for its subscription", () => {
    const event = invoicePaymentFailed({ customer: "cus_1", subscription: "sub_1" }, { created });
    expect(read(event)).toEqual({
      source: "invoice",
      subscriptionId: "sub_1",
      customerId: "cus_1",
      userId: null,
      tier: null,
      status: "past_due",
      eventCreated: created,
    });
  });

  it("says nothing about other events", () => {
    expect(read({ id: "evt_1", type: "customer.created", created, data: { object: { id: "cus_1" } } })).toBeNull();
  });
});

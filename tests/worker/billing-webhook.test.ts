import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { checkoutSessionCompleted, invoicePaymentFailed, subscriptionEvent } from "../fakes/stripe-events";
import {
  billingStatus,
  deliver,
  deliverOk,
  PRICES,
  setUserTier,
  signature,
  startCheckout,
  subscribe,
} from "./billing-helpers";
import { call, db, expectError, signUp, type Account } from "./helpers";

let producer: Account;
let customer: string;
const now = () => Math.floor(Date.now() / 1000);

beforeEach(async () => {
  producer = await signUp("Sam Okafor");
  await setUserTier(producer.user.id, "free");
  customer = (await startCheckout(producer, "premium")).request.body.customer;
});

const subscriptionId = () => `sub_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;

describe("POST /api/billing/webhook: verification", () => {
  const event = () => checkoutSessionCompleted({ customer, subscription: subscriptionId(), userId: producer.user.id, tier: "premium" });

  it("refuses an unsigned delivery (400) and changes nothing", async () => {
    const { res, body } = await deliver(event(), { sign: false });
    expect(res.status).toBe(400);
    expect(body).toEqual({ error: "Missing Stripe-Signature header" });
    expect((await billingStatus(producer.token)).currentTier).toBe("free");
  });

  it("refuses a tampered body, another secret and a garbage header (400)", async () => {
    const tampered = await deliver(event(), { tamper: (p) => p.replace('"tier":"premium"', '"tier":"basic"') });
    expect(tampered.res.status).toBe(400);
    expect(tampered.body.error).toBe("Invalid Stripe signature");
    expect((await deliver(event(), { secret: "whsec_someone_else" })).res.status).toBe(400);
    expect((await deliver(event(), { sign: false, headers: { "stripe-signature": "t=1,v1=abc" } })).res.status).toBe(400);
    expect((await billingStatus(producer.token)).currentTier).toBe("free");
  });

  it("refuses a signature older than the five-minute replay window (400), accepts one inside it", async () => {
    const stale = await deliver(event(), { timestamp: now() - 301 });
    expect(stale.res.status).toBe(400);
    expect((await deliver(event(), { timestamp: now() - 240 })).res.status).toBe(200);
  });

  it("needs no session or same-origin header: Stripe calls server to server", async () => {
    const { res } = await deliver(event(), { headers: { origin: "https://stripe.example" } });
    expect(res.status).toBe(200);
  });

  it("answers 503 without Stripe settings, and 405 to other methods", async () => {
    const payload = JSON.stringify(event());
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request("http://localhost/api/billing/webhook", {
        method: "POST",
        headers: { "stripe-signature": await signature(payload), "content-type": "application/json" },
        body: payload,
      }) as Parameters<typeof worker.fetch>[0],
      { ...env, STRIPE_WEBHOOK_SECRET: undefined } as unknown as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    await expectError(await call("/api/billing/webhook"), 405);
  });
});

describe("POST /api/billing/webhook: subscription state", () => {
  it("checkout.session.completed makes the user premium; the dashboard and gates follow", async () => {
    const sub = subscriptionId();
    const body = await deliverOk(checkoutSessionCompleted({ customer, subscription: sub, userId: producer.user.id, tier: "premium" }));
    expect(body).toEqual({ received: true, duplicate: false });
    const status = await billingStatus(producer.token);
    expect(status.currentTier).toBe("premium");
    expect(status.subscription).toEqual({ tier: "premium", status: "active", currentPeriodEnd: null, cancelAtPeriodEnd: false });
    expect(status.entitlements).toMatchObject({ taskLimit: null, aiTasks: true, customStatuses: true });
    // The user's own tier is untouched: billing only adds on top of it.
    const me = (await (await call("/api/auth/user", { token: producer.token })).json()) as { tier: string };
    expect(me.tier).toBe("free");
    const parse = await call("/api/tasks/parse", { method: "POST", token: producer.token, json: { text: "Book the shuttle buses by Friday" } });
    expect(parse.status).toBe(200);
  });

  it("subscription events fill in the period and the cancel flag; deletion ends the plan", async () => {
    const sub = subscriptionId();
    const periodEnd = now() + 20 * 86_400;
    const fields = { id: sub, customer, price: PRICES.premium, userId: producer.user.id, tier: "premium", periodEnd };
    await deliverOk(subscriptionEvent("customer.subscription.created", fields, { created: now() }));
    await deliverOk(subscriptionEvent("customer.subscription.updated", { ...fields, cancelAtPeriodEnd: true }, { created: now() + 1 }));
    expect((await billingStatus(producer.token)).subscription).toEqual({
      tier: "premium",
      status: "active",
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: true,
    });
    await deliverOk(subscriptionEvent("customer.subscription.deleted", fields, { created: now() + 2 }));
    const status = await billingStatus(producer.token);
    expect(status.currentTier).toBe("free");
    expect(status.subscription?.status).toBe("canceled");
  });

  it("a plan change in the portal (new price) changes the tier", async () => {
    const sub = subscriptionId();
    const fields = { id: sub, customer, price: PRICES.basic, userId: producer.user.id, tier: "basic" };
    await deliverOk(subscriptionEvent("customer.subscription.created", fields, { created: now() }));
    expect((await billingStatus(producer.token)).currentTier).toBe("basic");
    await deliverOk(subscriptionEvent("customer.subscription.updated", { ...fields, price: PRICES.premium }, { created: now() + 5 }));
    expect((await billingStatus(producer.token)).currentTier).toBe("premium");
  });

  it("is idempotent by event id: a replayed delivery is acknowledged and changes nothing", async () => {
    const sub = subscriptionId();
    const fields = { id: sub, customer, price: PRICES.premium, userId: producer.user.id, tier: "premium" };
    const created = subscriptionEvent("customer.subscription.created", fields, { created: now() });
    await deliverOk(created);
    await deliverOk(subscriptionEvent("customer.subscription.deleted", fields, { created: now() + 1 }));
    expect(await deliverOk(created)).toEqual({ received: true, duplicate: true });
    expect((await billingStatus(producer.token)).currentTier).toBe("free");
    const rows = await db().prepare("SELECT count(*) AS n FROM billing_events WHERE id = ?").bind(created.id).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("is safe out of order: an older update delivered after the cancellation does not revive the plan", async () => {
    const sub = subscriptionId();
    const fields = { id: sub, customer, price: PRICES.premium, userId: producer.user.id, tier: "premium" };
    const t = now();
    await deliverOk(subscriptionEvent("customer.subscription.deleted", fields, { created: t + 10 }));
    await deliverOk(subscriptionEvent("customer.subscription.updated", fields, { created: t + 5 }));
    await deliverOk(checkoutSessionCompleted({ customer, subscription: sub, userId: producer.user.id, tier: "premium" }, { created: t }));
    const status = await billingStatus(producer.token);
    expect(status.currentTier).toBe("free");
    expect(status.subscription?.status).toBe("canceled");
  });

  it("is safe out of order: the subscription event before the checkout event, in the same second", async () => {
    const sub = subscriptionId();
    const t = now();
    await deliverOk(
      subscriptionEvent("customer.subscription.updated", { id: sub, customer, price: PRICES.premium, status: "active", userId: producer.user.id, tier: "premium" }, { created: t }),
    );
    await deliverOk(
      subscriptionEvent("customer.subscription.created", { id: sub, customer, price: PRICES.premium, status: "incomplete", userId: producer.user.id, tier: "premium" }, { created: t }),
    );
    expect((await billingStatus(producer.token)).subscription?.status).toBe("active");
  });

  it("invoice.payment_failed marks the subscription past due; the plan holds while Stripe retries", async () => {
    const { subscription } = await subscribe(producer, "basic");
    await deliverOk(invoicePaymentFailed({ customer, subscription }, { created: now() + 30 }));
    const status = await billingStatus(producer.token);
    expect(status.subscription?.status).toBe("past_due");
    expect(status.currentTier).toBe("basic");
    await deliverOk(
      subscriptionEvent("customer.subscription.updated", { id: subscription, customer, price: PRICES.basic, status: "unpaid" }, { created: now() + 60 }),
    );
    expect((await billingStatus(producer.token)).currentTier).toBe("free");
  });

  it("finds the user by our customer record, not by what the metadata claims", async () => {
    const other = await signUp("Someone Else");
    await setUserTier(other.user.id, "free");
    await deliverOk(
      subscriptionEvent("customer.subscription.created", { id: subscriptionId(), customer, price: PRICES.premium, userId: other.user.id, tier: "premium" }),
    );
    expect((await billingStatus(producer.token)).currentTier).toBe("premium");
    expect((await billingStatus(other.token)).currentTier).toBe("free");
  });

  it("acknowledges events it does not act on, and ones for customers it does not know", async () => {
    expect(await deliverOk({ id: `evt_${crypto.randomUUID()}`, object: "event", type: "customer.created", created: now(), data: { object: { id: "cus_x" } } })).toEqual({
      received: true,
      duplicate: false,
    });
    await deliverOk(subscriptionEvent("customer.subscription.created", { id: subscriptionId(), customer: "cus_unknown", price: PRICES.premium }));
    expect((await billingStatus(producer.token)).currentTier).toBe("free");
  });

  it("lets concurrent deliveries for one subscription all land (no lost update)", async () => {
    const sub = subscriptionId();
    const t = now();
    const fields = { id: sub, customer, price: PRICES.basic, userId: producer.user.id, tier: "basic" };
    const events = [
      subscriptionEvent("customer.subscription.created", { ...fields, status: "incomplete" }, { created: t }),
      subscriptionEvent("customer.subscription.updated", fields, { created: t + 1 }),
      subscriptionEvent("customer.subscription.updated", { ...fields, price: PRICES.premium }, { created: t + 2 }),
      subscriptionEvent("customer.subscription.updated", { ...fields, price: PRICES.premium, cancelAtPeriodEnd: true }, { created: t + 3 }),
    ];
    const results = await Promise.all(events.map((e) => deliver(e)));
    expect(results.map((r) => r.res.status)).toEqual([200, 200, 200, 200]);
    const status = await billingStatus(producer.token);
    expect(status.currentTier).toBe("premium");
    expect(status.subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
  });
});

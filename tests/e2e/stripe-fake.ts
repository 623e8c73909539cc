import Stripe from "stripe";
import type { RecordedStripeRequest } from "../fakes/stripe-api";
import { checkoutSessionCompleted, subscriptionEvent } from "../fakes/stripe-events";

/**
 * The fake Stripe API of the browser tests (tests/fakes/stripe-api.ts): tests/e2e/global-setup.ts starts it on
 * this fixed port, and playwright.config.ts hands the e2e Worker its address (STRIPE_API_URL) with test keys and
 * prices, so billing is configured there as in production.
 */
export const STRIPE_FAKE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 8860);
export const STRIPE_FAKE_URL = `http://127.0.0.1:${STRIPE_FAKE_PORT}`;

/** Test-only values, shared by the e2e server and the tests that sign its webhooks. */
export const E2E_STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_e2e",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e_not_used_anywhere_else",
  STRIPE_PRICE_BASIC: "price_basic_e2e",
  STRIPE_PRICE_PREMIUM: "price_premium_e2e",
  STRIPE_API_URL: STRIPE_FAKE_URL,
};

const PRICES = { basic: E2E_STRIPE_ENV.STRIPE_PRICE_BASIC, premium: E2E_STRIPE_ENV.STRIPE_PRICE_PREMIUM };

/** The checkout session request the Worker sent for the session the browser was redirected to. */
async function checkoutRequest(sessionId: string) {
  const res = await fetch(`${STRIPE_FAKE_URL}/__requests?path=/v1/checkout/sessions`);
  const requests = (await res.json()) as RecordedStripeRequest[];
  const found = requests.find((r) => r.responseId === sessionId);
  if (!found) throw new Error(`the fake saw no checkout session ${sessionId}`);
  return found;
}

async function deliver(baseURL: string, event: { id: string }) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE_ENV.STRIPE_WEBHOOK_SECRET });
  const res = await fetch(`${baseURL}/api/billing/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
  if (res.status !== 200) throw new Error(`webhook refused ${event.id}: ${res.status} ${await res.text()}`);
}

/**
 * What Stripe sends once the checkout `sessionId` is paid: checkout.session.completed and
 * customer.subscription.created, signed with the webhook secret, delivered to the e2e Worker.
 */
export async function completeCheckout(baseURL: string, sessionId: string) {
  const { body } = await checkoutRequest(sessionId);
  const { userId, tier } = body.metadata as { userId: string; tier: "basic" | "premium" };
  const subscription = `sub_e2e${Date.now().toString(36)}`;
  const created = Math.floor(Date.now() / 1000);
  await deliver(baseURL, checkoutSessionCompleted({ sessionId, customer: body.customer, subscription, userId, tier }, { created }));
  await deliver(
    baseURL,
    subscriptionEvent("customer.subscription.created", { id: subscription, customer: body.customer, price: PRICES[tier], userId, tier }, { created }),
  );
}

import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { expect } from "vitest";
import type { RecordedStripeRequest } from "../fakes/stripe-api";
import { checkoutSessionCompleted, subscriptionEvent } from "../fakes/stripe-events";
import { call, db, ORIGIN, workspaceIdOf, type Account } from "./helpers";

export const PRICES = { basic: "price_basic_test", premium: "price_premium_test" } as const;

/** What the fake Stripe API (tests/fakes/stripe-api.ts) recorded, oldest first. */
export async function stripeRequests(filter: { path?: string; customer?: string } = {}) {
  const params = new URLSearchParams();
  if (filter.path) params.set("path", filter.path);
  if (filter.customer) params.set("customer", filter.customer);
  const res = await fetch(`${env.STRIPE_FAKE_URL}/__requests?${params}`);
  return (await res.json()) as RecordedStripeRequest[];
}

/** Makes the fake answer the next `times` calls to `path` with this status and Stripe error body. */
export async function scriptStripe(path: string, status: number, body?: unknown, times = 1) {
  const res = await fetch(`${env.STRIPE_FAKE_URL}/__script`, { method: "POST", body: JSON.stringify({ path, status, body, times }) });
  expect(res.status).toBe(200);
}

/** A Stripe-Signature header for `payload`, made with the SDK's own test helper (as Stripe signs deliveries). */
export function signature(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? env.STRIPE_WEBHOOK_SECRET!,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}

/** Delivers an event to the webhook, signed unless `sign: false`; returns the response and its JSON. */
export async function deliver(
  event: unknown,
  options: { sign?: boolean; secret?: string; timestamp?: number; tamper?: (payload: string) => string; headers?: Record<string, string> } = {},
) {
  const payload = JSON.stringify(event);
  const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
  if (options.sign !== false) headers["stripe-signature"] = await signature(payload, options);
  const body = options.tamper ? options.tamper(payload) : payload;
  const res = await call("/api/billing/webhook", { method: "POST", headers, body });
  return { res, body: (await res.json()) as Record<string, any> };
}

/** Delivers an event that must be accepted. */
export async function deliverOk(event: unknown) {
  const { res, body } = await deliver(event);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

export async function billingStatus(token: string) {
  const res = await call("/api/billing/status", { token });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    currentTier: string;
    recentUpgrade: "basic" | "premium" | null;
    subscription: { tier: string; status: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
    entitlements: Record<string, unknown>;
  };
}

export async function setUserTier(userId: string, tier: "free" | "basic" | "premium" | "beta") {
  await db().prepare("UPDATE users SET tier = ? WHERE id = ?").bind(tier, userId).run();
}

/** Starts a checkout for `plan` as `account` (through the API and the fake) and returns its recorded request. */
export async function startCheckout(account: Account, plan: "basic" | "premium") {
  const res = await call("/api/billing/checkout-session", {
    method: "POST",
    token: account.token,
    json: { tier: plan, successUrl: `${ORIGIN}/dashboard?upgrade=success&plan=${plan}`, cancelUrl: `${ORIGIN}/dashboard?upgrade=cancelled` },
  });
  const body = (await res.json()) as { url?: string; error?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  const sessions = await stripeRequests({ path: "/v1/checkout/sessions" });
  const mine = sessions.filter((r) => r.body.metadata?.userId === account.user.id);
  return { url: body.url!, request: mine[mine.length - 1] };
}

let subscriptionCounter = 0;

/**
 * Makes `account` a paying subscriber of `plan` the way production does: checkout through the fake, then Stripe's
 * signed checkout.session.completed and customer.subscription.created. Returns the Stripe ids.
 */
export async function subscribe(account: Account, plan: "basic" | "premium") {
  const { request } = await startCheckout(account, plan);
  const customer = request.body.customer as string;
  subscriptionCounter += 1;
  const subscription = `sub_test${subscriptionCounter}${crypto.randomUUID().slice(0, 8)}`;
  const created = Math.floor(Date.now() / 1000);
  await deliverOk(checkoutSessionCompleted({ customer, subscription, userId: account.user.id, tier: plan }, { created }));
  await deliverOk(
    subscriptionEvent(
      "customer.subscription.created",
      { id: subscription, customer, price: PRICES[plan], userId: account.user.id, tier: plan },
      { created },
    ),
  );
  return { customer, subscription };
}

/** Inserts `count` tasks straight into the account's workspace (arranging state, not testing creates). */
export async function seedTasks(account: Account, count: number) {
  const workspaceId = await workspaceIdOf(account.user.id);
  const now = new Date().toISOString();
  const statements = Array.from({ length: count }, (_, i) =>
    db()
      .prepare("INSERT INTO tasks (id, workspace_id, title, title_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(crypto.randomUUID(), workspaceId, `Seeded task ${i + 1}`, `seeded task ${i + 1}`, now, now),
  );
  if (statements.length) await db().batch(statements);
}

export async function taskCount(account: Account) {
  const row = await db()
    .prepare("SELECT count(*) AS n FROM tasks WHERE workspace_id = ?")
    .bind(await workspaceIdOf(account.user.id))
    .first<{ n: number }>();
  return row!.n;
}

import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { billingStatus, PRICES, scriptStripe, setUserTier, startCheckout, stripeRequests, subscribe } from "./billing-helpers";
import { call, expectError, ORIGIN, signUp, type Account } from "./helpers";

const urls = {
  successUrl: `${ORIGIN}/dashboard?upgrade=success&plan=premium`,
  cancelUrl: `${ORIGIN}/dashboard?upgrade=cancelled`,
};

function checkout(token: string | undefined, body: unknown, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  return call("/api/billing/checkout-session", { method: "POST", token, json: body, ...init });
}

/** The Worker as deployed without Stripe settings (the default local run). */
async function withoutBilling(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const unconfigured = { ...env, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
  const res = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }) as Parameters<typeof worker.fetch>[0],
    unconfigured as unknown as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

let producer: Account;
beforeEach(async () => {
  producer = await signUp("Riley Chen");
  await setUserTier(producer.user.id, "free");
});

describe("POST /api/billing/checkout-session", () => {
  it("answers with the Stripe Checkout URL of a monthly subscription for the plan's price", async () => {
    const res = await checkout(producer.token, { tier: "premium", ...urls });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${env.STRIPE_FAKE_URL}/checkout/cs_test_`));

    const [customer] = await stripeRequests({ path: "/v1/customers" }).then((all) =>
      all.filter((r) => r.body.metadata?.userId === producer.user.id),
    );
    expect(customer.body).toMatchObject({ name: "Riley Chen", metadata: { userId: producer.user.id } });
    expect(customer.idempotencyKey).toBe(`cueboard-customer-${producer.user.id}`);

    const session = (await stripeRequests({ path: "/v1/checkout/sessions" })).find(
      (r) => r.body.metadata?.userId === producer.user.id,
    )!;
    expect(session.body).toMatchObject({
      mode: "subscription",
      client_reference_id: producer.user.id,
      line_items: [{ price: PRICES.premium, quantity: "1" }],
      success_url: urls.successUrl,
      cancel_url: urls.cancelUrl,
      metadata: { userId: producer.user.id, tier: "premium" },
      subscription_data: { metadata: { userId: producer.user.id, tier: "premium" } },
    });
    expect(session.body.customer).toMatch(/^cus_/);
  });

  it("keeps one Stripe customer per user across checkouts", async () => {
    const first = await startCheckout(producer, "basic");
    const second = await startCheckout(producer, "premium");
    expect(second.request.body.customer).toBe(first.request.body.customer);
    const customers = (await stripeRequests({ path: "/v1/customers" })).filter(
      (r) => r.body.metadata?.userId === producer.user.id,
    );
    expect(customers).toHaveLength(1);
  });

  it("sends a basic subscriber who chooses premium to the portal's plan change, not a second subscription", async () => {
    const { customer, subscription } = await subscribe(producer, "basic");
    const before = (await stripeRequests({ path: "/v1/checkout/sessions", customer })).length;
    const res = await checkout(producer.token, { tier: "premium", ...urls });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { url: string }).url).toMatch(/\/portal\/bps_/);
    expect(await stripeRequests({ path: "/v1/checkout/sessions", customer })).toHaveLength(before);
    const [portal] = await stripeRequests({ path: "/v1/billing_portal/sessions", customer });
    expect(portal.body).toMatchObject({
      customer,
      return_url: urls.cancelUrl,
      flow_data: {
        type: "subscription_update_confirm",
        subscription_update_confirm: { subscription, items: [{ price: PRICES.premium, quantity: "1" }] },
        after_completion: { type: "redirect", redirect: { return_url: urls.successUrl } },
      },
    });
  });

  it("needs a signed-in user (401)", async () => {
    const body = await expectError(await checkout(undefined, { tier: "basic", ...urls }), 401);
    expect(body.error).toBe("Authentication required");
  });

  it.each([["gold"], [""], [null]])("refuses an unknown tier %j with 400", async (tier) => {
    const body = await expectError(await checkout(producer.token, { tier, ...urls }), 400);
    expect(body.fieldErrors?.tier).toEqual(["Choose a plan: basic or premium"]);
  });

  it("refuses return addresses on another site (400), and a malformed body", async () => {
    const body = await expectError(
      await checkout(producer.token, { tier: "basic", successUrl: "https://evil.example/phish", cancelUrl: urls.cancelUrl }),
      400,
    );
    expect(body.fieldErrors).toEqual({ successUrl: ["Success URL must be on this site"] });
    await expectError(await checkout(producer.token, { tier: "basic", successUrl: "/dashboard", cancelUrl: "x" }), 400);
    await expectError(
      await call("/api/billing/checkout-session", { method: "POST", token: producer.token, headers: { "content-type": "application/json" }, body: "{" }),
      400,
    );
  });

  it("refuses a plan the caller cannot choose (409): beta has everything, basic cannot choose basic", async () => {
    await setUserTier(producer.user.id, "beta");
    const beta = await expectError(await checkout(producer.token, { tier: "premium", ...urls }), 409);
    expect(beta.error).toContain("Your beta access");
    await setUserTier(producer.user.id, "basic");
    await expectError(await checkout(producer.token, { tier: "basic", ...urls }), 409);
  });

  it("refuses a cookie-authenticated call from another origin (403)", async () => {
    const res = await checkout(undefined, { tier: "basic", ...urls }, {
      cookie: producer.token,
      headers: { origin: "https://evil.example" },
    });
    await expectError(res, 403);
  });

  it("answers 502 when Stripe fails, without passing Stripe's message on", async () => {
    await scriptStripe("/v1/checkout/sessions", 400, {
      error: { type: "invalid_request_error", message: "No such price: 'price_premium_test'", param: "line_items[0][price]" },
    });
    const body = await expectError(await checkout(producer.token, { tier: "premium", ...urls }), 502);
    expect(body.error).toBe("The payment provider did not answer as expected. Please try again.");
  });

  it("answers 503 'Billing is not configured' without Stripe settings", async () => {
    const res = await withoutBilling("/api/billing/checkout-session", {
      method: "POST",
      headers: { "x-demo-token": producer.token, "content-type": "application/json" },
      body: JSON.stringify({ tier: "basic", ...urls }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "Billing is not configured" });
  });

  it("answers other methods with 405", async () => {
    await expectError(await call("/api/billing/checkout-session", { token: producer.token }), 405);
  });
});

describe("POST /api/billing/portal", () => {
  it("opens the customer portal of a subscriber, back to the dashboard by default", async () => {
    const { customer } = await subscribe(producer, "basic");
    const res = await call("/api/billing/portal", { method: "POST", token: producer.token, json: {} });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { url: string }).url).toMatch(/\/portal\/bps_/);
    const portals = await stripeRequests({ path: "/v1/billing_portal/sessions", customer });
    expect(portals[portals.length - 1].body).toEqual({ customer, return_url: `${ORIGIN}/dashboard` });
  });

  it("has nothing to open before a first checkout (409), and refuses a foreign return URL (400)", async () => {
    await expectError(await call("/api/billing/portal", { method: "POST", token: producer.token, json: {} }), 409);
    await expectError(
      await call("/api/billing/portal", { method: "POST", token: producer.token, json: { returnUrl: "https://evil.example/" } }),
      400,
    );
    await expectError(await call("/api/billing/portal", { method: "POST", json: {} }), 401);
  });
});

describe("GET /api/billing/status", () => {
  it("needs a signed-in user", async () => {
    await expectError(await call("/api/billing/status"), 401);
  });

  it("reports a free user's tier, no subscription and free's entitlements", async () => {
    expect(await billingStatus(producer.token)).toEqual({
      currentTier: "free",
      recentUpgrade: null,
      subscription: null,
      entitlements: {
        taskLimit: 10,
        seats: 1,
        slack: false,
        basicAnalytics: false,
        advancedAnalytics: false,
        aiTasks: false,
        customStatuses: false,
        apiAccess: false,
      },
    });
  });

  it("reports a demo account's beta tier as unlimited", async () => {
    await setUserTier(producer.user.id, "beta");
    const status = await billingStatus(producer.token);
    expect(status.currentTier).toBe("beta");
    expect(status.entitlements).toMatchObject({ taskLimit: null, aiTasks: true });
  });
});

describe("the /upgrade page", () => {
  it("redirects a plain form post to Stripe's checkout (no JavaScript)", async () => {
    const res = await call("/upgrade", {
      method: "POST",
      token: producer.token,
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, host: new URL(ORIGIN).host },
      body: new URLSearchParams({ intent: "checkout", tier: "basic" }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(new RegExp(`^${env.STRIPE_FAKE_URL}/checkout/cs_test_`));
    const sessions = (await stripeRequests({ path: "/v1/checkout/sessions" })).filter(
      (r) => r.body.metadata?.userId === producer.user.id,
    );
    expect(sessions[0].body.success_url).toBe(`${ORIGIN}/dashboard?upgrade=success&plan=basic`);
  });

  it("shows the plan cards with the current plan marked", async () => {
    await setUserTier(producer.user.id, "basic");
    const html = await (await call("/upgrade", { token: producer.token })).text();
    expect(html).toContain("Upgrade Your Plan");
    expect(html).toContain("Current Plan");
    expect(html).toContain("Upgrade to Premium");
    expect(html).toContain("Cancel anytime • 30-day money-back guarantee • Secure payment with Stripe");
  });

  it("says billing is not configured when it is not", async () => {
    const res = await withoutBilling("/upgrade", {
      method: "POST",
      headers: {
        "x-demo-token": producer.token,
        "content-type": "application/x-www-form-urlencoded",
        origin: ORIGIN,
        host: new URL(ORIGIN).host,
      },
      body: new URLSearchParams({ intent: "checkout", tier: "basic" }).toString(),
    });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Billing is not configured");
  });
});

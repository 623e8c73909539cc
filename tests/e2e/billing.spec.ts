import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, holdRequests, signInAtProvider, toasts, uniqueEmail, waitForHydration } from "./helpers";
import { completeCheckout, STRIPE_FAKE_URL } from "./stripe-fake";

/** A fresh identity account: tier free, like every account that is not a demo. */
async function signInFree(page: Page, name: string) {
  await page.goto("/api/login?redirect=/dashboard");
  await signInAtProvider(page, uniqueEmail(name));
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
}

/** The fake checkout page the browser was sent to, and its session id. */
async function atFakeCheckout(page: Page) {
  await page.waitForURL((url) => url.origin === STRIPE_FAKE_URL && url.pathname.startsWith("/checkout/"));
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("a free user upgrades to Premium through the dialog and Stripe Checkout; the gate opens once the webhook lands", async ({
  page,
  baseURL,
}) => {
  await signInFree(page, "harper.free");
  await waitForHydration(page);
  const banner = page.getByRole("note", { name: "Plan" });
  await expect(banner).toContainText("You are on the Free plan");
  await expect(page.getByRole("banner").getByText("Free plan")).toBeVisible();
  const aiGate = page.getByRole("region", { name: "Add with AI requires the Premium plan" });
  await expect(aiGate).toContainText("Included in Premium for $49.99 per month.");
  await expect(page.getByRole("region", { name: "Slack integration requires the Basic plan" })).toBeVisible();
  await page.screenshot({ path: "tests/e2e/screenshots/feature-gates-free-dashboard.png", fullPage: true, animations: "disabled" });
  await expectNoSeriousViolations(page, "free dashboard with its gates");

  // The upgrade dialog: both plans, Premium the popular one, the note under them.
  await banner.getByRole("link", { name: "Upgrade Plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade Your Plan" });
  await expect(dialog).toBeVisible();
  const basic = dialog.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Basic" }) });
  const premium = dialog.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Premium" }) });
  await expect(basic).toContainText("$19.99");
  await expect(basic).toContainText("Not included: AI task generation");
  await expect(premium).toContainText("$49.99per month");
  await expect(premium).toContainText("Most Popular");
  await expect(dialog).toContainText("Cancel anytime • 30-day money-back guarantee • Secure payment with Stripe");
  await dialog.evaluate((el) => el.getAnimations({ subtree: true }).forEach((a) => a.finish()));
  await page.screenshot({ path: "tests/e2e/screenshots/upgrade-dialog.png", animations: "disabled" });
  await expectNoSeriousViolations(page, "upgrade dialog");

  // A server without Stripe keys answers 503: the dialog says billing is not configured and stays usable.
  await page.route("**/api/billing/checkout-session", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Billing is not configured" }) }),
  );
  await premium.getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Billing is not configured");
  await page.unroute("**/api/billing/checkout-session");

  // The real call (held until the button's processing state is seen), then off to Stripe.
  await page.reload();
  await waitForHydration(page);
  const checkout = await holdRequests(page, "**/api/billing/checkout-session");
  await banner.getByRole("link", { name: "Upgrade Plan" }).click();
  await premium.getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(premium.getByRole("button", { name: "Redirecting..." })).toBeDisabled();
  await checkout.release();
  const sessionId = await atFakeCheckout(page);

  // Paying brings the browser back before Stripe's webhook: the dashboard waits for it, then confirms.
  await page.getByRole("link", { name: "Pay" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard" && url.searchParams.get("upgrade") === "success");
  await waitForHydration(page);
  await completeCheckout(baseURL!, sessionId);
  await expect(toasts(page).filter({ hasText: "Upgrade Successful" })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard" && url.search === "");

  await expect(page.getByRole("banner").getByText("Premium plan")).toBeVisible();
  await expect(page.getByRole("note", { name: "Plan" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Add with AI" })).toBeVisible();
  await expect(page.getByLabel("Tasks in your own words")).toBeVisible();
  const status = await (await page.request.get("/api/billing/status")).json();
  expect(status).toMatchObject({ currentTier: "premium", subscription: { tier: "premium", status: "active" } });

  // Premium is now the current plan; nothing ranks above it.
  await page.goto("/upgrade");
  await expect(page.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Not Available" })).toBeDisabled();
  await expectNoSeriousViolations(page, "/upgrade");
});

test("a basic user at 50 tasks sees 'Limit Reached' with the way to Premium; the server refuses the 51st", async ({
  page,
  baseURL,
}) => {
  await signInFree(page, "blake.basic");
  const started = await page.request.post("/api/billing/checkout-session", {
    data: { tier: "basic", successUrl: `${baseURL}/dashboard?upgrade=success&plan=basic`, cancelUrl: `${baseURL}/dashboard?upgrade=cancelled` },
  });
  expect(started.status()).toBe(200);
  const { url } = (await started.json()) as { url: string };
  await completeCheckout(baseURL!, new URL(url).pathname.split("/").pop()!);

  for (let i = 1; i <= 50; i += 1) {
    const res = await page.request.post("/api/tasks", { data: { title: `Crew task number ${i}` } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const refused = await page.request.post("/api/tasks", { data: { title: "Crew task number 51" } });
  expect(refused.status()).toBe(402);
  expect(await refused.json()).toMatchObject({ limit: 50, tier: "basic" });

  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.getByRole("banner").getByText("Basic plan")).toBeVisible();
  await expect(page.getByRole("button", { name: "Limit Reached" })).toBeDisabled();
  await expect(page.getByText("Your plan's 50 tasks are used up. Upgrade to keep adding tasks.")).toBeVisible();
  await page.getByRole("heading", { name: "Recent Tasks" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tests/e2e/screenshots/limit-reached.png", animations: "disabled" });
  await page.getByRole("link", { name: "Upgrade to Premium" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade Your Plan" });
  await expect(dialog.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Upgrade to Premium" })).toBeEnabled();
  await page.keyboard.press("Escape");

  // Basic analytics are open; the advanced panels are behind the premium overlay.
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { name: "Priority Distribution" })).toBeVisible();
  const gate = page.getByRole("region", { name: "Weekly Progress requires the Premium plan" });
  await expect(gate).toContainText("Included in Premium for $49.99 per month.");
  await page.screenshot({ path: "tests/e2e/screenshots/feature-gate-analytics.png", fullPage: true, animations: "disabled" });
  await expectNoSeriousViolations(page, "analytics behind the premium overlay");
});

test("without JavaScript, 'Upgrade Plan' leads to the plans page and a plan button posts straight to Stripe", async ({
  page,
  browser,
}) => {
  await signInFree(page, "noor.nojs");
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noJs = await context.newPage();
  await noJs.goto("/dashboard");
  await noJs.getByRole("note", { name: "Plan" }).getByRole("link", { name: "Upgrade Plan" }).click();
  await expect(noJs).toHaveURL((url) => url.pathname === "/upgrade");
  await expect(noJs.getByRole("heading", { name: "Upgrade Your Plan" })).toBeVisible();
  await noJs.getByRole("button", { name: "Upgrade to Basic" }).click();
  await atFakeCheckout(noJs);
  await noJs.getByRole("link", { name: "Cancel" }).click();
  await expect(noJs).toHaveURL((url) => url.pathname === "/dashboard");
  await expect(noJs.getByRole("status")).toContainText("Upgrade Cancelled");
  await context.close();
});

import { createHmac } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, signUpViaApi, toasts, waitForHydration } from "./helpers";

/** Signed webhooks on /settings/webhooks (issue 36, ADR 049), with the run's local receiver (tests/fakes). */

type Received = { headers: Record<string, string>; body: string };
const DIR = "tests/e2e/screenshots";

function receiverPath(name: string) {
  return `/hooks/${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

async function received(page: Page, path: string) {
  const res = await page.request.get(`${process.env.WEBHOOK_RECEIVER_URL}/__requests?path=${encodeURIComponent(path)}`);
  return (await res.json()) as Received[];
}

/** Waits (polling the receiver) until `path` has received `count` deliveries, and returns them. */
async function receivedCount(page: Page, path: string, count: number) {
  await expect.poll(async () => (await received(page, path)).length, { timeout: 15_000 }).toBe(count);
  return received(page, path);
}

/** Adds an endpoint for task.created with the page's form; returns the secret shown once. */
async function addEndpoint(page: Page, path: string, description: string) {
  const add = page.getByRole("region", { name: "Add an endpoint" });
  await add.getByLabel("Endpoint URL").fill(`${process.env.WEBHOOK_RECEIVER_URL}${path}`);
  await add.getByLabel(/task\.created/).check();
  await add.getByLabel("Description (optional)").fill(description);
  await add.getByRole("button", { name: "Add endpoint" }).click();
  const created = page.getByRole("status").filter({ hasText: "Endpoint added" });
  await expect(created).toContainText("shown only once");
  const secret = await created.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_[\w-]{43}$/);
  return secret;
}

/** A refused form shows what to fix beside its fields, and adds nothing. */
async function expectRefusals(page: Page) {
  const add = page.getByRole("region", { name: "Add an endpoint" });
  await add.getByLabel("Endpoint URL").fill("ftp://hooks.example.com/cueboard");
  await add.getByRole("button", { name: "Add endpoint" }).click();
  await expect(add.getByText("Use an https:// address")).toBeVisible();
  await expect(add.getByText("Choose at least one event")).toBeVisible();
  await expect(add.getByLabel("Endpoint URL")).toHaveValue("ftp://hooks.example.com/cueboard");
  await expect(page.getByText("No endpoints yet.")).toBeVisible();
}

/** The endpoint's log shows the delivery as made (the page is read again until the queue has delivered it). */
async function expectDelivered(page: Page, endpointName: string, count: number) {
  const endpoint = page.getByRole("region", { name: `Endpoint ${endpointName}` });
  await expect(async () => {
    await page.reload();
    await expect(endpoint.getByRole("row").filter({ hasText: "Delivered" })).toHaveCount(count, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return endpoint;
}

function expectSigned(delivery: Received, secret: string) {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.headers["cueboard-signature"])!;
  expect(createHmac("sha256", secret).update(`${t}.${delivery.body}`).digest("hex")).toBe(v1);
}

test("add an endpoint, send a test event, see it delivered and resend it", async ({ page }) => {
  await signUpViaApi(page, "Jordan Blake");
  await page.goto("/settings");
  await page.getByRole("link", { name: "Manage webhooks" }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await waitForHydration(page);

  await expectRefusals(page);
  const path = receiverPath("js");
  const secret = await addEndpoint(page, path, "Stage manager's board");
  await expect(page.getByRole("button", { name: "Copy secret" })).toBeVisible();

  const endpoint = page.getByRole("region", { name: "Endpoint Stage manager's board" });
  await endpoint.getByRole("button", { name: "Send test event" }).click();
  await expect(toasts(page).filter({ hasText: "Test Event Sent" })).toBeVisible();
  const [ping] = await receivedCount(page, path, 1);
  expect(JSON.parse(ping.body)).toMatchObject({ type: "ping" });
  expectSigned(ping, secret);

  await expectDelivered(page, "Stage manager's board", 1);
  // Read again, the page no longer shows the secret.
  await expect(page.getByRole("status").filter({ hasText: "Endpoint added" })).toHaveCount(0);
  await waitForHydration(page);
  await endpoint.getByRole("button", { name: "Resend the ping delivery" }).click();
  await expect(toasts(page).filter({ hasText: "Delivery Resent" })).toBeVisible();
  const [, again] = await receivedCount(page, path, 2);
  expect(again.body).toBe(ping.body);
  await expectDelivered(page, "Stage manager's board", 2);
  await expectNoSeriousViolations(page, "webhooks with a delivery log");

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    // Nothing wider than the screen: the delivery log scrolls inside its own box.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${DIR}/webhooks-${width}.png`, fullPage: true, animations: "disabled" });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add an endpoint, send a test event, see it delivered and resend it", async ({ page }) => {
    await signUpViaApi(page, "Jordan Blake");
    await page.goto("/settings/webhooks");
    await expectRefusals(page);
    const path = receiverPath("no-js");
    const secret = await addEndpoint(page, path, "Front of house");

    const endpoint = page.getByRole("region", { name: "Endpoint Front of house" });
    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText("Test Event Sent")).toBeVisible();
    const [ping] = await receivedCount(page, path, 1);
    expectSigned(ping, secret);

    await expectDelivered(page, "Front of house", 1);
    await endpoint.getByRole("button", { name: "Resend the ping delivery" }).click();
    await expect(page.getByText("Delivery Resent")).toBeVisible();
    await receivedCount(page, path, 2);
    await expectDelivered(page, "Front of house", 2);

    await endpoint.getByRole("button", { name: "Turn off" }).click();
    await expect(endpoint.getByText("Switched off by Jordan Blake.")).toBeVisible();
    await endpoint.locator("summary", { hasText: "Delete" }).click();
    await endpoint.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page.getByText("No endpoints yet.")).toBeVisible();
  });
});

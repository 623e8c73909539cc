import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createTaskViaApi, expectNoSeriousViolations, signUpViaApi, toasts, waitForHydration } from "./helpers";

/** Personal API tokens on /settings (issue 36, ADR 048): made, shown once, used by a script, revoked. */

async function createToken(page: Page, name: string, scope: string, expiry: string) {
  const card = page.getByRole("region", { name: "API tokens" });
  await card.getByLabel("Token name").fill(name);
  await card.getByLabel("What it may do").selectOption({ label: scope });
  await card.getByLabel("Expires").selectOption({ label: expiry });
  await card.getByRole("button", { name: "Create token" }).click();
  const created = card.getByRole("status").filter({ hasText: "Token created" });
  await expect(created).toContainText("You will not see it again");
  const token = await created.getByLabel("Your new token").inputValue();
  expect(token).toMatch(/^cbt_[A-Za-z0-9_-]{43}$/);
  return { card, token };
}

/** What a script does with the token: no cookies, only the header (the `request` fixture shares nothing with the page). */
const listTasks = (request: APIRequestContext, token: string) =>
  request.get("/api/tasks", { headers: { Authorization: `Bearer ${token}` } });

async function revoke(page: Page, name: string) {
  const card = page.getByRole("region", { name: "API tokens" });
  const item = card.getByRole("listitem", { name });
  await item.locator("summary", { hasText: "Revoke" }).click();
  await item.getByRole("button", { name: "Revoke token" }).click();
  return card;
}

test("make a read token on /settings, see it once, use it against /api/tasks, revoke it", async ({ page, request }) => {
  await signUpViaApi(page, "Jordan Blake");
  await createTaskViaApi(page, { title: "Confirm the stage plot" });
  await page.goto("/settings");
  await waitForHydration(page);

  // A name is required: the form says so and makes nothing.
  const card = page.getByRole("region", { name: "API tokens" });
  await card.getByRole("button", { name: "Create token" }).click();
  await expect(card.getByText("Name is required")).toBeVisible();
  await expect(card.getByText("No API tokens yet.")).toBeVisible();

  const { token } = await createToken(page, "Budget sheet", "Read only", "In 30 days");
  await expect(card.getByRole("button", { name: "Copy Token" })).toBeVisible();
  const item = card.getByRole("listitem", { name: "Budget sheet" });
  await expect(item).toContainText(`${token.slice(0, 12)}…`);
  await expect(item).toContainText("last used never");
  await expectNoSeriousViolations(page, "settings with a new API token");

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tests/e2e/screenshots/api-tokens-${width}.png`, animations: "disabled" });
    await card.screenshot({ path: `tests/e2e/screenshots/api-tokens-card-${width}.png`, animations: "disabled" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  const read = await listTasks(request, token);
  expect(read.status()).toBe(200);
  expect(((await read.json()) as Array<{ title: string }>).map((task) => task.title)).toContain(
    "Confirm the stage plot",
  );
  const write = await request.post("/api/tasks", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "Sneaky write" },
  });
  expect(write.status()).toBe(403);
  expect(await write.json()).toEqual({ error: "This token can only read" });

  // The token is not on the page again; the list says it was used once the use is recorded (after the answer).
  await expect(async () => {
    await page.reload();
    await expect(card.getByRole("listitem", { name: "Budget sheet" })).toContainText("last used just now", {
      timeout: 1000,
    });
  }).toPass();
  await expect(page.getByRole("status").filter({ hasText: "Token created" })).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  await waitForHydration(page);
  await revoke(page, "Budget sheet");
  await expect(toasts(page).filter({ hasText: "API Token Revoked" })).toBeVisible();
  await expect(card.getByText("No API tokens yet.")).toBeVisible();
  const after = await listTasks(request, token);
  expect(after.status()).toBe(401);
  expect((await after.json()).error).toBe("This API token is not valid: it may have been revoked or have expired");
});

test("without JavaScript: make a read-write token, use it, revoke it", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpViaApi(page, "Riley Chen");
  await page.goto("/settings");

  const { token } = await createToken(page, "Stage manager's script", "Read and write", "Never");
  const made = await request.post("/api/tasks", {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "Order the barriers" },
  });
  expect(made.status()).toBe(201);
  const listed = await listTasks(request, token);
  expect(((await listed.json()) as Array<{ title: string }>).map((task) => task.title)).toEqual(["Order the barriers"]);

  await page.goto("/settings");
  const item = page
    .getByRole("region", { name: "API tokens" })
    .getByRole("listitem", { name: "Stage manager's script" });
  await expect(item).toContainText("never expires");
  const card = await revoke(page, "Stage manager's script");
  await expect(page.getByRole("status").filter({ hasText: "API Token Revoked" })).toBeVisible();
  await expect(card.getByText("No API tokens yet.")).toBeVisible();
  expect((await listTasks(request, token)).status()).toBe(401);
  await context.close();
});

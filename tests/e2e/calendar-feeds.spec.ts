import type { APIRequestContext } from "@playwright/test";
import ICAL from "ical.js";
import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, expectNoSeriousViolations, isoDay, signUpViaApi, toasts, waitForHydration } from "./helpers";

/** Reads a feed as a calendar app does (no session) and returns its events' summaries by UID. */
async function readFeed(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return new Map(
    calendar.getAllSubcomponents("vevent").map((event) => {
      const parsed = new ICAL.Event(event);
      return [parsed.uid, parsed] as const;
    }),
  );
}

async function subscribe(page: Page, button: string) {
  const feeds = page.getByRole("region", { name: "Calendar feeds" });
  await feeds.getByRole("button", { name: button }).click();
  const created = feeds.getByRole("status").filter({ hasText: "Feed created" });
  await expect(created).toContainText("shown only once");
  const url = await created.getByLabel("Feed URL").inputValue();
  expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(created.getByRole("link", { name: "Open in your calendar app" })).toHaveAttribute(
    "href",
    url.replace(/^http:/, "webcal:"),
  );
  return { feeds, url };
}

async function revokeOnly(page: Page) {
  const feeds = page.getByRole("region", { name: "Calendar feeds" });
  await feeds.locator("summary", { hasText: "Revoke" }).click();
  await feeds.getByRole("button", { name: "Revoke feed" }).click();
  return feeds;
}

test("subscribe to my tasks from /settings, read the feed, revoke it", async ({ page, request }) => {
  await signUpViaApi(page, "Jordan Blake");
  await createTaskViaApi(page, {
    title: "Confirm the stage plot, v2",
    dueDate: `${isoDay(3)}T15:00`,
    assigneeName: "Jordan Blake",
  });
  await page.goto("/dashboard");
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^Your settings/ })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await waitForHydration(page);

  const { feeds, url } = await subscribe(page, "Subscribe to my tasks");
  await expect(feeds.getByRole("button", { name: "Copy URL" })).toBeVisible();
  await expect(feeds.getByRole("listitem")).toHaveCount(1);
  await expect(feeds.getByRole("listitem")).toContainText("not read yet");
  await expectNoSeriousViolations(page, "settings with a new feed");

  const events = await readFeed(request, url);
  const task = [...events.values()].find((event) => event.summary === "Confirm the stage plot, v2");
  expect(task).toBeDefined();
  // API signups work in UTC: the due time is a UTC time.
  expect(task!.startDate.toJSDate().toISOString()).toBe(`${isoDay(3)}T15:00:00.000Z`);

  await revokeOnly(page);
  await expect(toasts(page).filter({ hasText: "Calendar Feed Revoked" })).toBeVisible();
  await expect(feeds.getByText("No calendar feeds yet.")).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});

test("without JavaScript: subscribe to the workspace, read the feed, revoke it", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpViaApi(page, "Riley Chen");
  await createTaskViaApi(page, { title: "Order the barriers", dueDate: isoDay(5) });
  await page.goto("/settings");

  const { url } = await subscribe(page, "Subscribe to the whole workspace");
  const events = await readFeed(request, url);
  const task = [...events.values()].find((event) => event.summary === "Order the barriers");
  expect(task!.startDate.isDate).toBe(true);

  const feeds = await revokeOnly(page);
  await expect(page.getByRole("status").filter({ hasText: "Calendar Feed Revoked" })).toBeVisible();
  await expect(feeds.getByText("No calendar feeds yet.")).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
  await context.close();
});

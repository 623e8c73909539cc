import { expect, test } from "@playwright/test";
import { uniqueEmail, waitForHydration } from "./helpers";

test("the signup form gives the workspace the browser's timezone, so 'due today' is the producer's today", async ({
  browser,
}) => {
  // Pick a zone whose date differs from UTC's right now, so a UTC workspace would count differently.
  const timezoneId = new Date().getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
  const localToday = new Intl.DateTimeFormat("en-CA", { timeZone: timezoneId }).format(new Date());
  expect(localToday).not.toBe(new Date().toISOString().slice(0, 10));

  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await page.goto("/landing");
  await waitForHydration(page);
  await page.getByLabel("Full Name").fill("Tala Fonoti");
  await page.getByLabel("Email Address").fill(uniqueEmail("tala"));
  await page.getByRole("button", { name: "Start Free Demo" }).click();
  await page.waitForURL("**/dashboard");

  const created = await page.request.post("/api/tasks", {
    data: { title: "Walk the site with the fire marshal", dueDate: localToday },
  });
  expect(created.status()).toBe(201);
  const stats = await (await page.request.get("/api/status")).json();
  expect(stats).toMatchObject({ dueTodayTasks: 1, overdueTasks: 0 });
  await context.close();
});

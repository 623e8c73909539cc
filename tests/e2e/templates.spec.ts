import { expect, test } from "@playwright/test";
import { createTaskViaApi, isoDay, signUpViaApi, toasts, waitForHydration } from "./helpers";

interface Task {
  title: string;
  dueDate: string | null;
  category: string | null;
  estimatedHours: number | null;
}

test("a template creates the checked tasks, due before the event, and skips open duplicates", async ({ page }) => {
  await signUpViaApi(page);
  const eventDay = isoDay(45);
  const put = await page.request.put("/api/workspace", {
    data: { eventName: "Northern Tech Summit", eventDate: eventDay, eventTime: "09:00" },
  });
  expect(put.status()).toBe(200);
  await createTaskViaApi(page, { title: "Book the AV production company" });

  await page.goto("/template/industry-conference");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Industry conference" })).toBeVisible();
  const stats = page.locator("dl").first();
  await expect(stats).toContainText("Total tasks22");
  await expect(stats).toContainText("Estimated days120");
  await expect(stats).toContainText("Total hours108");
  await expect(page.getByText(/Due dates are planned back from Northern Tech Summit/)).toBeVisible();

  // Nothing selected: the spec's toast, and nothing is created.
  await page.getByRole("button", { name: "Deselect All" }).click();
  await expect(page.getByText("0 of 22 tasks selected · about 0 hours")).toBeVisible();
  await page.getByRole("button", { name: "Create 0 Tasks" }).click();
  await expect(toasts(page).filter({ hasText: "No Tasks Selected" })).toContainText(
    "Please select at least one task to create.",
  );

  await page.getByRole("button", { name: "Select All" }).click();
  await expect(page.getByRole("button", { name: "Create 22 Tasks" })).toBeVisible();
  await page.getByLabel("Hold the team debrief").uncheck();
  await page.getByLabel("Settle invoices and close the budget").uncheck();
  await expect(page.getByText("20 of 22 tasks selected · about 102 hours")).toBeVisible();
  await expect(page.getByRole("button", { name: "Select All" })).toBeVisible();
  await page.getByRole("button", { name: "Create 20 Tasks" }).click();

  await page.waitForURL("**/tasks");
  await expect(toasts(page).filter({ hasText: "Tasks Created Successfully" })).toContainText(
    "19 tasks created from “Industry conference”. 1 task skipped: already open on the board.",
  );
  const tasks: Task[] = await (await page.request.get("/api/tasks")).json();
  expect(tasks).toHaveLength(20);
  const created = tasks.filter((t) => t.title !== "Book the AV production company");
  expect(created.every((t) => t.dueDate !== null && t.dueDate >= isoDay(0))).toBe(true);
  expect((created.find((t) => t.title === "Write the run of show and cue sheets")?.dueDate ?? eventDay) < eventDay).toBe(true);
  expect(created.find((t) => t.title === "Show day: registration and show calling")?.dueDate).toBe(eventDay);
  expect(created.find((t) => t.title === "Load-out and venue handback")?.dueDate).toBe(isoDay(46));
  expect(created.find((t) => t.title === "Hold the team debrief")).toBeUndefined();
  await expect(page.getByRole("article")).toHaveCount(20);
});

test("without an event date the tasks are undated; without JavaScript the checklist still works", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpViaApi(page);
  await page.goto("/template/30-day-fitness-challenge");
  await expect(page.getByText(/no event date, so these tasks are created without due dates/)).toBeVisible();

  await page.getByRole("link", { name: "Deselect All" }).click();
  await expect(page).toHaveURL(/select=none/);
  await page.getByRole("button", { name: "Create Selected Tasks" }).click();
  await expect(page.getByRole("status")).toContainText("No Tasks Selected – Please select at least one task to create.");

  await page.getByLabel("Set your 30-day goal and baseline").check();
  await page.getByLabel("Plan the weekly training schedule").check();
  await page.getByRole("button", { name: "Create Selected Tasks" }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole("status")).toContainText("Tasks Created Successfully – 2 tasks created");
  const tasks: Task[] = await (await page.request.get("/api/tasks")).json();
  expect(tasks.map((t) => [t.title, t.dueDate, t.category, t.estimatedHours])).toEqual([
    ["Set your 30-day goal and baseline", null, "planning", 1],
    ["Plan the weekly training schedule", null, "planning", 1],
  ]);
  await context.close();
});

test("an unknown template says so with a 404 and a way back", async ({ page }) => {
  await signUpViaApi(page);
  const response = await page.goto("/template/wedding");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Template Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a template's former id moves for good to the one named after it", async ({ page }) => {
  await signUpViaApi(page);
  const response = await page.goto("/template/conference");
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/template\/conference$/);
  await expect(page).toHaveURL(/\/template\/industry-conference$/);
  await expect(page.getByRole("heading", { level: 1, name: "Industry conference" })).toBeVisible();
});

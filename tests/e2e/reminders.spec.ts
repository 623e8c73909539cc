import { expect, test, type Page } from "@playwright/test";
import { isoDay, toasts, waitForHydration } from "./helpers";

/**
 * Reminders (ADR 022) in the browser: set in the create form, delivered by the cron through the queue, and seen
 * arriving live in the header's notifications menu; 'Mark all read' clears the count.
 */

const CRON = "/cdn-cgi/local/scheduled?cron=*/15+*+*+*+*";

/** The header's bell, whose name carries the unread count. */
const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });

test("a reminder set in the form arrives live in the header, and Mark all read clears it", async ({ page }) => {
  const signup = await page.request.post("/api/demo/signup", { data: { name: "Maria Lopez", email: `remind-${Date.now()}@example.com` } });
  expect(signup.status()).toBe(201);
  expect((await page.request.put("/api/workspace", { data: { timezone: "UTC" } })).status()).toBe(200);

  await page.goto("/tasks");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Create Task", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create Task" });
  await dialog.getByLabel("Title").fill("Confirm the headline act's rider");
  await dialog.getByLabel("Due date").fill(isoDay(1));
  await dialog.getByRole("button", { name: "Assign to me" }).click();
  const remind = dialog.getByRole("group", { name: /Remind/ });
  await remind.getByLabel("When it's due").check();
  await remind.getByLabel("1 hour before").check();
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(toasts(page).filter({ hasText: "Task Created" })).toBeVisible();

  const tasks = (await (await page.request.get("/api/tasks")).json()) as Array<{ dueDate: string; reminders: number[] }>;
  expect(tasks).toHaveLength(1);
  expect(tasks[0].reminders).toEqual([60, 0]);

  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.locator("[data-live-status=open]")).toHaveCount(1);
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  // One cron run at the instant the task is due (a date-only task is due at 17:00 in the workspace's timezone,
  // UTC here): it claims both reminders, and the queue delivers them. The count arrives over the page's socket,
  // without a reload.
  const dueAt = Date.parse(`${tasks[0].dueDate}T17:00:00Z`);
  expect((await page.request.get(`${CRON}&time=${dueAt}`)).status()).toBe(200);
  await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread", { timeout: 30_000 });

  await bell(page).click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel.getByRole("link", { name: /Confirm the headline act's rider/ })).toHaveCount(2);
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(panel.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  // Without the menu: the page lists it, read.
  await page.goto("/notifications");
  await expect(page.getByRole("link", { name: /Confirm the headline act's rider/ })).toHaveCount(2);
  await expect(page.getByText("You're all caught up.")).toBeVisible();
});

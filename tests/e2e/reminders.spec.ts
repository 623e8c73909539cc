import { expect, test, type Page } from "./fixtures";
import { isoDay, toasts, waitForHydration } from "./helpers";

/**
 * Reminders (ADR 022) in the browser: set in the create form, delivered by the cron through the queue, and seen
 * arriving live in the header's notifications menu; 'Mark all read' clears the count.
 */

const CRON = "/cdn-cgi/local/scheduled?cron=*/15+*+*+*+*";

/** The header's bell, whose name carries the unread count. */
const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });

test("a reminder set in the form arrives live in the header, and Mark all read clears it", async ({ page }) => {
  // The reminder comes due within the next minute or two, and the cron runs every few seconds meanwhile.
  test.setTimeout(180_000);
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

  const tasks = (await (await page.request.get("/api/tasks")).json()) as Array<{ id: string; reminders: number[] }>;
  expect(tasks).toHaveLength(1);
  expect(tasks[0].reminders).toEqual([60, 0]);

  // Bring the due time to the next minute or so (UTC), so its "at due time" reminder comes due during the test.
  const due = new Date(Date.now() + 90_000).toISOString();
  const moved = await page.request.patch(`/api/tasks/${tasks[0].id}`, { data: { dueDate: `${due.slice(0, 10)}T${due.slice(11, 16)}` } });
  expect(moved.status()).toBe(200);

  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.locator("[data-live-status=open]")).toHaveCount(1);
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  // Each cron run claims what is due; the count arrives over the page's socket, without a reload.
  await expect
    .poll(
      async () => {
        await page.request.get(CRON);
        return (await bell(page).getAttribute("aria-label")) ?? "";
      },
      { timeout: 150_000, intervals: [3_000] },
    )
    .toBe("Notifications, 1 unread");

  await bell(page).click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel.getByRole("link", { name: /Confirm the headline act's rider/ })).toBeVisible();
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(panel.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  // Without the menu: the page lists it, read.
  await page.goto("/notifications");
  await expect(page.getByRole("link", { name: /Confirm the headline act's rider/ })).toBeVisible();
  await expect(page.getByText("You're all caught up.")).toBeVisible();
});

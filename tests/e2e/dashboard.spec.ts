import { expect, test, type Page } from "./fixtures";
import { createTaskViaApi, holdRequests, signUpViaApi, taskCard, toasts, waitForHydration } from "./helpers";

/** Today's date (`YYYY-MM-DD`) in a timezone, plus `days`. */
function dayIn(timeZone: string, days = 0) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function countdown(page: Page) {
  return page.getByRole("timer", { name: "Starts in" });
}

/** The countdown as whole minutes left. */
async function minutesLeft(page: Page) {
  // textContent, not innerText: innerText depends on layout, and before the stylesheet applies the number and
  // unit spans are inline ("19days").
  const text = (await countdown(page).textContent()) ?? "";
  const match = /(\d+)\s*days?\s*(\d+)\s*hours?\s*(\d+)\s*minutes?/.exec(text);
  if (!match) throw new Error(`unexpected countdown text: ${text}`);
  return Number(match[1]) * 1440 + Number(match[2]) * 60 + Number(match[3]);
}

/** Five tasks created oldest to newest, with different priorities, categories and assignees. */
async function seedFive(page: Page) {
  const tasks = [
    { title: "Walk the site with the fire marshal", priority: "critical", category: "production", assigneeName: "Dana Reyes" },
    { title: "Book shuttle buses for artist arrivals", priority: "medium", category: "logistics", assigneeName: "Sam Okafor" },
    { title: "Send hospitality riders to catering", priority: "high", category: "logistics", assigneeName: "Priya Natarajan" },
    { title: "Publish the set times graphic", priority: "low", category: "marketing" },
    { title: "Confirm stage power with the venue", priority: "high", category: "production", assigneeName: "Sam Okafor" },
  ];
  for (const task of tasks) await createTaskViaApi(page, task);
  return tasks.map((t) => t.title);
}

test("settings: the event date and time in the workspace timezone drive days-until-event and the countdown", async ({
  page,
}) => {
  await signUpViaApi(page, "Jordan Blake");
  await page.clock.install();
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.getByText("Set your event date to see the days to go")).toBeVisible();

  const settingsLink = page.getByRole("link", { name: "Settings", exact: true });
  await settingsLink.click();
  const dialog = page.getByRole("dialog", { name: "Workspace Settings" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Event name").fill("Harbour Lights Festival");
  await dialog.getByLabel("Timezone").selectOption("Pacific/Kiritimati");
  await dialog.getByLabel("Event date").fill(dayIn("Pacific/Kiritimati", 10));
  await dialog.getByLabel("Start time").fill("18:00");
  await dialog.getByRole("button", { name: "Save Settings" }).click();
  await expect(toasts(page).filter({ hasText: "Settings Saved" })).toContainText("Harbour Lights Festival");
  await expect(dialog).toBeHidden();
  await expect(settingsLink).toBeFocused();

  await expect(page.getByTestId("days-until-event")).toHaveText("10 days until event");
  await expect(page.getByRole("region", { name: "Project Progress" })).toContainText("at 6:00 PM (Pacific/Kiritimati)");
  const settings = await (await page.request.get("/api/workspace")).json();
  expect(settings).toMatchObject({ eventLocalTime: "18:00", timezone: "Pacific/Kiritimati" });
  const expected = Math.floor((Date.parse(settings.eventDate) - Date.now()) / 60_000);
  expect(Math.abs((await minutesLeft(page)) - expected)).toBeLessThanOrEqual(1);

  // The countdown ticks in the browser: a minute later it shows a minute less.
  const before = await minutesLeft(page);
  await page.clock.fastForward("01:00");
  await expect.poll(() => minutesLeft(page)).toBeLessThan(before);
  expect(await minutesLeft(page)).toBeGreaterThanOrEqual(before - 2);

  // A new date moves every figure; the stats API agrees.
  await page.getByRole("link", { name: "Change event settings" }).click();
  await dialog.getByLabel("Event date").fill(dayIn("Pacific/Kiritimati", 3));
  await dialog.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByTestId("days-until-event")).toHaveText("3 days until event");
  // The day count can arrive first (live stats over the socket); the countdown follows with the page's refetch.
  await expect.poll(async () => Math.floor((await minutesLeft(page)) / 1440)).toBeLessThanOrEqual(3);
  expect(Math.floor((await minutesLeft(page)) / 1440)).toBeGreaterThanOrEqual(2);
  expect((await (await page.request.get("/api/status")).json()).daysToEvent).toBe(3);
  await expect(page.getByRole("heading", { name: "Welcome, Jordan Blake" })).toBeVisible();
  await expect(page.getByText("Here is where Harbour Lights Festival stands today.")).toBeVisible();
});

test("dialogs trap focus and close on Escape", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/dashboard");
  await waitForHydration(page);

  for (const [link, name] of [
    ["Settings", "Workspace Settings"],
    ["Create Task", "Create Task"],
  ] as const) {
    const opener = page.getByRole("link", { name: link, exact: true });
    await opener.click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `${name}, tab ${i}`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
});

test("without JavaScript: the settings panel saves the event and the dashboard counts down", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpViaApi(page, "Riley Chen");
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/settings=1/);
  const panel = page.getByRole("region", { name: "Workspace Settings" });
  await panel.getByLabel("Event name").fill("Northern Tech Summit");
  await panel.getByLabel("Timezone").selectOption("Europe/London");
  await panel.getByLabel("Event date").fill(dayIn("Europe/London", 20));
  await panel.getByLabel("Start time").fill("09:00");
  await panel.getByRole("button", { name: "Save Settings" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("status")).toContainText("Settings Saved");
  await expect(page.getByTestId("days-until-event")).toHaveText("20 days until event");
  await expect(countdown(page)).toBeVisible();
  expect(Math.floor((await minutesLeft(page)) / 1440)).toBeGreaterThanOrEqual(19);
  await expect(page.getByRole("region", { name: "Workspace Settings" })).toHaveCount(0);
  await context.close();
});

test("recent tasks: newest three, View More and Show Less, filters and Clear Filters, skeletons while loading", async ({
  page,
}) => {
  await signUpViaApi(page);
  const titles = await seedFive(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const recent = page.getByRole("region", { name: "Recent Tasks" });
  await expect(recent).toContainText("5 tasks");
  await expect(recent).toContainText("Unlimited");
  await expect(recent.getByRole("article")).toHaveCount(3);
  await expect(recent.getByRole("article").first()).toHaveAccessibleName(titles[4]);
  await expect(recent).toContainText("Showing 3 of 5 tasks");

  const loading = await holdRequests(page, "**/dashboard.data*");
  await recent.getByRole("link", { name: "View More" }).click();
  await expect(page.getByTestId("task-skeleton")).toHaveCount(3);
  await loading.release();
  await expect(recent.getByRole("article")).toHaveCount(5);
  await expect(page).toHaveURL(/more=1/);
  await recent.getByRole("link", { name: "Show Less" }).click();
  await expect(recent.getByRole("article")).toHaveCount(3);

  await recent.getByLabel("Filter by priority").selectOption("high");
  await expect(page).toHaveURL(/priority=high/);
  await expect(recent.getByRole("article")).toHaveCount(2);
  await expect(recent).toContainText("Showing 2 of 2 matching tasks");
  await recent.getByLabel("Filter by assignee").selectOption("Sam Okafor");
  await expect(recent.getByRole("article")).toHaveCount(1);
  await expect(taskCard(page, "Confirm stage power with the venue")).toBeVisible();
  await recent.getByLabel("Filter by category").selectOption("marketing");
  await expect(recent.getByText("No tasks match these filters")).toBeVisible();
  await recent.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(recent.getByRole("article")).toHaveCount(3);
  await expect(recent.getByLabel("Filter by priority")).toHaveValue("");

  // A status change from the dashboard card saves through the tasks page's action.
  await taskCard(page, titles[4]).getByLabel("Status").selectOption("completed");
  await expect(toasts(page).filter({ hasText: "Task Updated" })).toBeVisible();
  await expect(page.getByText("1 of 5 tasks completed.")).toBeVisible();
});

test("without JavaScript: filters apply with a button and View More is a link", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpViaApi(page);
  await seedFive(page);
  await page.goto("/dashboard");
  const recent = page.getByRole("region", { name: "Recent Tasks" });
  await expect(recent.getByRole("article")).toHaveCount(3);
  await recent.getByRole("link", { name: "View More" }).click();
  await expect(recent.getByRole("article")).toHaveCount(5);
  await recent.getByLabel("Filter by category").selectOption("logistics");
  await recent.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/category=logistics/);
  await expect(recent.getByRole("article")).toHaveCount(2);
  await recent.getByRole("link", { name: "Clear Filters" }).click();
  await expect(recent.getByRole("article")).toHaveCount(3);

  // Without JavaScript a card's status form posts and comes back to the dashboard.
  await taskCard(page, "Confirm stage power with the venue").getByLabel("Status").selectOption("in_progress");
  await taskCard(page, "Confirm stage power with the venue").getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("status")).toContainText("Task Updated");
  await context.close();
});

test("create a task from the dashboard, adding a category on the way; a duplicate category is refused", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Create Task", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create Task" });
  await dialog.getByLabel("Title").fill("Order crowd barriers for the main stage");

  await dialog.getByRole("button", { name: "Add New Category" }).click();
  const adder = page.getByRole("dialog", { name: "Add New Category" });
  await adder.getByLabel("Category name").fill("Logistics");
  await adder.getByRole("button", { name: "Add Category" }).click();
  await expect(toasts(page).filter({ hasText: "Category Already Exists" })).toContainText(
    "This category already exists in your list.",
  );
  await expect(adder).toBeVisible();
  await adder.getByLabel("Category name").fill("Site");
  await adder.getByRole("button", { name: "Add Category" }).click();
  await expect(adder).toBeHidden();
  await expect(toasts(page).filter({ hasText: "Category Added" })).toBeVisible();
  await expect(dialog.getByLabel("Category")).toHaveValue("Site");
  await expect(dialog.getByLabel("Title")).toHaveValue("Order crowd barriers for the main stage");

  await dialog.getByLabel("Priority").selectOption("critical");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(toasts(page).filter({ hasText: "Task Created" })).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = taskCard(page, "Order crowd barriers for the main stage");
  await expect(card).toContainText("Critical");
  await expect(card).toContainText("Site");
  await expect(page.getByRole("region", { name: "Recent Tasks" })).toContainText("1 task");
});

test("the empty dashboard offers the sandbox welcome and the templates, grouped", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome to your sandbox" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Example Slack commands" }).getByRole("listitem").first()).toContainText(
    "/new ",
  );
  const events = page.getByRole("region", { name: "Event production templates" });
  const starters = page.getByRole("region", { name: "Starter templates" });
  await expect(events.getByRole("link")).toHaveCount(3);
  await expect(starters.getByRole("link")).toHaveCount(6);
  const conference = events.getByRole("link", { name: /Industry conference/ });
  await expect(conference).toHaveAttribute("href", "/template/industry-conference");
  await expect(conference).toContainText("120 days · 22 tasks");
  await expect(starters.getByRole("link", { name: /30-day fitness challenge/ })).toContainText("30 days · 13 tasks");
  await conference.click();
  await expect(page).toHaveURL(/\/template\/industry-conference$/);
  await expect(page.getByRole("heading", { level: 1, name: "Industry conference" })).toBeVisible();
});

test("notices from other flows show once as a toast and leave the address", async ({ page }) => {
  await signUpViaApi(page);
  const cases = [
    ["/dashboard?slack_error=access_denied", "Slack Installation Failed", "Installation was cancelled", "/dashboard"],
    ["/dashboard?priority=high&slack_error=bad_scope", "Slack Installation Failed", "Error: bad_scope", "/dashboard?priority=high"],
    ["/?upgrade=cancelled", "Upgrade Cancelled", "nothing was charged", "/"],
  ] as const;
  for (const [path, title, text, clean] of cases) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(toasts(page).filter({ hasText: title }), path).toContainText(text);
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, path).toBe(clean);
  }
  // Nothing repeats, and a Slack install's success needs the server's confirmation (see slack.spec.ts): the
  // address alone shows nothing.
  await page.goto("/dashboard?slack_success=1&team=Harbour+Crew");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Welcome, Jordan Blake" })).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);

  // Nothing was bought: the address alone never says 'Upgrade Successful' (the server confirms a checkout).
  await page.goto("/dashboard?upgrade=success&plan=premium");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Welcome, Jordan Blake" })).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
  await expect(page.getByText("Upgrade Successful")).toHaveCount(0);
});

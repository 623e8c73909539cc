import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, holdRequests, isoDay, signUpViaApi, taskCard, toasts, waitForHydration } from "./helpers";
import { installSlack } from "./slack-install";

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

/**
 * The days-to-go sentence counts the countdown's whole days (`eventDaysLabel`), so the two agree: for an event
 * `calendarDays` away by date that is that many days, or one fewer once the event's time of day has passed today.
 */
async function expectDaysAgreeWithCountdown(page: Page, calendarDays: number) {
  const days = Math.floor((await minutesLeft(page)) / 1440);
  expect([calendarDays - 1, calendarDays]).toContain(days);
  await expect(page.getByTestId("days-until-event")).toHaveText(`${days} ${days === 1 ? "day" : "days"} until event`);
}

/** Five tasks created oldest to newest, with different priorities, categories and assignees. */
async function seedFive(page: Page) {
  const tasks = [
    {
      title: "Walk the site with the fire marshal",
      priority: "critical",
      category: "production",
      assigneeName: "Dana Reyes",
    },
    {
      title: "Book shuttle buses for artist arrivals",
      priority: "medium",
      category: "logistics",
      assigneeName: "Sam Okafor",
    },
    {
      title: "Send hospitality riders to catering",
      priority: "high",
      category: "logistics",
      assigneeName: "Priya Natarajan",
    },
    { title: "Publish the set times graphic", priority: "low", category: "marketing" },
    {
      title: "Confirm stage power with the venue",
      priority: "high",
      category: "production",
      assigneeName: "Sam Okafor",
    },
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

  await expectDaysAgreeWithCountdown(page, 10);
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
  await expect.poll(async () => Math.floor((await minutesLeft(page)) / 1440)).toBeLessThanOrEqual(3);
  await expectDaysAgreeWithCountdown(page, 3);
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

test("without JavaScript: the settings panel saves the event and its days, and the dashboard counts down", async ({
  browser,
}) => {
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
  // A three-day show with a load-in the day before (ADR 026); the countdown still runs to the start.
  await panel.getByLabel("Last show day").fill(dayIn("Europe/London", 22));
  await panel.getByLabel("Load-in").fill(dayIn("Europe/London", 19));
  await panel.getByRole("button", { name: "Save Settings" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("status")).toContainText("Settings Saved");
  await expect(countdown(page)).toBeVisible();
  await expectDaysAgreeWithCountdown(page, 20);
  await expect(page.getByTestId("show-days")).toHaveText(
    /^Show days: \w{3} \d{1,2}( \w{3})? – \w{3} \d{1,2} \w{3} · Load-in \w{3} \d{1,2} \w{3}$/,
  );
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
    [
      "/dashboard?priority=high&slack_error=bad_scope",
      "Slack Installation Failed",
      "Error: bad_scope",
      "/dashboard?priority=high",
    ],
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

/**
 * A connected workspace with a show in 25 days: the viewer has six overdue tasks, one due today and one due after
 * the event; an outside vendor has an overdue one too, and a few are nobody's.
 */
async function seedShow(page: Page) {
  await signUpViaApi(page, "Maria Lopez");
  const me = ((await (await page.request.get("/api/auth/user")).json()) as { id: string }).id;
  await installSlack(page);
  const settings = { eventName: "Harbour Lights Festival", eventDate: isoDay(25), eventTime: "19:00" };
  expect((await page.request.put("/api/workspace", { data: settings })).status()).toBe(200);
  const overdue = [
    "Sign the stage hire contract",
    "Send the noise plan to the council",
    "Order the site radios",
    "Confirm the medics",
    "Book the generator",
    "Pay the marquee deposit",
  ];
  for (const [i, title] of overdue.entries()) {
    await createTaskViaApi(page, { title, assigneeId: me, dueDate: isoDay(-1 - i), priority: "high" });
  }
  await createTaskViaApi(page, { title: "Approve the wristband artwork", assigneeId: me, dueDate: isoDay(0) });
  await createTaskViaApi(page, { title: "Return the hired fencing", assigneeId: me, dueDate: isoDay(40) });
  await createTaskViaApi(page, { title: "Deliver the PA system", assigneeName: "Dev Patel", dueDate: isoDay(-2) });
  for (const title of ["Print the artist passes", "Brief the stewards", "Draft the running order"]) {
    await createTaskViaApi(page, { title, dueDate: isoDay(10) });
  }
  return { overdue };
}

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("the dashboard reads in the order of the day: the show, what needs me, Recent Tasks and Create on the first screen, setup folded", async ({
  page,
}) => {
  const { overdue } = await seedShow(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard");
  await waitForHydration(page);

  // Recent Tasks and its Create button are on the first screen of a connected workspace.
  const recent = region(page, "Recent Tasks");
  await expect(recent.getByRole("heading", { name: "Recent Tasks" })).toBeInViewport({ ratio: 1 });
  await expect(recent.getByRole("link", { name: "Create Task" })).toBeInViewport({ ratio: 1 });

  // Top to bottom: the show and its progress, what needs me, the work, the plan, then setup.
  const tops = [];
  for (const name of [
    "Project Progress",
    "What needs me today",
    "Recent Tasks",
    "Ask the assistant",
    "Chat Integration",
  ]) {
    tops.push((await region(page, name).boundingBox())!.y);
  }
  expect(tops[0]).toBeLessThanOrEqual(tops[1]);
  expect(tops.slice(1)).toEqual([...tops.slice(1)].sort((a, b) => a - b));

  // What needs me: only the viewer's own tasks, three of the six overdue (the longest overdue first) and a way to
  // the rest.
  const mine = region(page, "What needs me today");
  const overdueList = mine.getByRole("region", { name: "Overdue (6)" });
  await expect(overdueList.getByRole("listitem")).toHaveCount(3);
  await expect(overdueList.getByRole("listitem").first()).toContainText(overdue[5]);
  await expect(mine.getByRole("link", { name: "See all 6 overdue" })).toHaveAttribute("href", "/tasks?mine=1");
  await expect(mine.getByRole("region", { name: "Due today (1)" })).toContainText("Approve the wristband artwork");
  await expect(mine.getByRole("region", { name: "At risk (1)" })).toContainText("Return the hired fencing");
  await expect(mine).not.toContainText("Deliver the PA system");
  await expect(mine).not.toContainText("Print the artist passes");

  // Done elsewhere (another tab, Slack, the API): the card catches up by itself.
  const [approve] = await (await page.request.get("/api/tasks?q=wristband")).json();
  expect((await page.request.patch(`/api/tasks/${approve.id}`, { data: { status: "completed" } })).status()).toBe(200);
  await expect(mine.getByRole("region", { name: "Due today (1)" })).toHaveCount(0);

  // The days to go and the countdown agree.
  const days = Math.floor((await minutesLeft(page)) / 1440);
  await expect(page.getByTestId("days-until-event")).toHaveText(`${days} days until event`);

  // Connected, Slack's setup and the digest are folded under the status.
  const chat = region(page, "Chat Integration");
  await expect(chat.getByText("Connected", { exact: true })).toBeVisible();
  await expect(chat.getByRole("region", { name: "Morning digest" })).toBeHidden();
  await chat.getByText("Setup, slash commands and morning digest").click();
  await expect(chat.getByRole("region", { name: "Morning digest" })).toBeVisible();

  // Screenshots of the first screen in a fresh page (this one keeps its scroll position), desktop and phone.
  const fresh = await page.context().newPage();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await fresh.setViewportSize({ width, height });
    await fresh.goto("/dashboard");
    await waitForHydration(fresh);
    await fresh.screenshot({ path: `tests/e2e/screenshots/dashboard-order-${width}.png`, animations: "disabled" });
    await fresh.screenshot({
      path: `tests/e2e/screenshots/dashboard-order-${width}-full.png`,
      fullPage: true,
      animations: "disabled",
    });
  }
});

test("the assistant box answers a question on the dashboard and on the tasks page", async ({ page }) => {
  const { overdue } = await seedShow(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const box = region(page, "Ask the assistant");
  await box.getByLabel("Your question").fill("What's overdue?");
  await box.getByRole("button", { name: "Ask" }).click();
  const answer = box.getByTestId("assistant-answer");
  await expect(answer).toContainText("overdue");
  await expect(answer).toContainText(overdue[0]);
  await expect(box.getByLabel("Your question")).toHaveValue("What's overdue?");
  await expect(page).toHaveURL(/\/dashboard$/);

  // An empty question is refused under the field, and asks nothing.
  await box.getByLabel("Your question").fill(" ");
  await box.getByRole("button", { name: "Ask" }).click();
  await expect(box.getByText("Ask a question")).toBeVisible();

  await page.goto("/tasks");
  await waitForHydration(page);
  // On a board with tasks the box is folded to a line, so the list shows first; a click opens it.
  await page.locator("summary", { hasText: "Ask the assistant" }).click();
  const onTasks = region(page, "Ask the assistant");
  await onTasks.getByLabel("Your question").fill("Who carries most?");
  await onTasks.getByRole("button", { name: "Ask" }).click();
  await expect(onTasks.getByTestId("assistant-answer")).toContainText("Maria Lopez carries the most");
  await expect(page).toHaveURL(/\/tasks$/);
});

test("without JavaScript: the assistant box posts the question and the answer shows on its page", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpViaApi(page, "Riley Chen");
  await createTaskViaApi(page, { title: "Confirm the headliner's rider", dueDate: isoDay(-1) });
  await page.goto("/tasks");
  // Folded on a board with tasks: a <details>, which opens without JavaScript too.
  await page.locator("summary", { hasText: "Ask the assistant" }).click();
  const box = region(page, "Ask the assistant");
  await box.getByLabel("Your question").fill("what's overdue?");
  await box.getByRole("button", { name: "Ask" }).click();
  await expect(page).toHaveURL(/\/assistant$/);
  await expect(page.getByTestId("assistant-answer")).toContainText("Confirm the headliner's rider");
  await expect(page.getByLabel("Your question")).toHaveValue("what's overdue?");
  await context.close();
});

/** The empty board's welcome panel, loaded with `React.lazy` when it is shown (app/components/dashboard/dashboard-page.tsx). */
const WELCOME_CODE = /\/assets\/getting-started-[\w-]+\.js$/;

test("a board in use never loads the welcome panel's code; an empty one shows the panel from the server's HTML", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await signUpViaApi(page, "Riley Chen");
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Welcome to your sandbox" })).toBeVisible();
  expect(scripts.filter((path) => WELCOME_CODE.test(path))).toHaveLength(1);

  await createTaskViaApi(page, { title: "Confirm the headliner's rider", dueDate: isoDay(3) });
  scripts.length = 0;
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Confirm the headliner's rider" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to your sandbox" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((path) => WELCOME_CODE.test(path))).toEqual([]);
});

test("on a client-side visit the dashboard shows all its parts, the lazily loaded welcome panel among them", async ({
  page,
}) => {
  await signUpViaApi(page, "Riley Chen");
  await page.goto("/tasks");
  await waitForHydration(page);
  await page.evaluate(() => ((window as any).sameDocument = true));
  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Riley Chen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to your sandbox" })).toBeVisible();
  for (const name of ["Add with AI", "Ask the assistant"]) await expect(region(page, name)).toBeVisible();
  await expect(page.getByRole("region", { name: "Chat Integration" })).toBeVisible();
  expect(await page.evaluate(() => (window as any).sameDocument)).toBe(true);
});

test("a dashboard in use loads without a console error, first visit, reload and client-side visit (React #421 was one)", async ({
  page,
}) => {
  await signUpViaApi(page, "Rae Console");
  const settings = await page.request.put("/api/workspace", {
    data: {
      eventName: "Harbour Lights",
      eventDate: dayIn("UTC", 12),
      eventTime: "18:00",
      eventEndDate: dayIn("UTC", 13),
    },
  });
  expect(settings.status()).toBe(200);
  await seedFive(page);
  await createTaskViaApi(page, { title: "Overdue permit", dueDate: dayIn("UTC", -2), priority: "critical" });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  for (let visit = 0; visit < 2; visit++) {
    await page.goto("/dashboard");
    await waitForHydration(page);
    await expect(countdown(page)).toBeVisible();
  }
  await page.getByRole("link", { name: "Tasks", exact: true }).first().click();
  await expect(page).toHaveURL(/\/tasks$/);
  await page.getByRole("link", { name: "Dashboard", exact: true }).first().click();
  await expect(countdown(page)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent Tasks" })).toBeVisible();
  expect(errors).toEqual([]);
});

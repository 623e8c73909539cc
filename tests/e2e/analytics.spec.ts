import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, isoDay, signUpViaApi, waitForHydration } from "./helpers";

const DIR = "tests/e2e/screenshots";

// Recharts animates bars in unless the visitor prefers reduced motion; screenshots want the final state.
test.use({ reducedMotion: "reduce" });

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
}

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const kpi = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

/**
 * Five tasks created now (so all in this week): two due today and completed on creation, one open and due today, one open
 * and long overdue (due a month ago: in neither this week nor last), one open and due in ten days.
 */
async function seedWorkspace(page: Page) {
  await signUpViaApi(page, "Jordan Blake");
  const tasks = [
    { title: "Confirm stage power with the venue", priority: "critical", category: "production", dueDate: isoDay(-30) },
    { title: "Send artist hospitality riders to catering", priority: "high", category: "logistics", dueDate: isoDay(0) },
    { title: "Book shuttle buses for artist arrivals", priority: "medium", category: "logistics", dueDate: isoDay(10) },
    { title: "Print wristbands and lanyards", priority: "medium", category: "content", status: "completed", dueDate: isoDay(0) },
    { title: "Publish the set times graphic", priority: "low", category: "marketing", status: "completed", dueDate: isoDay(0) },
  ];
  for (const task of tasks) await createTaskViaApi(page, task);
}

async function waitForCharts(page: Page) {
  for (const name of ["Weekly Progress", "Tasks by Category", "Priority Distribution"]) {
    await expect(region(page, name).locator(".recharts-wrapper > svg")).toBeVisible();
  }
  await expect(page.getByTestId("chart-skeleton")).toHaveCount(0);
}

test("signed-out visitors get the sign-in prompt instead of analytics", async ({ page }) => {
  const response = await page.goto("/analytics");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Start Your Free Demo" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Key Insights" })).toHaveCount(0);
});

test("an empty workspace gets a way to start, not zero-filled charts", async ({ page }) => {
  await signUpViaApi(page, "Jordan Blake");
  await page.goto("/analytics");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No analytics yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create a Task" })).toHaveAttribute("href", "/tasks?new=1");
  await expect(page.getByRole("link", { name: "Start from a template" })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("group", { name: "Tasks Created" })).toHaveCount(0);
  await expect(page.locator("svg.recharts-surface")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("figures, charts and insights follow the workspace's tasks", async ({ page }) => {
  await seedWorkspace(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/analytics");
  await waitForHydration(page);

  // Everything happened this week and nothing last week: no base to compare with, so "New".
  await expect(kpi(page, "Tasks Created").getByTestId("kpi-value")).toHaveText("5");
  await expect(kpi(page, "Tasks Created")).toContainText("New");
  await expect(kpi(page, "Tasks Created")).toContainText("vs 0 last week");
  await expect(kpi(page, "Tasks Created").locator("[data-tone]")).toHaveAttribute("data-tone", "neutral");
  await expect(kpi(page, "Tasks Completed").getByTestId("kpi-value")).toHaveText("2");
  // More completions than last week is good news.
  await expect(kpi(page, "Tasks Completed").locator("[data-tone]")).toHaveAttribute("data-tone", "good");
  // Completed on creation: zero days on average; no completions last week to compare with.
  await expect(kpi(page, "Average Time").getByTestId("kpi-value")).toHaveText("0.0 days");
  await expect(kpi(page, "Average Time")).toContainText("vs — last week");
  // 2 completed of the 3 that were due by today this week (the long-overdue task belongs to an older week).
  await expect(kpi(page, "Efficiency").getByTestId("kpi-value")).toHaveText("67%");
  await expect(kpi(page, "Efficiency")).toContainText("Share of the tasks due so far this week that are done");
  await expect(kpi(page, "Efficiency").getByTestId("kpi-basis")).toHaveText("2 of 3 tasks due so far done.");

  const insights = region(page, "Key Insights").getByRole("listitem");
  await expect(insights).toHaveText([
    "Tasks are completed in less than a day on average, from creation to completion.",
    "1 task is overdue.",
    "2 tasks were completed in the last 7 days.",
    "The workspace is 40% complete: 2 of 5 tasks done.",
    "1 critical task is still open.",
    "Logistics has the most open tasks: 2 of 3.",
  ]);

  const activity = region(page, "Recent Activity").getByRole("listitem");
  await expect(activity).toHaveCount(3);
  await expect(activity.nth(0)).toContainText("Publish the set times graphic");
  await expect(activity.nth(0)).toContainText("Completed");
  await expect(activity.nth(1)).toContainText("Print wristbands and lanyards");
  await expect(activity.nth(2)).toContainText("Book shuttle buses for artist arrivals");
  await expect(activity.nth(2)).toContainText("Created");

  await waitForCharts(page);
  const priorities = page.getByRole("list", { name: "Tasks per priority" }).getByRole("listitem");
  await expect(priorities).toHaveText(["Critical1", "High1", "Medium2", "Low1"]);

  // The charts' text alternative: each chart's figures as a table under a summary anyone can open.
  const weekly = region(page, "Weekly Progress");
  await expect(weekly).toContainText("5 created and 2 completed over 1 week with activity.");
  await weekly.getByText("Show the figures as a table").click();
  const weekRows = weekly.getByRole("table").getByRole("row");
  await expect(weekRows).toHaveCount(2);
  await expect(weekRows.nth(1).getByRole("cell")).toHaveText(["5", "2"]);

  const categories = region(page, "Tasks by Category");
  await categories.getByText("Show the figures as a table").click();
  await expect(categories.getByRole("row", { name: /^Logistics/ }).getByRole("cell")).toHaveText(["2", "0", "2"]);

  await expectNoSeriousA11yViolations(page);
});

for (const width of [375, 1280] as const) {
  test(`analytics screenshot at ${width}px without sideways scrolling`, async ({ page }) => {
    await seedWorkspace(page);
    await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
    await page.goto("/analytics");
    await waitForHydration(page);
    await waitForCharts(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${DIR}/analytics-${width}.png`, fullPage: true, animations: "disabled" });
    if (width === 375) await expectNoSeriousA11yViolations(page);
  });
}

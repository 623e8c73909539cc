import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, isoDay, signUpViaApi, waitForHydration } from "./helpers";

const DIR = "tests/e2e/screenshots";
const WIDTHS = [375, 1280] as const;

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function seedBoard(page: Page) {
  const tasks = [
    {
      title: "Confirm stage power with the venue",
      description: "Three-phase 63A for the main stage, 32A for FOH and the bars.",
      priority: "critical",
      category: "production",
      dueDate: isoDay(-1),
      assigneeName: "Sam Okafor",
    },
    {
      title: "Send artist hospitality riders to catering",
      priority: "high",
      category: "logistics",
      dueDate: isoDay(0),
      assigneeName: "Priya Natarajan",
    },
    {
      title: "Book shuttle buses for artist arrivals",
      description: "Airport to hotel, Friday 10:00–22:00, two 16-seaters.",
      priority: "medium",
      category: "logistics",
      dueDate: `${isoDay(4)}T10:00`,
      assigneeName: "Sam Okafor",
    },
    { title: "Publish the set times graphic", priority: "low", category: "marketing", dueDate: isoDay(12) },
    { title: "Print wristbands and lanyards", priority: "medium", category: "content", status: "completed" },
  ];
  for (const task of tasks) await createTaskViaApi(page, task);
}

for (const width of WIDTHS) {
  test(`screenshots at ${width}px: landing, dashboard, settings, template, tasks, create dialog`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });

    await page.goto("/landing");
    await waitForHydration(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${DIR}/landing-${width}.png`, fullPage: true, animations: "disabled" });

    await page.goto("/landing#plans");
    await page.screenshot({ path: `${DIR}/landing-plans-${width}.png`, animations: "disabled" });

    await signUpViaApi(page, "Jordan Blake");
    await page.goto("/dashboard");
    await waitForHydration(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${DIR}/dashboard-empty-${width}.png`, fullPage: true, animations: "disabled" });

    await page.goto("/template/music-festival");
    await waitForHydration(page);
    await expectNoHorizontalScroll(page);
    // The Create bar sticks to the bottom of the window, so a full-page capture would show it mid-list.
    await page.screenshot({ path: `${DIR}/template-${width}.png`, animations: "disabled" });

    await seedBoard(page);
    await page.request.put("/api/workspace", {
      data: { eventName: "Harbour Lights Festival", eventDate: isoDay(40), eventTime: "18:00", timezone: "Europe/London" },
    });
    await page.goto("/dashboard");
    await waitForHydration(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${DIR}/dashboard-${width}.png`, fullPage: true, animations: "disabled" });

    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Workspace Settings" })).toBeVisible();
    await page.screenshot({ path: `${DIR}/dashboard-settings-${width}.png`, animations: "disabled" });

    await page.goto("/tasks");
    await waitForHydration(page);
    await expect(page.getByRole("article")).toHaveCount(5);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${DIR}/tasks-${width}.png`, fullPage: true, animations: "disabled" });

    await page.getByRole("link", { name: "Create Task", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Create Task" })).toBeVisible();
    await page.screenshot({ path: `${DIR}/tasks-create-dialog-${width}.png`, animations: "disabled" });
  });
}

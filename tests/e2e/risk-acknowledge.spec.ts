import { expect, test, type Page } from "@playwright/test";
import {
  createTaskViaApi,
  expectNoSeriousViolations,
  isoDay,
  signUpViaApi,
  taskCard,
  toasts,
  waitForHydration,
} from "./helpers";

/** Risks you can acknowledge, and "Move date" to a chosen date, on the dashboard's Risks card (issue 33). */

const DIR = "tests/e2e/screenshots";

/** An event in 20 days and three tasks at risk for different reasons, plus one that is fine. */
async function seedRisks(page: Page) {
  await signUpViaApi(page, "Jordan Blake");
  const settings = await page.request.put("/api/workspace", { data: { eventDate: isoDay(20), eventTime: "18:00" } });
  expect(settings.status()).toBe(200);
  await createTaskViaApi(page, { title: "Hire security", priority: "high", dueDate: isoDay(12) });
  await createTaskViaApi(page, { title: "Book the hotel", priority: "low", dueDate: isoDay(-6), assigneeName: "Sam" });
  await createTaskViaApi(page, { title: "Print wristbands", priority: "critical", dueDate: isoDay(1) });
  await createTaskViaApi(page, { title: "Order flowers", priority: "low", dueDate: isoDay(10), assigneeName: "Sam" });
}

async function taskByTitle(page: Page, title: string) {
  const tasks = (await (await page.request.get("/api/tasks")).json()) as Array<Record<string, unknown>>;
  return tasks.find((t) => t.title === title)!;
}

/** "Dec 4, 2026": a calendar day as the toasts say it. */
const calendarDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

test("acknowledge a risk from the Risks card, see who did and when, and show it again", async ({ page }) => {
  await seedRisks(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const risks = page.getByRole("region", { name: "Risks" });
  await expect(risks.getByText("3 open tasks need attention")).toBeVisible();
  const securityLink = risks.getByRole("region", { name: /Urgent and unassigned/ }).getByRole("link", {
    name: "Hire security",
    exact: true,
  });
  await expect(securityLink).toBeVisible();

  await risks.getByRole("button", { name: "Acknowledge “Hire security”" }).click();
  await expect(
    toasts(page).filter({ hasText: "“Hire security” is off the risk lists until it changes." }),
  ).toBeVisible();
  await expect(securityLink).toBeHidden();
  await expect(risks.getByText("2 open tasks need attention")).toBeVisible();
  // Out of the way of the screenshots below.
  await toasts(page).getByRole("button", { name: "Dismiss notification" }).click();
  await expect(toasts(page)).toHaveCount(0);

  // "1 acknowledged" opens the list: who acknowledged it and when, with Show again.
  await risks.getByText("1 acknowledged").click();
  const acknowledged = risks.getByRole("list", { name: "Acknowledged risks" });
  await expect(acknowledged.getByRole("link", { name: "Hire security", exact: true })).toBeVisible();
  await expect(acknowledged.getByText("High priority and unassigned")).toBeVisible();
  await expect(
    acknowledged.getByText(/^Acknowledged by Jordan Blake, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M$/),
  ).toBeVisible();
  await expectNoSeriousViolations(page, "Risks card with an acknowledged risk");
  // The list filtered to risks agrees.
  const listed = (await (await page.request.get("/api/tasks?risk=1")).json()) as Array<{ title: string }>;
  expect(listed.map((t) => t.title)).not.toContain("Hire security");

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await risks.scrollIntoViewIfNeeded();
    await risks.screenshot({ path: `${DIR}/risks-acknowledged-${width}.png`, animations: "disabled" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await acknowledged.getByRole("button", { name: "Show again “Hire security”" }).click();
  await expect(toasts(page).filter({ hasText: "“Hire security” is back on the risk lists." })).toBeVisible();
  await expect(securityLink).toBeVisible();
  await expect(risks.getByText("1 acknowledged")).toBeHidden();

  // Acknowledged again, then edited: the change shows the risk again.
  await risks.getByRole("button", { name: "Acknowledge “Hire security”" }).first().click();
  await expect(securityLink).toBeHidden();
  const security = await taskByTitle(page, "Hire security");
  const edited = await page.request.patch(`/api/tasks/${security.id}`, { data: { description: "Two per gate" } });
  expect(edited.status()).toBe(200);
  await page.reload();
  await expect(securityLink).toBeVisible();
  await expect(risks.getByText(/\d+ acknowledged/)).toBeHidden();
});

test("move an at-risk task to a chosen date from the Risks card, and undo it", async ({ page }) => {
  await seedRisks(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const risks = page.getByRole("region", { name: "Risks" });
  const overdue = risks.getByRole("region", { name: /^Overdue/ });
  await overdue.getByText("Move date – Book the hotel").click();
  // The presets stay; a date chosen beside them wins.
  await expect(overdue.getByLabel("Move “Book the hotel” to")).toHaveValue("1");
  await overdue.getByLabel("or move to a date: “Book the hotel”").fill(isoDay(4));
  await expectNoSeriousViolations(page, "Risks card with Move date open");

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await overdue.scrollIntoViewIfNeeded();
    await overdue.screenshot({ path: `${DIR}/risks-move-to-date-${width}.png`, animations: "disabled" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await overdue.getByRole("button", { name: "Move", exact: true }).click();
  await expect(toasts(page).filter({ hasText: `1 task moved to ${calendarDay(isoDay(4))}.` })).toBeVisible();
  await expect(overdue).toBeHidden();
  expect(await taskByTitle(page, "Book the hotel")).toMatchObject({ dueDate: isoDay(4) });

  await toasts(page).getByRole("button", { name: "Undo" }).click();
  await expect(overdue.getByRole("link", { name: "Book the hotel", exact: true })).toBeVisible();
  expect(await taskByTitle(page, "Book the hotel")).toMatchObject({ dueDate: isoDay(-6) });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Acknowledge and Show again are plain forms; the page reloads with the change", async ({ page }) => {
    await seedRisks(page);
    await page.goto("/dashboard");
    const risks = page.getByRole("region", { name: "Risks" });
    await risks.getByRole("button", { name: "Acknowledge “Book the hotel”" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByText("“Book the hotel” is off the risk lists until it changes.")).toBeVisible();
    await expect(risks.getByRole("region", { name: /^Overdue/ })).toBeHidden();

    // The list of acknowledged risks is a native disclosure.
    await risks.getByText("1 acknowledged").click();
    const acknowledged = risks.getByRole("list", { name: "Acknowledged risks" });
    await expect(acknowledged.getByText(/^Acknowledged by Jordan Blake, /)).toBeVisible();
    await acknowledged.getByRole("button", { name: "Show again “Book the hotel”" }).click();
    await expect(page.getByText("“Book the hotel” is back on the risk lists.")).toBeVisible();
    await expect(
      risks.getByRole("region", { name: /^Overdue/ }).getByRole("link", { name: "Book the hotel", exact: true }),
    ).toBeVisible();
  });

  test("the list's bulk bar moves the ticked tasks to a chosen date, earlier too", async ({ page }) => {
    await seedRisks(page);
    await page.goto("/tasks?risk=1");
    await page.getByRole("checkbox", { name: "Select “Print wristbands”" }).check();
    const bar = page.getByRole("form", { name: "Change the selected tasks" });
    await bar.getByLabel("or to a date").fill(isoDay(0));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      await bar.screenshot({ path: `${DIR}/bulk-bar-move-to-date-${width}.png`, animations: "disabled" });
    }
    await bar.getByRole("button", { name: "Move" }).click();
    await expect(page.getByText(`1 task moved to ${calendarDay(isoDay(0))}.`)).toBeVisible();
    expect(await taskByTitle(page, "Print wristbands")).toMatchObject({ dueDate: isoDay(0) });
    await expect(taskCard(page, "Print wristbands")).toBeVisible();
  });
});

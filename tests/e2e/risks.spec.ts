import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, isoDay, signUpViaApi, taskCard, toasts, waitForHydration } from "./helpers";

/** Risks you can act on: Assign, Move date and Open on the dashboard's Risks card, and the list filtered to risks. */

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

test("assign, move and open an at-risk task from the Risks card, then see every risk on the list", async ({ page }) => {
  await seedRisks(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const risks = page.getByRole("region", { name: "Risks" });
  const unassigned = risks.getByRole("region", { name: /Urgent and unassigned/ });
  const securityLink = unassigned.getByRole("link", { name: "Hire security", exact: true });
  await expect(securityLink).toBeVisible();

  // Assign: the disclosure opens a member picker; the card reloads without the risk.
  await unassigned.getByText("Assign – Hire security").click();
  await unassigned.getByLabel("Assign “Hire security” to").selectOption({ label: "Me (Jordan Blake)" });
  await unassigned.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(toasts(page).filter({ hasText: "1 task assigned." })).toBeVisible();
  await expect(securityLink).toBeHidden();
  expect(await taskByTitle(page, "Hire security")).toMatchObject({ assigneeName: "Jordan Blake" });

  // Move date: a week later takes the hotel out of "Overdue"; the toast offers Undo.
  const overdue = risks.getByRole("region", { name: /^Overdue/ });
  await overdue.getByText("Move date – Book the hotel").click();
  await overdue.getByLabel("Move “Book the hotel” to").selectOption({ label: "1 week later" });
  await overdue.getByRole("button", { name: "Move", exact: true }).click();
  await expect(toasts(page).filter({ hasText: "1 task moved by 7 days." })).toBeVisible();
  await expect(overdue).toBeHidden();
  expect(await taskByTitle(page, "Book the hotel")).toMatchObject({ dueDate: isoDay(1) });
  await toasts(page).getByRole("button", { name: "Undo" }).click();
  await expect(overdue.getByRole("link", { name: "Book the hotel", exact: true })).toBeVisible();

  // Open: the task's own page.
  await risks.getByRole("link", { name: "Open “Print wristbands”" }).first().click();
  await expect(page).toHaveURL(/\/tasks\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Print wristbands" }).first()).toBeVisible();

  // "See all" opens the list filtered to risks, the most costly first, with the toggle on.
  await page.goto("/dashboard");
  await waitForHydration(page);
  await risks.getByRole("link", { name: /See (all \d+ at risk|them on the task list)/ }).click();
  await expect(page).toHaveURL("/tasks?risk=1");
  await expect(page.getByRole("checkbox", { name: "At risk" })).toBeChecked();
  await expect(taskCard(page, "Book the hotel")).toBeVisible();
  await expect(taskCard(page, "Print wristbands")).toBeVisible();
  await expect(taskCard(page, "Order flowers")).toBeHidden();
  await expect(taskCard(page, "Hire security")).toBeHidden();

  // Unticking the toggle shows the whole list again.
  await page.getByRole("checkbox", { name: "At risk" }).uncheck();
  await expect(page).toHaveURL("/tasks");
  await expect(taskCard(page, "Order flowers")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Risks card opens a task or the list of risks, whose bulk bar assigns with a plain form", async ({ page }) => {
    await seedRisks(page);
    await page.goto("/dashboard");
    const risks = page.getByRole("region", { name: "Risks" });
    // The card's Assign and Move date need JavaScript: their summaries are in the HTML (so the card looks the same
    // before its code loads) but hidden until React runs, and their forms are not; Open and "See all" are plain links.
    await expect(risks.getByText("Assign – Print wristbands").first()).toBeAttached();
    await expect(risks.getByText(/^(Assign|Move date) – /).filter({ visible: true })).toHaveCount(0);
    await expect(risks.getByRole("button", { name: "Assign", exact: true })).toHaveCount(0);
    await expect(risks.getByRole("link", { name: "Open “Print wristbands”" }).first()).toHaveAttribute(
      "href",
      /^\/tasks\/[\w-]+$/,
    );
    await risks.getByRole("link", { name: /See (all \d+ at risk|them on the task list)/ }).click();
    await expect(page).toHaveURL("/tasks?risk=1");
    await page.getByRole("checkbox", { name: "Select “Print wristbands”" }).check();
    await page.getByLabel("Assign to").selectOption({ label: "Jordan Blake" });
    await page.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(page.getByText("1 task assigned.")).toBeVisible();
    expect(await taskByTitle(page, "Print wristbands")).toMatchObject({ assigneeName: "Jordan Blake" });
  });
});

import { expect, test, type Page } from "@playwright/test";
import { closeWithEscape, expectNoSeriousViolations, signUpViaApi, taskCard, waitForHydration } from "./helpers";

/** A task's checklist (ADR 035): in the task drawer with JavaScript, on the task page without it, "3/5" on the list. */

const SCREENSHOTS = "tests/e2e/screenshots";

async function newTask(page: Page, task: Record<string, unknown>) {
  const response = await page.request.post("/api/tasks", { data: task });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

async function addItemViaApi(page: Page, taskId: string, item: { text: string; done?: boolean }) {
  const response = await page.request.post(`/api/tasks/${taskId}/checklist`, { data: item });
  expect(response.status(), await response.text()).toBe(201);
}

async function checklistOf(page: Page, taskId: string) {
  const response = await page.request.get(`/api/tasks/${taskId}`);
  return (
    (await response.json()) as {
      checklist: { done: number; total: number; items: Array<{ text: string; done: boolean }> };
    }
  ).checklist;
}

const checklist = (scope: Page | ReturnType<Page["getByRole"]>) => scope.getByRole("region", { name: "Checklist" });

test.describe("with JavaScript", () => {
  test("add items, tick one, rename and remove in the drawer without a page load; the card shows 1/2", async ({
    page,
  }) => {
    await signUpViaApi(page, "Maria Lopez");
    const task = await newTask(page, { title: "Load in" });
    await page.goto(`/tasks/${task.id}`);
    await waitForHydration(page);
    // Every change below goes through a fetcher: the document stays the same.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const panel = page.getByRole("dialog", { name: "Load in" });
    const list = checklist(panel);
    await expect(list.getByText("No items yet.")).toBeVisible();

    const field = list.getByLabel("Add item");
    await field.fill("Confirm stage plot");
    await field.press("Enter");
    await expect(list.getByRole("checkbox", { name: "Confirm stage plot" })).toBeVisible();
    // The field is empty again and keeps the focus for the next item.
    await expect(field).toHaveValue("");
    await expect(field).toBeFocused();
    await field.fill("Book the generator");
    await list.getByRole("button", { name: "Add" }).click();
    await expect(list.getByRole("checkbox", { name: "Book the generator" })).toBeVisible();

    const plot = list.getByRole("checkbox", { name: "Confirm stage plot" });
    await expect(plot).not.toBeChecked();
    await plot.click();
    await expect(plot).toBeChecked();
    await expect(list.getByText("1 of 2 checklist items done")).toBeVisible();
    await expect.poll(async () => (await checklistOf(page, task.id)).done).toBe(1);
    await expect(panel.getByRole("region", { name: "History" }).getByRole("listitem").first()).toContainText(
      "Maria Lopez ticked “Confirm stage plot”",
    );
    await page.screenshot({ path: `${SCREENSHOTS}/task-checklist-drawer-1280.png` });

    // Rename by keyboard: Edit, type, Enter.
    await list.getByRole("link", { name: "Edit “Book the generator”" }).click();
    const rename = list.getByLabel("Rename item");
    await expect(rename).toBeFocused();
    await rename.fill("Book the 60 kVA generator");
    await rename.press("Enter");
    await expect(list.getByRole("checkbox", { name: "Book the 60 kVA generator" })).toBeVisible();
    await expect(list.getByRole("checkbox", { name: "Book the 60 kVA generator" })).toBeFocused();
    // Opened again, the form stays open (the last rename's answer is not taken for a new one); Cancel leaves it.
    await list.getByRole("link", { name: "Edit “Book the 60 kVA generator”" }).click();
    await expect(list.getByLabel("Rename item")).toBeFocused();
    await list.screenshot({ path: `${SCREENSHOTS}/task-checklist-rename-1280.png` });
    await list.getByRole("button", { name: "Cancel" }).click();
    await expect(list.getByRole("checkbox", { name: "Book the 60 kVA generator" })).toBeFocused();

    // A refused item is said under the field, and what was typed stays.
    await field.fill("x".repeat(201));
    await field.press("Enter");
    await expect(list.getByText("Item text must be at most 200 characters")).toBeVisible();
    await expect(field).toHaveValue("x".repeat(201));
    await field.fill("");
    await expect(list.getByText("Item text must be at most 200 characters")).toHaveCount(0);
    await expectNoSeriousViolations(page, "task drawer with a checklist");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/task-checklist-drawer-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    await closeWithEscape(page, panel);
    const card = taskCard(page, "Load in");
    await expect(card.getByText("1/2")).toBeVisible();
    await expect(card.getByText("1 of 2 checklist items done")).toBeAttached();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    // Removing from the drawer takes the item out at once; the card follows.
    await card.getByRole("link", { name: "Load in" }).click();
    const again = checklist(page.getByRole("dialog", { name: "Load in" }));
    await again.getByRole("button", { name: "Remove “Book the 60 kVA generator”" }).click();
    await expect(again.getByRole("checkbox", { name: "Book the 60 kVA generator" })).toHaveCount(0);
    await expect(again.getByText("1 of 1 checklist item done")).toBeVisible();
    await closeWithEscape(page, page.getByRole("dialog", { name: "Load in" }));
    await expect(card.getByText("1/1")).toBeVisible();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  test("the list shows 3/5 on cards and table rows, only for tasks with a checklist", async ({ page }) => {
    await signUpViaApi(page, "Maria Lopez");
    const gig = await newTask(page, { title: "Load in" });
    await newTask(page, { title: "Print the passes" });
    for (const [i, text] of ["Stage plot", "Generator", "Radios", "Barriers", "Parking"].entries())
      await addItemViaApi(page, gig.id, { text, done: i < 3 });

    await page.goto("/tasks");
    await waitForHydration(page);
    await expect(taskCard(page, "Load in").getByText("3/5")).toBeVisible();
    await expect(taskCard(page, "Load in").getByText("3 of 5 checklist items done")).toBeAttached();
    await expect(taskCard(page, "Print the passes").getByText(/checklist/)).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/task-checklist-cards-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/task-checklist-cards-390.png` });

    await page.getByRole("button", { name: "Table" }).click();
    const row = page.getByRole("row", { name: /Load in/ });
    await expect(row.getByText("3/5")).toBeVisible();
    await expect(row.getByText("3 of 5 checklist items done")).toBeAttached();
    await expect(page.getByRole("row", { name: /Print the passes/ }).getByText(/\d\/\d/)).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/task-checklist-table-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SCREENSHOTS}/task-checklist-table-1280.png` });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the task page adds, ticks, renames and removes items with plain forms", async ({ page }) => {
    await signUpViaApi(page, "Maria Lopez");
    const task = await newTask(page, { title: "Load in" });
    await page.goto(`/tasks/${task.id}`);
    const panel = page.getByRole("complementary", { name: "Load in" });
    const list = checklist(panel);

    await list.getByLabel("Add item").fill("Confirm stage plot");
    await list.getByRole("button", { name: "Add" }).click();
    await expect(page).toHaveURL(`/tasks/${task.id}#checklist`);
    await list.getByLabel("Add item").fill("Book the generator");
    await list.getByLabel("Add item").press("Enter");
    await expect(list.getByRole("checkbox", { name: "Book the generator" })).toBeVisible();

    await list.getByRole("checkbox", { name: "Confirm stage plot" }).click();
    await expect(list.getByRole("checkbox", { name: "Confirm stage plot" })).toBeChecked();
    await expect(list.getByText("1 of 2 checklist items done")).toBeVisible();
    expect((await checklistOf(page, task.id)).items.map((i) => [i.text, i.done])).toEqual([
      ["Confirm stage plot", true],
      ["Book the generator", false],
    ]);
    await page.screenshot({ path: `${SCREENSHOTS}/task-checklist-no-javascript-1280.png` });

    // Edit is a link to the page with the item's rename form (and its moves).
    await list.getByRole("link", { name: "Edit “Book the generator”" }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await list.screenshot({ path: `${SCREENSHOTS}/task-checklist-rename-no-javascript-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await list.getByRole("button", { name: "Move up" }).click();
    await list.getByRole("link", { name: "Edit “Book the generator”" }).click();
    await list.getByLabel("Rename item").fill("Book the 60 kVA generator");
    await list.getByRole("button", { name: "Save" }).click();
    await expect(list.getByRole("checkbox", { name: "Book the 60 kVA generator" })).toBeVisible();
    expect((await checklistOf(page, task.id)).items.map((i) => i.text)).toEqual([
      "Book the 60 kVA generator",
      "Confirm stage plot",
    ]);

    // A refused item comes back under the field with what was typed.
    await list.getByLabel("Add item").fill("x".repeat(201));
    await list.getByRole("button", { name: "Add" }).click();
    await expect(list.getByText("Item text must be at most 200 characters")).toBeVisible();
    await expect(list.getByLabel("Add item")).toHaveValue("x".repeat(201));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/tasks/${task.id}#checklist`);
    await page.screenshot({ path: `${SCREENSHOTS}/task-checklist-no-javascript-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    await list.getByRole("button", { name: "Remove “Book the 60 kVA generator”" }).click();
    await expect(list.getByRole("checkbox", { name: "Book the 60 kVA generator" })).toHaveCount(0);
    await expect(panel.getByRole("status")).toContainText("Item Removed");

    await panel.getByRole("region", { name: "History" }).screenshot({
      path: `${SCREENSHOTS}/task-checklist-history-1280.png`,
    });

    await page.goto("/tasks");
    await expect(taskCard(page, "Load in").getByText("1/1")).toBeVisible();
    await expect(taskCard(page, "Load in").getByText("1 of 1 checklist item done")).toBeAttached();
  });
});

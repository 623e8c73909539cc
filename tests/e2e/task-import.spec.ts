import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, signUpViaApi, taskCard, toasts, waitForHydration } from "./helpers";

/** Tasks from a pasted sheet (issue 36, ADR 046): map a column, see a row's problem, import, undo; with JS and without. */

const DIR = "tests/e2e/screenshots";

// Cells as Google Sheets copies them: tab-separated. "Crew" is no column name the page knows, so it is left out
// until mapped; "next Fri" is no date; 4/12/2026 reads both ways, so the page asks once.
const PASTED = [
  ["Task", "Crew", "Due", "Prio"],
  ["Book trucks", "me", "4/12/2026", "high"],
  ["Print badges", "Joe", "next Fri", "low"],
  ["Load in", "", "5/12/2026", ""],
]
  .map((cells) => cells.join("\t"))
  .join("\n");

const rowsTable = (page: Page) => page.getByRole("region", { name: "Rows" });

async function pasteAndPreview(page: Page) {
  await page.getByLabel("Or paste cells").fill(PASTED);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(rowsTable(page)).toContainText("Row 3: 'next Fri' is not a date");
  await expect(page.getByRole("group", { name: "Dates like 4/12/2026 are" })).toBeVisible();
  await expect(page.getByLabel("Day/month (4 December)")).toBeChecked();
  await expect(page.getByLabel("B Crew")).toHaveValue("none");
  // A row with a problem cannot be chosen; the others are.
  await expect(page.getByRole("checkbox", { name: "Print badges" })).toBeDisabled();
  await expect(page.getByRole("checkbox", { name: "Book trucks" })).toBeChecked();
}

test("paste a sheet, map a column, see a row's problem, import and undo", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, "Jordan Blake");
  await page.goto("/tasks");
  await page.getByRole("link", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/tasks\/import$/);
  await waitForHydration(page);

  await pasteAndPreview(page);
  // With JavaScript a changed column previews at once.
  await page.getByLabel("B Crew").selectOption("owner");
  await expect(rowsTable(page).getByRole("row", { name: /Book trucks/ })).toContainText("Jordan Blake");
  await expect(rowsTable(page).getByRole("row", { name: /Load in/ })).toContainText("Dec 5, 2026");
  await expectNoSeriousViolations(page, "task import preview");
  await page.screenshot({ path: `${DIR}/task-import-desktop.png`, fullPage: true, animations: "disabled" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${DIR}/task-import-phone.png`, fullPage: true, animations: "disabled" });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Import 2 tasks" }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  const toast = toasts(page).filter({ hasText: "Imported 2 tasks." });
  await expect(toast).toBeVisible();
  await expect(taskCard(page, "Book trucks")).toBeVisible();
  await expect(taskCard(page, "Load in")).toBeVisible();
  await page.screenshot({ path: `${DIR}/task-list-import-links-desktop.png`, animations: "disabled" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${DIR}/task-list-import-links-phone.png`, animations: "disabled" });
  await page.setViewportSize({ width: 1280, height: 800 });

  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(toasts(page).filter({ hasText: "2 tasks were removed." })).toBeVisible();
  await expect(taskCard(page, "Book trucks")).toHaveCount(0);
  await expect(taskCard(page, "Load in")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same steps as plain form posts", async ({ page }) => {
    await signUpViaApi(page, "Jordan Blake");
    await page.goto("/tasks/import");
    await pasteAndPreview(page);
    await page.getByLabel("B Crew").selectOption("owner");
    await page.getByLabel("Month/day (April 12)").check();
    await page.getByRole("button", { name: "Update preview" }).click();
    await expect(page.getByLabel("B Crew")).toHaveValue("owner");
    await expect(rowsTable(page).getByRole("row", { name: /Book trucks/ })).toContainText("Jordan Blake");
    await expect(rowsTable(page).getByRole("row", { name: /Book trucks/ })).toContainText("Apr 12, 2026");

    // The count on the button is the server's: two rows chosen.
    await page.getByRole("button", { name: "Import 2 tasks" }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    const banner = page.getByRole("status").filter({ hasText: "Imported 2 tasks." });
    await expect(banner).toBeVisible();
    await expect(taskCard(page, "Book trucks")).toBeVisible();

    await banner.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 tasks were removed." })).toBeVisible();
    await expect(taskCard(page, "Book trucks")).toHaveCount(0);
  });

  test("a sheet without a title column and a file of the wrong type are named, with nothing created", async ({
    page,
  }) => {
    await signUpViaApi(page, "Jordan Blake");
    await page.goto("/tasks/import");
    await page.getByLabel("CSV or XLSX file").setInputFiles({
      name: "rider.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4"),
    });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("alert")).toContainText("Choose a CSV or XLSX file (.csv or .xlsx)");

    await page.getByLabel("Or paste cells").fill("Owner\tDue\nSam\t4/12/2026");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("alert")).toContainText("Choose the column that holds each task's title");
    await expect(page.getByRole("button", { name: "Import 0 tasks" })).toBeDisabled();
  });
});

import { expect, test, type Page } from "@playwright/test";
import {
  createTaskViaApi,
  expectNoSeriousViolations,
  isoDay,
  signUpViaApi,
  uniqueEmail,
  waitForHydration,
} from "./helpers";

/** The run of show (issue 17): build a rundown, reorder it, print it, and the same without JavaScript. */

const DIR = "tests/e2e/screenshots";

async function setShowDay(page: Page, day: string) {
  const res = await page.request.put("/api/workspace", { data: { eventDate: day, eventTime: "17:00" } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Adds a cue through the page's 'Add a cue' form. */
async function addCue(page: Page, cue: { title: string; duration: string; start?: string; department?: string }) {
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add cue" }) });
  await form.getByLabel("Title").fill(cue.title);
  if (cue.start) {
    await form.getByLabel("Timing").selectOption("fixed");
    await form.getByLabel(/^Start/).fill(cue.start);
  } else {
    await form.getByLabel("Timing").selectOption("flexible");
  }
  await form.getByLabel(/^Duration/).fill(cue.duration);
  if (cue.department) await form.getByLabel(/^Department/).fill(cue.department);
  await form.getByRole("button", { name: "Add cue" }).click();
  await expect(sheetRow(page, cue.title)).toBeVisible();
}

const sheetRow = (page: Page, title: string) =>
  page.getByRole("region", { name: "Cue sheet" }).locator("tr[data-cue-id]", { hasText: title });

const sheetTitles = (page: Page) =>
  page
    .getByRole("region", { name: "Cue sheet" })
    .locator("tr[data-cue-id] td:nth-child(4) span.font-medium")
    .allTextContents();

test("build a rundown, reorder it by keyboard, see the flags, print it", async ({ page }) => {
  await signUpViaApi(page, "Jordan Blake");
  const day = isoDay(10);
  await setShowDay(page, day);
  await createTaskViaApi(page, { title: "Load the walk-in playlist" });
  await createTaskViaApi(page, { title: "Test the radio mics", dueDate: isoDay(1) });

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/\/show$/);
  await waitForHydration(page);
  await expect(page.getByRole("navigation", { name: "Show days" }).locator("a[aria-current=page]")).toContainText(
    "Show",
  );

  await addCue(page, { title: "Doors", start: "18:00", duration: "30", department: "stage" });
  await addCue(page, { title: "Walk-in music", duration: "15", department: "audio" });
  await addCue(page, { title: "Welcome speech", duration: "5", department: "talent" });
  await addCue(page, { title: "Headliner", start: "19:00", duration: "1:00:00", department: "audio" });
  await expect(sheetRow(page, "Walk-in music")).toContainText("18:30–18:45");
  // Walk-in and welcome end at 18:50: ten minutes nobody planned before the headliner.
  await expect(page.getByTestId("conflict")).toContainText("Gap: 10 min before “Headliner”");
  await expect(page.getByTestId("planned-end")).toContainText("20:00");

  // Link two tasks to the walk-in: search on demand, pick, save.
  await sheetRow(page, "Walk-in music").getByRole("link", { name: "Edit “Walk-in music”" }).click();
  await expect(page).toHaveURL(/edit=/);
  const search = page.getByRole("combobox", { name: "Link a task" });
  await search.fill("playlist");
  await page.getByRole("option", { name: /Load the walk-in playlist/ }).click();
  // The duration edits with its unit, never as "15:00" (issue 33).
  const editForm = page.locator("form", { has: page.getByRole("button", { name: "Save cue" }) });
  await expect(editForm.getByLabel("Duration")).toHaveValue("15 min");
  await search.fill("radio");
  // Due tomorrow on the venue's clock, though the sheet is ten days later: not "Overdue" (issue 33).
  await expect(page.getByRole("option", { name: /Test the radio mics/ })).toContainText("Due tomorrow");
  await page.getByRole("option", { name: /Test the radio mics/ }).click();
  await page.getByRole("button", { name: "Save cue" }).click();
  await expect(page).not.toHaveURL(/edit=/);
  const walkIn = sheetRow(page, "Walk-in music");
  await expect(walkIn).toContainText("Not ready · 2 open tasks");
  await expect(walkIn.getByRole("link", { name: "Test the radio mics" })).toHaveAttribute("href", /\/tasks\//);

  // Keyboard: pick up the welcome speech, move it above the walk-in, drop it; it is announced and kept.
  const handle = page.getByRole("button", { name: "Reorder “Welcome speech”" });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("reorder-status")).toContainText("picked up at position 3 of 4");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByTestId("reorder-status")).toContainText("moved to position 2 of 4");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/show/cues/reorder") && r.status() === 200);
  await page.keyboard.press("Space");
  await saved;
  await expect(page.getByTestId("reorder-status")).toContainText("dropped at position 2 of 4");
  await expect.poll(() => sheetTitles(page)).toEqual(["Doors", "Welcome speech", "Walk-in music", "Headliner"]);
  // Alt+ArrowDown moves at once.
  const again = page.waitForResponse((r) => r.url().endsWith("/api/show/cues/reorder") && r.status() === 200);
  await page.getByRole("button", { name: "Reorder “Welcome speech”" }).focus();
  await page.keyboard.press("Alt+ArrowDown");
  await again;
  await expect.poll(() => sheetTitles(page)).toEqual(["Doors", "Walk-in music", "Welcome speech", "Headliner"]);
  await page.reload();
  await expect.poll(() => sheetTitles(page)).toEqual(["Doors", "Walk-in music", "Welcome speech", "Headliner"]);
  // Drag: the welcome speech onto the walk-in's row takes its place.
  await waitForHydration(page);
  const dropped = page.waitForResponse((r) => r.url().endsWith("/api/show/cues/reorder") && r.status() === 200);
  await sheetRow(page, "Welcome speech").dragTo(sheetRow(page, "Walk-in music"));
  await dropped;
  await expect.poll(() => sheetTitles(page)).toEqual(["Doors", "Welcome speech", "Walk-in music", "Headliner"]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${DIR}/show-sheet.png`, fullPage: true, animations: "disabled" });
  await expectNoSeriousViolations(page, "the run of show");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Add cue" })).toBeHidden();
  await expect(page.getByRole("heading", { name: /· Run of show$/ })).toBeVisible();
  await page.screenshot({ path: `${DIR}/show-print.png`, fullPage: true, animations: "disabled" });
  await page.emulateMedia({ media: "screen" });
  // On a phone the sheet scrolls inside its frame; the page itself never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${DIR}/show-phone.png`, fullPage: true, animations: "disabled" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The sheet itself fits too (issue 33): department, owner and actions fold under each title, nothing scrolls.
  const frame = page.getByRole("region", { name: "Cue sheet" }).locator(".overflow-x-auto");
  expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(sheetRow(page, "Walk-in music").getByRole("link", { name: "Edit “Walk-in music”" })).toBeVisible();
  await expect(page.getByTestId("conflict").first()).toBeVisible();

  // CSV export names the columns and carries the cues in order.
  const csv = await (await page.request.get(`/api/show/cues.csv?day=${day}`)).text();
  expect(csv.split("\r\n").slice(0, 3)).toEqual([
    "title,start,duration,timing,department,owner,notes,stage",
    "Doors,18:00,30 min,fixed,stage,,,",
    "Welcome speech,,5 min,flexible,talent,,,",
  ]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add, edit, move and delete cues with plain forms", async ({ page }) => {
    await page.goto("/landing");
    const card = page.locator("#demo");
    await card.getByLabel("Full Name").fill("Riley Chen");
    await card.getByLabel("Email Address").fill(uniqueEmail("riley"));
    await card.getByRole("button", { name: "Start Free Demo" }).click();
    await page.waitForURL("**/dashboard");
    await setShowDay(page, isoDay(5));
    await createTaskViaApi(page, { title: "Charge the radios" });

    await page.goto("/show");
    await addCue(page, { title: "Doors", start: "18:00", duration: "30" });
    await expect(page.getByRole("status")).toContainText("Cue Added");
    await addCue(page, { title: "Band", duration: "45" });
    // A duration nobody can read is refused with the form kept.
    const form = page.locator("form", { has: page.getByRole("button", { name: "Add cue" }) });
    await form.getByLabel("Title").fill("Encore");
    await form.getByLabel(/^Duration/).fill("soon");
    await form.getByRole("button", { name: "Add cue" }).click();
    await expect(page.getByText("Duration must be like 15 min, 1 h 30 min or 45 s", { exact: false })).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveValue("Encore");

    await sheetRow(page, "Band").getByRole("button", { name: "Move “Band” up" }).click();
    await expect.poll(() => sheetTitles(page)).toEqual(["Band", "Doors"]);

    await sheetRow(page, "Doors").getByRole("link", { name: "Edit “Doors”" }).click();
    const edit = page.locator("form", { has: page.getByRole("button", { name: "Save cue" }) });
    await edit.getByLabel("Title").fill("Doors open");
    await edit.getByLabel("Find tasks to link").fill("radios");
    await edit.getByRole("button", { name: "Find tasks" }).click();
    await edit.getByLabel("Charge the radios").check();
    await expect(edit.getByLabel("Title")).toHaveValue("Doors open");
    await edit.getByRole("button", { name: "Save cue" }).click();
    await expect(page.getByRole("status")).toContainText("Cue Saved");
    await expect(sheetRow(page, "Doors open")).toContainText("Not ready · 1 open task");

    await sheetRow(page, "Band").getByRole("link", { name: "Delete “Band”" }).click();
    await expect(page.getByRole("alert")).toContainText("Delete “Band”?");
    await page.screenshot({ path: `${DIR}/show-delete-confirm.png`, animations: "disabled" });
    await page.getByRole("button", { name: "Delete cue" }).click();
    await expect(page.getByRole("status")).toContainText("Cue Deleted");
    await expect.poll(() => sheetTitles(page)).toEqual(["Doors open"]);
    await page.screenshot({ path: `${DIR}/show-no-js.png`, fullPage: true, animations: "disabled" });

    // CSV import: a file with a bad line imports nothing and names the line; a good one adds its rows.
    const importForm = page.locator("form", { has: page.getByRole("button", { name: "Import cues" }) });
    const upload = (text: string) =>
      importForm
        .getByLabel("CSV file")
        .setInputFiles({ name: "rundown.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
    await upload("title,start,duration\nSoundcheck,16:00,20\nLine check,,soon\n");
    await importForm.getByRole("button", { name: "Import cues" }).click();
    await expect(page.getByText("Line 3: duration must be like 15 min, 1 h 30 min or 45 s", { exact: false })).toBeVisible();
    await expect.poll(() => sheetTitles(page)).toEqual(["Doors open"]);
    await upload("title,start,duration\nEncore,,10\nBows,,2:30\n");
    await importForm.getByRole("button", { name: "Import cues" }).click();
    await expect(page.getByRole("status")).toContainText("2 cues added");
    await expect.poll(() => sheetTitles(page)).toEqual(["Doors open", "Encore", "Bows"]);
  });
});

import { expect, test, type Page } from "@playwright/test";
import { closeWithEscape, isoDay, signUpViaApi, taskCard, toasts, waitForHydration } from "./helpers";

/** The task page (`/tasks/{id}`): a drawer over the list with JavaScript, a page without it. */

const SCREENSHOTS = "tests/e2e/screenshots";

/** Creates a task through the API and returns it (with its id). */
async function newTask(page: Page, task: Record<string, unknown>) {
  const response = await page.request.post("/api/tasks", { data: task });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

async function taskJson(page: Page, id: string) {
  const response = await page.request.get(`/api/tasks/${id}`);
  return (await response.json()) as Record<string, unknown>;
}

const drawer = (page: Page, title: string) => page.getByRole("dialog", { name: title });

test.describe("with JavaScript", () => {
  test("open a task from the list, edit every field in the drawer, see it saved and in the history", async ({
    page,
  }) => {
    await signUpViaApi(page, "Maria Lopez");
    const task = await newTask(page, { title: "Book shuttle buses", dueDate: isoDay(10), priority: "medium" });
    await page.goto("/tasks?priority=medium");
    await waitForHydration(page);
    // The card's title is a Remix Link: a client-side navigation, no page load.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await taskCard(page, "Book shuttle buses").getByRole("link", { name: "Book shuttle buses" }).click();
    await expect(page).toHaveURL(`/tasks/${task.id}?priority=medium`);
    const panel = drawer(page, "Book shuttle buses");
    await expect(panel).toBeVisible();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await expect(panel.getByText("Blank = no estimate; the plan assumes 1 day.")).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/task-drawer-1280.png` });

    await panel.getByLabel("Title").fill("Book shuttle coaches");
    await panel.getByLabel("Description").fill("Two 16-seaters, airport to hotel");
    await panel.getByLabel("Status").selectOption("in_progress");
    await panel.getByLabel("Priority").selectOption("high");
    await panel.getByLabel("Category").selectOption({ label: "New category…" });
    await panel.getByLabel("New category").fill("Transport");
    await panel.getByLabel("Due date").fill(isoDay(12));
    await panel.getByLabel("Time").fill("09:30");
    await panel.getByLabel("Assignee").selectOption({ label: "Someone outside the team…" });
    await panel.getByLabel("Outside person").fill("Harbour Coaches");
    await panel.getByLabel("Contact note").fill("Dana, 07700 900123");
    await panel.getByLabel("Estimate (hours)").fill("3.5");
    await panel.getByRole("button", { name: "Save changes" }).click();
    await expect(toasts(page).filter({ hasText: "Task Saved" })).toBeVisible();

    const saved = drawer(page, "Book shuttle coaches");
    const history = saved.getByRole("region", { name: "History" }).getByRole("listitem").first();
    await expect(history).toContainText("Maria Lopez changed Title from Book shuttle buses to Book shuttle coaches");
    for (const text of ["Category from none to Transport", "Assignee from none to Harbour Coaches", "Estimate"])
      await expect(history).toContainText(text);
    await expect(history).toContainText("· via web · just now");
    expect(await taskJson(page, task.id)).toMatchObject({
      title: "Book shuttle coaches",
      description: "Two 16-seaters, airport to hotel",
      status: "in_progress",
      priority: "high",
      category: "Transport",
      dueDate: `${isoDay(12)}T09:30`,
      assigneeId: null,
      assigneeName: "Harbour Coaches",
      assigneeContact: "Dana, 07700 900123",
      estimatedHours: 3.5,
    });

    // Loaded afresh, the form shows what was saved; closing goes back to the list with its query.
    await page.reload();
    await waitForHydration(page);
    const reloaded = drawer(page, "Book shuttle coaches");
    await expect(reloaded.getByLabel("Time")).toHaveValue("09:30");
    await expect(reloaded.getByLabel("Outside person")).toHaveValue("Harbour Coaches");
    await expect(reloaded.getByLabel("Category")).toHaveValue("Transport");
    await reloaded.getByLabel("Assignee").selectOption({ label: "Maria Lopez (me)" });
    await expect(reloaded.getByLabel("Outside person")).toBeHidden();
    await reloaded.getByRole("button", { name: "Save changes" }).click();
    await expect(reloaded.getByRole("region", { name: "History" }).getByRole("listitem").first()).toContainText(
      "Assignee from Harbour Coaches to Maria Lopez",
    );
    // (Escape would first dismiss the "Task Saved" toast: Radix closes the newest layer first.)
    await reloaded.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL("/tasks?priority=medium");
    await expect(reloaded).toBeHidden();
  });

  test("on a phone the drawer is the whole screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpViaApi(page, "Maria Lopez");
    const plot = await newTask(page, { title: "Stage plot", dueDate: isoDay(3) });
    // A title long enough to wrap under the close button if the header gave the button no room (issue 33).
    const title = "Build the main stage deck and roof";
    const task = await newTask(page, {
      title,
      description: "Deck, roof, wings; crew of 8 from 07:00.",
      dueDate: `${isoDay(5)}T07:00`,
      dependsOn: [plot.id],
    });
    await page.goto(`/tasks/${task.id}`);
    await waitForHydration(page);
    const panel = drawer(page, title);
    await expect(panel).toBeVisible();
    expect(await panel.boundingBox()).toMatchObject({ x: 0, width: 390 });
    const heading = (await panel.getByRole("heading", { name: title }).boundingBox())!;
    const close = (await panel.getByRole("button", { name: "Close" }).boundingBox())!;
    expect(heading.x + heading.width).toBeLessThanOrEqual(close.x);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOTS}/task-drawer-390.png`, fullPage: false });
    await closeWithEscape(page, panel);
    await expect(page).toHaveURL("/tasks");
  });

  test("add and remove a dependency both ways with the picker", async ({ page }) => {
    await signUpViaApi(page, "Maria Lopez");
    const build = await newTask(page, { title: "Stage build" });
    await newTask(page, { title: "Stage plot" });
    await newTask(page, { title: "Stage line check" });
    await page.goto(`/tasks/${build.id}`);
    await waitForHydration(page);
    const panel = drawer(page, "Stage build");
    const waitsFor = panel.getByRole("group", { name: "Waits for" });
    const neededBy = panel.getByRole("group", { name: "Needed by" });

    const picker = waitsFor.getByRole("combobox", { name: "Add a task this waits for" });
    await picker.fill("stage");
    const options = waitsFor.getByRole("option");
    // The server's matches, never the task itself.
    await expect(options).toHaveText([/Stage plot/, /Stage line check/]);
    await picker.press("ArrowDown");
    await picker.press("Enter");
    await expect(toasts(page).filter({ hasText: "“Stage build” waits for “Stage plot”." })).toBeVisible();
    await expect(waitsFor.getByRole("link", { name: "Stage plot" })).toBeVisible();

    await neededBy.getByRole("combobox", { name: "Add a task that needs this" }).fill("line");
    await neededBy.getByRole("option", { name: /Stage line check/ }).click();
    await expect(neededBy.getByRole("link", { name: "Stage line check" })).toBeVisible();
    const history = panel.getByRole("region", { name: "History" });
    await expect(history).toContainText("changed Depends on from none to Stage plot");

    // Already chosen: no longer offered.
    await picker.fill("stage");
    await expect(options).toHaveText([/Stage line check/]);
    await picker.press("Escape");
    await expect(panel).toBeVisible();

    await waitsFor.getByRole("button", { name: "Remove “Stage plot” from Waits for" }).click();
    await expect(waitsFor.getByText("Nothing: it can start any time.")).toBeVisible();
    await neededBy.getByRole("button", { name: "Remove “Stage line check” from Needed by" }).click();
    await expect(neededBy.getByText("Nothing waits for it.")).toBeVisible();
  });

  test("delete with a confirm step, then Undo", async ({ page }) => {
    await signUpViaApi(page, "Maria Lopez");
    const task = await newTask(page, { title: "Print lanyards" });
    await newTask(page, { title: "Print wristbands" });
    await page.goto(`/tasks/${task.id}?q=print`);
    await waitForHydration(page);
    const panel = drawer(page, "Print lanyards");
    await panel.getByRole("link", { name: "Delete" }).click();
    await expect(panel.getByText("Delete “Print lanyards”?")).toBeVisible();
    await panel.getByRole("button", { name: "Delete task" }).click();

    await expect(page).toHaveURL("/tasks?q=print");
    const toast = toasts(page).filter({ hasText: "Task Deleted" });
    await expect(toast).toContainText("“Print lanyards” was deleted.");
    await expect(taskCard(page, "Print lanyards")).toHaveCount(0);
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(toasts(page).filter({ hasText: "Undone" })).toBeVisible();
    await expect(taskCard(page, "Print lanyards")).toBeVisible();
  });

  test("move a due date later and accept moving what waits for it", async ({ page }) => {
    await signUpViaApi(page, "Maria Lopez");
    const build = await newTask(page, { title: "Build", dueDate: isoDay(5) });
    const check = await newTask(page, { title: "Line check", dueDate: isoDay(7), dependsOn: [build.id] });
    const show = await newTask(page, { title: "Doors", dueDate: `${isoDay(9)}T18:00`, dependsOn: [check.id] });
    await page.goto(`/tasks/${build.id}`);
    await waitForHydration(page);
    const panel = drawer(page, "Build");
    await panel.getByLabel("Due date").fill(isoDay(8));
    await panel.getByRole("button", { name: "Save changes" }).click();
    const offer = panel.getByRole("status").filter({ hasText: "2 tasks wait for this. Move them by 3 days too?" });
    await expect(offer).toBeVisible();
    await offer.getByRole("button", { name: "Move them by 3 days" }).click();
    await expect(toasts(page).filter({ hasText: "Dates Moved" })).toContainText("2 tasks moved 3 days later.");
    const moved = panel.getByRole("status").filter({ hasText: "2 tasks moved 3 days later." });
    await expect(moved).toBeVisible();
    expect((await taskJson(page, check.id)).dueDate).toBe(isoDay(10));
    expect((await taskJson(page, show.id)).dueDate).toBe(`${isoDay(12)}T18:00`);

    // The drawer's own 'Undo' (the toast's is outside the dialog, out of the keyboard's reach).
    await moved.getByRole("button", { name: "Undo" }).click();
    await expect(toasts(page).filter({ hasText: "Undone" })).toBeVisible();
    await expect(moved).toBeHidden();
    expect((await taskJson(page, check.id)).dueDate).toBe(isoDay(7));
    expect((await taskJson(page, show.id)).dueDate).toBe(`${isoDay(9)}T18:00`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the task page edits every field, links a task through the search, deletes and undoes", async ({ page }) => {
    await signUpViaApi(page, "Maria Lopez");
    await newTask(page, { title: "Stage plot" });
    const task = await newTask(page, { title: "Book shuttle buses", dueDate: isoDay(10) });
    await page.goto(`/tasks/${task.id}?q=s`);
    const panel = page.getByRole("complementary", { name: "Book shuttle buses" });
    await expect(panel.getByRole("link", { name: "Back to tasks" })).toHaveAttribute("href", "/tasks?q=s");
    await page.screenshot({ path: `${SCREENSHOTS}/task-page-no-javascript-1280.png` });

    await panel.getByLabel("Title").fill("Book shuttle coaches");
    await panel.getByLabel("Description").fill("Two 16-seaters");
    await panel.getByLabel("Status").selectOption("in_progress");
    await panel.getByLabel("Priority").selectOption("critical");
    await panel.getByLabel("Or a new category").fill("Transport");
    await panel.getByLabel("Due date").fill(isoDay(11));
    await panel.getByLabel("Time").fill("14:00");
    await panel.getByLabel("Outside person").fill("Harbour Coaches");
    await panel.getByLabel("Contact note").fill("Dana");
    await panel.getByLabel("Estimate (hours)").fill("2");
    await panel.getByRole("button", { name: "Save changes" }).click();

    await expect(page).toHaveURL(`/tasks/${task.id}?q=s`);
    const saved = page.getByRole("complementary", { name: "Book shuttle coaches" });
    await expect(saved.getByRole("status")).toContainText("Task Saved");
    await expect(saved.getByLabel("Time")).toHaveValue("14:00");
    await expect(saved.getByLabel("Category", { exact: true })).toHaveValue("Transport");
    await expect(saved.getByRole("region", { name: "History" }).getByRole("listitem").first()).toContainText(
      "Maria Lopez changed Title from Book shuttle buses to Book shuttle coaches",
    );
    expect(await taskJson(page, task.id)).toMatchObject({
      description: "Two 16-seaters",
      status: "in_progress",
      priority: "critical",
      dueDate: `${isoDay(11)}T14:00`,
      assigneeName: "Harbour Coaches",
      assigneeContact: "Dana",
      estimatedHours: 2,
    });

    const waitsFor = saved.getByRole("group", { name: "Waits for" });
    await waitsFor.getByLabel("Add a task this waits for").fill("plot");
    await waitsFor.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(`/tasks/${task.id}?q=s&waitsFor=plot`);
    await waitsFor.getByRole("button", { name: "Add “Stage plot” to Waits for" }).click();
    await expect(saved.getByRole("status")).toContainText("Dependency Added");
    await expect(waitsFor.getByRole("link", { name: "Stage plot" })).toBeVisible();

    await saved.getByRole("link", { name: "Delete" }).click();
    await saved.getByRole("button", { name: "Delete task" }).click();
    await expect(page).toHaveURL("/tasks?q=s");
    const banner = page.getByRole("status").filter({ hasText: "Task Deleted" });
    await expect(banner).toContainText("“Book shuttle coaches” was deleted.");
    await expect(taskCard(page, "Book shuttle coaches")).toHaveCount(0);
    await banner.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Undone" })).toBeVisible();
    await expect(taskCard(page, "Book shuttle coaches")).toBeVisible();
  });
});

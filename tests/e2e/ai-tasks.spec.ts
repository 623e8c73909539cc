import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, isoDay, taskCard, toasts, uniqueEmail, waitForHydration } from "./helpers";

async function signUp(page: Page, name = "Maria Lopez") {
  const response = await page.request.post("/api/demo/signup", { data: { name, email: uniqueEmail("ai") } });
  expect(response.status()).toBe(201);
}

test("on the dashboard, text typed and Preview pressed from the keyboard are previewed in place", async ({ page }) => {
  await signUp(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const box = page.getByRole("region", { name: "Add with AI" });
  const field = box.getByLabel("Tasks in your own words");
  await field.fill("Book shuttle buses for day 1 by Friday @maria");
  // The keyboard: Tab to Preview and press Space.
  await page.keyboard.press("Tab");
  await expect(box.getByRole("button", { name: "Preview" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(box.getByRole("heading", { name: "1 task found" })).toBeFocused();
  await expect(box.getByRole("group").getByLabel("Title")).toHaveValue("Book shuttle buses for day 1");
  await expect(field).toHaveValue("Book shuttle buses for day 1 by Friday @maria");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a list longer than one batch says so beside the button, creates the first 50, and keeps the rest for the next", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/tasks");
  await waitForHydration(page);
  const box = page.getByRole("region", { name: "Add with AI" });
  const colours = ["red", "blue", "green", "amber", "violet", "silver", "golden", "black"];
  const things = ["crate", "cable", "banner", "barrier", "tent", "speaker", "lamp"];
  const lines = colours.flatMap((colour) => things.map((thing) => `Label the ${colour} ${thing}`)).slice(0, 55);
  await box.getByLabel("Tasks in your own words").fill(lines.join("\n"));
  await box.getByRole("button", { name: "Preview" }).click();
  await expect(box.getByRole("heading", { name: "55 tasks found" })).toBeFocused();

  // Said before anything is pressed, beside the button, and the button says what it will do.
  const note = box.getByText(
    "One go creates at most 50 tasks: the first 50 now, then the other 5 tasks stay here for the next.",
  );
  await expect(note).toBeVisible();
  await expect(box.getByRole("group", { name: "Next batch: 5 tasks" })).toBeVisible();
  await box.getByRole("button", { name: "Create the first 50 tasks" }).click();
  await expect(toasts(page).filter({ hasText: "Tasks Created" })).toContainText("50 tasks added to the board.");

  // The other five wait in the box, and go with the next press.
  await expect(box.getByRole("heading", { name: "5 tasks found" })).toBeVisible();
  await expect(note).toHaveCount(0);
  await box.getByRole("button", { name: "Create 5 tasks" }).click();
  await expect(toasts(page).filter({ hasText: "5 tasks added to the board." })).toBeVisible();
  await expect(box.getByRole("heading", { name: /tasks? found/ })).toHaveCount(0);
  const saved = (await (await page.request.get("/api/tasks")).json()) as Array<{ title: string }>;
  expect(saved.map((t) => t.title).sort()).toEqual([...lines].sort());
});

test("a reminder read without a date says it waits for one, until the row has a date", async ({ page }) => {
  await signUp(page);
  await page.goto("/tasks");
  await waitForHydration(page);
  const box = page.getByRole("region", { name: "Add with AI" });
  await box.getByLabel("Tasks in your own words").fill("Settle the stage plot, remind me 2 days before");
  await box.getByRole("button", { name: "Preview" }).click();
  const row = box.getByRole("group").first();
  await expect(row).toContainText("Remind: 2 days before");
  const note = row.getByText("No due date: the reminder waits for one and never fires without it.");
  await expect(note).toBeVisible();
  await row.getByLabel("Due date").fill(isoDay(5));
  await expect(note).toHaveCount(0);
});

test("Add with AI: preview three lines, fix one, remove one, create two marked as AI", async ({ page }) => {
  await signUp(page);
  await page.goto("/tasks");
  await waitForHydration(page);
  const box = page.getByRole("region", { name: "Add with AI" });
  const text = [
    "Book shuttle buses for day 1 by Friday @maria",
    "URGENT: confirm generator hire with PowerCo tomorrow 10am, owner: Dev (~2h)",
    "Send press release to media list next Tuesday #marketing",
  ].join("\n");
  await box.getByLabel("Tasks in your own words").fill(text);
  await box.getByRole("button", { name: "Preview" }).click();

  await expect(box.getByRole("heading", { name: "3 tasks found" })).toBeFocused();
  const rows = box.getByRole("group");
  await expect(rows).toHaveCount(3);
  const buses = rows.nth(0);
  await expect(buses.getByLabel("Title")).toHaveValue("Book shuttle buses for day 1");
  // "@maria" typed by Maria Lopez is her, shown by her full name.
  await expect(buses.getByLabel("Owner")).toHaveValue("Maria Lopez");
  await expect(buses.getByLabel("Due date")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(buses.getByLabel("Category")).toHaveValue("logistics");
  const generator = rows.nth(1);
  await expect(generator.getByLabel("Title")).toHaveValue("Confirm generator hire with PowerCo");
  await expect(generator.getByLabel("Due date")).toHaveValue(isoDay(1));
  await expect(generator.getByLabel("Time")).toHaveValue("10:00");
  await expect(generator.getByLabel("Owner")).toHaveValue("Dev");
  await expect(generator.getByLabel("Priority")).toHaveValue("critical");
  await expect(generator.getByLabel("Hours")).toHaveValue("2");
  await expect(rows.nth(2).getByLabel("Category")).toHaveValue("marketing");

  // Fix one, remove one.
  await buses.getByLabel("Owner").fill("Maria Lopez");
  await buses.getByLabel("Priority").selectOption("high");
  await box.getByRole("button", { name: "Remove “Send press release to media list”" }).click();
  await expect(rows).toHaveCount(2);

  await box.getByRole("button", { name: "Create 2 tasks" }).click();
  await expect(toasts(page).filter({ hasText: "Tasks Created" })).toContainText("2 tasks added to the board.");
  await expect(box.getByRole("group")).toHaveCount(0);
  await expect(box.getByLabel("Tasks in your own words")).toHaveValue("");

  const busesCard = taskCard(page, "Book shuttle buses for day 1");
  // The owner typed is the producer's own name: the task is assigned to her as a member, shown as "You".
  await expect(busesCard.getByText("You", { exact: true })).toBeVisible();
  await expect(busesCard).toContainText("High");
  await expect(busesCard.getByText("AI generated")).toBeVisible();
  await expect(taskCard(page, "Confirm generator hire with PowerCo").getByText("AI generated")).toBeVisible();
  await expect(taskCard(page, "Send press release to media list")).toHaveCount(0);

  const saved = (await (await page.request.get("/api/tasks")).json()) as Array<Record<string, unknown>>;
  expect(saved).toHaveLength(2);
  for (const task of saved) expect(task).toMatchObject({ isAiGenerated: true, originalPrompt: text });
});

test("near-duplicates: flagged in the AI preview with 'Create anyway', and in the Create Task dialog", async ({
  page,
}) => {
  await signUp(page);
  await createTaskViaApi(page, { title: "Confirm catering headcount" });
  await page.goto("/dashboard");
  await waitForHydration(page);

  const box = page.getByRole("region", { name: "Add with AI" });
  await box
    .getByLabel("Tasks in your own words")
    .fill("confirm head count for catering by Thursday\nOrder radios for the crew");
  await box.getByRole("button", { name: "Preview" }).click();
  const flagged = box.getByRole("group").nth(0);
  await expect(flagged).toContainText(
    "Similar open task: “Confirm catering headcount”. Skipped unless you create it anyway.",
  );
  await expect(box.getByRole("group").nth(1)).not.toContainText("Similar open task");
  await expect(box.getByRole("button", { name: "Create 1 task" })).toBeVisible();
  await flagged.getByLabel("Create anyway").check();
  await box.getByRole("button", { name: "Create 2 tasks" }).click();
  await expect(toasts(page).filter({ hasText: "Tasks Created" })).toContainText("2 tasks added to the board.");

  await page.goto("/tasks");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Create Task", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create Task" });
  await dialog.getByLabel("Title").fill("Order radio for crew");
  await expect(dialog.getByRole("status")).toContainText("Similar open task: “Order radios for the crew”");
  await dialog.getByRole("button", { name: "Create anyway" }).click();
  await expect(toasts(page).filter({ hasText: "Task Created" })).toBeVisible();
  await expect(taskCard(page, "Order radio for crew")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Add with AI previews on its own page, removes a row by checkbox, and creates on confirm", async ({ page }) => {
    await signUp(page);
    await page.goto("/tasks");
    const box = page.getByRole("region", { name: "Add with AI" });
    await box
      .getByLabel("Tasks in your own words")
      .fill("Print artist wristbands by Friday @sam\nBook hotel rooms for the band asap");
    await box.getByRole("button", { name: "Preview" }).click();

    await expect(page).toHaveURL(/\/tasks\/ai$/);
    const preview = page.getByRole("region", { name: "Add with AI" });
    await expect(preview.getByRole("heading", { name: "2 tasks found" })).toBeVisible();
    const rows = preview.getByRole("group");
    await expect(rows.nth(0).getByLabel("Owner")).toHaveValue("sam");
    await expect(rows.nth(1).getByLabel("Priority")).toHaveValue("high");
    await rows.nth(1).getByLabel("Remove").check();
    await rows.nth(0).getByLabel("Title").fill("Print wristbands for the artists");
    await preview.getByRole("button", { name: "Create tasks" }).click();

    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole("status")).toContainText("1 task added to the board.");
    await expect(taskCard(page, "Print wristbands for the artists")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
  });
});

test("dashboard: Add with AI with an event date set reloads the planning cards and the page stays", async ({
  page,
}) => {
  await signUp(page);
  expect((await page.request.put("/api/workspace", { data: { eventDate: isoDay(10) } })).status()).toBe(200);
  // A workspace with tasks: the dashboard then shows no template links, whose discovery taught the client router
  // the catch-all page route that hid this failure.
  await createTaskViaApi(page, { title: "Book the venue" });
  // Should the client ever discover /api/plan lazily again, its answer comes only once a refetch of the page has
  // started and finished: the order in which the page turned into "Page not found" (tasks created, live
  // messages, the cards' reload and the page's refetch together).
  await page.route(/\/__manifest\?.*p=%2Fapi%2Fplan/, async (route) => {
    const refetch = await page.waitForEvent(
      "request",
      (request) => new URL(request.url()).pathname === "/dashboard.data",
    );
    await refetch.response();
    await route.continue();
  });
  await page.goto("/dashboard");
  await waitForHydration(page);
  const risks = page.getByRole("region", { name: "Risks" });
  await expect(risks.getByRole("heading", { name: "No risks found" })).toBeVisible();

  const box = page.getByRole("region", { name: "Add with AI" });
  await box
    .getByLabel("Tasks in your own words")
    .fill("URGENT: confirm generator hire with PowerCo tomorrow\nOrder radios for the crew");
  await box.getByRole("button", { name: "Preview" }).click();
  const planReloaded = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/api/plan"));
  await box.getByRole("button", { name: "Create 2 tasks" }).click();
  await expect(toasts(page).filter({ hasText: "Tasks Created" })).toContainText("2 tasks added to the board.");
  expect((await planReloaded).status()).toBe(200);

  // Listed under each of its reasons (due soon, unassigned): the card groups risks by reason.
  await expect(risks.getByRole("link", { name: "Confirm generator hire with PowerCo" }).first()).toBeVisible();
  await expect(risks).toContainText("Critical priority and unassigned");
  await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(box.getByLabel("Tasks in your own words")).toHaveValue("");
});

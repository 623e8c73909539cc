import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, isoDay, taskCard, toasts, uniqueEmail, waitForHydration } from "./helpers";

/** Signs up through the API and returns the account's email, for arranging its rows in the database. */
async function signUp(page: Page, name = "Maria Lopez") {
  const email = uniqueEmail("ai");
  const response = await page.request.post("/api/demo/signup", { data: { name, email } });
  expect(response.status()).toBe(201);
  return email;
}

/**
 * Runs SQL against the browser tests' local D1 (scripts/e2e-server.sh), for state no screen sets yet: an
 * event date, a plan without AI. `email` picks the account; the SQL refers to it as `?email`.
 */
function sql(statement: string, email: string) {
  const command = statement.replaceAll("?email", `'${email.replaceAll("'", "''")}'`);
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", ".wrangler/e2e-state", "--command", command], {
    stdio: "pipe",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
}

const ACCOUNT_WORKSPACE = "(SELECT m.workspace_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = ?email)";

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
  await expect(buses.getByLabel("Owner")).toHaveValue("maria");
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
  await expect(busesCard).toContainText("Maria Lopez");
  await expect(busesCard).toContainText("High");
  await expect(busesCard.getByText("AI generated")).toBeVisible();
  await expect(taskCard(page, "Confirm generator hire with PowerCo").getByText("AI generated")).toBeVisible();
  await expect(taskCard(page, "Send press release to media list")).toHaveCount(0);

  const saved = (await (await page.request.get("/api/tasks")).json()) as Array<Record<string, unknown>>;
  expect(saved).toHaveLength(2);
  for (const task of saved) expect(task).toMatchObject({ isAiGenerated: true, originalPrompt: text });
});

test("near-duplicates: flagged in the AI preview with 'Create anyway', and in the Create Task dialog", async ({ page }) => {
  await signUp(page);
  await createTaskViaApi(page, { title: "Confirm catering headcount" });
  await page.goto("/dashboard");
  await waitForHydration(page);

  const box = page.getByRole("region", { name: "Add with AI" });
  await box.getByLabel("Tasks in your own words").fill("confirm head count for catering by Thursday\nOrder radios for the crew");
  await box.getByRole("button", { name: "Preview" }).click();
  const flagged = box.getByRole("group").nth(0);
  await expect(flagged).toContainText("Similar open task: “Confirm catering headcount”. Skipped unless you create it anyway.");
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

test("dashboard: the critical path to the event, risks, dependencies picked in the form, and the AI gate", async ({ page }) => {
  // Each database update starts wrangler once (a few seconds on a busy machine).
  test.setTimeout(120_000);
  const email = await signUp(page, "Dev Patel");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Set an event date" })).toBeVisible();

  // Three chained tasks of 2 days each against a show in 2 days: 4 days behind.
  await page.goto("/tasks");
  await waitForHydration(page);
  const create = async (title: string, dependsOn: string[] = []) => {
    await page.getByRole("link", { name: "Create Task", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Create Task" });
    await dialog.getByLabel("Title").fill(title);
    if (dependsOn.length) await dialog.getByLabel("Depends on").selectOption(dependsOn.map((label) => ({ label })));
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog).toBeHidden();
  };
  await create("Sign the venue contract");
  await create("Draw the floor plan", ["Sign the venue contract"]);
  await create("Order the staging", ["Draw the floor plan"]);
  const tasks = (await (await page.request.get("/api/tasks")).json()) as Array<{ id: string; title: string; dependsOn: string[] }>;
  const byTitle = Object.fromEntries(tasks.map((t) => [t.title, t]));
  expect(byTitle["Order the staging"].dependsOn).toEqual([byTitle["Draw the floor plan"].id]);
  for (const task of tasks) {
    const res = await page.request.put(`/api/tasks/${task.id}`, { data: { estimatedHours: 16, priority: "critical" } });
    expect(res.status()).toBe(200);
  }
  sql(`UPDATE workspaces SET event_date = '${new Date(Date.now() + 2 * 86_400_000).toISOString()}' WHERE id = ${ACCOUNT_WORKSPACE}`, email);

  await page.goto("/dashboard");
  const path = page.getByRole("region", { name: "Critical path" });
  await expect(path.getByText(/^Behind by 4 days:/)).toBeVisible();
  await expect(path.getByRole("listitem")).toHaveCount(3);
  await expect(path.getByRole("listitem").nth(0)).toContainText("Sign the venue contract");
  await expect(path.getByRole("listitem").nth(2)).toContainText("Order the staging");
  const risks = page.getByRole("region", { name: "Risks" });
  await expect(risks).toContainText("Critical priority and unassigned");
  await expect(risks).toContainText("behind the event on the critical path");

  sql("UPDATE users SET tier = 'basic' WHERE email = ?email", email);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Add with AI requires the Premium plan" })).toBeVisible();
  await expect(page.getByText("Included in Premium for $49.99 per month.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade Plan" })).toHaveAttribute("href", "/landing#plans");
  await expect(page.getByLabel("Tasks in your own words")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Add with AI previews on its own page, removes a row by checkbox, and creates on confirm", async ({ page }) => {
    await signUp(page);
    await page.goto("/tasks");
    const box = page.getByRole("region", { name: "Add with AI" });
    await box.getByLabel("Tasks in your own words").fill("Print artist wristbands by Friday @sam\nBook hotel rooms for the band asap");
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

import { expect, test, type Page } from "@playwright/test";
import { closeWithEscape, createTaskViaApi, expectNoSeriousViolations, isoDay, signUpViaApi, waitForHydration } from "./helpers";

test("the landing page has no serious or critical accessibility violations", async ({ page }) => {
  await page.goto("/landing");
  await waitForHydration(page);
  await expectNoSeriousViolations(page, "landing");
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expectNoSeriousViolations(page, "landing for a signed-out visitor of /dashboard");
});

async function seedWorkspace(page: Page) {
  await signUpViaApi(page);
  await page.request.put("/api/workspace", {
    data: { eventName: "Harbour Lights", eventDate: isoDay(30), eventTime: "18:00" },
  });
  await createTaskViaApi(page, {
    title: "Confirm stage power",
    priority: "critical",
    category: "production",
    dueDate: isoDay(-1),
    assigneeName: "Sam Okafor",
  });
  await createTaskViaApi(page, {
    title: "Book shuttle buses",
    priority: "medium",
    category: "logistics",
    dueDate: isoDay(2),
  });
  await createTaskViaApi(page, { title: "Print wristbands", priority: "low", status: "completed" });
  await createTaskViaApi(page, { title: "Publish set times", priority: "high" });
}

test("the dashboard, empty and full, has no serious or critical accessibility violations", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expectNoSeriousViolations(page, "empty dashboard with templates");

  await seedWorkspace(page);
  await page.goto("/dashboard?priority=high");
  await waitForHydration(page);
  await expectNoSeriousViolations(page, "dashboard with tasks, an event and a filter");

  await page.goto("/dashboard?settings=1");
  await waitForHydration(page);
  await expectNoSeriousViolations(page, "inline settings panel");
});

test("the dashboard's dialogs have no serious or critical accessibility violations", async ({ page }) => {
  await seedWorkspace(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  const settings = page.getByRole("dialog", { name: "Workspace Settings" });
  await expect(settings).toBeVisible();
  await expectNoSeriousViolations(page, "settings dialog");
  await closeWithEscape(page, settings);
  // Gone, not fading: a half-transparent Save button under the next dialog is a contrast failure axe would report.
  await expect(settings).toHaveCount(0);

  await page.getByRole("link", { name: "Create Task", exact: true }).click();
  const create = page.getByRole("dialog", { name: "Create Task" });
  await expect(create).toBeVisible();
  await create.getByRole("button", { name: "Add New Category" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Category" })).toBeVisible();
  await expectNoSeriousViolations(page, "create task and add category dialogs");
});

test("the tasks, analytics and template pages have no serious or critical accessibility violations", async ({
  page,
}) => {
  await seedWorkspace(page);
  for (const [path, label] of [
    ["/tasks", "tasks page"],
    ["/analytics", "analytics page"],
    ["/template/music-festival", "template page"],
    ["/template/nope", "template not found"],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page);
    await expectNoSeriousViolations(page, label);
  }
});

test("the task page, as a drawer and without JavaScript, has no serious or critical accessibility violations", async ({
  page,
}) => {
  await seedWorkspace(page);
  const tasks = (await (await page.request.get("/api/tasks")).json()) as Array<{ id: string; title: string }>;
  const power = tasks.find((t) => t.title === "Confirm stage power")!;
  const buses = tasks.find((t) => t.title === "Book shuttle buses")!;
  await page.request.patch(`/api/tasks/${buses.id}`, { data: { dependsOn: [power.id], estimatedHours: 3 } });

  await page.goto(`/tasks/${buses.id}`);
  await waitForHydration(page);
  const drawer = page.getByRole("dialog", { name: "Book shuttle buses" });
  await expect(drawer).toBeVisible();
  await expectNoSeriousViolations(page, "task drawer");
  await drawer.getByRole("combobox", { name: "Add a task that needs this" }).fill("p");
  await expect(drawer.getByRole("listbox").getByRole("option").first()).toBeVisible();
  await expectNoSeriousViolations(page, "task drawer with the picker's matches");
  await page.goto("/tasks/nope");
  await waitForHydration(page);
  await expectNoSeriousViolations(page, "task not found");

  // The page as a browser without JavaScript gets it: the app's scripts never load, so it is never hydrated (axe
  // itself still runs, through the test's own channel).
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto(`/tasks/${buses.id}?waitsFor=p&confirm=delete`);
  await expect(page.getByRole("complementary", { name: "Book shuttle buses" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete task" })).toBeVisible();
  await expectNoSeriousViolations(page, "task page without JavaScript, with a search and the delete's confirm");
});

import { expect, test, type Page } from "@playwright/test";
import { signUpViaApi, taskCard, toasts, waitForHydration } from "./helpers";

/** Recurring tasks (ADR 021): "Repeats" in the create form, completing an occurrence makes the next one. */

/** A Friday at least three days from now (`YYYY-MM-DD`, UTC like the workspace). */
function comingFriday() {
  const day = new Date(Date.now() + 3 * 86_400_000);
  while (day.getUTCDay() !== 5) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

function weekAfter(date: string) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
}

async function tasksTitled(page: Page, title: string) {
  const response = await page.request.get("/api/tasks");
  const tasks = (await response.json()) as Array<Record<string, unknown>>;
  return tasks.filter((t) => t.title === title);
}

test.describe("with JavaScript", () => {
  test("set 'Weekly on Fri' in the create form, complete the task, see the next occurrence", async ({ page }) => {
    await signUpViaApi(page, "Maria Lopez");
    const friday = comingFriday();
    await page.goto("/tasks");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Create Task", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Create Task" });
    await dialog.getByLabel("Title").fill("Send the settlement");
    await dialog.getByLabel("Due date").fill(friday);
    const repeats = dialog.getByRole("group", { name: "Repeats" });
    await expect(repeats.getByLabel("Fri")).toBeHidden();
    await repeats.getByLabel("How often").selectOption({ label: "Weekly on chosen days" });
    await repeats.getByLabel("Fri").check();
    await expect(repeats.getByText("Every Friday")).toBeVisible();
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(toasts(page).filter({ hasText: "Task Created" })).toBeVisible();

    await taskCard(page, "Send the settlement").getByRole("link", { name: "Send the settlement" }).click();
    const drawer = page.getByRole("dialog", { name: "Send the settlement" });
    await expect(drawer.getByRole("group", { name: "Repeats" }).getByText("Every Friday")).toBeVisible();
    await drawer.getByLabel("Status").selectOption("completed");
    await drawer.getByRole("button", { name: "Save changes" }).click();
    await expect(toasts(page).filter({ hasText: "Task Saved" })).toBeVisible();

    // The next occurrence arrives on the list (live, like any create) behind the drawer.
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
    await expect(taskCard(page, "Send the settlement")).toHaveCount(2);
    for (const card of await taskCard(page, "Send the settlement").all())
      await expect(card).toContainText("Every Friday");
    const tasks = await tasksTitled(page, "Send the settlement");
    expect(tasks.map((t) => [t.dueDate, t.status]).sort()).toEqual([
      [friday, "completed"],
      [weekAfter(friday), "pending"],
    ]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the create form's plain Repeats fields make a rule; completing the task makes the next one", async ({
    page,
  }) => {
    await signUpViaApi(page, "Maria Lopez");
    const friday = comingFriday();
    await page.goto("/tasks?new=1");
    await page.getByLabel("Title").fill("Check the radios");
    await page.getByLabel("Due date").fill(friday);
    const repeats = page.getByRole("group", { name: "Repeats" });
    await repeats.getByLabel("How often").selectOption({ label: "Weekly on chosen days" });
    await repeats.getByLabel("Fri").check();
    await page.getByRole("button", { name: "Create Task" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Task Created" })).toBeVisible();

    const [task] = await tasksTitled(page, "Check the radios");
    expect(task).toMatchObject({ recurrence: "FREQ=WEEKLY;BYDAY=FR", recurrenceText: "Every Friday" });
    await page.goto(`/tasks/${task.id}`);
    const panel = page.getByRole("complementary", { name: "Check the radios" });
    await expect(panel.getByText("Every Friday")).toBeVisible();
    await panel.getByLabel("Status").selectOption("completed");
    await panel.getByRole("button", { name: "Save changes" }).click();
    await expect(panel.getByRole("status")).toContainText("Task Saved");

    const next = (await tasksTitled(page, "Check the radios")).find((t) => t.id !== task.id)!;
    expect(next).toMatchObject({ dueDate: weekAfter(friday), status: "pending", recurrenceText: "Every Friday" });
    await page.goto(`/tasks/${next.id}`);
    await expect(page.getByRole("region", { name: "History" })).toContainText(
      "created this task as the next occurrence of “Check the radios”",
    );
  });
});

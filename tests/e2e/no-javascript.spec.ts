import { expect, test } from "@playwright/test";
import { taskCard, uniqueEmail } from "./helpers";

test.use({ javaScriptEnabled: false });

test("without JavaScript: signup, create a task inline, change its status, filter, sign out", async ({ page }) => {
  await page.goto("/landing");
  const card = page.locator("#demo");
  await card.getByLabel("Full Name").fill("Riley Chen");
  await card.getByLabel("Email Address").fill(uniqueEmail("riley"));
  await card.getByRole("button", { name: "Start Free Demo" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome, Riley Chen" })).toBeVisible();

  await page.getByRole("link", { name: "Tasks", exact: true }).click();
  await page.getByRole("link", { name: "Create Task", exact: true }).click();
  await expect(page).toHaveURL(/\/tasks\?new=1$/);
  const form = page.locator("form#create-task");
  await form.getByLabel("Title").fill("Advance the catering rider");
  await form.getByLabel("Priority").selectOption("critical");
  await form.getByLabel("Category").selectOption("logistics");
  await form.getByLabel("Outside person").fill("Priya");
  await form.getByRole("button", { name: "Create Task" }).click();

  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole("status")).toContainText("Task Created");
  const task = taskCard(page, "Advance the catering rider");
  await expect(task).toContainText("Critical");

  // The list's cards carry no forms of their own: a ticked card joins the bulk bar's one form.
  await task.getByLabel("Select “Advance the catering rider”").check();
  const bulk = page.getByRole("form", { name: "Change the selected tasks" });
  await bulk.getByLabel("Status").selectOption("completed");
  await bulk.getByRole("button", { name: "Set status" }).click();
  await expect(page.getByRole("status")).toContainText("1 task set to completed");
  await expect(taskCard(page, "Advance the catering rider")).toContainText(/Status\s+Completed/);

  await page.getByRole("link", { name: "Manage Categories" }).click();
  await expect(page).toHaveURL(/manage=categories/);
  const categories = page.getByRole("region", { name: "Manage Categories" });
  await categories.getByLabel("New category").fill("hospitality");
  await categories.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("status")).toContainText("Category Added");
  await expect(categories.getByRole("listitem").filter({ hasText: "Hospitality" })).toBeVisible();
  await categories.getByRole("link", { name: "Done" }).click();

  await page.getByLabel("Filter by status").selectOption("pending");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("heading", { name: "No tasks found" })).toBeVisible();
  await page.getByLabel("Filter by status").selectOption("completed");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(taskCard(page, "Advance the catering rider")).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("heading", { name: "Start Your Free Demo" })).toBeVisible();
});

test("without JavaScript: a duplicate title offers 'Create anyway', which creates it", async ({ page }) => {
  const response = await page.request.post("/api/demo/signup", { data: { name: "Riley Chen", email: uniqueEmail() } });
  expect(response.status()).toBe(201);
  await page.request.post("/api/tasks", { data: { title: "Book the shuttle buses" } });

  await page.goto("/tasks?new=1");
  const form = page.locator("form#create-task");
  await form.getByLabel("Title").fill("book the shuttle buses.");
  await form.getByRole("button", { name: "Create Task" }).click();
  await expect(form.getByRole("alert")).toContainText("An open task with this title already exists");
  await expect(form.getByLabel("Title")).toHaveValue("book the shuttle buses.");
  await form.getByRole("button", { name: "Create anyway" }).click();
  await expect(page.getByRole("status")).toContainText("Task Created");
  await expect(page.getByRole("article")).toHaveCount(2);
});

test("without JavaScript: the server validates the signup form and re-renders it with the messages", async ({
  page,
}) => {
  // The browser's own checks (required, minlength) would stop these values before they are sent,
  // so post the form as a browser navigation would.
  const response = await page.request.post("/landing", {
    form: { intent: "signup", name: "A", email: "nope" },
    headers: { "sec-fetch-mode": "navigate" },
  });
  expect(response.status()).toBe(400);
  await page.setContent(await response.text());
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-describedby", /.+/);
});

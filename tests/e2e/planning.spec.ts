import { expect, test } from "@playwright/test";
import { uniqueEmail, waitForHydration } from "./helpers";
import { OwnServer } from "./own-server";

// The event date and a plan without AI have no screen yet, so this file runs its own server and sets them
// in its database while it is stopped (see own-server.ts).
const server = new OwnServer(Number(process.env.E2E_PORT ?? 8799) + 50, ".wrangler/e2e-planning-state");

test.use({ baseURL: server.url });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server.reset();
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

const workspaceOf = (email: string) =>
  `(SELECT m.workspace_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = '${email}')`;

test("dashboard: the critical path to the event and the risks, dependencies picked in the form, and the AI gate", async ({
  page,
  browser,
}) => {
  const producer = uniqueEmail("path");
  expect((await page.request.post("/api/demo/signup", { data: { name: "Dev Patel", email: producer } })).status()).toBe(201);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Set an event date" })).toBeVisible();

  // Three chained tasks of 2 days each against a show in 2 days: 4 days behind.
  await page.goto("/tasks");
  await waitForHydration(page);
  const create = async (title: string, dependsOn: string[] = []) => {
    await page.getByRole("link", { name: "Create Task", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Create Task" });
    await dialog.getByLabel("Title").fill(title);
    for (const title of dependsOn) {
      await dialog.getByRole("combobox", { name: "Depends on" }).fill(title);
      await dialog.getByRole("option").filter({ hasText: title }).click();
      await expect(dialog.getByRole("list", { name: "Depends on" })).toContainText(title);
    }
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

  const free = await browser.newContext({ baseURL: server.url });
  const freeEmail = uniqueEmail("free");
  expect((await free.request.post("/api/demo/signup", { data: { name: "Sam Okafor", email: freeEmail } })).status()).toBe(201);

  await server.stop();
  const eventDate = new Date(Date.now() + 2 * 86_400_000).toISOString();
  server.sql(
    `UPDATE workspaces SET event_date = '${eventDate}' WHERE id = ${workspaceOf(producer)}; ` +
      `UPDATE users SET tier = 'free' WHERE email = '${freeEmail}';`,
  );
  await server.start();

  await page.goto("/dashboard");
  const path = page.getByRole("region", { name: "Critical path" });
  await expect(path.getByText(/^Behind by 4 days:/)).toBeVisible();
  await expect(path.getByRole("listitem")).toHaveCount(3);
  await expect(path.getByRole("listitem").nth(0)).toContainText("Sign the venue contract");
  await expect(path.getByRole("listitem").nth(0)).toContainText("Can start now · 2 days of work");
  await expect(path.getByRole("listitem").nth(2)).toContainText("Order the staging");
  await expect(path.getByRole("listitem").nth(2)).toContainText("Starts in 4 days");
  const risks = page.getByRole("region", { name: "Risks" });
  await expect(risks).toContainText("Critical priority and unassigned");
  await expect(risks).toContainText("4 days behind the event on the critical path");

  const freePage = await free.newPage();
  await freePage.goto("/dashboard");
  const aiGate = freePage.getByRole("region", { name: "Add with AI requires the Premium plan" });
  await expect(aiGate).toBeVisible();
  await expect(aiGate.getByText("Included in Premium for $49.99 per month.")).toBeVisible();
  await expect(aiGate.getByRole("link", { name: "Upgrade Plan" })).toHaveAttribute("href", "/upgrade");
  await expect(freePage.getByLabel("Tasks in your own words")).toHaveCount(0);
  await free.close();
});

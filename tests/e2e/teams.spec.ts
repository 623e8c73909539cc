import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createTaskViaApi, signUpViaApi, taskCard, toasts, uniqueEmail, waitForHydration } from "./helpers";

const DIR = "tests/e2e/screenshots";

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** An owner (a demo account: beta, unlimited team) with two tasks on the board. */
async function ownerWithTasks(page: Page) {
  await signUpViaApi(page, "Maria Lopez");
  await createTaskViaApi(page, { title: "Confirm stage power with the venue", priority: "critical" });
  await createTaskViaApi(page, { title: "Book shuttle buses for artist arrivals", priority: "medium" });
}

/** A visitor in a browser of their own (no shared cookies), with or without JavaScript. */
async function visitor(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { context, page: await context.newPage() };
}

test("an owner invites a second person, who signs up through the link and sees the shared tasks", async ({
  page,
  browser,
}) => {
  await ownerWithTasks(page);
  await page.goto("/team");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Create invite link" }).click();
  const linkField = page.getByLabel("Invite link");
  await expect(linkField).toHaveValue(/\/join\/[A-Za-z0-9_-]{43}$/);
  const link = await linkField.inputValue();
  await expect(page.getByRole("region", { name: "Invite people" })).toContainText("0 of 1 use");

  const crew = await visitor(browser);
  await crew.page.goto(link);
  await waitForHydration(crew.page);
  await expect(crew.page.getByRole("heading", { name: "Join Maria's production" })).toBeVisible();
  await expect(crew.page.getByText("Maria Lopez", { exact: true })).toBeVisible();
  await crew.page.getByLabel("Full Name").fill("Sam Okafor");
  await crew.page.getByLabel("Email Address").fill(uniqueEmail("sam"));
  await crew.page.getByRole("button", { name: "Join the team" }).click();
  await crew.page.waitForURL("**/dashboard");
  await expect(toasts(crew.page).filter({ hasText: "Welcome to Maria's production" })).toBeVisible();
  await expect(crew.page.getByRole("link", { name: /Workspace: Maria's production/ })).toBeVisible();

  await crew.page.getByRole("link", { name: "Tasks", exact: true }).click();
  // The dashboard lists the same cards: wait for the tasks page itself before acting on one.
  await expect(crew.page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  await expect(taskCard(crew.page, "Confirm stage power with the venue")).toBeVisible();
  await expect(taskCard(crew.page, "Book shuttle buses for artist arrivals")).toBeVisible();

  // 'Assign to me', then 'My tasks' shows only that one.
  await taskCard(crew.page, "Book shuttle buses for artist arrivals")
    .getByRole("button", { name: "Assign to me" })
    .click();
  await expect(taskCard(crew.page, "Book shuttle buses for artist arrivals")).toContainText("You");
  await expect(toasts(crew.page).filter({ hasText: "Task Assigned" })).toBeVisible();
  await crew.page.getByLabel("My tasks").check();
  await expect(crew.page).toHaveURL(/mine=1/);
  await expect(crew.page.getByRole("article")).toHaveCount(1);
  await expect(taskCard(crew.page, "Book shuttle buses for artist arrivals")).toBeVisible();

  // The owner sees the new member, and the task under their name.
  await page.reload();
  await waitForHydration(page);
  const members = page.getByRole("region", { name: "Members" });
  await expect(members.getByRole("listitem").filter({ hasText: "Sam Okafor" })).toContainText("Member");
  await expect(page.getByRole("region", { name: "Invite people" })).toContainText("1 of 1 use");
  await page.goto("/tasks");
  await expect(taskCard(page, "Book shuttle buses for artist arrivals")).toContainText("Sam Okafor");

  // The member's team page has no owner controls.
  await crew.page.goto("/team");
  await expect(crew.page.getByRole("heading", { name: "Owners manage the team" })).toBeVisible();
  await expect(crew.page.getByRole("button", { name: "Create invite link" })).toHaveCount(0);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
    await page.goto("/team");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create invite link" }).click();
    await expect(page.getByLabel("Invite link")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${DIR}/team-${width}.png`, fullPage: true, animations: "disabled" });

    const guest = await visitor(browser);
    await guest.page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
    await guest.page.goto(await page.getByLabel("Invite link").inputValue());
    await waitForHydration(guest.page);
    await expectNoHorizontalScroll(guest.page);
    await guest.page.screenshot({ path: `${DIR}/join-${width}.png`, fullPage: true, animations: "disabled" });
    await guest.context.close();
  }
  await crew.context.close();
});

/** Runs axe on the page as it is now; serious and critical violations fail the test, with their targets. */
async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, label).toEqual([]);
}

test("the team, workspaces and join pages have no serious or critical accessibility violations", async ({
  page,
  browser,
}) => {
  // axe runs three times on a shared two-core machine.
  test.setTimeout(90_000);
  await ownerWithTasks(page);
  await page.goto("/team");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create invite link" }).click();
  const link = await page.getByLabel("Invite link").inputValue();
  await expectNoSeriousViolations(page, "team page with a new link");
  await page.goto("/workspaces");
  await waitForHydration(page);
  await expectNoSeriousViolations(page, "workspaces page");
  const guest = await visitor(browser);
  await guest.page.goto(link);
  await waitForHydration(guest.page);
  await expectNoSeriousViolations(guest.page, "join page");
  await guest.context.close();
});

test("a person starts a second event's workspace and works in it at once", async ({ page }) => {
  await signUpViaApi(page, "Maria Lopez");
  await page.goto("/workspaces");
  await waitForHydration(page);
  const form = page.getByRole("region", { name: "New event workspace" });
  await form.getByRole("button", { name: "Create workspace" }).click();
  await expect(form.getByText("Workspace name is required")).toBeVisible();

  await form.getByLabel("Workspace name").fill("Winter Lights 2027");
  await form.getByLabel("Event name (optional)").fill("Winter Lights Festival");
  await form.getByLabel("Event date (optional)").fill("2027-01-30");
  await form.getByRole("button", { name: "Create workspace" }).click();
  await page.waitForURL("**/dashboard");
  await expect(toasts(page).filter({ hasText: "Created Winter Lights 2027" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Workspace: Winter Lights 2027/ })).toBeVisible();
  await expect(page.getByText("Here is where Winter Lights Festival stands today.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent Tasks" })).toContainText("0 tasks");

  await page.goto("/workspaces");
  await expect(page.getByRole("listitem").filter({ hasText: "Winter Lights 2027" })).toContainText("Current");
  await expect(page.getByRole("button", { name: "Switch to Maria's production" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test("a visitor joins through the link's form and lands in the team's workspace", async ({ page, browser }) => {
    await ownerWithTasks(page);
    const created = await page.request.post("/api/workspace/invites", { data: { maxUses: 2 } });
    expect(created.status()).toBe(201);
    const { url } = (await created.json()) as { url: string };

    const crew = await visitor(browser, false);
    await crew.page.goto(url);
    await expect(crew.page.getByRole("heading", { name: "Join Maria's production" })).toBeVisible();
    await crew.page.getByLabel("Full Name").fill("Priya Natarajan");
    await crew.page.getByLabel("Email Address").fill(uniqueEmail("priya"));
    await crew.page.getByRole("button", { name: "Join the team" }).click();
    await crew.page.waitForURL("**/dashboard");
    await expect(crew.page.getByRole("status")).toContainText("Welcome to Maria's production");
    await crew.page.getByRole("link", { name: "Tasks", exact: true }).click();
    await expect(taskCard(crew.page, "Confirm stage power with the venue")).toBeVisible();

    // Switching workspaces is a plain form too.
    await crew.page.getByRole("link", { name: /Workspace: Maria's production/ }).click();
    await crew.page.getByRole("button", { name: "Switch to Priya's production" }).click();
    await crew.page.waitForURL("**/dashboard");
    await expect(crew.page.getByRole("status")).toContainText("Switched to Priya's production");
    await crew.context.close();
  });

  test("a new event workspace is a plain form post", async ({ browser }) => {
    const owner = await visitor(browser, false);
    await signUpViaApi(owner.page, "Riley Chen");
    await owner.page.goto("/workspaces");
    await owner.page.getByLabel("Workspace name").fill("Northern Tech Summit");
    await owner.page.getByRole("button", { name: "Create workspace" }).click();
    await owner.page.waitForURL("**/dashboard");
    await expect(owner.page.getByRole("status")).toContainText("Created Northern Tech Summit");
    await expect(owner.page.getByRole("link", { name: /Workspace: Northern Tech Summit/ })).toBeVisible();
    await owner.context.close();
  });

  test("a dead link explains itself", async ({ browser }) => {
    const crew = await visitor(browser, false);
    await crew.page.goto(`/join/${"x".repeat(43)}`);
    await expect(crew.page.getByRole("heading", { name: "Invitation not found" })).toBeVisible();
    await crew.context.close();
  });
});

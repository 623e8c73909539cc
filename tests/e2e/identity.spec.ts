import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, signInAtProvider, signUpViaApi, toasts, uniqueEmail, waitForHydration } from "./helpers";
import { ADMIN_EMAIL } from "./identity-config";

/** The CRM's figures, read with the admin's session. */
async function crmSummary(page: Page) {
  const res = await page.request.get("/api/admin/crm-summary");
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    conversionFunnel: { visitors: number; signups: number; dashboardVisits: number; taskCreators: number };
  };
}

test("a visitor's journey reaches the CRM, and an admin signs in, sees it and downloads the CSV", async ({
  page,
  browser,
}) => {
  // A visitor signs up for a demo through the form and creates a task: the browser reports each step.
  const visitor = await browser.newContext();
  // Its three reports (signup, dashboard visit, task) are fire-and-forget: the test waits for their answers. A report
  // still on its way when the page is left is delivered (keepalive) but no longer seen by the page's events, so the
  // test leaves a page only once its report has been answered.
  let reportsAnswered = 0;
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  const answered = (count: number) =>
    new Promise<void>((resolve) => {
      if (reportsAnswered >= count) resolve();
      else waiting.push({ count, resolve });
    });
  visitor.on("requestfinished", (request) => {
    if (new URL(request.url()).pathname !== "/api/crm/user-activity") return;
    reportsAnswered++;
    for (const waiter of waiting) if (reportsAnswered >= waiter.count) waiter.resolve();
  });
  const journey = await visitor.newPage();
  const visitorEmail = uniqueEmail("priya");
  await journey.goto("/landing");
  await waitForHydration(journey);
  const card = journey.locator("#demo");
  await card.getByLabel("Full Name").fill("Priya Festival");
  await card.getByLabel("Email Address").fill(visitorEmail);
  await card.getByLabel("Send me updates about new features and product news").check();
  await card.getByRole("button", { name: "Start Free Demo" }).click();
  await journey.waitForURL("**/dashboard");
  // The dashboard reports its visit once it runs (after hydration); leaving sooner would skip that step.
  await waitForHydration(journey);
  await answered(2);
  await journey.goto("/tasks");
  await waitForHydration(journey);
  await journey.getByRole("link", { name: "Create Task", exact: true }).click();
  const dialog = journey.getByRole("dialog", { name: "Create Task" });
  await dialog.getByLabel("Title").fill("Book the headline act's rider");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(toasts(journey).filter({ hasText: "Task Created" })).toBeVisible();
  await answered(3);
  await visitor.close();

  // The admin is sent to sign in from the access screen and comes back to /admin.
  const locked = await page.goto("/admin");
  expect(locked?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Dashboard" })).toHaveAttribute("href", "/dashboard");
  await page.getByRole("link", { name: "Sign In" }).click();
  await signInAtProvider(page, ADMIN_EMAIL);
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { name: "Admin", exact: true })).toBeVisible();

  // The CRM has the visitor's steps (their reports were answered); the page agrees with it.
  const listed = await page.request.get("/api/admin/user-activities?limit=100");
  const recorded = ((await listed.json()) as { activities: { activityType: string; userName: string | null }[] }).activities;
  expect(recorded.filter((a) => a.userName === "Priya Festival").map((a) => a.activityType).sort()).toEqual([
    "dashboard_visited",
    "signup_completed",
    "task_created",
  ]);
  await page.reload();
  const { conversionFunnel: funnel } = await crmSummary(page);
  expect(funnel.visitors).toBeGreaterThanOrEqual(2);
  const cardFor = (label: string) =>
    page.getByRole("listitem").filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(cardFor("Total Visitors")).toContainText(String(funnel.visitors));
  await expect(cardFor("Demo Signups")).toContainText(
    `${((funnel.signups / funnel.visitors) * 100).toFixed(1)}% conversion rate`,
  );
  await expect(cardFor("Dashboard Visits")).toContainText(
    `${((funnel.dashboardVisits / funnel.signups) * 100).toFixed(1)}% of signups`,
  );
  await expect(cardFor("Task Creators")).toContainText(String(funnel.taskCreators));
  await expect(page.getByRole("heading", { name: "Conversion Funnel" })).toBeVisible();

  const signups = page.getByRole("table", { name: "Demo Signups" });
  for (const column of ["Name", "Email", "Source", "Marketing", "Signed Up", "Last Active"]) {
    await expect(signups.getByRole("columnheader", { name: column })).toBeVisible();
  }
  const priya = signups.getByRole("row").filter({ hasText: visitorEmail });
  await expect(priya).toContainText("Priya Festival");
  await expect(priya).toContainText("landing");
  await expect(priya).toContainText("Yes");

  const activities = page.getByRole("list", { name: "Recent Activities" }).getByRole("listitem");
  await expect(activities.first()).toBeVisible();
  expect(await activities.count()).toBeLessThanOrEqual(10);
  await expect(page.getByRole("list", { name: "Recent Activities" })).toContainText("Task created");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("demo_signups.csv");
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("Name,Email,Source,Marketing Opt-In,Signed Up,Last Active");
  expect(csv).toContain(`Priya Festival,${visitorEmail},landing,yes,`);
});

test("a signed-in non-admin gets the access screen (403) and the admin API refuses them", async ({ page }) => {
  await page.goto("/api/login?redirect=/admin");
  const email = uniqueEmail("crew");
  await signInAtProvider(page, email);
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect((await page.reload())?.status()).toBe(403);
  const api = await page.request.get("/api/admin/crm-summary");
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ error: "Admin access required" });
});

test("a demo user is sent to sign in from /admin; the sign-in ends the demo session", async ({ page }) => {
  await signUpViaApi(page, "Morgan Demo");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
  await expect(page.getByText("Demo workspaces cannot open it.")).toBeVisible();
  await page.getByRole("link", { name: "Sign In" }).click();
  await signInAtProvider(page, ADMIN_EMAIL);
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { name: "Conversion Funnel" })).toBeVisible();
  const me = await (await page.request.get("/api/auth/user")).json();
  expect(me).toMatchObject({ authType: "replit", tier: "free", email: ADMIN_EMAIL });
});

test("a demo user signs in and brings the demo's tasks into the new account", async ({ page }) => {
  await signUpViaApi(page, "Jamie Demo");
  await createTaskViaApi(page, { title: "Confirm the catering headcount", priority: "high" });
  await createTaskViaApi(page, { title: "Print the run sheet" });
  await page.goto("/dashboard");
  await waitForHydration(page);
  // The header names the sign-in for what it does to a demo, not as the twin of Sign Out beside it.
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await banner.getByRole("link", { name: "Save your work" }).click();
  await signInAtProvider(page, uniqueEmail("jamie"));

  await expect(page).toHaveURL((url) => url.pathname === "/import-demo");
  await expect(page.getByRole("heading", { name: "Bring your demo tasks along?" })).toBeVisible();
  await expect(page.getByText("It has 2 tasks.")).toBeVisible();
  await page.getByRole("button", { name: "Import 2 tasks" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
  await expect(toasts(page).filter({ hasText: "Tasks Imported" })).toBeVisible();

  await page.goto("/tasks");
  await expect(page.getByRole("article", { name: "Confirm the catering headcount" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Print the run sheet" })).toBeVisible();
  const me = await (await page.request.get("/api/auth/user")).json();
  expect(me.authType).toBe("replit");
});

test("sign-out ends the identity session", async ({ page }) => {
  await page.goto("/landing");
  await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
  await signInAtProvider(page, uniqueEmail("riley.sign-out"));
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
  await expect(page.getByRole("heading", { name: /^Welcome, Riley Sign Out/ })).toBeVisible();
  // Identity users are not offered Sign In; they sign out like everyone else.
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("heading", { name: "Start Your Free Demo" })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  expect((await page.goto("/admin"))?.status()).toBe(401);
});

for (const redirect of ["https://evil.example", "//evil.example", "/\\evil.example"]) {
  test(`redirect=${redirect} never leaves the site`, async ({ page }) => {
    await page.goto(`/api/login?redirect=${encodeURIComponent(redirect)}`);
    await signInAtProvider(page, uniqueEmail("redirect"));
    await expect(page).toHaveURL((url) => url.hostname === "localhost" && url.pathname === "/dashboard");
  });
}

test("identity pages fit 375px and pass axe: access screen, sign-in problem, import offer, admin", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const check = async (name: string) => {
    await waitForHydration(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, name).toBeLessThanOrEqual(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), name).toEqual([]);
    await page.screenshot({ path: `tests/e2e/screenshots/${name}-375.png`, fullPage: true, animations: "disabled" });
  };

  await page.goto("/admin");
  await check("admin-access-required");
  await page.goto("/auth/callback?state=unknown&code=x");
  await expect(page.getByRole("heading", { name: "This sign-in has expired" })).toBeVisible();
  await check("sign-in-expired");

  await signUpViaApi(page, "Alexis Demo");
  await createTaskViaApi(page, { title: "Walk the site with the fire marshal" });
  await page.goto("/api/login?redirect=/admin");
  await signInAtProvider(page, ADMIN_EMAIL);
  await expect(page.getByRole("heading", { name: "Bring your demo tasks along?" })).toBeVisible();
  await check("import-demo");
  await page.getByRole("button", { name: "Start fresh" }).click();
  await expect(page.getByRole("heading", { name: "Conversion Funnel" })).toBeVisible();
  await check("admin");
});

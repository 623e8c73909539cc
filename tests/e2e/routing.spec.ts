import { expect, test } from "@playwright/test";
import { signUpViaApi } from "./helpers";

test("unknown paths answer a real 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Cueboard" })).toHaveAttribute("href", "/");
});

test("browsers that ask for /favicon.ico get the icon, not a 404", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  const body = await response.body();
  // An ICO directory (reserved 0, type 1) with at least one image.
  expect([body.readUInt16LE(0), body.readUInt16LE(2), body.readUInt16LE(4) > 0]).toEqual([0, 1, true]);
});

test("signed-out visitors of the workspace pages get the landing page with status 200", async ({ page }) => {
  for (const path of ["/", "/dashboard", "/demo", "/tasks", "/analytics", "/template/music-festival"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { name: "Powerful Features" }), path).toBeVisible();
    await expect(page.getByRole("heading", { name: "Start Your Free Demo" }), path).toBeVisible();
  }
});

test("the landing page has its sections and links", async ({ page }) => {
  await page.goto("/landing");
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toHaveAttribute("href", "/api/login");
  await expect(page.getByRole("link", { name: "Get Started", exact: true })).toHaveAttribute("href", /^\/dashboard/);
  await expect(page.getByRole("link", { name: "Get Started Now" })).toHaveAttribute("href", /^\/dashboard/);
  for (const feature of [
    "AI-Powered Task Creation",
    "Complete Slack Integration",
    "Real-time Dashboard",
    "Duplicate Prevention",
    "Timeline Management",
    "Daily Summaries",
  ]) {
    await expect(page.getByRole("heading", { name: feature })).toBeVisible();
  }
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("/landing shows the landing page to signed-in producers too; / shows them the dashboard", async ({ page }) => {
  await signUpViaApi(page, "Morgan Lee");
  await page.goto("/landing");
  await expect(page.getByRole("heading", { name: "Powerful Features" })).toBeVisible();
  for (const path of ["/", "/demo", "/dashboard"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Welcome, Morgan Lee" }), path).toBeVisible();
  }
});

test("GET /api/logout ends the session and goes home", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/api/logout");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("heading", { name: "Start Your Free Demo" })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

test("a form post from another site is refused with 403", async ({ page }) => {
  await signUpViaApi(page);
  const response = await page.request.post("/tasks", {
    form: { intent: "create", title: "Forged task" },
    headers: { origin: "https://evil.example" },
  });
  expect(response.status()).toBe(403);
  const tasks = await (await page.request.get("/api/tasks")).json();
  expect(tasks).toEqual([]);
});

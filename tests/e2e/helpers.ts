import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, type Route } from "@playwright/test";
import { OIDC_ISSUER } from "./identity-config";

let counter = 0;

/** A fresh address per signup, so repeated runs never collide. */
export function uniqueEmail(prefix = "producer") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * Waits until React has hydrated (root sets data-hydrated), so clicks reach the enhanced handlers. Hydration runs
 * the page's JavaScript, which took over the 5 s of a plain expect on the shared two-core machine; the bound is
 * only reached on a failure.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
}

/**
 * Presses Escape in an open dialog once it can hear it. A dialog is painted before its effects run, and Radix
 * listens for Escape from an effect; it moves focus inside from the same commit's effects, so focus inside the
 * dialog is the event that says the key will be heard (pressed earlier, the key is lost and the dialog stays).
 */
export async function closeWithEscape(page: Page, dialog: Locator) {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/** Signs up through the API; the page's browser context keeps the session cookie it sets. */
export async function signUpViaApi(page: Page, name = "Jordan Blake") {
  const response = await page.request.post("/api/demo/signup", { data: { name, email: uniqueEmail() } });
  expect(response.status()).toBe(201);
}

/** Creates a task through the API with the session cookie of the page's context. */
export async function createTaskViaApi(page: Page, task: Record<string, unknown>) {
  const response = await page.request.post("/api/tasks", { data: task });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Holds every request to `url` (a Playwright glob) until the returned `release()`, so a test sees the page's
 * pending state (a disabled button, skeletons) for as long as it asserts on it, however fast the server is.
 * `release()` lets the held requests through and stops holding new ones.
 */
export async function holdRequests(page: Page, url: string) {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  const held: Promise<void>[] = [];
  const hold = (route: Route) => {
    const passed = released.then(() => route.continue());
    held.push(passed);
    return passed;
  };
  await page.route(url, hold);
  return {
    async release() {
      open();
      // Unrouting while a held request is still in the handler would send it on by itself (then ours fails).
      await Promise.all(held);
      await page.unroute(url, hold);
    },
  };
}

/** `YYYY-MM-DD` for today plus `days`, in UTC (the workspace timezone of API signups). */
export function isoDay(days = 0) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The card of a task, found by its title. */
export function taskCard(page: Page, title: string) {
  return page.getByRole("article", { name: title, exact: true });
}

/**
 * The toasts in Radix's region (F8 focuses it); the spec allows one at a time. A modal dialog hides the
 * rest of the page from the accessibility tree (Radix announces toasts through a separate live region),
 * so hidden elements are included here.
 */
export function toasts(page: Page) {
  return page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .getByRole("listitem", { includeHidden: true });
}

/** At the test identity provider's page: sign in as `email` and come back to Cueboard. */
export async function signInAtProvider(page: Page, email: string) {
  await page.waitForURL((url) => url.origin === OIDC_ISSUER);
  await expect(page.getByRole("heading", { name: "Sign in to the test identity provider" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.origin !== OIDC_ISSUER);
}

/** Runs axe on the page as it is now; serious and critical violations fail the test, with their targets. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  // Colours are measured as painted: a dialog or overlay still fading in blends what it covers, so axe waits
  // until no finite animation is running (a spinner's endless one never ends and changes no colour).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, label).toEqual([]);
}

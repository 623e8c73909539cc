import { expect, test, type Page } from "@playwright/test";
import { signUpViaApi, waitForHydration } from "./helpers";

/**
 * A personal crew link (issue 35, ADR 045) at the venue: the service worker keeps the page and its last state, so
 * with the network gone it still opens, says when it was updated and keeps counting the current cue down; back
 * online it catches up with what changed meanwhile.
 */

const DIR = "tests/e2e/screenshots";

/** "HH:MM" in UTC, `minutes` from now. */
function utcClock(minutes: number) {
  return new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);
}

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(path, { data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Record<string, any>;
}

test("a personal crew link opens offline with its sheet and a moving countdown, then catches up", async ({
  browser,
}) => {
  const producer = await browser.newContext();
  const office = await producer.newPage();
  await signUpViaApi(office, "Maria Lopez");
  const day = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const settings = await office.request.put("/api/workspace", {
    data: {
      eventName: "Northern Lights Gala",
      timezone: "UTC",
      eventDate: day,
      eventTime: "19:00",
      eventEndDate: tomorrow,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const sam = await post(office, "/api/crew", {
    name: "Sam Okafor",
    role: "A1",
    department: "audio",
    phone: "+44 7700 900123",
    email: "sam@example.com",
  });
  await post(office, "/api/crew", { name: "Eve Hidden", phone: "+1 555 0199", email: "eve@example.com" });
  await post(office, "/api/show/cues", {
    day,
    title: "Doors and walk-in music",
    start: utcClock(1),
    duration: 900,
    timing: "fixed",
    department: "audio",
    assigneeName: "Sam Okafor",
  });
  await post(office, "/api/show/cues", { day, title: "Welcome from the host", duration: 600, department: "talent" });
  const { url } = await post(office, `/api/crew/${sam.id}/link`, {});
  await post(office, "/api/show/live", { action: "start", day });

  // Sam has no account: a fresh context, on a phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const crew = await phone.newPage();
  const path = new URL(url as string).pathname;
  await crew.goto(path);
  await waitForHydration(crew);
  await expect(crew.getByRole("heading", { level: 1 })).toContainText("Sam Okafor");
  await expect(crew.getByTestId("current-cue")).toHaveText("Doors and walk-in music");
  await expect(crew.getByRole("timer")).toHaveText(/^\d+:\d\d$/);
  await expect(crew.getByText("+44 7700 900123")).toBeVisible();
  await expect(crew.getByText("eve@example.com")).toHaveCount(0);
  // The service worker controls the page and has kept what the first load fetched.
  await expect.poll(() => crew.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(crew.locator("main[data-offline-ready=true]")).toHaveCount(1);
  await crew.screenshot({ path: `${DIR}/crew-link-online-390.png`, fullPage: true });

  await phone.setOffline(true);
  await crew.reload();
  await waitForHydration(crew);
  await expect(crew.getByRole("heading", { level: 1 })).toContainText("Sam Okafor");
  await expect(crew.getByText("Doors and walk-in music").first()).toBeVisible();
  await expect(crew.getByTestId("offline-line")).toHaveText(/^Offline · updated \d\d:\d\d$/);
  const timer = crew.getByRole("timer");
  await expect(timer).toHaveText(/^\d+:\d\d$/);
  const before = await timer.textContent();
  await expect(timer).not.toHaveText(before!);
  await crew.screenshot({ path: `${DIR}/crew-link-offline-390.png`, fullPage: true });

  // Meanwhile the show moves on; back online the page catches up and drops the offline line.
  await post(office, "/api/show/live", { action: "go", day });
  await phone.setOffline(false);
  await expect(crew.getByTestId("current-cue")).toHaveText("Welcome from the host");
  // The browser may say it is online before its service worker can reach the network: the page retries.
  await expect(crew.getByTestId("offline-line")).toHaveCount(0, { timeout: 15_000 });
  await expect(crew.locator("[data-live-status=open]")).toHaveCount(1);

  // Revoked: once online the link says so, and the device's copy is gone.
  const revoked = await office.request.delete(`/api/crew/${sam.id}/link`);
  expect(revoked.status()).toBe(204);
  await crew.reload();
  await expect(crew.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  const kept = await crew.evaluate(async () => {
    const cache = await caches.open("crew-link-v1");
    return (await cache.keys()).map((r) => new URL(r.url).pathname).filter((p) => p.startsWith("/c/"));
  });
  expect(kept).toEqual([]);

  await producer.close();
  await phone.close();
});

test("a personal link's screenshots at desktop width", async ({ browser }) => {
  const producer = await browser.newContext();
  const office = await producer.newPage();
  await signUpViaApi(office, "Maria Lopez");
  const day = new Date().toISOString().slice(0, 10);
  const person = await post(office, "/api/crew", { name: "Priya Shah", department: "talent", role: "Stage manager" });
  await post(office, "/api/show/cues", {
    day,
    title: "Welcome from the host",
    start: utcClock(30),
    duration: 600,
    timing: "fixed",
    department: "talent",
  });
  const id = person.id as string;
  await office.setViewportSize({ width: 1280, height: 800 });
  await office.goto(`/crew/${id}/link`);
  await waitForHydration(office);
  await office.getByRole("button", { name: "Create personal link" }).click();
  await expect(office.getByText("Personal link created")).toBeVisible();
  await expect(office.getByTestId("active-link")).toContainText("Not opened yet");
  await expect(office.getByRole("button", { name: "Replace with a new link" })).toBeVisible();
  await office.screenshot({ path: `${DIR}/crew-link-owner-1280.png`, fullPage: true });
  const url = await office.getByLabel("Personal link").inputValue();
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await desk.newPage();
  await page.goto(new URL(url).pathname);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Priya Shah");
  await page.screenshot({ path: `${DIR}/crew-link-1280.png`, fullPage: true });
  await office.reload();
  await expect(office.getByTestId("active-link")).toContainText("Last opened");
  await office.setViewportSize({ width: 390, height: 844 });
  await office.screenshot({ path: `${DIR}/crew-link-owner-390.png`, fullPage: true });
  await producer.close();
  await desk.close();
});

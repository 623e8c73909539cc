import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, signUpViaApi, waitForHydration } from "./helpers";

/** The dashboard's figure under a stat card's label. */
function statValue(page: Page, label: string) {
  return page.getByRole("listitem").filter({ has: page.getByText(label, { exact: true }) }).locator("p").nth(1);
}

async function openLiveDashboard(page: Page) {
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.locator("[data-live-status=open]")).toHaveCount(1);
}

test("a task created on one page shows up, with its counts, on the workspace's other pages within a second", async ({
  browser,
}) => {
  const producer = await browser.newContext();
  const stranger = await browser.newContext();
  const [first, tasksPage, other] = [await producer.newPage(), await producer.newPage(), await stranger.newPage()];
  await signUpViaApi(first, "Maria Lopez");
  await signUpViaApi(other, "Sam Other");

  await openLiveDashboard(first);
  await tasksPage.goto("/tasks");
  await waitForHydration(tasksPage);
  await expect(tasksPage.locator("[data-live-status=open]")).toHaveCount(1);
  // Everything the stranger's page receives on its socket.
  const strangerFrames: string[] = [];
  other.on("websocket", (ws) => ws.on("framereceived", (frame) => strangerFrames.push(String(frame.payload))));
  await openLiveDashboard(other);

  const secondDashboard = await producer.newPage();
  const received: string[] = [];
  secondDashboard.on("websocket", (ws) => ws.on("framereceived", (frame) => received.push(String(frame.payload))));
  await openLiveDashboard(secondDashboard);
  await expect(statValue(secondDashboard, "Total Tasks")).toHaveText("0");

  const started = Date.now();
  await createTaskViaApi(first, { title: "Book the string quartet", status: "completed" });
  await expect(statValue(secondDashboard, "Total Tasks")).toHaveText("1", { timeout: 1000 });
  await expect(statValue(secondDashboard, "Completed")).toHaveText("1", { timeout: 1000 });
  await expect(secondDashboard.getByText("100%")).toBeVisible({ timeout: 1000 });
  expect(Date.now() - started).toBeLessThan(2000);
  await expect(tasksPage.getByRole("article", { name: "Book the string quartet" })).toBeVisible({ timeout: 1000 });
  expect(received.some((payload) => payload.includes("Book the string quartet"))).toBe(true);

  // The other workspace's page got nothing and still shows its own empty board.
  await other.waitForTimeout(300);
  expect(strangerFrames.some((payload) => payload.includes('"type":"hello"'))).toBe(true);
  expect(strangerFrames.filter((payload) => payload.includes('"type":"task"'))).toEqual([]);
  await expect(statValue(other, "Total Tasks")).toHaveText("0");

  await producer.close();
  await stranger.close();
});

test("the dashboard works without a live connection", async ({ page }) => {
  await page.routeWebSocket(/\/api\/live/, (ws) => ws.close({ code: 1011, reason: "unavailable" }));
  await signUpViaApi(page);
  await createTaskViaApi(page, { title: "Hire the stage crew" });
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(statValue(page, "Total Tasks")).toHaveText("1");
  await expect(page.locator("[data-live-status=open]")).toHaveCount(0);
});

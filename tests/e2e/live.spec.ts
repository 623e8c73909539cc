import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, isoDay, signUpViaApi, taskCard, waitForHydration } from "./helpers";

/** The dashboard's figure under a stat card's label. */
function statValue(page: Page, label: string) {
  return page.getByRole("listitem").filter({ has: page.getByText(label, { exact: true }) }).locator("p").nth(1);
}

async function openLiveDashboard(page: Page) {
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.locator("[data-live-status=open]")).toHaveCount(1);
}

test("a task created on one page shows up, with its counts, on the workspace's other pages without a reload", async ({
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

  // How fast a change arrives is for the bench to measure (its live-update delivery time), not a test.
  await createTaskViaApi(first, { title: "Book the string quartet", status: "completed" });
  await expect(statValue(secondDashboard, "Total Tasks")).toHaveText("1");
  await expect(statValue(secondDashboard, "Completed")).toHaveText("1");
  await expect(secondDashboard.getByText("100%")).toBeVisible();
  await expect(tasksPage.getByRole("article", { name: "Book the string quartet" })).toBeVisible();
  expect(received.some((payload) => payload.includes("Book the string quartet"))).toBe(true);

  // The other workspace's page got nothing and still shows its own empty board. A change in its own workspace
  // reaches its socket after anything that could have leaked, so once the page shows it, the frames are all in.
  const strangerEvent = { eventName: "Sam's Showcase", eventDate: isoDay(30), eventTime: "18:00" };
  expect((await other.request.put("/api/workspace", { data: strangerEvent })).status()).toBe(200);
  await expect(other.getByText("Sam's Showcase", { exact: true })).toBeVisible();
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

test("changes and a new event date apply in place on open pages, without reloading their data", async ({ browser }) => {
  const producer = await browser.newContext();
  const writer = await producer.newPage();
  await signUpViaApi(writer, "Maria Lopez");
  await createTaskViaApi(writer, { title: "Book the shuttle buses" });
  await createTaskViaApi(writer, { title: "Print the lanyards" });
  const listed = (await (await writer.request.get("/api/tasks")).json()) as Array<{ id: string; title: string }>;
  const shuttle = listed.find((t) => t.title === "Book the shuttle buses")!;
  const lanyards = listed.find((t) => t.title === "Print the lanyards")!;

  const tasksPage = await producer.newPage();
  await tasksPage.goto("/tasks");
  await waitForHydration(tasksPage);
  await expect(tasksPage.locator("[data-live-status=open]")).toHaveCount(1);
  const dashboard = await producer.newPage();
  await openLiveDashboard(dashboard);
  await expect(dashboard.getByRole("link", { name: "Set the event date" })).toBeVisible();

  // Every request for the pages' own data (Remix single fetch: `/dashboard.data`, `/tasks.data`) from here on.
  // The planning cards fetch theirs (`/api/plan.data`, `/api/my-day.data`) when it changes, which is their job
  // (see below), and whether one has started by the assertion depends only on timing: not counted.
  const dataRequests: string[] = [];
  for (const page of [tasksPage, dashboard]) {
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".data") && !pathname.startsWith("/api/")) dataRequests.push(request.url());
    });
  }

  const status = (await writer.request.put(`/api/tasks/${shuttle.id}`, { data: { status: "completed" } })).status();
  expect(status).toBe(200);
  await expect(taskCard(tasksPage, "Book the shuttle buses").getByRole("combobox")).toHaveValue("completed");
  await expect(statValue(dashboard, "Completed")).toHaveText("1");

  expect((await writer.request.delete(`/api/tasks/${lanyards.id}`)).status()).toBe(204);
  await expect(taskCard(tasksPage, "Print the lanyards")).toHaveCount(0);
  await expect(taskCard(dashboard, "Print the lanyards")).toHaveCount(0);
  await expect(tasksPage.getByText("1 task on the board")).toBeVisible();

  // The owner sets the event date elsewhere: the dashboard's countdown follows.
  const eventDate = isoDay(30);
  expect((await writer.request.put("/api/workspace", { data: { eventName: "Harbour Lights", eventDate, eventTime: "18:00" } })).status()).toBe(200);
  await expect(dashboard.getByText("Harbour Lights", { exact: true })).toBeVisible();
  await expect(dashboard.getByText("Here is where Harbour Lights stands today.")).toBeVisible();
  await expect(dashboard.getByText(/(29|30) days until event/)).toBeVisible();
  expect(dataRequests).toEqual([]);
  // The planning cards, shown from the server's HTML until someone uses them, load their code when their data changes.
  const criticalPath = dashboard.getByRole("region", { name: "Critical path" });
  await expect(criticalPath).toContainText(/ready for \w{3}, \w{3} \d+, 6:00 PM\./);

  await producer.close();
});

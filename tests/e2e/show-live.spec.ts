import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, signUpViaApi, waitForHydration } from "./helpers";

/** Show mode, live (issue 17, ADR 025): the presenter view and a crew share link move together. */

const DIR = "tests/e2e/screenshots";

/** "HH:MM" in UTC, `minutes` from now. */
function utcClock(minutes: number) {
  return new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);
}

async function addCue(page: Page, cue: Record<string, unknown>) {
  const res = await page.request.post("/api/show/cues", { data: cue });
  expect(res.status(), await res.text()).toBe(201);
}

async function openLive(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator("[data-live-status=open]")).toHaveCount(1);
}

test("the presenter view and a crew share link run the show together", async ({ browser }) => {
  const producer = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const crew = await browser.newContext({ viewport: { width: 430, height: 932 } });
  const presenter = await producer.newPage();
  const sheet = await crew.newPage();
  await signUpViaApi(presenter, "Maria Lopez");
  expect((await presenter.request.put("/api/workspace", { data: { eventName: "Northern Lights Gala", timezone: "UTC" } })).status()).toBe(200);

  // A short rundown starting a minute from now, so the screenshots show a believable clock.
  const day = new Date().toISOString().slice(0, 10);
  await addCue(presenter, { day, title: "Doors and walk-in music", start: utcClock(1), duration: 600, timing: "fixed", department: "audio", assigneeName: "Sam Okafor" });
  await addCue(presenter, { day, title: "Welcome from the host", duration: 300, department: "talent", assigneeName: "Priya Shah" });
  await addCue(presenter, { day, title: "Lights down, opening video", duration: 180, department: "lighting", assigneeName: "Lee Chen" });
  await addCue(presenter, { day, title: "Keynote", start: utcClock(40), duration: 2700, timing: "fixed", department: "lighting" });

  const share = await presenter.request.post("/api/show/shares", { data: { departments: ["audio", "lighting"], label: "Sound and light" } });
  expect(share.status()).toBe(201);
  const { url, id } = (await share.json()) as { url: string; id: string };

  await openLive(presenter, `/show/live?day=${day}`);
  await openLive(sheet, new URL(url).pathname);
  await expect(sheet.getByTestId("shared-cue")).toHaveCount(3);
  await expect(sheet.getByText("Welcome from the host")).toHaveCount(0);
  await expect(sheet.locator("main")).toHaveAttribute("data-show-status", "Not running");

  await presenter.getByRole("button", { name: "Start show" }).click();
  await expect(presenter.getByTestId("current-cue")).toHaveText("Doors and walk-in music");
  await expect(sheet.getByTestId("current-cue")).toHaveText("Doors and walk-in music");
  await expect(presenter.getByTestId("next-cue")).toContainText("Welcome from the host");
  await expect(presenter.getByRole("timer")).toHaveText(/^−?\d+:\d\d$/);
  await expect(presenter.getByTestId("show-offset")).toHaveText(/On time|ahead|behind/);

  // Space is GO; the crew sheet, filtered to its departments, says another department's cue runs.
  await presenter.keyboard.press("Space");
  await expect(presenter.getByTestId("current-cue")).toHaveText("Welcome from the host");
  await expect(sheet.getByTestId("current-cue")).toHaveText("Another department's cue");

  await presenter.getByRole("button", { name: /^GO/ }).click();
  await expect(presenter.getByTestId("current-cue")).toHaveText("Lights down, opening video");
  await expect(sheet.getByTestId("current-cue")).toHaveText("Lights down, opening video");
  await expect(sheet.locator('[aria-current="step"]')).toContainText("Lights down, opening video");

  // ← is Back: both return to the host's welcome.
  await presenter.keyboard.press("ArrowLeft");
  await expect(presenter.getByTestId("current-cue")).toHaveText("Welcome from the host");
  await expect(sheet.getByTestId("current-cue")).toHaveText("Another department's cue");
  await presenter.keyboard.press("ArrowRight");
  await expect(sheet.getByTestId("current-cue")).toHaveText("Lights down, opening video");

  await presenter.screenshot({ path: `${DIR}/show-live-presenter.png`, animations: "disabled" });
  await sheet.screenshot({ path: `${DIR}/show-live-share.png`, fullPage: true, animations: "disabled" });
  await expectNoSeriousViolations(presenter, "presenter view");
  await expectNoSeriousViolations(sheet, "crew share page");

  // Revoking closes the crew's page, which then says the link no longer works.
  expect((await presenter.request.delete(`/api/show/shares/${id}`)).status()).toBe(204);
  await expect(sheet.getByRole("heading", { name: "This link does not work" })).toBeVisible();

  // Stop sits apart from GO and asks first; "Keep running" leaves the show as it was.
  await presenter.getByRole("link", { name: "Stop show…" }).click();
  const ask = presenter.getByRole("alertdialog", { name: "Stop the show?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("link", { name: "Keep running" }).click();
  await expect(ask).toHaveCount(0);
  await expect(presenter.locator("main")).toHaveAttribute("data-show-status", "Live");
  await presenter.getByRole("link", { name: "Stop show…" }).click();
  await presenter.getByRole("alertdialog", { name: "Stop the show?" }).getByRole("button", { name: "Stop the show" }).click();
  await expect(presenter.locator("main")).toHaveAttribute("data-show-status", "Ended");
  await expect(presenter.getByRole("button", { name: "Start again" })).toBeVisible();

  await producer.close();
  await crew.close();
});

test("before show day, Start is a rehearsal timed from its start, and stopping it leaves no record", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, "Maria Lopez");
  const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  expect((await page.request.put("/api/workspace", { data: { eventDate: day, eventTime: "18:00", timezone: "UTC" } })).status()).toBe(200);
  await addCue(page, { day, title: "Doors", start: "18:00", duration: 1800, timing: "fixed" });
  await addCue(page, { day, title: "Walk-in music", duration: 900 });
  await openLive(page, `/show/live?day=${day}`);
  await expect(page.getByTestId("rehearsal-note")).toContainText("The show starts at 18:00");
  await expect(page.getByRole("button", { name: "Start show" })).toHaveCount(0);
  await page.getByRole("button", { name: "Start rehearsal" }).click();

  await expect(page.locator("main")).toHaveAttribute("data-show-status", "Rehearsal");
  // Not "979 h ahead": timed against the plan moved to the rehearsal's start.
  await expect(page.getByTestId("show-offset")).toHaveText("On time");
  // The next cue follows the one running (30 minutes from now), not its evening 40 days away.
  const next = new Date(Date.now() + 30 * 60_000).toISOString().slice(11, 16);
  const after = new Date(Date.now() + 31 * 60_000).toISOString().slice(11, 16);
  await expect(page.getByTestId("next-cue")).toContainText(new RegExp(`at (${next}|${after})`));
  await page.screenshot({ path: `${DIR}/show-live-rehearsal.png`, animations: "disabled" });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone Stop stays on the first screen, away from GO.
  await expect(page.getByRole("link", { name: "Stop rehearsal…" })).toBeInViewport();
  await page.screenshot({ path: `${DIR}/show-live-rehearsal-phone.png`, animations: "disabled" });

  await page.getByRole("link", { name: "Stop rehearsal…" }).click();
  await page.getByRole("alertdialog", { name: "Stop the rehearsal?" }).getByRole("button", { name: "Stop the rehearsal" }).click();
  await expect(page.locator("main")).toHaveAttribute("data-show-status", "Not running");
  await expect(page.getByTestId("show-offset")).toHaveCount(0);
  await expectNoSeriousViolations(page, "presenter view after a rehearsal");
});

test("the dashboard shows a strip while a show runs", async ({ page }) => {
  await signUpViaApi(page, "Maria Lopez");
  const day = new Date().toISOString().slice(0, 10);
  await addCue(page, { day, title: "Doors", start: utcClock(0), duration: 600 });
  await openLive(page, "/dashboard");
  await expect(page.getByTestId("show-live-strip")).toHaveCount(0);
  const started = await page.request.post("/api/show/live", { data: { action: "start", day } });
  expect(started.status()).toBe(200);
  const strip = page.getByTestId("show-live-strip");
  await expect(strip).toContainText("Doors");
  await expect(strip.getByRole("link", { name: "Presenter view" })).toHaveAttribute("href", "/show/live");
  await expect(strip).toContainText(/On time|behind|ahead/);
  await page.screenshot({ path: `${DIR}/show-live-dashboard-strip.png`, animations: "disabled" });
  expect((await page.request.post("/api/show/live", { data: { action: "stop" } })).status()).toBe(200);
  await expect(strip).toHaveCount(0);
});

test("an overrunning cue counts on, red and negative", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, "Maria Lopez");
  const day = new Date().toISOString().slice(0, 10);
  await addCue(page, { day, title: "Award: best newcomer", duration: 1, department: "talent", assigneeName: "Priya Shah" });
  await openLive(page, `/show/live?day=${day}`);
  await expect(page.getByRole("heading", { name: "Award: best newcomer" })).toBeVisible();
  await page.getByRole("button", { name: "Start show" }).click();
  const timer = page.getByRole("timer");
  await expect(timer).toHaveText(/^−0:0[1-9]$/);
  await expect(timer).toHaveClass(/text-red-500/);
  await expect(page.getByTestId("next-cue")).toHaveText("End of show");
  await page.screenshot({ path: `${DIR}/show-live-overrun.png`, animations: "disabled" });
  await expectNoSeriousViolations(page, "presenter view, overrun");
});

test("without JavaScript the presenter's buttons post and the page shows the state", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpViaApi(page, "Maria Lopez");
  const day = new Date().toISOString().slice(0, 10);
  await addCue(page, { day, title: "Doors", duration: 600 });
  await addCue(page, { day, title: "Walk-in music", duration: 900 });
  await page.goto(`/show/live?day=${day}`);
  await page.getByRole("button", { name: "Start show" }).click();
  await expect(page.getByTestId("current-cue")).toHaveText("Doors");
  // Rendered on the server at load: the whole ten minutes, or a second less on a slow machine.
  await expect(page.getByRole("timer")).toHaveText(/^(10:00|9:5\d)$/);
  await page.getByRole("button", { name: /^GO/ }).click();
  await expect(page.getByTestId("current-cue")).toHaveText("Walk-in music");
  await page.getByRole("button", { name: /^Back/ }).click();
  await expect(page.getByTestId("current-cue")).toHaveText("Doors");
  await context.close();
});

test("the show page's 'Share with crew' card makes, shows once and revokes a link", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, "Maria Lopez");
  const day = new Date().toISOString().slice(0, 10);
  await addCue(page, { day, title: "Doors", duration: 600, department: "audio" });
  await page.goto(`/show?day=${day}`);
  await waitForHydration(page);
  const card = page.getByRole("region", { name: "Share with crew" });
  await card.getByLabel("Label (optional)").fill("Audio crew");
  await card.getByRole("checkbox", { name: "audio" }).check();
  await card.getByRole("button", { name: "Create share link" }).click();
  const field = card.getByLabel("Share link", { exact: true });
  await expect(field).toHaveValue(/\/show\/share\/[A-Za-z0-9_-]{43}$/);
  const url = await field.inputValue();
  await expect(card.getByRole("list", { name: "Share links" }).getByRole("listitem")).toHaveCount(1);
  await expect(card.getByLabel("Label (optional)")).toHaveValue("");
  await expect(card.getByRole("checkbox", { name: "audio" })).not.toBeChecked();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${DIR}/show-share-card.png`, animations: "disabled" });

  const shared = await page.context().newPage();
  await shared.goto(new URL(url).pathname);
  await expect(shared.getByTestId("shared-cue")).toHaveText(/Doors/);

  await card.locator("summary", { hasText: "Revoke" }).click();
  await card.getByRole("button", { name: "Revoke link" }).click();
  await expect(card.getByText("No share links yet.")).toBeVisible();
  await expect(shared.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});

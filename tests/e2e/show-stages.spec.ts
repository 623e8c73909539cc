import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, isoDay, signUpViaApi, uniqueEmail, waitForHydration } from "./helpers";

/**
 * Stages and rooms (issue 33, ADR 037): name two stages in Settings, add a cue to each, see them side by side and one
 * at a time, and run show mode on one stage while the other stays idle; with JavaScript and without.
 */

const DIR = "tests/e2e/screenshots";

async function setShowDay(page: Page, day: string) {
  const res = await page.request.put("/api/workspace", {
    data: { eventName: "Riverside Festival", eventDate: day, eventTime: "12:00", timezone: "UTC" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function nameStage(page: Page, name: string) {
  await page.getByLabel("New stage").fill(name);
  await page.getByRole("button", { name: "Add stage" }).click();
  await expect(
    page.getByRole("list", { name: "Stages" }).getByRole("textbox", { name: `Name of ${name}` }),
  ).toHaveValue(name);
}

/** Adds a cue through the page's 'Add a cue' form, on `stage`. */
async function addCue(page: Page, cue: { title: string; duration: string; start: string; stage: string }) {
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add cue" }) });
  await form.getByLabel("Title").fill(cue.title);
  await form.getByLabel("Timing").selectOption("fixed");
  await form.getByLabel(/^Start/).fill(cue.start);
  await form.getByLabel(/^Duration/).fill(cue.duration);
  await form.getByLabel("Stage", { exact: true }).selectOption({ label: cue.stage });
  await form.getByRole("button", { name: "Add cue" }).click();
  await expect(sheet(page, cue.stage).locator("tr[data-cue-id]", { hasText: cue.title })).toBeVisible();
}

const sheet = (page: Page, stage: string) => page.getByRole("region", { name: `Cue sheet: ${stage}` });

/** The whole flow; `js` says whether the page hydrates (forms post as plain navigations otherwise). */
async function stagesFlow(page: Page, js: boolean) {
  const day = isoDay(-1);
  await setShowDay(page, day);
  const ready = async () => {
    if (js) await waitForHydration(page);
  };

  await page.goto("/settings");
  await ready();
  await nameStage(page, "Main stage");
  await nameStage(page, "Tent");

  await page.goto(`/show?day=${day}`);
  await ready();
  const stages = page.getByRole("navigation", { name: "Stages" });
  await expect(stages.locator("a[aria-current=page]")).toHaveText("All stages");
  await addCue(page, { title: "Headliner", start: "20:00", duration: "90 min", stage: "Main stage" });
  await addCue(page, { title: "DJ set", start: "20:30", duration: "1 h", stage: "Tent" });

  // Side by side: both sheets, next to each other on a wide screen.
  await expect(sheet(page, "Main stage")).toContainText("Headliner");
  await expect(sheet(page, "Tent")).toContainText("DJ set");
  await expect(sheet(page, "Main stage")).not.toContainText("DJ set");

  // One at a time.
  await stages.getByRole("link", { name: "Tent" }).click();
  await expect(stages.locator("a[aria-current=page]")).toHaveText("Tent");
  await expect(sheet(page, "Tent")).toContainText("DJ set");
  await expect(sheet(page, "Main stage")).toHaveCount(0);
  await expect(page.getByText("Headliner")).toHaveCount(0);

  // Show mode on the tent; the main stage stays idle.
  await sheet(page, "Tent").getByRole("link", { name: "Show mode" }).click();
  await ready();
  await expect(page.getByTestId("show-stage")).toHaveText("Tent");
  await page.getByRole("button", { name: "Start show" }).click();
  await expect(page.getByTestId("current-cue")).toHaveText("DJ set");
  await expect(page.locator("main")).toHaveAttribute("data-show-status", "Live");

  await page.getByRole("navigation", { name: "Stages" }).getByRole("link", { name: "Main stage" }).click();
  await expect(page.getByTestId("show-stage")).toHaveText("Main stage");
  await expect(page.locator("main")).toHaveAttribute("data-show-status", "Not running");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Headliner");
  return day;
}

test("name two stages, add a cue to each, view them side by side and one at a time, run one stage's show", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, "Jordan Blake");
  const day = await stagesFlow(page, true);
  // The presenter view names its stage and offers the others (the main stage idle while the tent runs).
  await page.screenshot({ path: `${DIR}/show-stages-presenter-1280.png`, animations: "disabled" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${DIR}/show-stages-presenter-390.png`, animations: "disabled" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The side-by-side view at both widths: next to each other on a desktop, one under the other on a phone.
  await page.goto(`/show?day=${day}&stage=all`);
  await waitForHydration(page);
  // The tent's show runs: the page's live strip names it (measured once it is in, as it moves the sheets down).
  await expect(page.getByRole("region", { name: "Tent: Show running" })).toContainText("DJ set");
  const main = await sheet(page, "Main stage").boundingBox();
  const tent = await sheet(page, "Tent").boundingBox();
  expect(main && tent && tent.x > main.x + main.width - 1 && Math.abs(tent.y - main.y) < 2).toBe(true);
  await page.screenshot({ path: `${DIR}/show-stages-1280.png`, fullPage: true, animations: "disabled" });
  await expectNoSeriousViolations(page, "show page with stages");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sheet(page, "Tent")).toBeVisible();
  const phoneMain = await sheet(page, "Main stage").boundingBox();
  const phoneTent = await sheet(page, "Tent").boundingBox();
  expect(phoneMain && phoneTent && phoneTent.y >= phoneMain.y + phoneMain.height).toBe(true);
  await page.screenshot({ path: `${DIR}/show-stages-390.png`, fullPage: true, animations: "disabled" });

  await page.goto("/settings");
  await waitForHydration(page);
  await page.screenshot({ path: `${DIR}/settings-stages-390.png`, fullPage: true, animations: "disabled" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${DIR}/settings-stages-1280.png`, fullPage: true, animations: "disabled" });
  await expectNoSeriousViolations(page, "settings with stages");

  // Removing a stage with cues is refused, naming how many.
  const tentRow = page.getByTestId("stage-row").filter({ has: page.getByRole("textbox", { name: "Name of Tent" }) });
  await tentRow.getByRole("button", { name: "Remove “Tent”" }).click();
  await expect(
    page.getByText("“Tent” still has 1 cue: move them to another stage or delete them first", { exact: true }),
  ).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same with plain forms and links", async ({ page }) => {
    await page.goto("/landing");
    const card = page.locator("#demo");
    await card.getByLabel("Full Name").fill("Riley Chen");
    await card.getByLabel("Email Address").fill(uniqueEmail("riley"));
    await card.getByRole("button", { name: "Start Free Demo" }).click();
    await page.waitForURL("**/dashboard");
    const day = await stagesFlow(page, false);
    const tentLive = await page.request.get("/api/show/stages");
    const { stages } = (await tentLive.json()) as { stages: Array<{ id: string; name: string }> };
    const state = async (name: string) => {
      const id = stages.find((s) => s.name === name)!.id;
      return (await (await page.request.get(`/api/show/live?stage=${id}`)).json()) as {
        currentCueId: string | null;
        day: string;
      };
    };
    expect(await state("Tent")).toMatchObject({ day, currentCueId: expect.any(String) });
    expect(await state("Main stage")).toMatchObject({ currentCueId: null });
  });
});

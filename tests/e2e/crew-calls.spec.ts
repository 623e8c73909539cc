import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, isoDay, signUpViaApi, waitForHydration } from "./helpers";

/**
 * Crew calls (issue 35, ADR 043): build a day's calls on /calls, see the warnings (a cue nobody is called for, a
 * person called twice at once), a refused end before the start, edit and delete; with JavaScript and without.
 */

const DIR = "tests/e2e/screenshots";

async function arrangeDay(page: Page, day: string) {
  const settings = await page.request.put("/api/workspace", {
    data: { eventName: "Riverside Festival", eventDate: day, eventTime: "19:00", timezone: "UTC" },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const cue = await page.request.post("/api/show/cues", {
    data: { day, title: "Doors", start: "18:30", timing: "fixed", duration: 1800, department: "Sound" },
  });
  expect(cue.status(), await cue.text()).toBe(201);
}

const addForm = (page: Page) => page.locator("form", { has: page.getByRole("button", { name: "Add call" }) });

async function addCall(
  page: Page,
  call: { person?: string; department?: string; start: string; end?: string; location?: string },
) {
  const form = addForm(page);
  if (call.person) await form.getByLabel("Person", { exact: true }).selectOption({ label: call.person });
  if (call.department) await form.getByLabel(/^Or department/).fill(call.department);
  await form.getByLabel("Call time", { exact: true }).fill(call.start);
  if (call.end) await form.getByLabel(/^End/).fill(call.end);
  if (call.location) await form.getByLabel(/^Location/).fill(call.location);
  await form.getByRole("button", { name: "Add call" }).click();
}

const callList = (page: Page) => page.getByTestId("call-list");
const warnings = (page: Page) => page.getByRole("region", { name: "Warnings" });

async function callsFlow(page: Page, js: boolean) {
  const day = isoDay(2);
  await arrangeDay(page, day);
  await page.goto(`/calls?day=${day}`);
  if (js) await waitForHydration(page);

  await expect(page.getByRole("heading", { name: "Crew calls" })).toBeVisible();
  await expect(page.getByTestId("day-cues")).toContainText("18:30");
  await expect(warnings(page)).toContainText("Sound has no call before “Doors” at 18:30");

  await addCall(page, { person: "Jordan Blake", start: "13:00", end: "17:00", location: "Stage door" });
  await expect(callList(page)).toContainText("13:00–17:00 Jordan Blake · Stage door");

  await addCall(page, { department: "Sound", start: "12:00" });
  await expect(callList(page).locator("li").first()).toContainText("12:00 Sound (department)");
  await expect(page.getByText("Sound has no call before “Doors” at 18:30")).toHaveCount(0);

  await addCall(page, { person: "Jordan Blake", start: "14:00" });
  await expect(warnings(page)).toContainText("Jordan Blake is called twice at 14:00");

  // An end before the start is refused on its field; nothing is added.
  await addCall(page, { person: "Jordan Blake", start: "20:00", end: "19:00" });
  await expect(addForm(page).getByText("The end must be after the start")).toBeVisible();
  await expect(callList(page).locator("li")).toHaveCount(3);
  return day;
}

async function editAndDelete(page: Page, js: boolean) {
  const row = callList(page).locator("li", { hasText: "14:00 Jordan Blake" });
  await row.getByRole("link", { name: "Edit Jordan Blake's call at 14:00" }).click();
  if (js) await waitForHydration(page);
  const form = page.locator("form", { has: page.getByRole("button", { name: "Save call" }) });
  await form.getByLabel("Call time", { exact: true }).fill("18:00");
  await form.getByRole("button", { name: "Save call" }).click();
  await expect(callList(page)).toContainText("18:00 Jordan Blake");
  await expect(page.getByText("Jordan Blake is called twice at 14:00")).toHaveCount(0);

  await callList(page)
    .locator("li", { hasText: "18:00 Jordan Blake" })
    .getByRole("button", { name: "Delete Jordan Blake's call at 18:00" })
    .click();
  await expect(callList(page).locator("li")).toHaveCount(2);
}

test("build a day's calls with JavaScript: warnings, a refused end, edit and delete; screenshots", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, "Jordan Blake");
  const day = await callsFlow(page, true);
  await expect(page.getByTestId("call-timeline")).toContainText("Jordan Blake");
  await page.goto(`/calls?day=${day}`);
  await waitForHydration(page);
  await page.screenshot({ path: `${DIR}/crew-calls-1280.png`, fullPage: true, animations: "disabled" });
  await expectNoSeriousViolations(page, "crew calls");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("call-timeline")).toBeHidden();
  await page.screenshot({ path: `${DIR}/crew-calls-390.png`, fullPage: true, animations: "disabled" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The cue sheet names the caller's call (the department's).
  await page.goto(`/show?day=${day}`);
  await expect(page.locator("tr[data-cue-id]", { hasText: "Doors" }).getByTestId("cue-call").last()).toHaveText(
    "Call 12:00",
  );
  await page.screenshot({ path: `${DIR}/crew-calls-show-1280.png`, animations: "disabled" });
  await page.getByRole("link", { name: "Crew calls" }).click();
  await waitForHydration(page);
  await editAndDelete(page, true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same with plain forms", async ({ page }) => {
    await signUpViaApi(page, "Jordan Blake");
    await callsFlow(page, false);
    await editAndDelete(page, false);
  });
});

import { expect, test, type Page } from "@playwright/test";
import { createTaskViaApi, expectNoSeriousViolations, isoDay, signUpViaApi, waitForHydration } from "./helpers";

/** Day sheets (issue 35, ADR 044): "my day" on screen, on a phone and on paper. */

const DIR = "tests/e2e/screenshots";

async function addCue(page: Page, cue: Record<string, unknown>) {
  const res = await page.request.post("/api/show/cues", { data: cue });
  expect(res.status(), await res.text()).toBe(201);
}

async function setUpDay(page: Page) {
  await signUpViaApi(page, "Ana Lopez");
  const day = isoDay(12);
  const settings = await page.request.put("/api/workspace", {
    data: {
      eventName: "Harbour Lights Gala",
      eventDate: day,
      eventTime: "19:00",
      timezone: "UTC",
      venueAddress: "Pier 4, 1 Harbour Road, Bristol BS1 4RN",
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  await addCue(page, { day, title: "Walk-in music", duration: 1800, department: "audio" });
  await addCue(page, { day, title: "Doors", start: "19:00", timing: "fixed", duration: 900, assigneeId: me.id });
  await addCue(page, { day, title: "Welcome speech", duration: 600, department: "talent", assigneeName: "Priya Shah" });
  await addCue(page, { day, title: "Headline set", duration: 3600, assigneeId: me.id });
  await createTaskViaApi(page, { title: "Print the running order", dueDate: `${day}T16:00`, assigneeId: me.id });
  await createTaskViaApi(page, { title: "Someone else's errand", dueDate: day, assigneeName: "Dana Outside" });
  // Ana's call, made through the calls API with her directory entry.
  const crew = (await (await page.request.get("/api/crew")).json()) as { people: { id: string; name: string }[] };
  const ana = crew.people.find((person) => person.name === "Ana Lopez")!;
  const called = await page.request.post("/api/calls", {
    data: { day, personId: ana.id, start: "15:00", end: "23:00", location: "Stage door" },
  });
  expect(called.status(), await called.text()).toBe(201);
  return day;
}

test("my day shows my cues and tasks, picks another event day, and prints on A4", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const day = await setUpDay(page);

  await page.goto(`/show?day=${day}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "My day sheet" }).click();
  await expect(page).toHaveURL(new RegExp(`/day/${day}$`));
  await waitForHydration(page);
  const sheet = page.getByRole("article", { name: "Day sheet of Ana Lopez" });
  await expect(sheet.getByRole("heading", { level: 1 })).toContainText("Ana Lopez");
  await expect(sheet.getByTestId("day-sheet-cue")).toHaveText([/19:00–19:15\s*Doors/, /19:25–20:25\s*Headline set/]);
  await expect(sheet.getByText("Welcome speech")).toHaveCount(0);
  await expect(sheet.getByTestId("day-sheet-task")).toHaveText([/^16:00.*Print the running order$/]);
  await expect(sheet.getByText("Pier 4, 1 Harbour Road")).toBeVisible();
  await expect(sheet.getByTestId("day-sheet-call")).toHaveText([/^15:00–23:00.*Stage door/]);
  await expectNoSeriousViolations(page, "day sheet");
  await page.screenshot({ path: `${DIR}/day-sheet.png`, fullPage: true, animations: "disabled" });

  // Print: no app chrome, black on white.
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(sheet).toBeVisible();
  const colours = await sheet
    .getByTestId("day-sheet-cue")
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { color: style.color, body: getComputedStyle(document.body).backgroundColor };
    });
  expect(colours.color).toBe("rgb(0, 0, 0)");
  expect(["rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"]).toContain(colours.body);
  await page.screenshot({ path: `${DIR}/day-sheet-print.png`, fullPage: true, animations: "disabled" });
  await page.emulateMedia({ media: "screen" });

  // A day outside the event says so and links the event's days.
  await page.goto(`/day/${isoDay(40)}`);
  await expect(page.getByRole("status")).toContainText("is not one of the event's days");
  await page.getByRole("status").getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/day/${day}$`));
});

test("my day on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const day = await setUpDay(page);
  await page.goto(`/day/${day}`);
  await waitForHydration(page);
  await expect(page.getByTestId("day-sheet-cue")).toHaveCount(2);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${DIR}/day-sheet-phone.png`, fullPage: true, animations: "disabled" });
});

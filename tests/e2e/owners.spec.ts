import { expect, test } from "@playwright/test";
import {
  createTaskViaApi,
  expectNoSeriousViolations,
  signUpViaApi,
  taskCard,
  toasts,
  uniqueEmail,
  waitForHydration,
} from "./helpers";

const DIR = "tests/e2e/screenshots";

test("someone joins, finds the task typed for them on /team, takes it, and 'My tasks' shows it", async ({
  page,
  browser,
}) => {
  await signUpViaApi(page, "Maria Lopez");
  await createTaskViaApi(page, { title: "Tune the PA for the main stage", assigneeName: "Sam" });
  await createTaskViaApi(page, { title: "Deliver the generator", assigneeName: "PowerCo" });
  const invite = await page.request.post("/api/workspace/invites", { data: {} });
  expect(invite.status()).toBe(201);
  const { url } = (await invite.json()) as { url: string };

  const context = await browser.newContext();
  const crew = await context.newPage();
  await crew.goto(new URL(url).pathname);
  await waitForHydration(crew);
  await crew.getByLabel("Full Name").fill("Sam Patel");
  await crew.getByLabel("Email Address").fill(uniqueEmail("sam"));
  await crew.getByRole("button", { name: "Join the team" }).click();
  await crew.waitForURL("**/team");
  await expect(toasts(crew).filter({ hasText: "1 task may be yours" })).toBeVisible();

  const card = crew.getByRole("region", { name: "Tasks typed for you" });
  const row = card.getByRole("listitem").filter({ hasText: "“Sam”" });
  await expect(row).toContainText("1 open task");
  await expect(card).not.toContainText("PowerCo");
  await waitForHydration(crew);
  await crew.screenshot({ path: `${DIR}/team-typed-for-you.png`, fullPage: true, animations: "disabled" });
  await expectNoSeriousViolations(crew, "/team with tasks typed for you");

  await row.getByRole("button", { name: /They're mine/ }).click();
  await expect(toasts(crew).filter({ hasText: "1 open task typed for “Sam” is now yours." })).toBeVisible();
  await expect(card).toHaveCount(0);

  await crew.goto("/tasks?mine=1");
  await expect(crew.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  await expect(taskCard(crew, "Tune the PA for the main stage")).toBeVisible();
  await expect(crew.getByRole("article")).toHaveCount(1);
  await context.close();

  // The owner sees the outside name nobody took, to link to a member.
  await page.goto("/team");
  await waitForHydration(page);
  const outside = page.getByRole("region", { name: "Outside names on open tasks" });
  await expect(outside.getByRole("listitem").filter({ hasText: "“PowerCo”" })).toContainText("1 open task");
  await expect(outside).not.toContainText("“Sam”");
  await page.screenshot({ path: `${DIR}/team-outside-names.png`, fullPage: true, animations: "disabled" });
  await expectNoSeriousViolations(page, "/team with outside names");
});

import { expect, test } from "@playwright/test";
import { createTaskViaApi, signUpViaApi } from "./helpers";

test("a long board pages through its tasks with plain links", async ({ page }) => {
  await signUpViaApi(page, "Robin Vale");
  for (let i = 1; i <= 65; i++) await createTaskViaApi(page, { title: `Crew call sheet ${String(i).padStart(2, "0")}` });

  await page.goto("/tasks");
  await expect(page.getByText("65 tasks on the board")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Task pages" });
  await expect(nav).toContainText("Showing 1–60 of 65");
  await expect(page.getByRole("listitem").filter({ hasText: "Crew call sheet" })).toHaveCount(60);

  await nav.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(nav).toContainText("Showing 61–65 of 65");
  await expect(page.getByRole("listitem").filter({ hasText: "Crew call sheet" })).toHaveCount(5);
  await expect(page.getByText("Crew call sheet 65")).toBeVisible();

  await page.goto("/tasks?page=99");
  await expect(page.getByText("This page is empty")).toBeVisible();
});

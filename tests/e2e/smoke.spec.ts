import { expect, test } from "@playwright/test";

test("landing page renders", async ({ page }) => {
  await page.goto("/landing");
  await expect(page.getByRole("heading", { name: "Cueboard" })).toBeVisible();
});

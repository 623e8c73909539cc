import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, signUpViaApi, waitForHydration } from "./helpers";

/** The crew directory (issue 35, ADR 042): add, edit, import, with JavaScript and without. */

const DIR = "tests/e2e/screenshots";

const crewRow = (page: Page, name: string) => page.getByTestId("crew-row").filter({ hasText: name });

async function addPerson(page: Page, person: Record<string, string>) {
  const form = page.getByRole("form", { name: "Add a person" });
  for (const [label, value] of Object.entries(person)) {
    await form.getByLabel(new RegExp(`^${label}`)).fill(value);
  }
  await form.getByRole("button", { name: "Add person" }).click();
}

test("add a person, edit them, star them, import a CSV", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, "Jordan Blake");
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Crew", exact: true }).click();
  await expect(page).toHaveURL(/\/crew$/);
  await waitForHydration(page);

  await addPerson(page, {
    Name: "Sam Okafor",
    Role: "A1",
    Department: "Audio",
    Phone: "+44 20 7946 0000",
    Email: "sam@example.com",
  });
  const sam = crewRow(page, "Sam Okafor");
  await expect(sam).toContainText("A1");
  await expect(sam.getByRole("link", { name: "+44 20 7946 0000" })).toHaveAttribute("href", "tel:+44 20 7946 0000");
  await expect(page.getByRole("form", { name: "Add a person" }).getByLabel(/^Name/)).toHaveValue("");

  await addPerson(page, { Name: "sam okafor" });
  await expect(page.getByRole("form", { name: "Add a person" })).toContainText(
    "“sam okafor” is already in the directory",
  );

  await sam.locator("summary", { hasText: /^Edit/ }).click();
  const edit = page.getByRole("form", { name: "Edit Sam Okafor" });
  await edit.getByLabel(/^Email/).fill("sam at example");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toContainText("Email is not an address (like sam@example.com)");
  await edit.getByLabel(/^Email/).fill("sam.okafor@example.com");
  await edit.getByLabel(/^Company/).fill("Northside Audio");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(sam).toContainText("A1 · Northside Audio");
  await expect(sam.getByRole("link", { name: "sam.okafor@example.com" })).toBeVisible();

  await sam.getByRole("button", { name: "Mark Sam Okafor as a key contact" }).click();
  await expect(sam).toContainText("Key contact");
  await expect(sam.getByRole("link", { name: "Personal link for Sam Okafor" })).toHaveAttribute(
    "href",
    /^\/crew\/[\w-]+\/link$/,
  );

  const importCard = page.getByRole("region", { name: "Import from CSV" });
  await importCard.getByLabel("CSV file").setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Name,Email\nLena Berg,lena at example\n,\n"),
  });
  await importCard.getByRole("button", { name: "Import people" }).click();
  await expect(importCard.getByRole("alert")).toContainText("Line 2: email is not an address");
  await expect(importCard.getByRole("alert")).toContainText("Line 3: name is required");
  await expect(crewRow(page, "Lena Berg")).toHaveCount(0);

  await importCard.getByLabel("CSV file").setInputFiles({
    name: "crew.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Name,Role,Department,Company\nLena Berg,LD,Lighting,Brightside\nKim Ito,Rigger,Lighting,\n"),
  });
  await importCard.getByRole("button", { name: "Import people" }).click();
  await expect(crewRow(page, "Lena Berg")).toContainText("LD · Brightside");
  await expect(page.getByRole("heading", { name: /^Lighting/ })).toContainText("(2)");

  await page.getByLabel("Search by name").fill("kim");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/q=kim/);
  await expect(page.getByTestId("crew-row")).toHaveCount(1);
  await page.getByRole("link", { name: "Show everyone" }).click();
  await expect(page.getByTestId("crew-row")).toHaveCount(4);
  await expect(page.getByLabel("Search by name")).toHaveValue("");

  await expectNoSeriousViolations(page, "/crew");
  await page.screenshot({ path: `${DIR}/crew-desktop.png`, fullPage: true, animations: "disabled" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${DIR}/crew-phone.png`, fullPage: true, animations: "disabled" });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adds a person with a plain post, and shows a bad field beside the values typed", async ({ page }) => {
    await signUpViaApi(page, "Jordan Blake");
    await page.goto("/crew");
    await addPerson(page, { Name: "Pat Rivera", Phone: "ring the bell" });
    const form = page.getByRole("form", { name: "Add a person" });
    await expect(form).toContainText("Phone is not a phone number");
    await expect(form.getByLabel(/^Name/)).toHaveValue("Pat Rivera");
    await form.getByLabel(/^Phone/).fill("+1 555 010 0200");
    await form.getByRole("button", { name: "Add person" }).click();
    await expect(crewRow(page, "Pat Rivera")).toContainText("+1 555 010 0200");
    await expect(page.getByText("Pat Rivera is in the directory.")).toBeVisible();
  });
});

import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, signUpViaApi, waitForHydration } from "./helpers";

/** Files on tasks (ADR 039): uploading with and without JavaScript, the list, a download, a delete. */

const SCREENSHOTS = "tests/e2e/screenshots";

async function newTask(page: Page, task: Record<string, unknown>) {
  const response = await page.request.post("/api/tasks", { data: task });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

/** A small real PNG (a 2×2 red square), so the thumbnail shows something. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);
const RIDER = Buffer.from("%PDF-1.4\nTechnical rider: 2 x wedges, 1 x DI\n%%EOF\n");

const files = (scope: Page | ReturnType<Page["getByRole"]>) => scope.getByRole("region", { name: "Files" });

test.describe("with JavaScript", () => {
  test("upload with the button, see it listed with a thumbnail, download it, delete it", async ({ page }) => {
    await signUpViaApi(page, "Ana Ruiz");
    const task = await newTask(page, { title: "Load in" });
    await page.goto(`/tasks/${task.id}`);
    await waitForHydration(page);
    const panel = page.getByRole("dialog", { name: "Load in" });
    const section = files(panel);
    await expect(section.getByText("No files yet.")).toBeVisible();

    // The Upload button opens the file chooser; both files go up, each with its progress, without a page load.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const chooser = page.waitForEvent("filechooser");
    await section.getByRole("button", { name: "Upload files" }).click();
    await (
      await chooser
    ).setFiles([
      { name: "Technical rider.pdf", mimeType: "application/pdf", buffer: RIDER },
      { name: "stage-plot.png", mimeType: "image/png", buffer: PNG },
    ]);
    const rider = section.getByRole("link", { name: "Technical rider.pdf", exact: true });
    await expect(rider).toBeVisible();
    await expect(section.getByRole("link", { name: "stage-plot.png", exact: true })).toBeVisible();
    await expect(section.locator('img[src$="?inline=1"]')).toHaveJSProperty("naturalWidth", 2);
    await expect(section.getByText(`${RIDER.length} bytes · Ana Ruiz`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The history says it.
    await expect(panel.getByRole("region", { name: "History" })).toContainText("Ana Ruiz attached “stage-plot.png”");

    const downloading = page.waitForEvent("download");
    await rider.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Technical rider.pdf");
    expect(await readFile(await download.path())).toEqual(RIDER);

    await section.screenshot({ path: `${SCREENSHOTS}/task-files-section-1280.png` });
    await page.screenshot({ path: `${SCREENSHOTS}/task-files-drawer-1280.png` });
    await expectNoSeriousViolations(page, "task drawer with files");
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/task-files-drawer-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    await section.getByRole("link", { name: "Delete “stage-plot.png”" }).click();
    await expect(section.getByText("Delete “stage-plot.png”? It is removed for everyone")).toBeVisible();
    await section.getByRole("button", { name: "Delete file" }).click();
    await expect(section.getByRole("link", { name: "stage-plot.png", exact: true })).toHaveCount(0);
    await expect(rider).toBeVisible();
  });

  test("a refused file says why, and a pasted file is attached", async ({ page }) => {
    await signUpViaApi(page, "Ana Ruiz");
    const task = await newTask(page, { title: "Tools" });
    await page.goto(`/tasks/${task.id}`);
    await waitForHydration(page);
    const section = files(page.getByRole("dialog", { name: "Tools" }));

    const chooser = page.waitForEvent("filechooser");
    await section.getByRole("button", { name: "Upload files" }).click();
    await (
      await chooser
    ).setFiles({ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
    await expect(section.getByRole("alert")).toContainText(".exe files cannot be attached");
    await section.screenshot({ path: `${SCREENSHOTS}/task-files-refused-1280.png` });
    await section.getByRole("button", { name: "Dismiss" }).click();
    await expect(section.getByRole("alert")).toHaveCount(0);

    // A paste carrying a file (a screenshot from the clipboard) is uploaded like a chosen one.
    await page.evaluate(
      (bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], "screenshot.png", { type: "image/png" }));
        document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
      },
      [...PNG],
    );
    await expect(section.getByRole("link", { name: "screenshot.png", exact: true })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the task page uploads a file with a plain form, lists it, and deletes it after a confirm step", async ({
    page,
  }) => {
    await signUpViaApi(page, "Ana Ruiz");
    const task = await newTask(page, { title: "Contracts" });
    await page.goto(`/tasks/${task.id}`);
    const section = files(page);
    await section.getByLabel("Attach a file (up to 25 MB)").setInputFiles({
      name: "contract – signed.pdf",
      mimeType: "application/pdf",
      buffer: RIDER,
    });
    await section.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}#files$`));
    const drawer = page.getByRole("complementary");
    await expect(drawer.getByText("“contract – signed.pdf” is on the task.")).toBeVisible();
    await expect(section.getByRole("link", { name: "contract – signed.pdf", exact: true })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/task-files-no-javascript-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await section.screenshot({ path: `${SCREENSHOTS}/task-files-no-javascript-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Sending with no file chosen is refused by the browser (required); a program is refused by the server.
    await section.getByLabel("Attach a file (up to 25 MB)").setInputFiles({
      name: "run.bat",
      mimeType: "application/x-bat",
      buffer: Buffer.from("@echo off"),
    });
    await section.getByRole("button", { name: "Upload" }).click();
    await expect(drawer.getByText(".bat files cannot be attached")).toBeVisible();

    await section.getByRole("link", { name: "Delete “contract – signed.pdf”" }).click();
    await files(page).getByRole("button", { name: "Delete file" }).click();
    await expect(drawer.getByText("“contract – signed.pdf” was deleted.")).toBeVisible();
    await expect(files(page).getByText("No files yet.")).toBeVisible();
  });
});

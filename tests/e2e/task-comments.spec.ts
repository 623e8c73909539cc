import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousViolations, signUpViaApi, waitForHydration } from "./helpers";

/** Comments with @mentions (ADR 038): in the task drawer with JavaScript, on the task page without it. */

const SCREENSHOTS = "tests/e2e/screenshots";

async function newTask(page: Page, task: Record<string, unknown>) {
  const response = await page.request.post("/api/tasks", { data: task });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

/** A second member, Sam, who joins the page's workspace through an invitation, in a browser context of his own. */
async function joinAsSam(page: Page, browser: Browser) {
  const invite = await page.request.post("/api/workspace/invites", { data: {} });
  expect(invite.status()).toBe(201);
  const token = new URL(((await invite.json()) as { url: string }).url).pathname.split("/").pop()!;
  const context = await browser.newContext();
  const sam = await context.newPage();
  await signUpViaApi(sam, "Sam Okafor");
  const accepted = await sam.request.post(`/api/invites/${token}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  return sam;
}

async function mentionsOf(page: Page) {
  const response = await page.request.get("/api/notifications");
  const { notifications } = (await response.json()) as { notifications: Array<{ kind: string; text: string }> };
  return notifications.filter((n) => n.kind === "mentioned").map((n) => n.text);
}

const comments = (scope: Page | ReturnType<Page["getByRole"]>) => scope.getByRole("region", { name: "Comments" });

test.describe("with JavaScript", () => {
  test("a comment with a mention picked from the suggestions, seen live by the one mentioned", async ({
    page,
    browser,
  }) => {
    await signUpViaApi(page, "Maria Lopez");
    const sam = await joinAsSam(page, browser);
    const task = await newTask(page, { title: "Confirm the stage plot" });

    // Sam has the task open: Maria's comment reaches his page as she posts it.
    await sam.goto(`/tasks/${task.id}`);
    await waitForHydration(sam);
    await expect(sam.locator("[data-live-status=open]")).toBeAttached();

    await page.goto(`/tasks/${task.id}`);
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const panel = page.getByRole("dialog", { name: "Confirm the stage plot" });
    const thread = comments(panel);
    await expect(thread.getByText("No comments yet.")).toBeVisible();

    const box = thread.getByLabel("Write a comment");
    await box.pressSequentially("Can you check this, @sa");
    const suggestions = thread.getByRole("listbox", { name: "Mention a teammate" });
    await expect(suggestions.getByRole("option", { name: "Sam Okafor" })).toBeVisible();
    await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
    await page.screenshot({ path: `${SCREENSHOTS}/task-comments-suggestions-1280.png` });
    await box.press("Enter");
    await expect(suggestions).toHaveCount(0);
    await expect(box).toHaveValue("Can you check this, @Sam Okafor ");
    await box.pressSequentially("before Friday? https://example.com/plot.pdf");
    await thread.getByRole("button", { name: "Comment", exact: true }).click();

    const posted = thread.getByRole("listitem").filter({ hasText: "Can you check this" });
    await expect(posted).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(posted.getByText("@Sam Okafor", { exact: true })).toBeVisible();
    await expect(posted.getByRole("link", { name: "https://example.com/plot.pdf" })).toHaveAttribute(
      "href",
      "https://example.com/plot.pdf",
    );
    await expect(thread.getByRole("button", { name: "Unfollow" })).toBeVisible();
    await expect(panel.getByRole("region", { name: "History" }).getByRole("listitem").first()).toContainText(
      "Maria Lopez commented “Can you check this, @Sam Okafor before Friday?",
    );
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    await expect(comments(sam).getByText("Can you check this,")).toBeVisible();
    expect(await mentionsOf(sam)).toEqual([
      "Maria Lopez mentioned you on “Confirm the stage plot”: Can you check this, @Sam Okafor before Friday? https://example.com/plot.pdf",
    ]);

    // An empty comment is refused under the field.
    await thread.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(thread.getByText("Write a comment first")).toBeVisible();

    await expectNoSeriousViolations(page, "task drawer with comments");
    await thread.screenshot({ path: `${SCREENSHOTS}/task-comments-drawer-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await thread.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/task-comments-drawer-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Unfollow, then edit the comment by keyboard.
    await thread.getByRole("button", { name: "Unfollow" }).click();
    await expect(thread.getByRole("button", { name: "Follow" })).toBeVisible();
    await posted.getByRole("link", { name: "Edit your comment" }).click();
    const edit = thread.getByLabel("Edit your comment");
    await expect(edit).toBeFocused();
    await edit.fill("Checked, thanks");
    await thread.getByRole("button", { name: "Save" }).click();
    await expect(thread.getByRole("listitem").filter({ hasText: "Checked, thanks" })).toContainText("edited");
    await sam.context().close();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the full task page posts, refuses an empty comment, edits and deletes with plain forms", async ({ page }) => {
    await signUpViaApi(page, "Maria Lopez");
    const task = await newTask(page, { title: "Print the passes" });
    await page.goto(`/tasks/${task.id}`);
    const panel = page.getByRole("complementary", { name: "Print the passes" });
    const thread = comments(panel);

    await thread.getByLabel("Write a comment").fill("Printer needs the files by Tuesday.\nI'll send them @Maria Lopez");
    await thread.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(page).toHaveURL(`/tasks/${task.id}#comments`);
    const posted = thread.getByRole("listitem").filter({ hasText: "Printer needs the files" });
    await expect(posted).toBeVisible();
    await expect(posted.getByText("@Maria Lopez", { exact: true })).toBeVisible();

    await thread.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(thread.getByText("Write a comment first")).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/task-comments-no-javascript-1280.png` });

    await posted.getByRole("link", { name: "Edit your comment" }).click();
    await thread.getByLabel("Edit your comment").fill("Files sent.");
    await thread.getByRole("button", { name: "Save" }).click();
    await expect(thread.getByRole("listitem").filter({ hasText: "Files sent." })).toContainText("edited");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/tasks/${task.id}#comments`);
    await page.screenshot({ path: `${SCREENSHOTS}/task-comments-no-javascript-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    await thread.getByRole("button", { name: "Delete comment by Maria Lopez" }).click();
    await expect(thread.getByText("No comments yet.")).toBeVisible();
    await expect(panel.getByRole("status")).toContainText("Comment Deleted");
  });
});

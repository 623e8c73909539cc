import { expect, test, type Page } from "@playwright/test";
import { signSlackRequest } from "../../app/integrations/slack/signature";
import { expectNoSeriousViolations, signUpViaApi, toasts, waitForHydration } from "./helpers";
import { SLACK_FAKE_URL } from "./slack-fake";
import { CREDENTIALS, installSlack } from "./slack-install";

const SHOTS = "tests/e2e/screenshots";

function captureRegion(page: Page) {
  return page
    .getByRole("region", { name: "Chat Integration" })
    .getByRole("region", { name: "Capture messages as tasks" });
}

/** A message in the fake Slack's #production that the installed bot can read, captured with :memo: by the installer. */
async function captureFromSlack(page: Page, code: string, text: string) {
  const ts = `${Math.floor(Date.now() / 1000)}.000100`;
  const stored = await fetch(`${SLACK_FAKE_URL}/__messages`, {
    method: "POST",
    body: JSON.stringify({ token: `xoxb-${code}`, channel: "CPRODUCTION", ts, text, user: "UWRITER" }),
  });
  expect(stored.status).toBe(200);
  const body = JSON.stringify({
    team_id: `T${code}`,
    api_app_id: `A${code}`,
    type: "event_callback",
    event_id: `Ev${code}${ts.replace(".", "")}`,
    event: {
      type: "reaction_added",
      user: `U${code}`,
      reaction: "memo",
      item: { type: "message", channel: "CPRODUCTION", ts },
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await page.request.post("/api/slack/events", {
    headers: {
      "content-type": "application/json",
      "x-slack-request-timestamp": timestamp,
      "x-slack-signature": await signSlackRequest(CREDENTIALS.slackSigningSecret, timestamp, body),
    },
    data: body,
  });
  expect(response.status()).toBe(200);
  // The task is made after Slack's answer: the reply in the thread is the sign it is there.
  const replies = await fetch(`${SLACK_FAKE_URL}/__requests?token=xoxb-${code}&path=/api/chat.postMessage&atLeast=1`);
  expect(((await replies.json()) as unknown[]).length).toBe(1);
  const [task] = (await (await page.request.get("/api/tasks")).json()) as Array<{ id: string }>;
  return { task, permalink: `https://fake.slack.test/archives/CPRODUCTION/p${ts.replace(".", "")}` };
}

test("a captured message's task says where it came from and links to the message", async ({ page }) => {
  await signUpViaApi(page, "Maria Lopez");
  const { code } = await installSlack(page);
  const { task, permalink } = await captureFromSlack(page, code, "Confirm the load-in crew for Friday 08:00");

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`/tasks/${task.id}`);
    await waitForHydration(page);
    const source = page.getByRole("dialog").getByRole("link", { name: /From Slack · #production/ });
    await expect(source).toHaveAttribute("href", permalink);
    await expect(source).toHaveAttribute("target", "_blank");
    await page.screenshot({ path: `${SHOTS}/task-from-slack-${width}.png`, animations: "disabled" });
  }
  await expectNoSeriousViolations(page, "task from Slack");
});

test("the owner sets the capture emoji in the Chat Integration card; a bad one is explained", async ({ page }) => {
  await signUpViaApi(page, "Jordan Blake");
  await page.goto("/dashboard");
  await waitForHydration(page);
  const capture = captureRegion(page);
  const field = capture.getByLabel("Capture emoji");
  await expect(field).toHaveValue(":memo:");

  await field.fill("memo pad");
  await capture.getByRole("button", { name: "Save Emoji" }).click();
  const refused = toasts(page).filter({ hasText: "Capture Emoji Not Saved" });
  await expect(refused).toContainText("Capture emoji must be an emoji name such as memo or :memo:");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(capture.getByText("Capture emoji must be an emoji name such as memo or :memo:")).toBeVisible();

  await field.fill(":White_Check_Mark:");
  await capture.getByRole("button", { name: "Save Emoji" }).click();
  await expect(toasts(page).filter({ hasText: "Capture Emoji Saved" })).toContainText("React with :white_check_mark:");
  await expect(field).not.toHaveAttribute("aria-invalid");
  expect(await (await page.request.get("/api/slack/capture")).json()).toEqual({ emoji: "white_check_mark" });
  await expect(field).toHaveValue(":white_check_mark:");

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await capture.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/capture-emoji-${width}.png`, animations: "disabled" });
  }
});

test("the setup wizard says what the new permissions are for and that an existing app must be reinstalled", async ({
  page,
}) => {
  await signUpViaApi(page, "Jordan Blake");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/slack-setup");
  const step = page.getByRole("region", { name: "Create the app from our manifest" });
  await expect(step).toContainText("Reactions (reactions:read, reaction_added)");
  await expect(step).toContainText("the capture emoji");
  await expect(step).toContainText("Slack grants the new permissions only when the app is reinstalled");
  await step.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/slack-setup-permissions-1280.png`, animations: "disabled" });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the capture emoji is a plain form on /slack-setup", async ({ page }) => {
    await signUpViaApi(page, "Riley Chen");
    await page.goto("/slack-setup");
    const capture = page.getByRole("region", { name: "Capture messages as tasks" });
    await capture.getByLabel("Capture emoji").fill("not an emoji");
    await capture.getByRole("button", { name: "Save Emoji" }).click();
    await expect(page.getByRole("status")).toContainText(
      "Capture Emoji Not Saved – Capture emoji must be an emoji name such as memo or :memo:",
    );

    await page.getByRole("region", { name: "Capture messages as tasks" }).getByLabel("Capture emoji").fill(":eyes:");
    await page
      .getByRole("region", { name: "Capture messages as tasks" })
      .getByRole("button", { name: "Save Emoji" })
      .click();
    await expect(page.getByRole("status")).toContainText("Capture Emoji Saved – React with :eyes:");
    await expect(
      page.getByRole("region", { name: "Capture messages as tasks" }).getByLabel("Capture emoji"),
    ).toHaveValue(":eyes:");
  });
});

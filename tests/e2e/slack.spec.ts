import { signSlackRequest } from "../../app/integrations/slack/signature";
import { expect, test, type Page } from "@playwright/test";
import { closeWithEscape, expectNoSeriousViolations, signUpViaApi, toasts, waitForHydration } from "./helpers";
import { SLACK_FAKE_URL, scriptSlackMethod } from "./slack-fake";
import { CREDENTIALS, installSlack, startInstall } from "./slack-install";

function chatCard(page: Page) {
  return page.getByRole("region", { name: "Chat Integration" });
}

async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = toasts(page).filter({ hasText: title });
  await expect(toast).toHaveCount(1);
  if (description) await expect(toast).toContainText(description);
}

test("the setup wizard walks its five steps, saves the credentials, and 'Add to Slack' then starts the install", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpViaApi(page, "Jordan Blake");
  await page.goto("/dashboard");
  await waitForHydration(page);

  const card = chatCard(page);
  await expect(card.getByText("Ready to Install", { exact: true })).toBeVisible();
  for (const command of [
    "/tasks",
    "/new [description] [deadline] [@owner]",
    "/overdue",
    "/assistant [question]",
    "/cue",
    "/help",
  ]) {
    await expect(card.getByText(command, { exact: true })).toBeVisible();
  }
  await card.getByRole("button", { name: "Test Slack Connection" }).click();
  await expectToast(page, "Connection Test Failed", "Slack is not set up yet. Save your app's credentials first.");

  await card.getByRole("link", { name: "Add to Slack" }).click();
  const wizard = page.getByRole("dialog");
  await expect(wizard.getByText("Step 1 of 5")).toBeVisible();
  await expect(wizard.getByRole("heading", { name: "Connect your own Slack app" })).toBeVisible();
  await expect(wizard).toContainText("Each beta tester creates a private app");
  await expect(wizard.getByRole("button", { name: "Back" })).toHaveCount(0);
  await wizard.getByRole("button", { name: "Get Started" }).click();

  await expect(wizard.getByText("Step 2 of 5")).toBeVisible();
  await expect(wizard.getByRole("heading", { name: "Create the app from our manifest" })).toBeFocused();
  const slackLink = wizard.getByRole("link", { name: /Open Slack's app page/ });
  await expect(slackLink).toHaveAttribute("href", "https://api.slack.com/apps?new_app=1");
  await expect(slackLink).toHaveAttribute("target", "_blank");
  const manifestField = wizard.getByLabel("App manifest (JSON)");
  await expect(manifestField).toHaveValue(/"slash_commands"/);
  const manifest = JSON.parse(await manifestField.inputValue());
  expect(manifest.features.slash_commands.map((c: { command: string }) => c.command)).toEqual([
    "/tasks",
    "/new",
    "/overdue",
    "/assistant",
    "/cue",
    "/help",
  ]);
  expect(manifest.oauth_config.redirect_urls).toEqual([`${baseURL}/api/slack/oauth/callback`]);
  await wizard.getByRole("button", { name: "Copy Manifest" }).click();
  await expectToast(page, "Copied", "Manifest copied to the clipboard.");
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(manifest);

  await wizard.getByRole("button", { name: "Back" }).click();
  await expect(wizard.getByText("Step 1 of 5")).toBeVisible();
  await wizard.getByRole("button", { name: "Get Started" }).click();
  await wizard.getByRole("button", { name: "Next" }).click();

  await expect(wizard.getByText("Step 3 of 5")).toBeVisible();
  await expect(wizard.getByRole("heading", { name: "Check the redirect URL" })).toBeVisible();
  await expect(wizard.getByLabel("Redirect URL")).toHaveValue(`${baseURL}/api/slack/oauth/callback`);
  await wizard.getByRole("button", { name: "Copy Redirect URL" }).click();
  await expectToast(page, "Copied", "Redirect URL copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/api/slack/oauth/callback`);
  await wizard.getByRole("button", { name: "Back" }).click();
  await expect(wizard.getByText("Step 2 of 5")).toBeVisible();
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("button", { name: "Next" }).click();

  await expect(wizard.getByText("Step 4 of 5")).toBeVisible();
  const save = wizard.getByRole("button", { name: "Save Credentials" });
  await expect(save).toBeDisabled();
  await expect(wizard.getByLabel("Client Secret")).toHaveAttribute("type", "password");
  await expect(wizard.getByLabel("Signing Secret")).toHaveAttribute("type", "password");
  await wizard.getByLabel("Client ID").fill(CREDENTIALS.slackClientId);
  await wizard.getByLabel("Client Secret").fill("   ");
  await wizard.getByLabel("Signing Secret").fill(CREDENTIALS.slackSigningSecret);
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, "Missing Information", "Please enter both Client ID and Client Secret");
  await expect(wizard.getByText("Step 4 of 5")).toBeVisible();
  expect(await (await page.request.get("/api/slack/status")).json()).toMatchObject({ hasCredentials: false });

  await wizard.getByLabel("Client Secret").fill(CREDENTIALS.slackClientSecret);
  await save.click();
  await expect(wizard.getByText("Step 5 of 5")).toBeVisible();
  await expect(wizard.getByRole("heading", { name: "Setup Complete" })).toBeVisible();
  await expect(wizard).toContainText("Retry");
  expect(await (await page.request.get("/api/slack/status")).json()).toEqual({
    hasCredentials: true,
    installed: false,
    teamName: null,
  });

  await wizard.getByRole("button", { name: "Test Connection" }).click();
  await expectToast(page, "Connection Test Failed", "The Slack app is not installed yet.");
  await wizard.getByRole("button", { name: "Finish Setup" }).click();
  await expect(wizard).toBeHidden();
  await expectToast(page, "Slack Setup Complete", "Add to Slack");

  const install = card.getByRole("link", { name: "Add to Slack" });
  await expect(install).toHaveAttribute("href", "/api/slack/install");
  await expect(install).toBeFocused();
  await expect(card.getByText("Ready to Install", { exact: true })).toBeVisible();
  await card.getByRole("link", { name: "Change app credentials" }).click();
  await expect(wizard.getByText("Step 1 of 5")).toBeVisible();
  await closeWithEscape(page, wizard);

  const authorize = await startInstall(page);
  expect(`${authorize.origin}${authorize.pathname}`).toBe("https://slack.com/oauth/v2/authorize");
  expect(authorize.searchParams.get("client_id")).toBe(CREDENTIALS.slackClientId);
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${baseURL}/api/slack/oauth/callback`);
  expect(authorize.searchParams.get("state")).toMatch(/.{20,}/);
  expect(authorize.searchParams.get("scope")).toContain("commands");
});

test("the card shows Connected with the team after the install, and tests the real connection", async ({ page }) => {
  await signUpViaApi(page, "Sam Okafor");
  const { code, team } = await installSlack(page);
  await waitForHydration(page);
  await expectToast(page, "Slack Connected", `Cueboard is installed in ${team}.`);
  await page.goto("/dashboard");
  await waitForHydration(page);

  const card = chatCard(page);
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(card).toContainText(`Cueboard is installed in the Slack workspace ${team}.`);
  await expect(card.getByText("Ready to Install")).toHaveCount(0);

  // Connected, the setup folds away under the status; a click opens it.
  await expect(card.getByRole("button", { name: "Test Slack Connection" })).toBeHidden();
  await card.getByText("Setup, slash commands and morning digest").click();
  await card.getByRole("button", { name: "Test Slack Connection" }).click();
  await expectToast(page, "Connection Test Successful", `Cueboard is connected to ${team}.`);

  await scriptSlackMethod("auth.test", `xoxb-${code}`, { ok: false, error: "invalid_auth" });
  await card.getByRole("button", { name: "Test Slack Connection" }).click();
  await expectToast(
    page,
    "Connection Test Failed",
    "Slack rejected the stored token. Reinstall the app with 'Add to Slack'."
  );
});

/**
 * A Slack user who is not linked runs /tasks, as Slack would send it (signed with the app's signing secret); the
 * ack's "link your account" message carries the link, returned as a path. users.info names them Vince Vendor.
 */
async function linkFromSlack(page: Page, code: string, slackUserId: string) {
  await scriptSlackMethod(
    "users.info",
    `xoxb-${code}`,
    { ok: true, user: { id: slackUserId, team_id: `T${code}`, name: "vince", real_name: "Vincent Vendor", profile: { display_name: "Vince Vendor", real_name: "Vincent Vendor" } } },
    10,
  );
  const body = new URLSearchParams({
    team_id: `T${code}`,
    api_app_id: `A${code}`,
    user_id: slackUserId,
    channel_id: "CCREW",
    command: "/tasks",
    text: "",
    response_url: `${SLACK_FAKE_URL}/hooks/${slackUserId}`,
  }).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await page.request.post("/api/slack/commands", {
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": timestamp,
      "x-slack-signature": await signSlackRequest(CREDENTIALS.slackSigningSecret, timestamp, body),
    },
    data: body,
  });
  expect(response.status()).toBe(200);
  const reply = JSON.stringify(await response.json());
  const link = /<(http[^|>]+\/slack\/link\/[\w-]+)\|this link>/.exec(reply)?.[1];
  expect(link, reply).toBeDefined();
  return new URL(link!).pathname;
}

/** The ephemeral messages the Worker sent with the install's bot token; held by the fake until `atLeast` have come. */
async function ephemeralsOf(code: string, atLeast = 0) {
  const query = `token=xoxb-${code}&path=/api/chat.postEphemeral&atLeast=${atLeast}`;
  const response = await fetch(`${SLACK_FAKE_URL}/__requests?${query}`);
  return (await response.json()) as { body: { user: string; channel: string; text: string } }[];
}

test("a Slack user's link asks the member to confirm, then shows on /team until removed", async ({ page }) => {
  await signUpViaApi(page, "Maria Lopez");
  const { code, team } = await installSlack(page);
  const vendor = `UVINCE${code}`;
  const path = await linkFromSlack(page, code, vendor);

  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link this Slack account to you?");
  await expect(page.getByText(`Slack user Vince Vendor (@vince) in the Slack workspace ${team} asks to use Cueboard as Maria Lopez`)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Create tasks (/new" })).toBeVisible();
  await expect(page.getByText("Only confirm if this Slack account is yours.")).toBeVisible();
  await expectNoSeriousViolations(page, "slack link");
  const sentBefore = (await ephemeralsOf(code)).length;
  await page.getByRole("button", { name: "Link Slack account" }).click();

  await expect(page).toHaveURL(/\/team$/);
  await expectToast(page, "Slack Account Linked", `Vince Vendor (@vince) in ${team} now acts as you in Slack.`);
  const card = page.getByRole("region", { name: "Your Slack link" });
  await expect(card).toContainText(`Slack user Vince Vendor (@vince) in ${team} acts as you`);
  await expectNoSeriousViolations(page, "team with a Slack link");
  // The confirmation to Slack is sent after the answer: the fake holds the listing until it has come.
  expect((await ephemeralsOf(code, sentBefore + 1)).filter((r) => r.body.user === vendor)).toEqual([
    expect.objectContaining({ body: expect.objectContaining({ channel: "CCREW", text: "Your Slack account is now linked to Maria Lopez in Cueboard." }) }),
  ]);

  await card.getByRole("button", { name: "Remove Slack link" }).click();
  await expectToast(page, "Slack Link Removed", "no longer acts as you");
  await expect(card).toContainText("No Slack account acts as you here.");

  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
});

/** Denies this page's browser context the clipboard, as a user's site settings can (Playwright cannot itself). */
async function denyClipboard(page: Page, origin: string) {
  const session = await page.context().newCDPSession(page);
  const { targetInfo } = await session.send("Target.getTargetInfo");
  const browserSession = await page.context().browser()!.newBrowserCDPSession();
  await browserSession.send("Browser.setPermission", {
    permission: { name: "clipboard-write" },
    setting: "denied",
    origin,
    browserContextId: targetInfo.browserContextId,
  });
}

test("a refused clipboard shows the copy failure toast and selects the text for a manual copy", async ({
  page,
  baseURL,
}) => {
  await denyClipboard(page, baseURL!);
  await signUpViaApi(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  await chatCard(page).getByRole("link", { name: "Add to Slack" }).click();
  const wizard = page.getByRole("dialog");
  await wizard.getByRole("button", { name: "Get Started" }).click();
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("button", { name: "Copy Redirect URL" }).click();
  await expectToast(page, "Copy failed", "Please copy the URL manually");
  const field = wizard.getByLabel("Redirect URL");
  await expect(field).toBeFocused();
  const selected = await field.evaluate((input: HTMLInputElement) =>
    input.value.slice(input.selectionStart!, input.selectionEnd!)
  );
  expect(selected).toMatch(/\/api\/slack\/oauth\/callback$/);
});

test("the owner sets the morning digest; a bad channel is explained", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const digest = chatCard(page).getByRole("region", { name: "Morning digest" });

  await expect(digest.getByLabel("Local time")).toHaveValue("09:00");
  await digest.getByLabel("Channel").fill("Production crew!");
  await digest.getByRole("button", { name: "Save Digest" }).click();
  await expectToast(page, "Digest Not Saved", /Channel must be/);
  await expect(digest.getByLabel("Channel")).toHaveAttribute("aria-invalid", "true");

  await digest.getByLabel("Channel").fill("#production");
  await digest.getByLabel("Local time").fill("08:30");
  await digest.getByRole("button", { name: "Save Digest" }).click();
  await expectToast(page, "Digest Settings Saved", "The morning digest posts to #production at 08:30 (UTC).");
  await expect(digest.getByLabel("Channel")).not.toHaveAttribute("aria-invalid");
  expect(await (await page.request.get("/api/slack/digest")).json()).toEqual({
    channel: "#production",
    time: "08:30",
    enabled: true,
    timezone: "UTC",
  });

  await digest.getByLabel("Post the morning digest").uncheck();
  await digest.getByRole("button", { name: "Save Digest" }).click();
  await expectToast(page, "Digest Settings Saved", "The morning digest is off.");
  await page.reload();
  await expect(chatCard(page).getByLabel("Post the morning digest")).not.toBeChecked();
});

test("the Chat Integration card works by click and by keyboard: the connection test and the setup wizard", async ({
  page,
}) => {
  await signUpViaApi(page, "Jordan Blake");
  let tests = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/slack/test-connection") tests += 1;
  });
  const failed = "Slack is not set up yet. Save your app's credentials first.";

  await page.goto("/dashboard");
  await waitForHydration(page);
  const card = chatCard(page);
  const testButton = card.getByRole("button", { name: "Test Slack Connection" });
  await testButton.click();
  await expectToast(page, "Connection Test Failed", failed);
  expect(tests).toBe(1);

  // The keyboard: Tab into 'Add to Slack' and press Enter; the wizard opens in place and gives focus back on close.
  await card.getByText("Setup, slash commands and morning digest").focus();
  await page.keyboard.press("Tab");
  const addToSlack = card.getByRole("link", { name: "Add to Slack" });
  await expect(addToSlack).toBeFocused();
  await page.keyboard.press("Enter");
  const wizard = page.getByRole("dialog");
  await expect(wizard.getByText("Step 1 of 5")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await closeWithEscape(page, wizard);
  await expect(addToSlack).toBeFocused();
  await testButton.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => tests).toBe(2);
  await expectToast(page, "Connection Test Failed", failed);
});

test("/slack-bot explains the bot to visitors who are not signed in", async ({ page }) => {
  const response = await page.goto("/slack-bot");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Run the production board from your crew channel.");
  for (const section of ["Slash commands", "Mentions", "Buttons", "The morning digest", "How to connect"]) {
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  }
  for (const command of ["/tasks", "/new", "/overdue", "/assistant", "/cue", "/help"]) {
    await expect(page.getByRole("term").filter({ hasText: command })).toBeVisible();
  }
  await expect(page.getByText("/new Book caterer for VIP dinner Friday @sam", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "How to connect" }).getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login");
  await expect(page.getByRole("link", { name: "Start a free demo" }).first()).toHaveAttribute(
    "href",
    "/dashboard#demo"
  );

  await page.setViewportSize({ width: 375, height: 812 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await signUpViaApi(page);
  await page.goto("/slack-bot");
  await expect(page.getByRole("link", { name: "Connect Slack" }).first()).toHaveAttribute("href", "/dashboard");
});

test("the Chat Integration card and the wizard fit a 375 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpViaApi(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(chatCard(page)).toBeVisible();
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await chatCard(page).getByRole("link", { name: "Add to Slack" }).click();
  const wizard = page.getByRole("dialog");
  await wizard.getByRole("button", { name: "Get Started" }).click();
  await expect(wizard.getByLabel("App manifest (JSON)")).toHaveValue(/slash_commands/);
  const box = await wizard.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Slack link's confirmation is a plain form post", async ({ page }) => {
    await signUpViaApi(page, "Riley Chen");
    const { code, team } = await installSlack(page);
    await page.goto(await linkFromSlack(page, code, `UVINCE${code}`));
    await page.getByRole("button", { name: "Link Slack account" }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole("status")).toContainText(`Slack Account Linked – Vince Vendor (@vince) in ${team} now acts as you`);
    await expect(page.getByRole("region", { name: "Your Slack link" })).toContainText("Vince Vendor (@vince)");
  });

  test("'Add to Slack' leads to the setup page, whose forms save credentials, test and set the digest", async ({
    page,
  }) => {
    await signUpViaApi(page, "Riley Chen");
    await page.goto("/dashboard");
    const card = chatCard(page);
    await expect(card.getByText("Ready to Install", { exact: true })).toBeVisible();
    await card.getByRole("link", { name: "Add to Slack" }).click();
    await expect(page).toHaveURL(/\/slack-setup$/);

    for (let n = 1; n <= 5; n++) await expect(page.getByText(`Step ${n} of 5`)).toBeVisible();
    const manifest = JSON.parse(await page.getByLabel("App manifest (JSON)").inputValue());
    expect(manifest.features.slash_commands.map((c: { command: string }) => c.command)).toEqual([
      "/tasks",
      "/new",
      "/overdue",
      "/assistant",
      "/cue",
      "/help",
    ]);

    await page.getByLabel("Client ID").fill(CREDENTIALS.slackClientId);
    await page.getByLabel("Client Secret").fill(" ");
    await page.getByLabel("Signing Secret").fill(CREDENTIALS.slackSigningSecret);
    await page.getByRole("button", { name: "Save Credentials" }).click();
    await expect(page.getByRole("status")).toContainText(
      "Missing Information – Please enter both Client ID and Client Secret"
    );

    await page.getByLabel("Client ID").fill(CREDENTIALS.slackClientId);
    await page.getByLabel("Client Secret").fill(CREDENTIALS.slackClientSecret);
    await page.getByLabel("Signing Secret").fill(CREDENTIALS.slackSigningSecret);
    await page.getByRole("button", { name: "Save Credentials" }).click();
    await expect(page.getByRole("status")).toContainText("Slack Setup Complete");
    expect(await (await page.request.get("/api/slack/status")).json()).toMatchObject({ hasCredentials: true });
    await expect(page.getByRole("link", { name: "Add to Slack" })).toHaveAttribute("href", "/api/slack/install");

    await page.getByRole("button", { name: "Test Connection" }).click();
    await expect(page.getByRole("status")).toContainText(
      "Connection Test Failed – The Slack app is not installed yet."
    );

    const digest = page.getByRole("region", { name: "Morning digest" });
    await digest.getByLabel("Channel").fill("#crew");
    await digest.getByLabel("Local time").fill("07:45");
    await digest.getByRole("button", { name: "Save Digest" }).click();
    await expect(page.getByRole("status")).toContainText(
      "Digest Settings Saved – The morning digest posts to #crew at 07:45 (UTC)."
    );

    await page.goto("/dashboard");
    await expect(chatCard(page).getByRole("link", { name: "Add to Slack" })).toHaveAttribute(
      "href",
      "/api/slack/install"
    );
    await expect(chatCard(page).getByLabel("Channel")).toHaveValue("#crew");
  });
});

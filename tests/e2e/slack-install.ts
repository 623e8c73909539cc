import { expect, type Page } from "@playwright/test";

/** A Slack app's credentials as the setup wizard saves them (the fake Slack API accepts any). */
export const CREDENTIALS = {
  slackClientId: "1234567890.0987654321",
  slackClientSecret: "client-secret-e2e",
  slackSigningSecret: "signing-secret-e2e",
};

/** Starts the install like 'Add to Slack' does, without following the redirect off the machine. */
export async function startInstall(page: Page) {
  const response = await page.request.get("/api/slack/install", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return new URL(response.headers()["location"]);
}

async function saveCredentialsViaApi(page: Page) {
  const response = await page.request.post("/api/slack/setup-credentials", { data: CREDENTIALS });
  expect(response.status(), await response.text()).toBe(200);
}

/** A Slack install through the fake Slack API: its OAuth code decides the team (`Team <code>`). */
export async function installSlack(page: Page) {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await saveCredentialsViaApi(page);
  const state = (await startInstall(page)).searchParams.get("state")!;
  await page.goto(`/api/slack/oauth/callback?${new URLSearchParams({ code, state })}`);
  await expect(page).toHaveURL(/\/dashboard/);
  return { code, team: `Team ${code}` };
}

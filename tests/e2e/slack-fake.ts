/**
 * The fake Slack Web API of the browser tests (tests/fakes/slack-api.ts): tests/e2e/global-setup.ts starts it
 * on this fixed port, and playwright.config.ts hands its address to the e2e Worker as SLACK_API_URL. The port
 * must be known before the web server starts, which Playwright does before the global setup.
 */
export const SLACK_FAKE_PORT = Number(process.env.E2E_SLACK_PORT ?? 8840);
export const SLACK_FAKE_URL = `http://127.0.0.1:${SLACK_FAKE_PORT}`;

/** Makes the next `times` calls of a Slack method with this bot token answer `body` instead. */
export async function scriptSlackMethod(method: string, token: string, body: unknown, times = 1) {
  const response = await fetch(`${SLACK_FAKE_URL}/__script`, {
    method: "POST",
    body: JSON.stringify({ path: `/api/${method}`, token, status: 200, body, times }),
  });
  if (!response.ok) throw new Error(`fake Slack refused the script: ${response.status}`);
}

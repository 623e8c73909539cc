import { expect, test as base } from "@playwright/test";

export { expect, type Browser, type Page } from "@playwright/test";

/** How long a test waits for the test server to answer before it starts (a restart takes a few seconds). */
const SERVER_WAIT_MS = 60_000;

/**
 * Playwright's `test` with one automatic fixture: before each test, the server must answer `/api/health`.
 * scripts/e2e-server.sh restarts a crashed `wrangler dev`; this makes the next test (or the retry) wait for it
 * instead of failing on a refused connection. A process coming back up sends no event to await, so Playwright's
 * own poll asks until it answers (at once when the server is up, as it nearly always is).
 */
export const test = base.extend<{ serverUp: void }>({
  serverUp: [
    async ({ baseURL }, use) => {
      const answers = () =>
        fetch(`${baseURL}/api/health`).then(
          (response) => response.ok,
          () => false, // Not listening yet.
        );
      await expect
        .poll(answers, { timeout: SERVER_WAIT_MS, message: `the test server at ${baseURL} did not answer within 60 s` })
        .toBe(true);
      await use();
    },
    { auto: true },
  ],
});

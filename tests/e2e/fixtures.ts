import { test as base } from "@playwright/test";

export { expect, type Browser, type Page } from "@playwright/test";

/** How long a test waits for the test server to answer before it starts (a restart takes a few seconds). */
const SERVER_WAIT_MS = 60_000;

/**
 * Playwright's `test` with one automatic fixture: before each test, the server must answer `/api/health`.
 * scripts/e2e-server.sh restarts a crashed `wrangler dev`; this makes the next test (or the retry) wait for it
 * instead of failing on a refused connection.
 */
export const test = base.extend<{ serverUp: void }>({
  serverUp: [
    async ({ baseURL }, use) => {
      const deadline = Date.now() + SERVER_WAIT_MS;
      for (;;) {
        try {
          const response = await fetch(`${baseURL}/api/health`);
          if (response.ok) break;
        } catch {
          // Not listening yet.
        }
        if (Date.now() > deadline) throw new Error(`the test server at ${baseURL} did not answer within 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await use();
    },
    { auto: true },
  ],
});

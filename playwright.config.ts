import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium.mjs";
import { SLACK_FAKE_URL } from "./tests/e2e/slack-fake";
import { ADMIN_EMAIL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ISSUER } from "./tests/e2e/identity-config";
import { E2E_STRIPE_ENV } from "./tests/e2e/stripe-fake";

const PORT = Number(process.env.E2E_PORT ?? 8799);
export const BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "./tests/e2e",
  // The local fakes: Slack Web API, the test identity provider and the Stripe API (demo mode works all the same).
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  // No retries: a test that fails once is a bug in the test or the app, found and fixed rather than run again.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // The built Worker under wrangler, with its own fresh local D1 so test runs never share state, calling the
    // fake Slack API that the global setup starts.
    command: `bash scripts/e2e-server.sh ${PORT} ${SLACK_FAKE_URL}/api/`,
    url: `${BASE_URL}/landing`,
    // Migrations, the bundle and wrangler dev took over 120 s on the shared two-core machine; it starts at once
    // when the machine is idle, the bound is only reached on a failure.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      OIDC_ISSUER,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      ADMIN_EMAILS: ADMIN_EMAIL,
      SLACK_RESPONSE_URL_BASE: `${SLACK_FAKE_URL}/hooks/`,
      ...E2E_STRIPE_ENV,
      // Webhooks may go to the run's local receiver on 127.0.0.1 (never in production, ADR 049).
      WEBHOOKS_ALLOW_LOCAL: "true",
    },
  },
});

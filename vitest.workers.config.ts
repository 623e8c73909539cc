import { randomBytes } from "node:crypto";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(new URL("./drizzle", import.meta.url).pathname);
  return {
    resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
    plugins: [
      // The fake Slack and Stripe servers and the test identity provider start in globalSetup; their ports arrive
      // through provide/inject.
      cloudflareTest(({ inject }) => ({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            SECRETS_KEY: randomBytes(32).toString("base64"),
            SLACK_API_URL: `${inject("slackFakeUrl")}/api/`,
            SLACK_RESPONSE_URL_BASE: `${inject("slackFakeUrl")}/hooks/`,
            SLACK_FAKE_URL: inject("slackFakeUrl"),
            OIDC_ISSUER: inject("oidc").issuer,
            OIDC_CLIENT_ID: inject("oidc").clientId,
            OIDC_CLIENT_SECRET: inject("oidc").clientSecret,
            ADMIN_EMAILS: "Admin@Example.com, ops@example.com, unverified.admin@example.com, unclaimed.admin@example.com",
            STRIPE_SECRET_KEY: "sk_test_workers",
            STRIPE_WEBHOOK_SECRET: "whsec_test_workers",
            STRIPE_PRICE_BASIC: "price_basic_test",
            STRIPE_PRICE_PREMIUM: "price_premium_test",
            STRIPE_API_URL: inject("stripeFakeUrl"),
            STRIPE_FAKE_URL: inject("stripeFakeUrl"),
          },
        },
      })),
    ],
    test: {
      name: "workers",
      include: ["tests/worker/**/*.test.ts"],
      globalSetup: ["./tests/worker/global-setup.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } } },
    },
  };
});

import { randomBytes } from "node:crypto";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

/**
 * The Worker with a fake Workers AI binding (tests/fakes/workers-ai.js), so the AI paths of the parser and
 * the assistant run end to end: answers, timeouts and malformed output. The default `workers` project keeps
 * no AI binding, like local development, and tests the rules engine.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(new URL("./drizzle", import.meta.url).pathname);
  return {
    resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
    plugins: [
      // Slack reaches the fake Slack API of the global setup, so Slack commands run here with the model bound.
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
          },
          serviceBindings: { AI: "fake-workers-ai" },
          workers: [
            {
              name: "fake-workers-ai",
              modules: true,
              scriptPath: "./tests/fakes/workers-ai.js",
              compatibilityDate: "2025-09-01",
            },
          ],
        },
      })),
    ],
    test: {
      name: "workers-ai",
      include: ["tests/worker-ai/**/*.test.ts"],
      globalSetup: ["./tests/worker/global-setup.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } } },
    },
  };
});

import { randomBytes } from "node:crypto";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import type { ProvidedContext } from "vitest";
import type { TestProjectInlineConfiguration } from "vitest/config";

type Inject = <K extends keyof ProvidedContext>(key: K) => ProvidedContext[K];
type MiniflareOptions = NonNullable<Extract<Parameters<typeof cloudflareTest>[0], { miniflare?: unknown }>["miniflare"]>;

/**
 * One workers vitest project (vitest.workers.config.ts, vitest.workers-ai.config.ts): the built Worker in workerd
 * with real local D1 and its migrations, a fresh secrets key, and the fake Slack API of the global setup (whose
 * ports arrive through provide/inject). `miniflare` adds a project's own bindings and workers.
 */
export async function workersProject(options: {
  name: string;
  include: string[];
  miniflare?: (inject: Inject) => MiniflareOptions;
}): Promise<TestProjectInlineConfiguration> {
  const migrations = await readD1Migrations(new URL("../../drizzle", import.meta.url).pathname);
  return {
    resolve: { alias: { "~": new URL("../../app", import.meta.url).pathname } },
    plugins: [
      cloudflareTest(({ inject }) => {
        const own = options.miniflare?.(inject) ?? {};
        const slackFakeUrl = inject("slackFakeUrl");
        return {
          main: "./workers/app.ts",
          wrangler: { configPath: "./wrangler.toml" },
          miniflare: {
            ...own,
            bindings: {
              TEST_MIGRATIONS: migrations,
              SECRETS_KEY: randomBytes(32).toString("base64"),
              SLACK_API_URL: `${slackFakeUrl}/api/`,
              SLACK_RESPONSE_URL_BASE: `${slackFakeUrl}/hooks/`,
              SLACK_FAKE_URL: slackFakeUrl,
              // Lets a test name a request's instant (`call(..., { now })`); load-context.ts honours the header
              // only where this binding exists, and nothing but this pool sets it.
              TEST_CLOCK: "on",
              ...own.bindings,
            },
          },
        };
      }),
    ],
    test: {
      name: options.name,
      include: options.include,
      globalSetup: ["./tests/worker/global-setup.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } } },
    },
  };
}

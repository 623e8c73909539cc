/// <reference types="@cloudflare/vitest-pool-workers/types" />
/** Bindings only the workers tests have (vitest.workers*.config.ts); the Worker's own come from `npm run typegen`. */
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** The fake Slack server's base URL, for reading what the Worker sent (`/__requests`). */
    SLACK_FAKE_URL: string;
    /** The fake Stripe server's base URL, for reading what the Worker sent (`/__requests`). */
    STRIPE_FAKE_URL: string;
    /** The local webhook receiver's base URL (tests/fakes/webhook-receiver.ts). */
    WEBHOOK_RECEIVER_URL: string;
  }
}

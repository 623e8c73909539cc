/// <reference types="@cloudflare/vitest-pool-workers/types" />
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../../workers/app");
  }
  interface Env extends Record<import("../../app/domain/rate-limits").RateLimitBinding, RateLimit> {
    DB: D1Database;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    SECRETS_KEY?: string;
    SLACK_API_URL?: string;
    SLACK_RESPONSE_URL_BASE?: string;
    /** The fake Slack server's base URL, for reading what the Worker sent (`/__requests`). */
    SLACK_FAKE_URL: string;
    WORKSPACE_LIVE: DurableObjectNamespace<import("../../workers/workspace-live").WorkspaceLive>;
    OIDC_ISSUER?: string;
    OIDC_CLIENT_ID?: string;
    OIDC_CLIENT_SECRET?: string;
    ADMIN_EMAILS?: string;
    STRIPE_SECRET_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    STRIPE_PRICE_BASIC?: string;
    STRIPE_PRICE_PREMIUM?: string;
    STRIPE_API_URL?: string;
    /** The fake Stripe server's base URL, for reading what the Worker sent (`/__requests`). */
    STRIPE_FAKE_URL: string;
    DIGEST_QUEUE: Queue<import("../../app/services/slack/digest.server").DigestJob>;
  }
}

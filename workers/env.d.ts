/** The abuse limits' rate limiting bindings (wrangler.toml `[[ratelimits]]`, app/domain/rate-limits.ts). */
type RateLimitBindings = Record<import("../app/domain/rate-limits").RateLimitBinding, RateLimit>;

interface Env extends RateLimitBindings {
  DB: D1Database;
  /** Workers AI; bound only in the production environment (wrangler.toml). */
  AI?: import("../app/integrations/ai/task-extractor").AiBinding;
  /** Base64 of 32 random bytes: encrypts Slack credentials and tokens at rest, signs OAuth states. */
  SECRETS_KEY?: string;
  /** Slack Web API base URL; defaults to https://slack.com/api/ (tests point it at a local fake). */
  SLACK_API_URL?: string;
  /** Where Slack's response_url replies may go; defaults to https://hooks.slack.com/ (tests: the local fake). */
  SLACK_RESPONSE_URL_BASE?: string;
  /** OpenID Connect sign-in (all three, or sign-in is off): the issuer URL, and this app's client at it. */
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  /** Comma-separated emails of the identity users who may open /admin (the CRM). */
  ADMIN_EMAILS?: string;
  /** Billing with Stripe (all four, or billing answers 503): the secret API key, the webhook signing secret and
   * the monthly price of each plan. */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_BASIC?: string;
  STRIPE_PRICE_PREMIUM?: string;
  /** Stripe API base URL; defaults to https://api.stripe.com (tests point it at a local fake). */
  STRIPE_API_URL?: string;
  /** Morning digest jobs: the cron produces, the same Worker consumes. */
  DIGEST_QUEUE: Queue<import("../app/services/slack/digest.server").DigestJob>;
  /** One live-update object per workspace (workers/workspace-live.ts). */
  WORKSPACE_LIVE?: DurableObjectNamespace<import("./workspace-live").WorkspaceLive>;
}

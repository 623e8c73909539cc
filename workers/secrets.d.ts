/**
 * Settings that come from secrets (`wrangler secret put`) or `.dev.vars`, not from wrangler.toml, so
 * `npm run typegen` cannot see them; the bindings are in the generated worker-configuration.d.ts. Each one is
 * optional: the feature it enables stays off without it (README "Configuration").
 */
interface Secrets {
  /** Base64 of 32 random bytes: encrypts Slack credentials and tokens at rest, signs OAuth states. */
  SECRETS_KEY?: string;
  /** This app's public origin (https://cueboard.example.com): links in messages the cron sends, such as a reminder DM's
   * 'Open'. Without it those messages have no link. */
  APP_URL?: string;
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
  /**
   * "true" lets webhooks go to http and local addresses (a receiver on 127.0.0.1): local development, the browser
   * tests' server and the workers tests only, never production (ADR 049).
   */
  WEBHOOKS_ALLOW_LOCAL?: string;
}

interface Env extends Secrets {}
declare namespace Cloudflare {
  interface Env extends Secrets {}
}

import { defineProject } from "vitest/config";
import { workersProject } from "./tests/worker/project";

/** The Worker with no AI binding, like local development: the rules parser answers. */
export default defineProject(
  workersProject({
    name: "workers",
    include: ["tests/worker/**/*.test.ts"],
    // The test identity provider and the fake Stripe API of the global setup.
    miniflare: (inject) => ({
      bindings: {
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
        // Webhooks may go to the local receiver (http, loopback): never set in wrangler.toml (ADR 049).
        WEBHOOKS_ALLOW_LOCAL: "true",
        WEBHOOK_RECEIVER_URL: inject("webhookReceiverUrl"),
        // Links in what the cron sends (a reminder DM's 'Open').
        APP_URL: "http://localhost",
      },
    }),
  }),
);

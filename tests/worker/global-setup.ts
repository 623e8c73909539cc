import type { TestProject } from "vitest/node";
import { startFakeIdentityProvider } from "../fakes/identity-provider";
import { startFakeSlackApi } from "../fakes/slack-api";
import { startFakeStripeApi } from "../fakes/stripe-api";
import { startWebhookReceiver } from "../fakes/webhook-receiver";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the fake Slack server (tests/fakes/slack-api.ts). */
    slackFakeUrl: string;
    /** The test identity provider (tests/fakes/identity-provider.ts) and this app's client at it. */
    oidc: { issuer: string; clientId: string; clientSecret: string };
    /** Base URL of the fake Stripe API (tests/fakes/stripe-api.ts). */
    stripeFakeUrl: string;
    /** Base URL of the local webhook receiver (tests/fakes/webhook-receiver.ts). */
    webhookReceiverUrl: string;
  }
}

/**
 * Starts the fake Slack Web API, the test identity provider, the fake Stripe API and the webhook receiver once for the
 * Workers tests; their addresses reach the Worker as SLACK_API_URL, OIDC_ISSUER, STRIPE_API_URL and (for the tests
 * to name) WEBHOOK_RECEIVER_URL.
 */
export default async function setup(project: TestProject) {
  const fake = await startFakeSlackApi();
  project.provide("slackFakeUrl", fake.url);
  const idp = await startFakeIdentityProvider({ redirectUris: ["http://localhost/auth/callback"] });
  project.provide("oidc", { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });
  const stripe = await startFakeStripeApi();
  project.provide("stripeFakeUrl", stripe.url);
  const receiver = await startWebhookReceiver();
  project.provide("webhookReceiverUrl", receiver.url);
  return async () => {
    await receiver.close();
    await fake.close();
    await idp.close();
    await stripe.close();
  };
}

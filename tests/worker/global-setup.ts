import type { TestProject } from "vitest/node";
import { startFakeIdentityProvider } from "../fakes/identity-provider";
import { startFakeSlackApi } from "../fakes/slack-api";
import { startFakeStripeApi } from "../fakes/stripe-api";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the fake Slack server (tests/fakes/slack-api.ts). */
    slackFakeUrl: string;
    /** The test identity provider (tests/fakes/identity-provider.ts) and this app's client at it. */
    oidc: { issuer: string; clientId: string; clientSecret: string };
    /** Base URL of the fake Stripe API (tests/fakes/stripe-api.ts). */
    stripeFakeUrl: string;
  }
}

/**
 * Starts the fake Slack Web API, the test identity provider and the fake Stripe API once for the Workers tests;
 * their addresses reach the Worker as SLACK_API_URL, OIDC_ISSUER and STRIPE_API_URL.
 */
export default async function setup(project: TestProject) {
  const fake = await startFakeSlackApi();
  project.provide("slackFakeUrl", fake.url);
  const idp = await startFakeIdentityProvider({ redirectUris: ["http://localhost/auth/callback"] });
  project.provide("oidc", { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });
  const stripe = await startFakeStripeApi();
  project.provide("stripeFakeUrl", stripe.url);
  return async () => {
    await fake.close();
    await idp.close();
    await stripe.close();
  };
}

import { startFakeIdentityProvider } from "../fakes/identity-provider";
import { startFakeSlackApi } from "../fakes/slack-api";
import { startFakeStripeApi } from "../fakes/stripe-api";
import { startWebhookReceiver } from "../fakes/webhook-receiver";
import { BASE_URL } from "../../playwright.config";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_PORT } from "./identity-config";
import { SLACK_FAKE_PORT } from "./slack-fake";
import { STRIPE_FAKE_PORT } from "./stripe-fake";

/**
 * Starts the run's local fakes: the Slack Web API (the Worker only calls it when a test makes it), the test
 * identity provider, the Stripe API and the webhook receiver. Playwright stops them afterwards.
 */
export default async function globalSetup() {
  const slack = await startFakeSlackApi(SLACK_FAKE_PORT);
  const idp = await startFakeIdentityProvider({
    port: OIDC_PORT,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    redirectUris: [`${BASE_URL}/auth/callback`],
  });
  const stripe = await startFakeStripeApi(STRIPE_FAKE_PORT);
  // On a free port; the tests (started after this) read its address from the environment.
  const receiver = await startWebhookReceiver();
  process.env.WEBHOOK_RECEIVER_URL = receiver.url;
  return async () => {
    await receiver.close();
    await stripe.close();
    await idp.close();
    await slack.close();
  };
}

import { json, MAX_BODY_BYTES, readCapped, resource } from "~/http/api.server";
import { handleStripeWebhook } from "~/services/billing.server";

const api = resource({
  /**
   * Stripe's webhook endpoint. Server to server: no session and no Origin, the Stripe-Signature header (over the
   * raw body, within five minutes) is the authentication; anything else is a 400.
   */
  POST: async ({ request, context }) => {
    const rawBody = await readCapped(request, MAX_BODY_BYTES);
    return json(await handleStripeWebhook(context, { rawBody, signature: request.headers.get("stripe-signature") }));
  },
});

export const loader = api.loader;
export const action = api.action;

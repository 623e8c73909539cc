import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, MAX_BODY_BYTES, notAllowed, readCapped } from "~/http/api.server";
import { handleStripeWebhook } from "~/services/billing.server";

export const loader = () => notAllowed(["POST"]);

/**
 * Stripe's webhook endpoint. Server to server: no session and no Origin, the Stripe-Signature header (over the
 * raw body, within five minutes) is the authentication; anything else is a 400.
 */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const rawBody = await readCapped(request, MAX_BODY_BYTES);
    const result = await handleStripeWebhook(context.env, context.db, rawBody, request.headers.get("stripe-signature"));
    return json(result);
  });

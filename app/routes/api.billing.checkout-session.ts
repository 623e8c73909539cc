import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { checkoutSessionSchema } from "~/domain/billing-schemas";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { startUpgrade } from "~/services/billing.server";

export const loader = () => notAllowed(["POST"]);

/** `{tier, successUrl, cancelUrl}` → `{url}`: where the browser pays for the plan (Stripe Checkout or the portal). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const auth = await requireApiAuth(request, context);
    const input = await readJson(request, checkoutSessionSchema);
    const url = await startUpgrade(context.env, context.db, auth, input, new URL(request.url).origin);
    return json({ url });
  });

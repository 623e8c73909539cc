import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { portalSessionSchema } from "~/domain/billing-schemas";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { openBillingPortal } from "~/services/billing.server";

export const loader = () => notAllowed(["POST"]);

/** `{returnUrl?}` → `{url}` of Stripe's customer portal (cards, invoices, cancel); back to the dashboard by default. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const auth = await requireApiAuth(request, context);
    const { returnUrl } = await readJson(request, portalSessionSchema);
    const origin = new URL(request.url).origin;
    const url = await openBillingPortal(context.env, context.db, auth, returnUrl ?? `${origin}/dashboard`, origin);
    return json({ url });
  });

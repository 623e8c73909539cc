import { checkoutSessionSchema } from "~/domain/billing-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { startUpgrade } from "~/services/billing.server";
import { withActor } from "~/services/context.server";

const api = resource({
  /** `{tier, successUrl, cancelUrl}` → `{url}`: where the browser pays for the plan (Stripe Checkout or the portal). */
  POST: async ({ request, context }) => {
    const auth = await requireApiAuth(request, context);
    const input = await readJson(request, checkoutSessionSchema);
    const url = await startUpgrade(withActor(context, auth), {
      ...input,
      ownTier: auth.tier,
      origin: new URL(request.url).origin,
    });
    return json({ url });
  },
});

export const loader = api.loader;
export const action = api.action;

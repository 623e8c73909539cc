import { portalSessionSchema } from "~/domain/billing-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { openBillingPortal } from "~/services/billing.server";

const api = resource({
  /** `{returnUrl?}` → `{url}` of Stripe's customer portal (cards, invoices, cancel); back to the dashboard by default. */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { returnUrl } = await readJson(request, portalSessionSchema);
    const origin = new URL(request.url).origin;
    const url = await openBillingPortal(ctx, { returnUrl: returnUrl ?? `${origin}/dashboard`, origin });
    return json({ url });
  },
});

export const loader = api.loader;
export const action = api.action;

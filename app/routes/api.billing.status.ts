import { json, resource } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { getBillingStatus } from "~/services/billing.server";
import { withActor } from "~/services/context.server";

const api = resource({
  /** `{currentTier, recentUpgrade, subscription, entitlements}` for the signed-in user; 401 without one. */
  GET: async ({ request, context }) => {
    const auth = await requireApiAuth(request, context);
    return json(await getBillingStatus(withActor(context, auth), { ownTier: auth.tier }));
  },
});

export const loader = api.loader;
export const action = api.action;

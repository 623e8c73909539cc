import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { getBillingStatus } from "~/services/billing.server";

/** `{currentTier, recentUpgrade, subscription, entitlements}` for the signed-in user; 401 without one. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    return json(await getBillingStatus(context.db, auth, new Date()));
  });

export const action = () => notAllowed(["GET"]);

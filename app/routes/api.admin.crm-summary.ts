import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { getCrmSummary } from "~/services/crm.server";
import { requireAdminApi } from "~/services/identity.server";

/** `{conversionFunnel: {visitors, signups, dashboardVisits, taskCreators}, userActivities: {...}}` for admins. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    await requireAdminApi(request, context);
    return json(await getCrmSummary(context.db));
  });

export const action = () => notAllowed(["GET"]);

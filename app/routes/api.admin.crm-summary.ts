import { json, resource } from "~/http/api.server";
import { requireAdminApi } from "~/http/auth.server";
import { getCrmSummary } from "~/services/crm.server";

const api = resource({
  /** `{conversionFunnel: {visitors, signups, dashboardVisits, taskCreators}, userActivities: {...}}` for admins. */
  GET: async ({ request, context }) => json(await getCrmSummary(await requireAdminApi(request, context))),
});

export const loader = api.loader;
export const action = api.action;

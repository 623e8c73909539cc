import { activityLimitSchema } from "~/domain/crm";
import { json, resource, validate } from "~/http/api.server";
import { requireAdminApi } from "~/http/auth.server";
import { listRecentActivities } from "~/services/crm.server";

const api = resource({
  /** The latest activity records, newest first: `?limit=` 1–100, default 20. */
  GET: async ({ request, context }) => {
    const ctx = await requireAdminApi(request, context);
    const limit = validate(activityLimitSchema, new URL(request.url).searchParams.get("limit"));
    return json({ activities: await listRecentActivities(ctx, { limit }) });
  },
});

export const loader = api.loader;
export const action = api.action;

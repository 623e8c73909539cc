import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { activityLimitSchema } from "~/domain/crm";
import { handleApi, json, notAllowed, validate } from "~/http/api.server";
import { listRecentActivities } from "~/services/crm.server";
import { requireAdminApi } from "~/services/identity.server";

/** The latest activity records, newest first: `?limit=` 1–100, default 20. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    await requireAdminApi(request, context);
    const limit = validate(activityLimitSchema, new URL(request.url).searchParams.get("limit"));
    return json({ activities: await listRecentActivities(context.db, limit) });
  });

export const action = () => notAllowed(["GET"]);

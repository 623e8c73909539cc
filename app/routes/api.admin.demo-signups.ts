import { pageNumberSchema } from "~/domain/crm";
import { json, resource, validate } from "~/http/api.server";
import { requireAdminApi } from "~/http/auth.server";
import { listDemoSignups } from "~/services/crm.server";

const api = resource({
  /** Demo signup records, newest first, 20 a page: `{signups, page, pageSize, total, totalPages}`; `?page=` from 1. */
  GET: async ({ request, context }) => {
    const ctx = await requireAdminApi(request, context);
    const page = validate(pageNumberSchema, new URL(request.url).searchParams.get("page"));
    return json(await listDemoSignups(ctx, { page }));
  },
});

export const loader = api.loader;
export const action = api.action;

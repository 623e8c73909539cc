import { adminExportQuerySchema } from "~/domain/crm";
import { resource, validate } from "~/http/api.server";
import { requireAdminApi } from "~/http/auth.server";
import { exportDemoSignupsCsv } from "~/services/crm.server";

const api = resource({
  /** `?type=signups`: every demo signup as the download `demo_signups.csv`. Other types are a 400. */
  GET: async ({ request, context }) => {
    const ctx = await requireAdminApi(request, context);
    validate(adminExportQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return new Response(await exportDemoSignupsCsv(ctx), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="demo_signups.csv"',
        "Cache-Control": "no-store",
      },
    });
  },
});

export const loader = api.loader;
export const action = api.action;

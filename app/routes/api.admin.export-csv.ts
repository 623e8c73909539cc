import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { badRequest } from "~/domain/errors";
import { handleApi, notAllowed } from "~/http/api.server";
import { exportDemoSignupsCsv } from "~/services/crm.server";
import { requireAdminApi } from "~/services/identity.server";

/** `?type=signups`: every demo signup as the download `demo_signups.csv`. Other types are a 400. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    await requireAdminApi(request, context);
    const type = new URL(request.url).searchParams.get("type");
    if (type !== "signups") throw badRequest("type must be signups", { type: ["type must be signups"] });
    return new Response(await exportDemoSignupsCsv(context.db), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="demo_signups.csv"',
        "Cache-Control": "no-store",
      },
    });
  });

export const action = () => notAllowed(["GET"]);

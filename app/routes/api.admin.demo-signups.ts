import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageNumberSchema } from "~/domain/crm";
import { handleApi, json, notAllowed, validate } from "~/http/api.server";
import { listDemoSignups } from "~/services/crm.server";
import { requireAdminApi } from "~/services/identity.server";

/** Demo signup records, newest first, 20 a page: `{signups, page, pageSize, total, totalPages}`; `?page=` from 1. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    await requireAdminApi(request, context);
    const page = validate(pageNumberSchema, new URL(request.url).searchParams.get("page"));
    return json(await listDemoSignups(context.db, page));
  });

export const action = () => notAllowed(["GET"]);

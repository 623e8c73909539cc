import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/lib/api.server";
import { taskScope } from "~/lib/page-auth.server";
import { requireApiAuth } from "~/services/auth.server";
import { getPlanOverview } from "~/services/planning.server";

/** The dashboard's planning cards (critical path timeline and top risks); open dashboards reload it live. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    return json(await getPlanOverview(taskScope(auth, context)));
  });

export const action = () => notAllowed(["GET"]);

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { taskScope } from "~/http/auth.server";
import { requireApiAuth } from "~/http/auth.server";
import { getPlanOverview } from "~/services/planning.server";

/** The dashboard's planning cards (critical path timeline and top risks); open dashboards reload it live. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    return json(await getPlanOverview(taskScope(auth, context)));
  });

export const action = () => notAllowed(["GET"]);

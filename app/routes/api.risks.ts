import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { getRiskReport } from "~/services/planning.server";
import { taskScope } from "~/http/auth.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    return json(await getRiskReport(taskScope(auth, context)));
  });

export const action = () => notAllowed(["GET"]);

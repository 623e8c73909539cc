import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/lib/api.server";
import { requireApiAuth } from "~/services/auth.server";
import { getRiskReport } from "~/services/planning.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    return json(await getRiskReport({ db: context.db, workspace: auth.workspace, userId: auth.user.id }));
  });

export const action = () => notAllowed(["GET"]);

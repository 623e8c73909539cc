import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { listTeam } from "~/services/teams.server";

/** `GET /api/workspace/members`: the current workspace's people and its seats (count and the plan's limit). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    return json(await listTeam(context.db, auth));
  });

export const action = () => notAllowed(["GET"]);

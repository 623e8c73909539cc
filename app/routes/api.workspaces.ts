import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { listMyWorkspaces } from "~/services/teams.server";

/** `GET /api/workspaces`: every workspace the caller belongs to, with their role; `current` marks the session's. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    return json({ workspaces: await listMyWorkspaces(context.db, auth), currentWorkspaceId: auth.workspace.id });
  });

export const action = () => notAllowed(["GET"]);

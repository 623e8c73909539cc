import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { switchWorkspaceSchema } from "~/domain/teams";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { switchWorkspace } from "~/services/teams.server";

/** `POST /api/workspaces/switch` `{workspaceId}`: makes one of the caller's workspaces the session's current one. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const auth = await requireApiAuth(request, context);
    const { workspaceId } = await readJson(request, switchWorkspaceSchema);
    return json({ workspace: await switchWorkspace(context.db, auth, workspaceId) });
  });

export const loader = () => notAllowed(["POST"]);

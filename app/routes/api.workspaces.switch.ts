import { switchWorkspaceSchema } from "~/domain/teams";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { withActor } from "~/services/context.server";
import { switchWorkspace } from "~/services/teams.server";

const api = resource({
  /** `POST /api/workspaces/switch` `{workspaceId}`: makes one of the caller's workspaces the session's current one. */
  POST: async ({ request, context }) => {
    const auth = await requireApiAuth(request, context);
    const { workspaceId } = await readJson(request, switchWorkspaceSchema);
    return json({
      workspace: await switchWorkspace(withActor(context, auth), { sessionId: auth.sessionId, workspaceId }),
    });
  },
});

export const loader = api.loader;
export const action = api.action;

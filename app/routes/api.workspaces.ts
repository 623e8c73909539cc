import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { listMyWorkspaces } from "~/services/teams.server";

const api = resource({
  /** `GET /api/workspaces`: every workspace the caller belongs to, with their role; `current` marks the session's. */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json({ workspaces: await listMyWorkspaces(ctx), currentWorkspaceId: ctx.actor.workspace.id });
  },
});

export const loader = api.loader;
export const action = api.action;

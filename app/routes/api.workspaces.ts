import { newWorkspaceSchema } from "~/domain/schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor, requireApiAuth } from "~/http/auth.server";
import { withActor } from "~/services/context.server";
import { listMyWorkspaces, startWorkspace } from "~/services/teams.server";

const api = resource({
  /** `GET /api/workspaces`: every workspace the caller belongs to, with their role; `current` marks the session's. */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json({ workspaces: await listMyWorkspaces(ctx), currentWorkspaceId: ctx.actor.workspace.id });
  },
  /**
   * `POST /api/workspaces` `{name, eventName?, eventDate?}`: starts a new event's workspace owned by the caller, as
   * the form on /workspaces does, and makes it the session's current one.
   */
  POST: async ({ request, context }) => {
    const auth = await requireApiAuth(request, context);
    const input = await readJson(request, newWorkspaceSchema);
    const workspace = await startWorkspace(withActor(context, auth), { ...input, sessionId: auth.sessionId });
    return json({ workspace }, { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;

import { memberRemoveSchema, memberRoleSchema } from "~/domain/teams";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { changeMemberRole, removeMember } from "~/services/teams.server";

/**
 * `PATCH /api/workspace/members/{userId}` `{role}` and `DELETE` `{reassignTo?}` (owners only): change a role, or
 * remove someone, handing their tasks to another member or leaving them unassigned.
 */
const api = resource({
  PATCH: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const { role } = await readJson(request, memberRoleSchema);
    return json(await changeMemberRole(ctx, { userId: params.userId!, role }));
  },
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const { reassignTo } = await readJson(request, memberRemoveSchema);
    return json(await removeMember(ctx, { userId: params.userId!, reassignTo }));
  },
});

export const loader = api.loader;
export const action = api.action;

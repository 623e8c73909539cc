import { resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { revokeInvite } from "~/services/teams.server";

const api = resource({
  /** `DELETE /api/workspace/invites/{id}`: withdraws an invitation (owners only); 204. */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await revokeInvite(ctx, { inviteId: params.id! });
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;

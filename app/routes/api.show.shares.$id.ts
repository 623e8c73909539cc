import { resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { revokeShare } from "~/services/show-shares.server";

const api = resource({
  /** `DELETE /api/show/shares/{id}`: revokes a crew link (404 from now on, its open pages close); 204. */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await revokeShare(ctx, { shareId: params.id! });
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;

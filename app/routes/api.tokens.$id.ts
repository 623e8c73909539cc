import { resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { revokeApiToken } from "~/services/api-tokens.server";

const api = resource({
  /** `DELETE /api/tokens/{id}`: revokes one of the caller's tokens (it answers 401 from now on); 204. */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await revokeApiToken(ctx, { tokenId: params.id! });
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;

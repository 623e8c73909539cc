import { notFound } from "~/domain/errors";
import { json, resource } from "~/http/api.server";
import { previewInvite } from "~/services/teams.server";

const api = resource({
  /**
   * `GET /api/invites/{token}`: what an invitation link leads to (workspace, inviter, whether it still works).
   * Open to anyone holding the link, as the join page is.
   */
  GET: async ({ context, params }) => {
    const preview = await previewInvite(context, { token: params.token! });
    if (!preview) throw notFound("This invitation link is not valid");
    const { workspaceId: _, ...shown } = preview;
    return json(shown);
  },
});

export const loader = api.loader;
export const action = api.action;

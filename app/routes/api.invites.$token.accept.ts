import { json, resource } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { withActor } from "~/services/context.server";
import { acceptInvite } from "~/services/teams.server";

const api = resource({
  /**
   * `POST /api/invites/{token}/accept`: joins the invitation's workspace and makes it the session's current one.
   * 404 unknown link, 410 expired, revoked or used up, 403 when the team is full.
   */
  POST: async ({ request, context, params }) => {
    const auth = await requireApiAuth(request, context);
    return json(await acceptInvite(withActor(context, auth), { token: params.token!, sessionId: auth.sessionId }));
  },
});

export const loader = api.loader;
export const action = api.action;

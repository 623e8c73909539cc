import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { enforceRateLimit, userKey } from "~/lib/rate-limit.server";
import { requireApiAuth } from "~/http/auth.server";
import { acceptInvite } from "~/services/teams.server";

/**
 * `POST /api/invites/{token}/accept`: joins the invitation's workspace and makes it the session's current one.
 * 404 unknown link, 410 expired, revoked or used up, 403 when the team is full.
 */
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const auth = await requireApiAuth(request, context);
    await enforceRateLimit(context.env, "inviteAccept", userKey(auth.user.id));
    return json(await acceptInvite(context.db, auth, params.token!));
  });

export const loader = () => notAllowed(["POST"]);

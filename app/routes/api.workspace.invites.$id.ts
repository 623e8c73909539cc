import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, notAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { revokeInvite } from "~/services/teams.server";

/** `DELETE /api/workspace/invites/{id}`: withdraws an invitation (owners only); 204. */
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "DELETE") return notAllowed(["DELETE"]);
    const auth = await requireApiAuth(request, context);
    await revokeInvite(context.db, auth, params.id!);
    return new Response(null, { status: 204 });
  });

export const loader = () => notAllowed(["DELETE"]);

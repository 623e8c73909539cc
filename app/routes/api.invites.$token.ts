import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/domain/errors";
import { handleApi, json, notAllowed } from "~/http/api.server";
import { previewInvite } from "~/services/teams.server";

/**
 * `GET /api/invites/{token}`: what an invitation link leads to (workspace, inviter, whether it still works).
 * Open to anyone holding the link, as the join page is.
 */
export const loader = ({ context, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const preview = await previewInvite(context.db, params.token!);
    if (!preview) throw notFound("This invitation link is not valid");
    const { workspaceId: _, ...shown } = preview;
    return json(shown);
  });

export const action = () => notAllowed(["GET"]);

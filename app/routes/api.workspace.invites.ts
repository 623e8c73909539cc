import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { inviteCreateSchema } from "~/domain/teams";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { createInvite, listInvites } from "~/services/teams.server";

/** `GET /api/workspace/invites`: the current workspace's invitations (owners only; links are never shown again). */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    return json({ invites: await listInvites(context.db, auth) });
  });

/** `POST /api/workspace/invites` `{maxUses?, expiresInDays?}`: 201 `{invite, url}`; `url` is the link, shown once. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["GET", "POST"]);
    const auth = await requireApiAuth(request, context);
    const input = await readJson(request, inviteCreateSchema);
    const created = await createInvite(context.db, auth, input, new URL(request.url).origin);
    return json(created, { status: 201 });
  });

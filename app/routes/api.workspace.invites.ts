import { inviteCreateSchema } from "~/domain/teams";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createInvite, listInvites } from "~/services/teams.server";

const api = resource({
  /** `GET /api/workspace/invites`: the current workspace's invitations (owners only; links are never shown again). */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json({ invites: await listInvites(ctx) });
  },
  /** `POST /api/workspace/invites` `{maxUses?, expiresInDays?}`: 201 `{invite, url}`; `url` is the link, shown once. */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, inviteCreateSchema);
    const created = await createInvite(ctx, { ...input, origin: new URL(request.url).origin });
    return json(created, { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;

import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { currentUserDto } from "~/services/auth.server";

const api = resource({
  /** `GET /api/auth/user`: the signed-in user, with the Slack user linked to them here; 401 without a session. */
  GET: async ({ request, context }) => json(await currentUserDto(await requireApiActor(request, context))),
});

export const loader = api.loader;
export const action = api.action;

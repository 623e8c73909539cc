import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { listTeam } from "~/services/teams.server";

const api = resource({
  /** `GET /api/workspace/members`: the current workspace's people and its seats (count and the plan's limit). */
  GET: async ({ request, context }) => json(await listTeam(await requireApiActor(request, context))),
});

export const loader = api.loader;
export const action = api.action;

import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getTaskStats } from "~/services/task-queries.server";

const api = resource({
  /** `GET /api/status`: the current workspace's task counts. */
  GET: async ({ request, context }) => json(await getTaskStats(await requireApiActor(request, context))),
});

export const loader = api.loader;
export const action = api.action;

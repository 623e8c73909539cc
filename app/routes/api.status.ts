import { json, resource } from "~/http/api.server";
import { requireApiAuth, taskScope } from "~/http/auth.server";
import { getTaskStats } from "~/services/tasks.server";

const api = resource({
  /** `GET /api/status`: the current workspace's task counts. */
  GET: async ({ request, context }) => {
    const auth = await requireApiAuth(request, context);
    return json(await getTaskStats(taskScope(auth, context)));
  },
});

export const loader = api.loader;
export const action = api.action;

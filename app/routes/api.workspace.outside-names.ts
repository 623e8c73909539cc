import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { listOutsideNames } from "~/services/assignees.server";

/**
 * `GET /api/workspace/outside-names`: the people outside the team named on open tasks, the most-used first (at
 * most 100), as `{names: [{name, openTasks}]}`. The list's bulk "Assign to" offers them once it is opened.
 */
const api = resource({
  GET: async ({ request, context }) => json({ names: await listOutsideNames(await requireApiActor(request, context)) }),
});

export const loader = api.loader;
export const action = api.action;

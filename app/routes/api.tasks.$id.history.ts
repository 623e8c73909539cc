import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getTaskDetail } from "~/services/task-queries.server";

/**
 * `GET /api/tasks/{id}/history`: the task with what it waits for, what waits for it, and its newest 50 history
 * entries (created, changed, deleted, restored; by whom; from web, API or Slack), each change in words.
 */
const api = resource({
  GET: async ({ request, context, params }) =>
    json(await getTaskDetail(await requireApiActor(request, context), params.id!)),
});

export const loader = api.loader;
export const action = api.action;

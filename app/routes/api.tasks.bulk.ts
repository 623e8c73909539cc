import { bulkActionSchema } from "~/domain/bulk";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { bulkUpdateTasks } from "~/services/task-bulk.server";

/**
 * `POST /api/tasks/bulk` `{action, ids, …}`: one action on up to 200 of the workspace's tasks (status, assign,
 * move dates by N days, category, delete). Answers what changed and the `undo` handle for `POST /api/tasks/undo`.
 */
const api = resource({
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const result = await bulkUpdateTasks(ctx, await readJson(request, bulkActionSchema));
    return json({ ...result, undo: { at: ctx.now.toISOString() } });
  },
});

export const loader = api.loader;
export const action = api.action;

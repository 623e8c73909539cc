import { taskCreateSchema, taskFiltersSchema, taskPageSchema } from "~/domain/schemas";
import { json, readJson, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createTask } from "~/services/task-commands.server";
import { listTasks } from "~/services/task-queries.server";

const api = resource({
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const filters = validate(taskFiltersSchema, params);
    const { limit, offset } = validate(taskPageSchema, params);
    return json(await listTasks(ctx, { filters, page: limit ? { limit, offset } : undefined }));
  },
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, taskCreateSchema);
    return json(await createTask(ctx, input), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;

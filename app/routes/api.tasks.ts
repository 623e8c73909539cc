import { taskCreateSchema, taskFiltersSchema, taskPageSchema } from "~/domain/schemas";
import { json, readJson, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { clockGrain, conditionalAnswer, localDay } from "~/http/conditional.server";
import { createTask } from "~/services/task-commands.server";
import { listTasks } from "~/services/task-queries.server";

const api = resource({
  /** `GET /api/tasks?…filters&limit=&offset=`: the tasks matching the filters, all of them or a page. */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const filters = validate(taskFiltersSchema, params);
    const { limit, offset } = validate(taskPageSchema, params);
    // Rows of tasks and dependencies (the version) picked by the query (in the ETag); 'mine' and `assignee=me` are
    // the caller (in every ETag); `group=days` buckets by the local day; `risk` ranks by the plan, measured from now.
    const dependsOn = [localDay(ctx), filters.risk ? clockGrain(ctx) : null];
    return conditionalAnswer(ctx, request, dependsOn, async () =>
      json(await listTasks(ctx, { filters, page: limit ? { limit, offset } : undefined })),
    );
  },
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, taskCreateSchema);
    return json(await createTask(ctx, input), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;

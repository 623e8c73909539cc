import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { taskDeleteQuerySchema, taskUpdateSchema } from "~/domain/schemas";
import { json, readJson, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { updateTask } from "~/services/task-commands.server";
import { deleteTask } from "~/services/task-deletion.server";
import { getTask } from "~/services/task-queries.server";

/** PUT and PATCH both apply a partial update. */
async function update({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireApiActor(request, context);
  const changes = await readJson(request, taskUpdateSchema);
  return json(await updateTask(ctx, { id: params.id!, changes }));
}

const api = resource({
  GET: async ({ request, context, params }) => json(await getTask(await requireApiActor(request, context), params.id!)),
  PUT: update,
  PATCH: update,
  /**
   * 204; the task is kept for undo (`POST /api/tasks/undo` with the change's instant) for 30 days. A recurring
   * task's `?series=following` also deletes its later occurrences and stops the series (ADR 021).
   */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const { series } = validate(taskDeleteQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    await deleteTask(ctx, params.id!, series);
    return new Response(null, { status: 204, headers: { "X-Undo-At": ctx.now.toISOString() } });
  },
});

export const loader = api.loader;
export const action = api.action;

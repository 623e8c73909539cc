import { pickerQuerySchema } from "~/domain/task-editor";
import { json, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { searchLinkChoices } from "~/services/task-editor.server";

/**
 * `GET /api/tasks/{id}/link-choices?direction=waitsFor|neededBy&q=…`: up to 8 tasks whose title or description
 * contains `q` that could be linked to task `id` that way (not the task itself, not one already linked), as
 * `{tasks: [{id, title, dueDate, status}]}`: the task page's dependency picker asks as the producer types.
 */
const api = resource({
  GET: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const { q, direction } = validate(pickerQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json({ tasks: await searchLinkChoices(ctx, { taskId: params.id!, direction, q }) });
  },
});

export const loader = api.loader;
export const action = api.action;

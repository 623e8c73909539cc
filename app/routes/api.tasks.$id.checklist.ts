import { checklistItemCreateSchema } from "~/domain/checklist";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { addChecklistItem, getChecklist } from "~/services/checklists.server";

/**
 * `GET /api/tasks/{id}/checklist`: the task's checklist (`{done, total, items}`). `POST` `{text, done?}` adds an item
 * at the end: 201 with the item and the checklist's new counts; a checklist holds at most 50 items (ADR 035).
 */
const api = resource({
  GET: async ({ request, context, params }) =>
    json(await getChecklist(await requireApiActor(request, context), params.id!)),
  POST: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, checklistItemCreateSchema);
    return json(await addChecklistItem(ctx, { taskId: params.id!, ...input }), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;

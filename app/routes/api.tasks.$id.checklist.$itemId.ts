import { checklistItemUpdateSchema } from "~/domain/checklist";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { removeChecklistItem, updateChecklistItem } from "~/services/checklists.server";

/**
 * One checklist item (ADR 035). `PATCH` `{text?, done?, position?}` changes it (position 1 is first): the item and
 * the checklist's counts. `DELETE`: 204.
 */
const api = resource({
  PATCH: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const changes = await readJson(request, checklistItemUpdateSchema);
    return json(await updateChecklistItem(ctx, { taskId: params.id!, itemId: params.itemId!, changes }));
  },
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await removeChecklistItem(ctx, { taskId: params.id!, itemId: params.itemId! });
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;

import { undoSchema } from "~/domain/bulk";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { undoChange } from "~/services/task-bulk.server";

/**
 * `POST /api/tasks/undo` `{at}`: undoes the caller's own change made at that instant (a delete, a bulk action,
 * moved dependants): deleted tasks come back and changed fields go back where nobody changed them since.
 */
const api = resource({
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json({
      ...(await undoChange(ctx, await readJson(request, undoSchema))),
      undo: { at: ctx.now.toISOString() },
    });
  },
});

export const loader = api.loader;
export const action = api.action;

import { stageUpdateSchema } from "~/domain/show-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { deleteStage, moveStageOnePlace, renameStage } from "~/services/stages.server";

const api = resource({
  /** `PATCH /api/show/stages/{id}` `{name?, direction?}`: renames it and/or moves it one place up or down. */
  PATCH: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, stageUpdateSchema);
    const id = params.id!;
    const moved = input.direction ? await moveStageOnePlace(ctx, { id, direction: input.direction }) : undefined;
    const renamed = input.name !== undefined ? await renameStage(ctx, { id, name: input.name }) : undefined;
    return json(renamed ?? moved);
  },
  /** 204; a stage that still has cues is kept (409 naming how many). */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await deleteStage(ctx, { id: params.id! });
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;

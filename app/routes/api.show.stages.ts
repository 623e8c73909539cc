import { stageNameSchema } from "~/domain/show-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createStage, listStages } from "~/services/stages.server";

const api = resource({
  /** `GET /api/show/stages`: the workspace's stages in order, `{stages: [{id, name}]}` (at most 12). */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json({ stages: await listStages(ctx, ctx.actor.workspace.id) });
  },
  /**
   * `POST /api/show/stages` `{name}`: a stage at the end (201 `{id, name, position}`); 400 for a bad or taken name,
   * 409 past 12 stages.
   */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, stageNameSchema);
    return json(await createStage(ctx, input), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;

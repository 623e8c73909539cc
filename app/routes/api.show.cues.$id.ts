import { cueUpdateSchema } from "~/domain/show-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { deleteCue, updateCue } from "~/services/show.server";

const api = resource({
  /** `PATCH /api/show/cues/{id}`: the fields given; `taskIds` replaces the linked tasks. */
  PATCH: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const changes = await readJson(request, cueUpdateSchema);
    return json(await updateCue(ctx, { id: params.id!, changes }));
  },
  /** 204; the linked tasks stay. */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await deleteCue(ctx, params.id!);
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;

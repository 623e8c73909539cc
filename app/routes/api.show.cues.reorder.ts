import { cueReorderSchema } from "~/domain/show-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { reorderCues } from "~/services/show.server";

const api = resource({
  /** `POST /api/show/cues/reorder` `{day, ids}`: every cue of the day in its new order (409 if the day changed). */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json(await reorderCues(ctx, await readJson(request, cueReorderSchema)));
  },
});

export const loader = api.loader;
export const action = api.action;

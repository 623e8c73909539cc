import { cueCreateSchema } from "~/domain/show-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createCue } from "~/services/show.server";

const api = resource({
  /** `POST /api/show/cues`: a cue at the end of its day (201), within the plan's cues per day (402 past it). */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, cueCreateSchema);
    return json(await createCue(ctx, input), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;

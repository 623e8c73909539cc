import { showActionSchema } from "~/domain/show-live-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getShowLive, runShowAction } from "~/services/show-live.server";

const api = resource({
  /** `GET /api/show/live`: show mode's state `{day, currentCueId, startedAt, cueStartedAt, offsetSeconds, endedAt, runs}`. */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json(await getShowLive(ctx));
  },
  /**
   * `POST /api/show/live` `{action: "start" | "go" | "back" | "stop", day?, fromCueId?}`: the new state with
   * `applied: true` (Back on the first cue: the state unchanged, `applied: false`). 409 `{error, reason, state}`
   * when the show moved since the caller looked (`fromCueId` is no longer current) or the action does not apply now.
   */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, showActionSchema);
    const { applied, state } = await runShowAction(ctx, input);
    return json({ ...state, applied });
  },
});

export const loader = api.loader;
export const action = api.action;

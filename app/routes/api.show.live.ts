import { showActionSchema } from "~/domain/show-live-schemas";
import { showDayQuerySchema } from "~/domain/show-schemas";
import { json, readJson, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getShowLive, runShowAction } from "~/services/show-live.server";

const api = resource({
  /**
   * `GET /api/show/live?stage=`: show mode's state `{stageId, day, currentCueId, currentCueTitle, startedAt,
   * cueStartedAt, offsetSeconds, endedAt, runs, rehearsal}` of one stage (ADR 037; without `stage`, the cues on no
   * stage's). A show-control API token may call it (ADR 048).
   */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { stage } = validate(showDayQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json(await getShowLive(ctx, { stage: stage === "none" ? undefined : stage }));
  },
  /**
   * `POST /api/show/live` `{action: "start" | "rehearse" | "go" | "back" | "stop", day?, stageId?, fromCueId?}`: the
   * new state of that stage's show (each stage runs its own; no `stageId`: the cues on no stage) with
   * `applied: true` (Back on the first cue: the state unchanged, `applied: false`). 409 `{error, reason, state}`
   * when the show moved since the caller looked (`fromCueId` is no longer current) or the action does not apply now.
   * A show-control API token may press start, go, back and stop (403 for rehearse; ADR 048).
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

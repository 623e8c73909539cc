import { captureSettingsSchema } from "~/domain/slack-capture";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { captureSettingsOf, updateCaptureEmoji } from "~/services/slack/capture.server";

/** `GET /api/slack/capture`: `{ emoji }`, the capture emoji's short name. `PUT`: set it (owners; `memo` or `:memo:`). */
const api = resource({
  GET: async ({ request, context }) =>
    json(captureSettingsOf((await requireApiActor(request, context)).actor.workspace)),
  PUT: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json(await updateCaptureEmoji(ctx, await readJson(request, captureSettingsSchema)));
  },
});

export const loader = api.loader;
export const action = api.action;

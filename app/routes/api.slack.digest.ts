import { digestSettingsSchema } from "~/domain/slack-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { digestSettingsOf, updateDigestSettings } from "~/services/slack/digest.server";

const api = resource({
  GET: async ({ request, context }) => json(digestSettingsOf((await requireApiActor(request, context)).actor.workspace)),
  PUT: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json(await updateDigestSettings(ctx, await readJson(request, digestSettingsSchema)));
  },
});

export const loader = api.loader;
export const action = api.action;

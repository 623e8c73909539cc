import { slackCredentialsSchema } from "~/domain/slack-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { saveSlackCredentials } from "~/services/slack/setup.server";

const api = resource({
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json(await saveSlackCredentials(ctx, await readJson(request, slackCredentialsSchema)));
  },
});

export const loader = api.loader;
export const action = api.action;

import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getSlackManifest } from "~/services/slack/setup.server";

const api = resource({
  GET: async ({ request, context }) =>
    json(getSlackManifest(await requireApiActor(request, context), new URL(request.url).origin)),
});

export const loader = api.loader;
export const action = api.action;

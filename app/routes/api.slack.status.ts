import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getSlackStatus } from "~/services/slack/setup.server";

const api = resource({
  GET: async ({ request, context }) => json(await getSlackStatus(await requireApiActor(request, context))),
});

export const loader = api.loader;
export const action = api.action;

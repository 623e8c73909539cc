import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getRiskReport } from "~/services/planning.server";

const api = resource({
  GET: async ({ request, context }) => json(await getRiskReport(await requireApiActor(request, context))),
});

export const loader = api.loader;
export const action = api.action;

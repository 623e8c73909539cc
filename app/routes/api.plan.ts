import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getPlanOverview } from "~/services/planning.server";

/** The dashboard's planning cards (critical path timeline and top risks); open dashboards reload it live. */
const api = resource({
  GET: async ({ request, context }) => json(await getPlanOverview(await requireApiActor(request, context))),
});

export const loader = api.loader;
export const action = api.action;

import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getMyDay } from "~/services/dashboard.server";

/** The dashboard's "What needs me today": the caller's own overdue, due-today and at-risk tasks; reloaded live. */
const api = resource({
  GET: async ({ request, context }) => json(await getMyDay(await requireApiActor(request, context))),
});

export const loader = api.loader;
export const action = api.action;

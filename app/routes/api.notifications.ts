import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { listMyNotifications } from "~/services/notifications.server";

/** The caller's notifications in this workspace, newest first (at most 30), and how many are unread. */
const api = resource({
  GET: async ({ request, context }) => json(await listMyNotifications(await requireApiActor(request, context))),
});

export const loader = api.loader;
export const action = api.action;

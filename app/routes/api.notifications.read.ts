import { notificationsReadSchema } from "~/domain/schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { markMyNotificationsRead } from "~/services/notifications.server";

/** Marks the caller's notifications read: `{}` for all of them, `{ids: [...]}` for some; answers how many changed. */
const api = resource({
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { ids } = await readJson(request, notificationsReadSchema);
    return json(await markMyNotificationsRead(ctx, ids ?? null));
  },
});

export const loader = api.loader;
export const action = api.action;

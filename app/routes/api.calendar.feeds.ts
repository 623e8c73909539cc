import { feedCreateSchema } from "~/domain/calendar-feed";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createFeed, listMyFeeds } from "~/services/calendar-feeds.server";

const api = resource({
  /** `GET /api/calendar/feeds`: the caller's feeds in the current workspace (`{feeds}`; never their URLs). */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json({ feeds: await listMyFeeds(ctx) });
  },
  /** `POST /api/calendar/feeds` `{scope: "mine" | "workspace"}`: 201 `{id, scope, url, createdAt}`; `url` is shown once. */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, feedCreateSchema);
    const created = await createFeed(ctx, { ...input, origin: new URL(request.url).origin });
    return json(created, { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;

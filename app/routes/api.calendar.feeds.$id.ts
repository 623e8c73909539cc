import { resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { revokeFeed } from "~/services/calendar-feeds.server";

const api = resource({
  /** `DELETE /api/calendar/feeds/{id}`: revokes one of the caller's feeds (its URL answers 404 from now on); 204. */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await revokeFeed(ctx, { feedId: params.id! });
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;

import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { setFollowing } from "~/services/comments.server";

/**
 * Following a task (ADR 038): `PUT` follows it, `DELETE` unfollows it (which sticks, even after commenting):
 * `{following}`. Followers hear of its new comments and status changes.
 */
const api = resource({
  PUT: async ({ request, context, params }) =>
    json(await setFollowing(await requireApiActor(request, context), params.id!, true)),
  DELETE: async ({ request, context, params }) =>
    json(await setFollowing(await requireApiActor(request, context), params.id!, false)),
});

export const loader = api.loader;
export const action = api.action;

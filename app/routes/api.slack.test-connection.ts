import { isAppError } from "~/domain/errors";
import { json, jsonError, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { messageOf, statusOf } from "~/http/errors.server";
import { testSlackConnection } from "~/services/slack/setup.server";

/** `{ok, team}`, or a 4xx whose `message` (and `error`, the API's one shape) the wizard shows in its toast. */
const api = resource({
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    try {
      return json(await testSlackConnection(ctx));
    } catch (err) {
      if (isAppError(err)) return jsonError(statusOf(err), messageOf(err), { message: messageOf(err), ok: false });
      throw err;
    }
  },
});

export const loader = api.loader;
export const action = api.action;

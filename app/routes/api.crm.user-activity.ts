import { userActivitySchema } from "~/domain/crm";
import { readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { enforceRateLimit, userKey } from "~/lib/rate-limit.server";
import { recordUserActivity } from "~/services/crm.server";

const api = resource({
  /**
   * A signed-in browser reports a product event `{activityType, activityData?, page, sessionId}`: 204. The spec's
   * client sends these only with a session, so without one this is a 401; unknown types are a 400.
   */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, userActivitySchema);
    await enforceRateLimit(context.env, "userActivity", userKey(ctx.actor.user.id));
    await recordUserActivity(ctx, input);
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;

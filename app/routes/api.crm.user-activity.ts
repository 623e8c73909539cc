import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { userActivitySchema } from "~/domain/crm";
import { handleApi, notAllowed, readJson } from "~/http/api.server";
import { enforceRateLimit, userKey } from "~/lib/rate-limit.server";
import { requireApiAuth } from "~/http/auth.server";
import { recordUserActivity } from "~/services/crm.server";

export const loader = () => notAllowed(["POST"]);

/**
 * A signed-in browser reports a product event `{activityType, activityData?, page, sessionId}`: 204. The spec's
 * client sends these only with a session, so without one this is a 401; unknown types are a 400.
 */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const auth = await requireApiAuth(request, context);
    const input = await readJson(request, userActivitySchema);
    await enforceRateLimit(context.env, "userActivity", userKey(auth.user.id));
    await recordUserActivity(context.db, input, auth);
    return new Response(null, { status: 204 });
  });

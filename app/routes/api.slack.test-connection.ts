import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { statusOf, messageOf } from "~/http/errors.server";
import { AppError, isAppError } from "~/domain/errors";
import { handleApi, json, jsonError, notAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { testSlackConnection } from "~/services/slack/setup.server";

export const loader = () => notAllowed(["POST"]);

/** `{ok, team}`, or a 4xx whose `message` (and `error`, the API's one shape) the wizard shows in its toast. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const auth = await requireApiAuth(request, context);
    try {
      return json(await testSlackConnection(context, auth));
    } catch (err) {
      if (isAppError(err) && err.code !== "unauthenticated") return jsonError(statusOf(err), messageOf(err), { message: messageOf(err), ok: false });
      throw err;
    }
  });

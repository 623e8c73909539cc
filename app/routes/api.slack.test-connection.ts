import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/domain/errors";
import { handleApi, json, jsonError, notAllowed } from "~/lib/api.server";
import { requireApiAuth } from "~/services/auth.server";
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
      if (err instanceof AppError && err.status !== 401) return jsonError(err.status, err.message, { message: err.message, ok: false });
      throw err;
    }
  });

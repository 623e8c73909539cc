import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { taskParseSchema } from "~/domain/schemas";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { enforceRateLimit, userKey } from "~/lib/rate-limit.server";
import { previewTaskText } from "~/services/ai-tasks.server";
import { taskScope } from "~/http/auth.server";
import { requireApiAuth } from "~/http/auth.server";

export const loader = () => notAllowed(["POST"]);

/** Reads text into tasks without saving them; each task lists the open tasks it may duplicate. */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const auth = await requireApiAuth(request, context);
    const { text, now, timezone } = await readJson(request, taskParseSchema);
    await enforceRateLimit(context.env, "taskParse", userKey(auth.user.id));
    const scope = taskScope(auth, context);
    const { tasks, source } = await previewTaskText(scope, text, { now, timezone, ai: context.env.AI });
    return json({ tasks, source });
  });

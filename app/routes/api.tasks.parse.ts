import { taskParseSchema } from "~/domain/schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { previewTaskText } from "~/services/ai-tasks.server";

/** Reads text into tasks without saving them; each task lists the open tasks it may duplicate. */
const api = resource({
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, taskParseSchema);
    const { tasks, source } = await previewTaskText(ctx, input);
    return json({ tasks, source });
  },
});

export const loader = api.loader;
export const action = api.action;

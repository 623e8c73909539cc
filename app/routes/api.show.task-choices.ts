import { cueTaskSearchSchema } from "~/domain/show-schemas";
import { json, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { searchCueTasks } from "~/services/show.server";

/**
 * `GET /api/show/task-choices?q=…`: up to 8 of the workspace's tasks whose title contains `q`, open ones first, as
 * `{tasks: [{id, title, status, dueDate}]}`: the cue form's link picker asks as the producer types, so the page
 * never carries every task title.
 */
const api = resource({
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { q } = validate(cueTaskSearchSchema, Object.fromEntries(new URL(request.url).searchParams));
    return json({ tasks: await searchCueTasks(ctx, q) });
  },
});

export const loader = api.loader;
export const action = api.action;

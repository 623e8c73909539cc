import { similarTasksQuerySchema } from "~/domain/schemas";
import { json, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { findSimilarOpenTasks } from "~/services/task-queries.server";

/**
 * `GET /api/tasks/similar?title=…`: the open tasks whose titles are near-duplicates of `title`, best first,
 * so a form can warn before creating. Only a warning: `POST /api/tasks` refuses exact duplicates alone (409).
 */
const api = resource({
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { title } = validate(similarTasksQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json({ similar: await findSimilarOpenTasks(ctx, title) });
  },
});

export const loader = api.loader;
export const action = api.action;

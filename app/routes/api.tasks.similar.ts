import { z } from "zod";
import { TITLE_MAX } from "~/domain/tasks";
import { json, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { findSimilarOpenTasks } from "~/services/task-queries.server";

const similarQuerySchema = z.object({
  title: z
    .string({ required_error: "Send the title to compare as ?title=" })
    .trim()
    .min(1, "Send the title to compare as ?title=")
    .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
});

/**
 * `GET /api/tasks/similar?title=…`: the open tasks whose titles are near-duplicates of `title`, best first,
 * so a form can warn before creating. Only a warning: `POST /api/tasks` refuses exact duplicates alone (409).
 */
const api = resource({
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { title } = validate(similarQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json({ similar: await findSimilarOpenTasks(ctx, title) });
  },
});

export const loader = api.loader;
export const action = api.action;

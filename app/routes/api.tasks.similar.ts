import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { TITLE_MAX } from "~/domain/tasks";
import { handleApi, json, notAllowed, validate } from "~/http/api.server";
import { findSimilarOpenTasks } from "~/services/ai-tasks.server";
import { requireApiAuth } from "~/http/auth.server";

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
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    const { title } = validate(similarQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const scope = { db: context.db, workspace: auth.workspace, userId: auth.user.id };
    return json({ similar: await findSimilarOpenTasks(scope, title) });
  });

export const action = () => notAllowed(["GET"]);

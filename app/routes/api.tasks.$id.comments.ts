import { commentInputSchema, commentListQuerySchema } from "~/domain/comments";
import { json, readJson, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { addComment, listTaskComments } from "~/services/comments.server";

/**
 * `GET /api/tasks/{id}/comments?limit=&before=`: the task's newest comments (at most 200, oldest first), whether older
 * ones exist (`hasOlder`; ask again with `before` = the first one's id) and whether the caller follows the task.
 * `POST` `{body}` adds a comment (plain text, 1 to 10,000 characters; `@Name` mentions a member): 201 with it
 * (ADR 038).
 */
const api = resource({
  GET: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const query = validate(commentListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json(await listTaskComments(ctx, params.id!, query));
  },
  POST: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, commentInputSchema);
    return json(await addComment(ctx, params.id!, input), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;

import { commentInputSchema } from "~/domain/comments";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { deleteComment, editComment } from "~/services/comments.server";

/**
 * One comment (ADR 038). `PATCH` `{body}` changes its text (its author only; members it newly mentions are
 * notified): the comment. `DELETE` (its author or a workspace owner): 204.
 */
const api = resource({
  PATCH: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, commentInputSchema);
    return json(await editComment(ctx, params.id!, params.commentId!, input));
  },
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await deleteComment(ctx, params.id!, params.commentId!);
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;

import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { readUpload } from "~/http/uploads.server";
import { attachFile, listTaskFiles } from "~/services/task-files.server";

/**
 * `GET /api/tasks/{id}/files`: the task's files, newest first (at most 100), and the workspace's storage
 * (`{used, quota}` in bytes). `POST` attaches one (ADR 039): the file as the body with `?name=`, its Content-Type and
 * Content-Length, or a multipart form with a `file` field; 201 with the file and the storage. At most 25 MB a file
 * (413), 100 a task, programs refused (415), the plan's storage held (402). The only route besides the task page's
 * form past the 64 KB body cap.
 */
const api = resource({
  GET: async ({ request, context, params }) =>
    json(await listTaskFiles(await requireApiActor(request, context), params.id!)),
  POST: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context).catch(async (error: unknown) => {
      await request.body?.cancel().catch(() => undefined);
      throw error;
    });
    return json(await attachFile(ctx, params.id!, await readUpload(request)), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;

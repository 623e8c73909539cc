import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isAppError } from "~/domain/errors";
import { requirePageActionAuth } from "~/http/auth.server";
import { logUnexpected, toastOf } from "~/http/errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { readUpload } from "~/http/uploads.server";
import { taskPageUrl } from "~/lib/task-page-url";
import { withActor } from "~/services/context.server";
import { attachFile } from "~/services/task-files.server";

/**
 * `POST /tasks/{id}/files`: the task page's upload form without JavaScript (ADR 039), a `multipart/form-data` post
 * with a `file` field. It attaches the file with the API's service and comes back to the task's files with a message
 * saying what happened (Post/Redirect/Get); a cross-site post is refused and a signed-out one sent to the task page.
 */

const filesOf = (request: Request, id: string) => `${taskPageUrl(id, new URL(request.url).search)}#files`;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = params.id!;
  const back = filesOf(request, id);
  const auth = await requirePageActionAuth(request, context, back).catch(async (error: unknown) => {
    await request.body?.cancel().catch(() => undefined);
    throw error;
  });
  try {
    const { file } = await attachFile(withActor(context, auth), id, await readUpload(request));
    return redirectWithToast(request, back, {
      title: "File Attached",
      description: `“${file.name}” is on the task.`,
      variant: "success",
    });
  } catch (error) {
    if (isAppError(error)) return redirectWithToast(request, back, toastOf(error));
    logUnexpected(`${new URL(request.url).pathname} upload`, error);
    return redirectWithToast(request, back, {
      title: "Error",
      description: "Failed to attach the file. Please try again.",
      variant: "destructive",
    });
  }
}

/** Nothing to show here: the files are on the task's page. */
export const loader = ({ request, params }: LoaderFunctionArgs) => redirect(filesOf(request, params.id!));

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { taskUpdateSchema } from "~/domain/schemas";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { taskScope } from "~/http/auth.server";
import { requireApiAuth } from "~/http/auth.server";
import { deleteTask, getTask, updateTask } from "~/services/tasks.server";

const ALLOWED = ["GET", "PUT", "PATCH", "DELETE"];

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    return json(await getTask(taskScope(auth, context), params.id!));
  });

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (!ALLOWED.includes(request.method)) return notAllowed(ALLOWED);
    const auth = await requireApiAuth(request, context);
    const scope = taskScope(auth, context);
    if (request.method === "DELETE") {
      await deleteTask(scope, params.id!);
      return new Response(null, { status: 204 });
    }
    const input = await readJson(request, taskUpdateSchema);
    return json(await updateTask(scope, params.id!, input));
  });

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { taskCreateSchema, taskFiltersSchema, taskPageSchema } from "~/domain/schemas";
import { handleApi, json, notAllowed, readJson, validate } from "~/http/api.server";
import { taskScope } from "~/http/auth.server";
import { requireApiAuth } from "~/http/auth.server";
import { createTask, listTasks } from "~/services/tasks.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const filters = validate(taskFiltersSchema, params);
    const { limit, offset } = validate(taskPageSchema, params);
    const scope = taskScope(auth, context);
    return json(await listTasks(scope, filters, limit ? { limit, offset } : undefined));
  });

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["GET", "POST"]);
    const auth = await requireApiAuth(request, context);
    const input = await readJson(request, taskCreateSchema);
    const task = await createTask(taskScope(auth, context), input);
    return json(task, { status: 201 });
  });

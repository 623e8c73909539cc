import type { SubmissionResult } from "@conform-to/react";
import { statusOf, toastOf, messageOf } from "~/http/errors.server";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AiTaskBox } from "~/components/ai-task-box";
import { Landing } from "~/components/landing";
import { TasksPage } from "~/components/tasks/tasks-page";
import { AppError, isAppError } from "~/domain/errors";
import { listNameSchema, taskCreateSchema, taskUpdateSchema } from "~/domain/schemas";
import { statusLabel } from "~/domain/tasks";
import { hasFeature } from "~/domain/tiers";
import { todayIn } from "~/domain/dates";
import { normalizeTitle } from "~/domain/title";
import { clearFlashCookie, readFlash, redirectWithFlash } from "~/http/toast.server";
import { errorSummary } from "~/lib/log";
import { getPageAuth, isDocumentRequest, requirePageActionAuth, shellUser, taskScope } from "~/http/auth.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { readTaskFilters } from "~/lib/task-filters.server";
import { toastFromMessage, type ToastMessage } from "~/lib/toast";
import type { ListKind } from "~/models/lists";
import { addName, removeName } from "~/services/lists.server";
import { findSimilarOpenTasks } from "~/services/ai-tasks.server";
import { createTask, getTaskBoard, updateTask, type PlanScope, type TaskScope } from "~/services/tasks.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Tasks" : null);

export const shouldRevalidate = keepLandingAfterSignup;

const FILTER_KEYS = ["q", "status", "priority", "category", "mine"] as const;

/** `?new=1` and `?manage=…` open the create form or a list manager inline: the no-JavaScript dialogs. */
function readPanel(params: URLSearchParams): "new" | ListKind | null {
  if (params.get("new") === "1") return "new";
  const manage = params.get("manage");
  return manage === "categories" || manage === "statuses" ? manage : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const params = new URL(request.url).searchParams;
  const filters = readTaskFilters(params, FILTER_KEYS);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const board = await getTaskBoard(taskScope(auth, context), filters, page);
  const flash = readFlash(request);
  return data(
    {
      signedIn: true as const,
      user: shellUser(auth),
      ...board,
      filters,
      today: todayIn(auth.workspace.timezone, new Date()),
      panel: readPanel(params),
      flash,
      aiTasks: hasFeature(auth.plan.tier, "aiTasks"),
      customStatuses: hasFeature(auth.plan.tier, "customStatuses"),
    },
    flash ? { headers: { "Set-Cookie": clearFlashCookie(request) } } : undefined,
  );
}

type Intent = "create" | "status" | "assign-me" | `${"add" | "remove"}-${"category" | "status"}`;

export interface TasksActionData {
  intent: Intent;
  ok: boolean;
  /** Conform's reply for the create form (field errors, or a reset after success). */
  result?: SubmissionResult<string[]>;
  toast?: ToastMessage;
  /** The create failed only because an open task has the same title; the form offers 'Create anyway'. */
  duplicate?: boolean;
}

interface Outcome {
  status: number;
  body: TasksActionData;
}

const createFailed: ToastMessage = {
  title: "Error",
  description: "Failed to create task. Please try again.",
  variant: "destructive",
};
const updateFailed: ToastMessage = {
  title: "Error",
  description: "Failed to update task. Please try again.",
  variant: "destructive",
};

function logFailure(what: string, error: unknown) {
  console.error(`${what} failed: ${errorSummary(error)}`);
}

/**
 * Open tasks close to `title` but not the same (the same title is createTask's 409). The page asks before
 * creating one, with or without JavaScript; the JSON API leaves that to GET /api/tasks/similar.
 */
async function nearDuplicatesOf(scope: TaskScope, title: string) {
  const key = normalizeTitle(title);
  return (await findSimilarOpenTasks(scope, title)).filter((t) => normalizeTitle(t.title) !== key);
}

async function createIntent(scope: PlanScope, formData: FormData): Promise<Outcome> {
  const submission = parseWithZod(formData, { schema: taskCreateSchema });
  if (submission.status !== "success") {
    return { status: 400, body: { intent: "create", ok: false, result: submission.reply() } };
  }
  try {
    const near = submission.value.allowDuplicate ? [] : await nearDuplicatesOf(scope, submission.value.title);
    if (near.length) {
      const message = `Similar open task: ${near.map((t) => `“${t.title}”`).join(", ")}.`;
      return {
        status: 409,
        body: { intent: "create", ok: false, duplicate: true, result: submission.reply({ formErrors: [message] }) },
      };
    }
    const task = await createTask(scope, submission.value);
    return {
      status: 200,
      body: {
        intent: "create",
        ok: true,
        result: submission.reply({ resetForm: true }),
        toast: { title: "Task Created", description: `“${task.title}” is on the board.`, variant: "success" },
      },
    };
  } catch (error) {
    if (isAppError(error, "duplicate")) {
      return {
        status: 409,
        body: {
          intent: "create",
          ok: false,
          duplicate: true,
          result: submission.reply({ formErrors: [messageOf(error)] }),
        },
      };
    }
    if (error instanceof AppError) {
      // A bad field (400), or a refusal the form states as is: the plan's task limit (402).
      const fieldErrors = (error.extra.fieldErrors as Record<string, string[]> | undefined) ?? {};
      return {
        status: statusOf(error),
        body: { intent: "create", ok: false, result: submission.reply({ formErrors: [messageOf(error)], fieldErrors }) },
      };
    }
    logFailure("task create", error);
    return {
      status: 500,
      body: {
        intent: "create",
        ok: false,
        toast: createFailed,
        result: submission.reply({ formErrors: [createFailed.description!] }),
      },
    };
  }
}

const statusChangeSchema = z.object({
  taskId: z.string().trim().min(1).max(64),
  status: taskUpdateSchema.shape.status.unwrap(),
});

async function statusIntent(scope: TaskScope, formData: FormData): Promise<Outcome> {
  const parsed = statusChangeSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { status: 400, body: { intent: "status", ok: false, toast: updateFailed } };
  try {
    const task = await updateTask(scope, parsed.data.taskId, { status: parsed.data.status });
    return {
      status: 200,
      body: {
        intent: "status",
        ok: true,
        toast: {
          title: "Task Updated",
          description: `“${task.title}” is now ${statusLabel(task.status).toLowerCase()}.`,
          variant: "success",
        },
      },
    };
  } catch (error) {
    if (!(error instanceof AppError)) logFailure("task update", error);
    return {
      status: error instanceof AppError ? statusOf(error) : 500,
      body: { intent: "status", ok: false, toast: updateFailed },
    };
  }
}

const taskIdSchema = z.object({ taskId: z.string().trim().min(1).max(64) });

/** 'Assign to me' on a task card: the viewer becomes the task's assignee. */
async function assignToMeIntent(scope: TaskScope, formData: FormData): Promise<Outcome> {
  const parsed = taskIdSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { status: 400, body: { intent: "assign-me", ok: false, toast: updateFailed } };
  try {
    const task = await updateTask(scope, parsed.data.taskId, { assigneeId: scope.userId });
    return {
      status: 200,
      body: { intent: "assign-me", ok: true, toast: { title: "Task Assigned", description: `“${task.title}” is yours now.`, variant: "success" } },
    };
  } catch (error) {
    if (!(error instanceof AppError)) logFailure("task assign", error);
    return { status: error instanceof AppError ? statusOf(error) : 500, body: { intent: "assign-me", ok: false, toast: updateFailed } };
  }
}

const listCopy = {
  categories: { added: "Category Added", removed: "Category Removed", singular: "category" },
  statuses: { added: "Status Added", removed: "Status Removed", singular: "status" },
} as const;

async function listIntent(
  scope: PlanScope,
  formData: FormData,
  intent: Intent,
  kind: ListKind,
  op: "add" | "remove",
): Promise<Outcome> {
  const parsed = listNameSchema.safeParse({ name: formData.get("name") ?? "" });
  if (!parsed.success) {
    return { status: 400, body: { intent, ok: false, toast: toastFromMessage(parsed.error.issues[0].message) } };
  }
  const { name } = parsed.data;
  try {
    if (op === "add") await addName(scope.db, scope.workspace.id, kind, name, scope.plan, new Date());
    else await removeName(scope.db, scope.workspace.id, kind, name);
    const title = op === "add" ? listCopy[kind].added : listCopy[kind].removed;
    return {
      status: 200,
      body: {
        intent,
        ok: true,
        toast: { title, description: `“${name}” ${op === "add" ? "was added" : "was removed"}.` },
      },
    };
  } catch (error) {
    if (error instanceof AppError)
      return { status: statusOf(error), body: { intent, ok: false, toast: toastOf(error) } };
    logFailure(`${listCopy[kind].singular} ${op}`, error);
    return {
      status: 500,
      body: {
        intent,
        ok: false,
        toast: toastFromMessage(`Failed to ${op} the ${listCopy[kind].singular}. Please try again.`),
      },
    };
  }
}

function runIntent(scope: PlanScope, formData: FormData, intent: string): Promise<Outcome> {
  switch (intent) {
    case "create":
      return createIntent(scope, formData);
    case "status":
      return statusIntent(scope, formData);
    case "assign-me":
      return assignToMeIntent(scope, formData);
    case "add-category":
      return listIntent(scope, formData, intent, "categories", "add");
    case "remove-category":
      return listIntent(scope, formData, intent, "categories", "remove");
    case "add-status":
      return listIntent(scope, formData, intent, "statuses", "add");
    case "remove-status":
      return listIntent(scope, formData, intent, "statuses", "remove");
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

/**
 * One action for every form on the page, switched on `intent`. Fetchers (JavaScript) get the outcome as
 * data and show toasts. Plain form posts get Post/Redirect/Get with a flash message, except a create
 * that failed validation, which re-renders the inline form with its errors and values.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requirePageActionAuth(request, context, "/tasks");
  const formData = await request.formData();
  const { status, body } = await runIntent(taskScope(auth, context), formData, String(formData.get("intent") ?? ""));

  const keepsForm = body.intent === "create" && !body.ok;
  if (isDocumentRequest(request) && !keepsForm && body.toast) {
    const back = new URL(request.url);
    if (body.intent === "create") back.searchParams.delete("new");
    throw redirectWithFlash(request, `${back.pathname}${back.search}`, body.toast);
  }
  return data(body, { status });
}

export default function TasksRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <Landing />;
  return (
    <TasksPage
      {...loaderData}
      createResult={actionData?.intent === "create" ? actionData : undefined}
      addWithAi={<AiTaskBox allowed={loaderData.aiTasks} />}
    />
  );
}

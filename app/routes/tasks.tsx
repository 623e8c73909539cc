import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AiTaskBox } from "~/components/ai-task-box";
import { Landing } from "~/components/landing";
import { TasksPage } from "~/components/tasks/tasks-page";
import { todayIn } from "~/domain/dates";
import { AppError } from "~/domain/errors";
import { listNameSchema, taskCreateSchema, taskUpdateSchema } from "~/domain/schemas";
import { statusLabel } from "~/domain/labels";
import { hasFeature } from "~/domain/tiers";
import { normalizeTitle } from "~/domain/title";
import { getPageAuth, shellUser, taskScope } from "~/http/auth.server";
import { intent, pageAction, type ActionResult } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { readTaskFilters } from "~/lib/task-filters.server";
import type { ListKind } from "~/models/lists";
import { findSimilarOpenTasks } from "~/services/ai-tasks.server";
import type { Auth } from "~/services/auth.server";
import type { ActorCtx } from "~/services/context.server";
import { addName, removeName } from "~/services/lists.server";
import { createTask, getTaskBoard, updateTask } from "~/services/tasks.server";

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
  return data(
    {
      signedIn: true as const,
      user: shellUser(auth),
      ...board,
      filters,
      today: todayIn(auth.workspace.timezone, context.now),
      panel: readPanel(params),
      aiTasks: hasFeature(auth.plan.tier, "aiTasks"),
      customStatuses: hasFeature(auth.plan.tier, "customStatuses"),
    },
  );
}

const updateFailed = "Failed to update task. Please try again.";

const listCopy = {
  categories: { added: "Category Added", removed: "Category Removed", singular: "category" },
  statuses: { added: "Status Added", removed: "Status Removed", singular: "status" },
} as const;

const taskIdSchema = z.object({ taskId: z.string().trim().min(1).max(64) });
const statusChangeSchema = taskIdSchema.extend({ status: taskUpdateSchema.shape.status.unwrap() });

/**
 * Open tasks close to `title` but not the same (the same title is createTask's duplicate). The page asks before
 * creating one, with or without JavaScript; the JSON API leaves that to GET /api/tasks/similar.
 */
async function refuseNearDuplicates(ctx: ActorCtx & { auth: Auth }, title: string) {
  const key = normalizeTitle(title);
  const near = (await findSimilarOpenTasks(taskScope(ctx.auth, ctx), title)).filter((t) => normalizeTitle(t.title) !== key);
  if (near.length) throw new AppError("duplicate", `Similar open task: ${near.map((t) => `“${t.title}”`).join(", ")}.`);
}

function listIntents(kind: ListKind) {
  const copy = listCopy[kind];
  return {
    add: intent({
      schema: listNameSchema,
      failed: `Failed to add the ${copy.singular}. Please try again.`,
      run: async ({ ctx, value }: { ctx: ActorCtx; value: { name: string } }) => {
        await addName(ctx.db, ctx.actor.workspace.id, kind, value.name, ctx.actor.plan, ctx.now);
        return { toast: { title: copy.added, description: `“${value.name}” was added.` } };
      },
    }),
    remove: intent({
      schema: listNameSchema,
      failed: `Failed to remove the ${copy.singular}. Please try again.`,
      run: async ({ ctx, value }: { ctx: ActorCtx; value: { name: string } }) => {
        await removeName(ctx.db, ctx.actor.workspace.id, kind, value.name);
        return { toast: { title: copy.removed, description: `“${value.name}” was removed.` } };
      },
    }),
  };
}
const categories = listIntents("categories");
const statuses = listIntents("statuses");

/**
 * One action for every form on the page, switched on `intent` (app/http/page-action.server.ts). Fetchers get the
 * outcome as data and show toasts; plain form posts get Post/Redirect/Get with the toast, except a create that
 * was refused, which re-renders the inline form with its errors and values.
 */
export const action = pageAction(
  {
    create: intent({
      schema: taskCreateSchema,
      errors: "form",
      failed: "Failed to create task. Please try again.",
      run: async ({ ctx, value, request }) => {
        if (!value.allowDuplicate) await refuseNearDuplicates(ctx, value.title);
        const task = await createTask(taskScope(ctx.auth, ctx), value);
        const back = new URL(request.url);
        back.searchParams.delete("new");
        return {
          toast: { title: "Task Created", description: `“${task.title}” is on the board.`, variant: "success" },
          redirectTo: `${back.pathname}${back.search}`,
        };
      },
    }),
    status: intent({
      schema: statusChangeSchema,
      errors: "failed",
      failed: updateFailed,
      run: async ({ ctx, value }) => {
        const task = await updateTask(taskScope(ctx.auth, ctx), value.taskId, { status: value.status });
        const description = `“${task.title}” is now ${statusLabel(task.status).toLowerCase()}.`;
        return { toast: { title: "Task Updated", description, variant: "success" } };
      },
    }),
    /** 'Assign to me' on a task card: the viewer becomes the task's assignee. */
    "assign-me": intent({
      schema: taskIdSchema,
      errors: "failed",
      failed: updateFailed,
      run: async ({ ctx, value }) => {
        const task = await updateTask(taskScope(ctx.auth, ctx), value.taskId, { assigneeId: ctx.actor.user.id });
        return { toast: { title: "Task Assigned", description: `“${task.title}” is yours now.`, variant: "success" } };
      },
    }),
    "add-category": categories.add,
    "remove-category": categories.remove,
    "add-status": statuses.add,
    "remove-status": statuses.remove,
  },
  { signedOutTo: "/tasks" },
);

export type TasksActionData = ActionResult<"create", undefined>;

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

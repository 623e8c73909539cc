import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AiTaskBox } from "~/components/ai-task-box";
import { Landing } from "~/components/landing";
import { toTaskSummary } from "~/components/tasks/task-summary";
import { TasksPage } from "~/components/tasks/tasks-page";
import { formatCalendarDate, todayIn } from "~/domain/dates";
import { bulkActionSchema, undoSchema, type BulkAction } from "~/domain/bulk";
import { TASK_VIEWS } from "~/domain/task-order";
import { taskCreateFormSchema } from "~/domain/recurrence-form";
import { listNameSchema, taskUpdateSchema } from "~/domain/schemas";
import { categoryLabel, plural, statusLabel } from "~/domain/labels";
import { hasFeature } from "~/domain/tiers";
import { getShellPageAuth, shellUserOnce } from "~/http/auth.server";
import { clockGrain, localDay, pageCachingHeaders, pageDataRead, throwIfCurrent } from "~/http/conditional.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { undoneToast, type ToastMessage } from "~/lib/toast";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { readTaskFilters } from "~/lib/task-filters.server";
import { readTogether, withActor, type ActorCtx } from "~/services/context.server";
import { addName, removeName, type ListKind } from "~/services/lists.server";
import { createTask, refuseNearDuplicates, updateTask } from "~/services/task-commands.server";
import { acknowledgeRisk, showRiskAgain } from "~/services/risk-acknowledgements.server";
import { bulkUpdateTasks, undoChange, type BulkResult } from "~/services/task-bulk.server";
import { setTaskView } from "~/services/task-view.server";
import { getTaskBoard } from "~/services/task-queries.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Tasks" : null);

export const shouldRevalidate = keepLandingAfterSignup;

const FILTER_KEYS = ["q", "status", "priority", "category", "mine", "risk", "sort", "group"] as const;

/** `?new=1` and `?manage=…` open the create form or a list manager inline: the no-JavaScript dialogs. */
function readPanel(params: URLSearchParams): "new" | ListKind | null {
  if (params.get("new") === "1") return "new";
  const manage = params.get("manage");
  return manage === "categories" || manage === "statuses" ? manage : null;
}

export const headers = pageCachingHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const params = new URL(request.url).searchParams;
  const filters = readTaskFilters(params, FILTER_KEYS);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const panel = readPanel(params);
  const ctx = withActor(context, auth);
  // The shell's caller is read with the board (one round trip), or first when the request asks if its copy is current.
  const shell = shellUserOnce(auth);
  // A client navigation's data is reused while the version (tasks, lists, members and their list views), the caller
  // and the query hold, with the shell's caller (unread count included) and the local day (due words, day groups);
  // a list filtered to risks is ranked by the plan, measured from now, so the clock's grain too.
  const cached = pageDataRead(ctx, request, [shell, localDay(ctx), filters.risk ? clockGrain(ctx) : null]);
  await throwIfCurrent(cached);
  const [board, shellCaller] = await readTogether(ctx, () => [
    getTaskBoard(ctx, { filters, page, dependencyChoices: panel === "new" }),
    shell(),
  ]);
  return data(
    {
      signedIn: true as const,
      user: shellCaller,
      ...board,
      tasks: board.tasks.map(toTaskSummary),
      filters,
      today: todayIn(auth.workspace.timezone, context.now),
      panel,
      aiTasks: hasFeature(auth.plan.tier, "aiTasks"),
      customStatuses: hasFeature(auth.plan.tier, "customStatuses"),
    },
    { headers: await cached?.headers() },
  );
}

const updateFailed = "Failed to update task. Please try again.";

/** What a bulk action did, in words ("12 tasks moved by 3 days"), with 'Undo' for the whole of it. */
function bulkToast(result: BulkResult, input: BulkAction, now: Date): ToastMessage {
  const count = plural(result.ids.length, "task");
  const done = (() => {
    switch (input.action) {
      case "status":
        return `${count} set to ${statusLabel(input.status).toLowerCase()}`;
      case "assign":
        return input.assigneeId || input.assigneeName ? `${count} assigned` : `${count} unassigned`;
      case "move":
        if (input.to) return `${count} moved to ${formatCalendarDate(input.to)}`;
        return `${count} moved ${input.days! > 0 ? "by" : "back by"} ${plural(Math.abs(input.days!), "day")}`;
      case "category":
        return input.category
          ? `${count} moved to ${categoryLabel(input.category)}`
          : `${count} without a category now`;
      case "delete":
        return `${count} deleted`;
    }
  })();
  // A move skips undated tasks; anything else skips tasks that already had the value.
  const skipped = result.skipped ? `; ${plural(result.skipped, "other")} left as they were` : "";
  return {
    title: input.action === "delete" ? "Tasks Deleted" : "Tasks Updated",
    description: `${done}${skipped}.`,
    variant: "success",
    ...(result.ids.length ? { undo: { at: now.toISOString() } } : {}),
  };
}

const listCopy = {
  categories: { added: "Category Added", removed: "Category Removed", singular: "category" },
  statuses: { added: "Status Added", removed: "Status Removed", singular: "status" },
} as const;

const taskIdSchema = z.object({ taskId: z.string().trim().min(1).max(64) });
const viewSchema = z.object({ view: z.enum(TASK_VIEWS) });
const statusChangeSchema = taskIdSchema.extend({ status: taskUpdateSchema.shape.status.unwrap() });

function listIntents(kind: ListKind) {
  const copy = listCopy[kind];
  return {
    add: intent({
      schema: listNameSchema,
      failed: `Failed to add the ${copy.singular}. Please try again.`,
      run: async ({ ctx, value }: { ctx: ActorCtx; value: { name: string } }) => {
        await addName(ctx, { kind, name: value.name });
        return { toast: { title: copy.added, description: `“${value.name}” was added.` } };
      },
    }),
    remove: intent({
      schema: listNameSchema,
      failed: `Failed to remove the ${copy.singular}. Please try again.`,
      run: async ({ ctx, value }: { ctx: ActorCtx; value: { name: string } }) => {
        await removeName(ctx, { kind, name: value.name });
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
      schema: taskCreateFormSchema,
      errors: "form",
      failed: "Failed to create task. Please try again.",
      run: async ({ ctx, value, request }) => {
        if (!value.allowDuplicate) await refuseNearDuplicates(ctx, value.title);
        // The form's 'Remind' with nothing ticked means the workspace's default (a form cannot leave a field out).
        const task = await createTask(ctx, {
          ...value,
          reminders: value.reminders?.length ? value.reminders : undefined,
        });
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
        const task = await updateTask(ctx, { id: value.taskId, changes: { status: value.status } });
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
        const task = await updateTask(ctx, { id: value.taskId, changes: { assigneeId: ctx.actor.user.id } });
        return { toast: { title: "Task Assigned", description: `“${task.title}” is yours now.`, variant: "success" } };
      },
    }),
    /** The Cards/Table switch: remembered for the caller in this workspace; the page itself says it changed. */
    view: intent({
      schema: viewSchema,
      errors: "failed",
      failed: "Could not switch the view. Please try again.",
      run: async ({ ctx, value, request }) => {
        await setTaskView(ctx, value);
        const here = new URL(request.url);
        return { redirectTo: `${here.pathname}${here.search}` };
      },
    }),
    /** The bulk bar: one action on the ticked tasks (`ids`), undoable from its toast. */
    bulk: intent({
      schema: bulkActionSchema,
      errors: "toast",
      failed: "Could not change the selected tasks. Please try again.",
      run: async ({ ctx, value }) => {
        const result = await bulkUpdateTasks(ctx, value);
        return { toast: bulkToast(result, value, ctx.now), data: { ids: result.ids } };
      },
    }),
    /** 'Undo' on a banner or toast: the caller's change at that instant (app/services/task-bulk.server.ts). */
    undo: intent({
      schema: undoSchema,
      errors: "failed",
      failed: "Could not undo. Please try again.",
      run: async ({ ctx, value }) => {
        const { restored, reverted, deleted } = await undoChange(ctx, value);
        return { toast: undoneToast(restored.length + reverted.length, deleted.length) };
      },
    }),
    /** 'Acknowledge' on a risk: off every list of risks for the workspace until the task changes (ADR 036). */
    "acknowledge-risk": intent({
      schema: taskIdSchema,
      errors: "toast",
      failed: "Could not acknowledge the risk. Please try again.",
      run: async ({ ctx, value }) => {
        const { task } = await acknowledgeRisk(ctx, value);
        const description = `“${task.title}” is off the risk lists until it changes.`;
        return { toast: { title: "Risk Acknowledged", description, variant: "success" } };
      },
    }),
    /** 'Show again' on an acknowledged risk. */
    "show-risk-again": intent({
      schema: taskIdSchema,
      errors: "toast",
      failed: "Could not show the risk again. Please try again.",
      run: async ({ ctx, value }) => {
        const { task } = await showRiskAgain(ctx, value);
        return { toast: { title: "Risk Shown Again", description: `“${task.title}” is back on the risk lists.` } };
      },
    }),
    "add-category": categories.add,
    "remove-category": categories.remove,
    "add-status": statuses.add,
    "remove-status": statuses.remove,
  },
  { signedOutTo: "/tasks" },
);

export default function TasksRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <Landing />;
  return (
    <>
      {/* /tasks/{id} (app/routes/tasks.$id.tsx): first, so without JavaScript the task is read before the list. */}
      <Outlet />
      <TasksPage
        {...loaderData}
        createResult={actionData?.intent === "create" ? actionData : undefined}
        addWithAi={<AiTaskBox allowed={loaderData.aiTasks} />}
      />
    </>
  );
}

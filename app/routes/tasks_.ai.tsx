import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AiTaskBox } from "~/components/ai-task-box";
import { AppShell, BackLink, PageHeader } from "~/components/app-shell";
import { AppError } from "~/domain/errors";
import { plural, pluralWord } from "~/domain/labels";
import { rowValuesFromPayload } from "~/domain/parsed-task-rows";
import { parsedTasksConfirmSchema, taskTextSchema } from "~/domain/schemas";
import { hasFeature, overLimitNote } from "~/domain/tiers";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { passRetryAfter } from "~/lib/rate-limit.server";
import type { ToastMessage } from "~/lib/toast";
import { createParsedTasks, previewTaskText } from "~/services/ai-tasks.server";
import { getNames } from "~/services/lists.server";
import { findSimilarOpenTasksEach } from "~/services/task-queries.server";

/**
 * `/tasks/ai`: the action behind every 'Add with AI' box (dashboard and tasks page post here through
 * fetchers), and the page a browser without JavaScript lands on: it shows the parsed tasks server-rendered
 * and posts the confirm form back here, which then redirects to the task list.
 */
export const meta: MetaFunction = () => pageMeta("Add with AI");

export const headers = passRetryAfter;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) throw redirect("/tasks");
  return { user: await shellUser(auth), aiTasks: hasFeature(auth.plan.tier, "aiTasks") };
}

const failedToCreate = "Failed to create the tasks. Please try again.";
const noTasksFound =
  "No tasks found in that text. Write one task per line, like “Book shuttle buses by Friday @maria”.";

/**
 * `preview` reads the text into rows (saving nothing); `create` creates the confirmed rows and, without
 * JavaScript, goes on to the task list. Both show a refusal on the page (under the text, or over the rows); a
 * confirm that comes back invalid brings its rows as sent with their near-duplicate warnings, so the no-JavaScript
 * form shows again as it was.
 */
export const action = pageAction(
  {
    preview: intent({
      schema: taskTextSchema,
      errors: "form",
      failed: failedToCreate,
      run: async ({ ctx, value }) => {
        const preview = await previewTaskText(ctx, { text: value.text });
        if (preview.tasks.length === 0) throw new AppError("invalid", noTasksFound);
        return { data: { text: value.text, ...preview }, resetForm: false };
      },
    }),
    create: intent({
      schema: parsedTasksConfirmSchema,
      errors: "form",
      failed: failedToCreate,
      invalid: async ({ ctx, value: payload }) => {
        const rows = rowValuesFromPayload(payload);
        const [similar, categories] = await Promise.all([
          findSimilarOpenTasksEach(
            ctx,
            rows.map((r) => r.title),
          ),
          getNames(ctx, "categories"),
        ]);
        return {
          text: String(payload.prompt ?? ""),
          rows: rows.map((row, i) => ({ ...row, similar: similar[i] })),
          categories,
        };
      },
      run: async ({ ctx, value }) => {
        const { created, skipped, overLimit } = await createParsedTasks(ctx, value);
        const skippedNote = skipped.length
          ? ` ${plural(skipped.length, "task")} skipped as ${pluralWord(skipped.length, "a possible duplicate", "possible duplicates")}.`
          : "";
        const limitNote = overLimitNote(overLimit, ctx.actor.plan.tier);
        const toast: ToastMessage = created.length
          ? {
              title: "Tasks Created",
              description: `${plural(created.length, "task")} added to the board.${skippedNote}${limitNote}`,
              variant: "success",
            }
          : { title: "No Tasks Created", description: `Every task matched an open one.${skippedNote}` };
        return { toast, data: { createdIds: created.map((t) => t.id) }, redirectTo: "/tasks" };
      },
    }),
  },
  { signedOutTo: "/tasks" },
);

export default function AddWithAiRoute() {
  const { user, aiTasks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AppShell user={user}>
      <PageHeader
        title="Add with AI"
        description="Write tasks the way you would in a message; check what was understood, then create them."
        actions={<BackLink to="/tasks">Back to Tasks</BackLink>}
      />
      <AiTaskBox allowed={aiTasks} initial={actionData} />
    </AppShell>
  );
}

import { messageOf, retryAfterHeaders, statusOf } from "~/http/errors.server";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { AiTaskBox, type AiTasksActionData } from "~/components/ai-task-box";
import { AppShell, PageHeader } from "~/components/app-shell";
import { Button } from "~/components/ui/button";
import { AppError } from "~/domain/errors";
import { rowValuesFromPayload } from "~/domain/parsed-task-rows";
import { parsedTasksConfirmSchema, taskTextSchema } from "~/domain/schemas";
import { hasFeature, overLimitNote } from "~/domain/tiers";

import { redirectWithToast } from "~/http/toast.server";
import { errorSummary } from "~/lib/log";
import { pageMeta } from "~/lib/meta";
import { getPageAuth, isDocumentRequest, requirePageActionAuth, shellUser } from "~/http/auth.server";
import { passRetryAfter } from "~/lib/rate-limit.server";
import type { ToastMessage } from "~/lib/toast";
import { createParsedTasks, previewTaskText } from "~/services/ai-tasks.server";
import { withActor, type ActorCtx } from "~/services/context.server";
import { getNames } from "~/services/lists.server";
import { findSimilarOpenTasksEach } from "~/services/task-queries.server";
import { plural, pluralWord } from "~/domain/labels";

/**
 * `/tasks/ai`: the action behind every 'Add with AI' box (dashboard and tasks page post here through
 * fetchers), and the page a browser without JavaScript lands on: it shows the parsed tasks server-rendered
 * and posts the confirm form back here, which then redirects to the task list.
 */
export const meta: MetaFunction = () => pageMeta("Add with AI");

export const headers = passRetryAfter;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) throw redirect("/tasks");
  return { user: shellUser(auth), aiTasks: hasFeature(auth.plan.tier, "aiTasks") };
}

const failedToCreate: ToastMessage = {
  title: "Error Creating Tasks",
  description: "Failed to create the tasks. Please try again.",
  variant: "destructive",
};

async function previewIntent(ctx: ActorCtx, formData: FormData) {
  const text = String(formData.get("text") ?? "");
  const parsed = taskTextSchema.safeParse({ text });
  if (!parsed.success) {
    return { status: 400, body: { intent: "preview", ok: false, text, error: parsed.error.issues[0].message } as const };
  }
  const preview = await previewTaskText(ctx, { text: parsed.data.text });
  if (preview.tasks.length === 0) {
    const error = "No tasks found in that text. Write one task per line, like “Book shuttle buses by Friday @maria”.";
    return { status: 400, body: { intent: "preview", ok: false, text, error } as const };
  }
  return { status: 200, body: { intent: "preview", ok: true, text: parsed.data.text, ...preview } as const };
}

async function createIntent(ctx: ActorCtx, formData: FormData) {
  const submission = parseWithZod(formData, { schema: parsedTasksConfirmSchema });
  if (submission.status !== "success") {
    // Show the rows again as sent, with their errors and near-duplicate warnings (the no-JavaScript form).
    const rows = rowValuesFromPayload(submission.payload);
    const [similar, categories] = await Promise.all([
      findSimilarOpenTasksEach(ctx, rows.map((r) => r.title)),
      getNames(ctx, "categories"),
    ]);
    const errors = submission.error ?? {};
    return {
      status: 400,
      body: {
        intent: "create",
        ok: false,
        error: Object.values(errors).flat()[0] ?? "Check the tasks and try again.",
        fieldErrors: errors as Record<string, string[]>,
        text: String(formData.get("prompt") ?? ""),
        rows: rows.map((row, i) => ({ ...row, similar: similar[i] })),
        categories,
      } as const,
    };
  }
  const { created, skipped, overLimit } = await createParsedTasks(ctx, submission.value);
  const skippedNote = skipped.length
    ? ` ${plural(skipped.length, "task")} skipped as ${pluralWord(skipped.length, "a possible duplicate", "possible duplicates")}.`
    : "";
  const limitNote = overLimitNote(overLimit, ctx.actor.plan.tier);
  const toast: ToastMessage = created.length
    ? { title: "Tasks Created", description: `${plural(created.length, "task")} added to the board.${skippedNote}${limitNote}`, variant: "success" }
    : { title: "No Tasks Created", description: `Every task matched an open one.${skippedNote}` };
  return { status: 200, body: { intent: "create", ok: true, toast, createdIds: created.map((t) => t.id) } as const };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requirePageActionAuth(request, context, "/tasks");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "preview" && intent !== "create") throw new Response("Unknown form", { status: 400 });
  const ctx = withActor(context, auth);
  let outcome: { status: number; body: AiTasksActionData; headers?: Record<string, string> };
  try {
    outcome = intent === "preview" ? await previewIntent(ctx, formData) : await createIntent(ctx, formData);
  } catch (error) {
    if (!(error instanceof AppError)) {
      console.error(`add with AI ${intent} failed: ${errorSummary(error)}`);
    }
    const refusal = error instanceof AppError ? error : null;
    outcome = {
      status: refusal ? statusOf(refusal) : 500,
      body: { intent, ok: false, text: "", error: refusal ? messageOf(refusal) : failedToCreate.description! },
      headers: refusal ? retryAfterHeaders(refusal) : undefined,
    };
  }
  // Without JavaScript a successful create goes on to the task list (Post/Redirect/Get); the rest renders here.
  if (isDocumentRequest(request) && outcome.body.intent === "create" && outcome.body.ok) {
    throw redirectWithToast(request, "/tasks", outcome.body.toast);
  }
  return data(outcome.body, { status: outcome.status, headers: outcome.headers });
}

export default function AddWithAiRoute() {
  const { user, aiTasks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AppShell user={user}>
      <PageHeader
        title="Add with AI"
        description="Write tasks the way you would in a message; check what was understood, then create them."
        actions={
          <Button asChild variant="secondary">
            <Link to="/tasks">
              <ArrowLeft aria-hidden />
              Back to Tasks
            </Link>
          </Button>
        }
      />
      <AiTaskBox allowed={aiTasks} initial={actionData} />
    </AppShell>
  );
}

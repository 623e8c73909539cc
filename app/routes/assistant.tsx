import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppShell, BackLink, PageHeader } from "~/components/app-shell";
import { AssistantBox } from "~/components/assistant-box";
import { assistantQuestionSchema } from "~/domain/schemas";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { askAssistant } from "~/services/assistant.server";

/**
 * `/assistant`: the action behind every assistant box (the dashboard and the tasks page ask here through a
 * fetcher), and the page a browser without JavaScript lands on, with the answer under the question. The answer
 * is `POST /api/assistant`'s and Slack's: one service, `askAssistant`.
 */
export const meta: MetaFunction = () => pageMeta("Assistant");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) throw redirect("/dashboard");
  return { user: await shellUser(auth) };
}

export const action = pageAction(
  {
    ask: intent({
      schema: assistantQuestionSchema,
      errors: "form",
      failed: "The assistant could not answer. Please try again.",
      run: async ({ ctx, value }) => {
        // The answer's text names the tasks it is about; the box shows that text, as Slack does.
        const { answer, source } = await askAssistant(ctx, value.question);
        return {
          data: { question: value.question, answer, source },
          resetForm: false,
        };
      },
    }),
  },
  { signedOutTo: "/dashboard" },
);

export default function AssistantRoute() {
  const { user } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AppShell user={user}>
      <PageHeader
        title="Assistant"
        description="Ask about this workspace's tasks and plan."
        actions={<BackLink to="/dashboard">Back to Dashboard</BackLink>}
      />
      <AssistantBox initial={actionData} />
    </AppShell>
  );
}

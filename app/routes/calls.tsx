import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CallsPage } from "~/components/calls/calls-page";
import { useToast } from "~/components/toaster";
import { callEditFormSchema, callCreateSchema, callIdSchema } from "~/domain/crew-calls";
import { showDayQuerySchema } from "~/domain/show-schemas";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { useOnChange } from "~/lib/use-on-change";
import { withActor } from "~/services/context.server";
import { createCall, deleteCall, loadCallsDay, updateCall } from "~/services/crew-calls.server";

/**
 * `/calls`: one event day's crew calls (issue 35, ADR 043) as a timeline by person and department beside the day's
 * cues, with the warnings on top. Every change is a plain form posted to this route's action, so it works without
 * JavaScript. `?day=` picks the day (default: today if an event day, else the first show day), `?edit={callId}`
 * opens a call's edit form.
 */
export const meta: MetaFunction = () => pageMeta("Crew calls");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) throw redirect("/dashboard");
  const params = new URL(request.url).searchParams;
  const query = showDayQuerySchema.safeParse({ day: params.get("day") ?? undefined });
  const ctx = withActor(context, auth);
  const page = await loadCallsDay(ctx, query.success ? query.data.day : undefined);
  const editId = params.get("edit");
  return {
    user: await shellUser(auth),
    ...page,
    badDay: !query.success,
    editId: page.calls.some((c) => c.id === editId) ? editId : null,
  };
}

const backTo = (request: Request, day: string) => {
  const url = new URL(request.url);
  url.searchParams.set("day", day);
  url.searchParams.delete("edit");
  return `${url.pathname}${url.search}`;
};

const whoOf = (call: { personName: string | null; department: string | null }) =>
  call.personName ?? call.department ?? "The crew";

export const action = pageAction(
  {
    add: intent({
      schema: callCreateSchema,
      errors: "form",
      failed: "Failed to add the call. Please try again.",
      run: async ({ ctx, value, request }) => {
        const call = await createCall(ctx, value);
        return {
          toast: { title: "Call Added", description: `${whoOf(call)} is called at ${call.start}.`, variant: "success" },
          redirectTo: backTo(request, call.day),
        };
      },
    }),
    edit: intent({
      schema: callEditFormSchema,
      errors: "form",
      failed: "Failed to save the call. Please try again.",
      run: async ({ ctx, value, request }) => {
        const { callId, ...changes } = value;
        const call = await updateCall(ctx, { id: callId, changes });
        return {
          toast: { title: "Call Saved", description: `${whoOf(call)} is called at ${call.start}.`, variant: "success" },
          redirectTo: backTo(request, call.day),
        };
      },
    }),
    delete: intent({
      schema: callIdSchema,
      errors: "failed",
      failed: "Could not delete the call. Please try again.",
      run: async ({ ctx, value, request }) => {
        const call = await deleteCall(ctx, value.callId);
        return {
          toast: { title: "Call Deleted", description: "The call was removed.", variant: "success" },
          redirectTo: backTo(request, call.day),
        };
      },
    }),
  },
  { signedOutTo: "/calls" },
);

export type CallsAction = typeof action;

export default function CallsRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  useOnChange(actionData?.toast, toast);
  return <CallsPage {...data} actionData={actionData} />;
}

import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/landing";
import { WorkspacesPage } from "~/components/team/workspaces-page";
import { newWorkspaceSchema } from "~/domain/schemas";
import { switchWorkspaceSchema } from "~/domain/teams";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { withActor } from "~/services/context.server";
import { listMyWorkspaces, startWorkspace, switchWorkspace } from "~/services/teams.server";

/**
 * `/workspaces`: every workspace the signed-in person belongs to, switching the session between them, and
 * starting a new event's workspace.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Workspaces" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  return data({
    signedIn: true as const,
    workspaces: await listMyWorkspaces(withActor(context, auth)),
    user: await shellUser(auth),
  });
}

export const action = pageAction(
  {
    /** Switching is a navigation with or without JavaScript: every page after it belongs to the other workspace. */
    switch: intent({
      schema: switchWorkspaceSchema,
      title: "Could not switch",
      run: async ({ ctx, value, request }) => {
        const workspace = await switchWorkspace(ctx, { sessionId: ctx.auth.sessionId, workspaceId: value.workspaceId });
        throw redirectWithToast(request, "/dashboard", {
          title: `Switched to ${workspace.name}`,
          description: workspace.role === "owner" ? "You own this workspace." : "You are a member of this workspace.",
          variant: "success",
        });
      },
    }),
    /** A new event's workspace, owned by the caller; the session moves to it, like a switch. */
    create: intent({
      schema: newWorkspaceSchema,
      errors: "form",
      failed: "Failed to create the workspace. Please try again.",
      run: async ({ ctx, value, request }) => {
        const workspace = await startWorkspace(ctx, { ...value, sessionId: ctx.auth.sessionId });
        throw redirectWithToast(request, "/dashboard", {
          title: `Created ${workspace.name}`,
          description: "You own this workspace. Invite your team from the Team page.",
          variant: "success",
        });
      },
    }),
  },
  { signedOutTo: "/workspaces" },
);

export default function WorkspacesRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <Landing />;
  return (
    <WorkspacesPage
      {...loaderData}
      refusal={actionData?.intent === "switch" ? actionData.toast : undefined}
      createResult={actionData?.intent === "create" ? actionData.result : undefined}
    />
  );
}

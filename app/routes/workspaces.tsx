import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/landing";
import { WorkspacesPage } from "~/components/team/workspaces-page";
import { switchWorkspaceSchema } from "~/domain/teams";
import { getPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { withActor } from "~/services/context.server";
import { listMyWorkspaces, switchWorkspace } from "~/services/teams.server";

/** `/workspaces`: every workspace the signed-in person belongs to, and switching the session between them. */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Workspaces" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  return data({
    signedIn: true as const,
    user: shellUser(auth),
    workspaces: await listMyWorkspaces(withActor(context, auth)),
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
  },
  { signedOutTo: "/workspaces" },
);

export default function WorkspacesRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <Landing />;
  return <WorkspacesPage {...loaderData} refusal={actionData?.toast} />;
}

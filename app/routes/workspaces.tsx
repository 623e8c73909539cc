import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/landing";
import { WorkspacesPage } from "~/components/team/workspaces-page";
import { AppError } from "~/domain/errors";
import { switchWorkspaceSchema } from "~/domain/teams";
import { clearFlashCookie, readFlash, redirectWithFlash } from "~/http/toast.server";
import { pageMeta } from "~/lib/meta";
import { getPageAuth, requirePageActionAuth, shellUser } from "~/http/auth.server";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { withActor } from "~/services/context.server";
import { listMyWorkspaces, switchWorkspace } from "~/services/teams.server";

/** `/workspaces`: every workspace the signed-in person belongs to, and switching the session between them. */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Workspaces" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const flash = readFlash(request);
  return data(
    {
      signedIn: true as const,
      user: shellUser(auth),
      workspaces: await listMyWorkspaces(withActor(context, auth)),
      flash,
    },
    flash ? { headers: { "Set-Cookie": clearFlashCookie(request) } } : undefined,
  );
}

/** Switching is a navigation with or without JavaScript: every page after it belongs to the other workspace. */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requirePageActionAuth(request, context, "/workspaces");
  const parsed = switchWorkspaceSchema.safeParse(Object.fromEntries(await request.formData()));
  try {
    if (!parsed.success) throw new AppError("invalid", "Choose a workspace");
    const workspace = await switchWorkspace(withActor(context, auth), {
      sessionId: auth.sessionId,
      workspaceId: parsed.data.workspaceId,
    });
    return redirectWithFlash(request, "/dashboard", {
      title: `Switched to ${workspace.name}`,
      description: workspace.role === "owner" ? "You own this workspace." : "You are a member of this workspace.",
      variant: "success",
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithFlash(request, "/workspaces", {
      title: "Could not switch",
      description: error.message,
      variant: "destructive",
    });
  }
}

export default function WorkspacesRoute() {
  const loaderData = useLoaderData<typeof loader>();
  if (!loaderData.signedIn) return <Landing />;
  return <WorkspacesPage {...loaderData} />;
}

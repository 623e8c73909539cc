import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, notAllowed } from "~/http/api.server";
import { confirmationCookie } from "~/http/toast.server";
import { authenticate } from "~/http/auth.server";
import { finishSlackInstall } from "~/services/slack/setup.server";

/**
 * Slack redirects here after the consent screen; the dashboard shows the outcome as a toast. A success also
 * sets a one-time confirmation for the workspace: the dashboard believes `slack_success` only with it.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const outcome = await finishSlackInstall(request, context, await authenticate(request, context));
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (!outcome.ok) return redirect(`/dashboard?slack_error=${outcome.error}`, { headers });
    headers.append("Set-Cookie", confirmationCookie(request, "slack_installed", outcome.workspaceId));
    return redirect(`/dashboard?${new URLSearchParams({ slack_success: "1", team: outcome.teamName })}`, { headers });
  });

export const action = () => notAllowed(["GET"]);

import { redirect } from "@remix-run/cloudflare";
import { resource } from "~/http/api.server";
import { authenticate } from "~/http/auth.server";
import { confirmationCookie } from "~/http/toast.server";
import { finishSlackInstall } from "~/services/slack/setup.server";

/**
 * Slack redirects here after the consent screen; the dashboard shows the outcome as a toast. A success also
 * sets a one-time confirmation for the workspace: the dashboard believes `slack_success` only with it.
 */
const api = resource({
  GET: async ({ request, context }) => {
    const url = new URL(request.url);
    const actor = await authenticate(request, context);
    const outcome = await finishSlackInstall(context, { actor, params: url.searchParams, origin: url.origin });
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (!outcome.ok) return redirect(`/dashboard?slack_error=${outcome.error}`, { headers });
    headers.append("Set-Cookie", confirmationCookie(request, "slack_installed", outcome.workspaceId));
    return redirect(`/dashboard?${new URLSearchParams({ slack_success: "1", team: outcome.teamName })}`, { headers });
  },
});

export const loader = api.loader;
export const action = api.action;

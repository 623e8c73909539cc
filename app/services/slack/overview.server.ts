import type { AppLoadContext } from "@remix-run/cloudflare";
import { slackUrls } from "~/integrations/slack/manifest";
import type { Auth } from "~/services/auth.server";
import { digestSettingsOf } from "./digest.server";
import { getSlackStatus } from "./setup.server";

/**
 * Everything the Chat Integration card and the /slack-setup page show: the install status (the same as
 * GET /api/slack/status), the digest settings (as GET /api/slack/digest), whether this member may change
 * them (owners only, as the API enforces), and the redirect URL the wizard asks people to check in Slack.
 */
export async function getSlackOverview(request: Request, context: AppLoadContext, auth: Auth) {
  return {
    status: await getSlackStatus(context, auth),
    digest: digestSettingsOf(auth.workspace),
    canManage: auth.role === "owner",
    redirectUrl: slackUrls(new URL(request.url).origin, auth.workspace.id).redirect,
  };
}

export type SlackOverview = Awaited<ReturnType<typeof getSlackOverview>>;

import { slackUrls } from "~/integrations/slack/manifest";
import type { ActorCtx } from "~/services/context.server";
import { captureSettingsOf } from "./capture.server";
import { digestSettingsOf } from "./digest.server";
import { getSlackStatus } from "./setup.server";

/**
 * Everything the Chat Integration card and the /slack-setup page show: the install status (the same as
 * GET /api/slack/status), the digest settings (as GET /api/slack/digest), the capture emoji (as GET
 * /api/slack/capture), whether this member may change
 * them (owners only, as the API enforces), and the redirect URL (under our public `origin`) the wizard asks
 * people to check in Slack.
 */
export async function getSlackOverview(ctx: ActorCtx, origin: string) {
  const { actor } = ctx;
  return {
    status: await getSlackStatus(ctx),
    digest: digestSettingsOf(actor.workspace),
    capture: captureSettingsOf(actor.workspace),
    canManage: actor.role === "owner",
    redirectUrl: slackUrls(origin, actor.workspace.id).redirect,
  };
}

export type SlackOverview = Awaited<ReturnType<typeof getSlackOverview>>;

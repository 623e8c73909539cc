import { redirect } from "@remix-run/cloudflare";
import { resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { startSlackInstall } from "~/services/slack/setup.server";

/** Browser navigation ('Add to Slack'): off to Slack's consent screen, or back to the dashboard with the error. */
const api = resource({
  GET: async ({ request, context }) => {
    const url = await startSlackInstall(await requireApiActor(request, context), new URL(request.url).origin);
    return redirect(url ?? "/dashboard?slack_error=config_missing", { headers: { "Cache-Control": "no-store" } });
  },
});

export const loader = api.loader;
export const action = api.action;

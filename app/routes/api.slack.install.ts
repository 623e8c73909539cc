import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, notAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { startSlackInstall } from "~/services/slack/setup.server";

/** Browser navigation ('Add to Slack'): off to Slack's consent screen, or back to the dashboard with the error. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    const url = await startSlackInstall(request, context, auth);
    return redirect(url ?? "/dashboard?slack_error=config_missing", { headers: { "Cache-Control": "no-store" } });
  });

export const action = () => notAllowed(["GET"]);

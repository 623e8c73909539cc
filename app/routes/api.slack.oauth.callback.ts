import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, notAllowed } from "~/lib/api.server";
import { authenticate } from "~/services/auth.server";
import { finishSlackInstall } from "~/services/slack/setup.server";

/** Slack redirects here after the consent screen; the dashboard shows the outcome as a toast. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const outcome = await finishSlackInstall(request, context, await authenticate(request, context));
    const target = outcome.ok
      ? `/dashboard?${new URLSearchParams({ slack_success: "1", team: outcome.teamName })}`
      : `/dashboard?slack_error=${outcome.error}`;
    return redirect(target, { headers: { "Cache-Control": "no-store" } });
  });

export const action = () => notAllowed(["GET"]);

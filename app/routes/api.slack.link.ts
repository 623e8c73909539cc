import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, notAllowed } from "~/lib/api.server";
import { authenticate } from "~/services/auth.server";
import { linkSlackAccount } from "~/services/slack/setup.server";

/** Opened from the "link your account" message in Slack, in the browser where the member is signed in. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await authenticate(request, context);
    if (!auth) return redirect("/dashboard?slack_error=link_sign_in_required");
    const token = new URL(request.url).searchParams.get("token") ?? "";
    const outcome = await linkSlackAccount(context, auth, token);
    const target = outcome.ok
      ? `/dashboard?${new URLSearchParams({ slack_success: "1", ...(outcome.teamName ? { team: outcome.teamName } : {}) })}`
      : `/dashboard?slack_error=${outcome.error}`;
    return redirect(target, { headers: { "Cache-Control": "no-store" } });
  });

export const action = () => notAllowed(["GET"]);

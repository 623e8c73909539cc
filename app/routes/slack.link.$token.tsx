import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { SlackLinkPage } from "~/components/slack/slack-link-page";
import { useToast } from "~/components/toaster";
import type { ErrorCode } from "~/domain/errors";
import { getPageAuth } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { readOidcConfig } from "~/integrations/identity/oidc";
import { pageMeta } from "~/lib/meta";
import { passRetryAfter } from "~/lib/rate-limit.server";
import { withActor } from "~/services/context.server";
import { confirmSlackLink, previewSlackLink } from "~/services/slack/links.server";

/**
 * `/slack/link/{token}`: where the "link your account" message in Slack leads. It names the Slack user and team
 * and what they could do as the member; only the form post (same origin) links them. Works without JavaScript.
 */
export const meta: MetaFunction = () => pageMeta("Link Slack");

/**
 * The address holds the link's secret: no referrer to other sites, no caching (as on /join); a refused confirm
 * passes on its Retry-After.
 */
export const headers: HeadersFunction = (args) => ({
  "Referrer-Policy": "same-origin",
  "Cache-Control": "no-store",
  ...passRetryAfter(args),
});

const STATUS = { invalid: 404, other_workspace: 403, ready: 200 } as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token!;
  const auth = await getPageAuth(request, context);
  if (!auth) {
    return data({ token, preview: null, signInEnabled: readOidcConfig(context.env) !== null }, { status: 401 });
  }
  const preview = await previewSlackLink(withActor(context, auth), token);
  return data({ token, preview, signInEnabled: false }, { status: STATUS[preview.state] });
}

export const action = pageAction({
  confirm: intent({
    schema: z.object({}),
    // A refusal shows as the page's notice (the form is the page), not as a toast.
    errors: "form",
    run: async ({ ctx, request }) => {
      const url = new URL(request.url);
      const token = url.pathname.slice("/slack/link/".length);
      const linked = await confirmSlackLink(ctx, { token: decodeURIComponent(token), origin: url.origin });
      return {
        toast: {
          title: "Slack Account Linked",
          description: `${linked.slackUser} in ${linked.teamName} now acts as you in Slack.`,
          variant: "success",
        },
        redirectTo: "/team",
      };
    },
  }),
});

/** What each refusal of the confirm shows. */
const REFUSED: Partial<Record<ErrorCode, "invalid" | "other_workspace" | "rate_limited">> = {
  not_found: "invalid",
  forbidden: "other_workspace",
  rate_limited: "rate_limited",
};

export default function SlackLinkRoute() {
  const { token, preview, signInEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const toast = useToast();
  // Without JavaScript a success is a redirect to /team with the toast; with it, the same happens here.
  useEffect(() => {
    if (!actionData?.ok) return;
    if (actionData.toast) toast(actionData.toast);
    navigate("/team");
  }, [actionData, navigate, toast]);
  const refused = actionData && !actionData.ok && actionData.code ? REFUSED[actionData.code] : undefined;
  return <SlackLinkPage token={token} preview={refused ? { state: refused } : preview} signInEnabled={signInEnabled} />;
}

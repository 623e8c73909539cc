import { retryAfterHeaders } from "~/http/errors.server";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SlackLinkPage } from "~/components/slack/slack-link-page";
import { AppError, isAppError } from "~/domain/errors";
import { readOidcConfig } from "~/integrations/identity/oidc";

import { redirectWithFlash } from "~/http/toast.server";
import { pageMeta } from "~/lib/meta";
import { getPageAuth, requirePageActionAuth } from "~/http/auth.server";
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

type SlackLinkActionData = { refused: "invalid" | "other_workspace" | "rate_limited" };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token!;
  const auth = await requirePageActionAuth(request, context, `/slack/link/${token}`);
  let outcome;
  try {
    outcome = await confirmSlackLink(withActor(context, auth), { token, origin: new URL(request.url).origin });
  } catch (error) {
    if (!isAppError(error, "rate_limited")) throw error;
    return data<SlackLinkActionData>({ refused: "rate_limited" }, { status: 429, headers: retryAfterHeaders(error) });
  }
  if (!outcome.ok) return data<SlackLinkActionData>({ refused: outcome.state }, { status: STATUS[outcome.state] });
  return redirectWithFlash(request, "/team", {
    title: "Slack Account Linked",
    description: `${outcome.slackUser} in ${outcome.teamName} now acts as you in Slack.`,
    variant: "success",
  });
}

export default function SlackLinkRoute() {
  const { token, preview, signInEnabled } = useLoaderData<typeof loader>();
  // A success is a redirect; what comes back as data is a refusal.
  const refused = (useActionData<typeof action>() as SlackLinkActionData | undefined)?.refused;
  return <SlackLinkPage token={token} preview={refused ? { state: refused } : preview} signInEnabled={signInEnabled} />;
}

import type { SubmissionResult } from "@conform-to/react";
import { statusOf, messageOf, retryAfterHeaders } from "~/http/errors.server";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { JoinPage } from "~/components/team/join-page";
import { AppError } from "~/domain/errors";
import { demoSignupSchema } from "~/domain/schemas";
import { readOidcConfig } from "~/integrations/identity/oidc";
import { redirectWithFlash } from "~/http/toast.server";

import { pageMeta } from "~/lib/meta";
import { assertPageSameOrigin, getPageAuth, requirePageActionAuth } from "~/http/auth.server";
import { clientAddressKey, enforceRateLimit, passRetryAfter } from "~/lib/rate-limit.server";
import { findMembership } from "~/models/teams";
import { sessionCookie } from "~/http/auth.server";
import { withActor } from "~/services/context.server";
import { acceptInvite, previewInvite, signUpAndJoin } from "~/services/teams.server";

/**
 * `/join/{token}`: where an invitation link leads. It names the workspace and who invited; a signed-in visitor
 * joins with one click, anyone else signs up for a demo here (or signs in and comes back). Every form is a
 * plain post, so it all works without JavaScript.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data && "invite" in data && data.invite ? `Join ${data.invite.workspaceName}` : "Invitation");

/**
 * The address holds the invitation's secret: never send it to another site as a referrer (`same-origin`, not
 * `no-referrer`, which makes browsers send `Origin: null` on the page's own form posts), never cache the page.
 */
export const headers: HeadersFunction = (args) => ({
  "Referrer-Policy": "same-origin",
  "Cache-Control": "no-store",
  ...passRetryAfter(args),
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token!;
  const [auth, preview] = await Promise.all([getPageAuth(request, context), previewInvite(context, { token })]);
  const signInEnabled = readOidcConfig(context.env) !== null;
  if (!preview) return data({ token, invite: null, viewer: null, signInEnabled }, { status: 404 });
  const alreadyMember = auth ? Boolean(await findMembership(context.db, preview.workspaceId, auth.user.id)) : false;
  const { workspaceId: _, ...invite } = preview;
  return {
    token,
    invite,
    viewer: auth ? { name: auth.user.name, alreadyMember } : null,
    signInEnabled,
  };
}

export type JoinActionData =
  { intent: "join"; error: string } | { intent: "signup"; result: SubmissionResult<string[]> };

export async function action({ request, context, params }: ActionFunctionArgs) {
  assertPageSameOrigin(request);
  const token = params.token!;
  const here = `/join/${token}`;
  const form = await request.clone().formData();
  const intent = form.get("intent");

  if (intent === "join") {
    const auth = await requirePageActionAuth(request, context, here);
    try {
      const joined = await acceptInvite(withActor(context, auth), { token, sessionId: auth.sessionId });
      return redirectWithFlash(request, "/dashboard", {
        title: joined.alreadyMember ? `Switched to ${joined.workspaceName}` : `Welcome to ${joined.workspaceName}`,
        description: joined.alreadyMember ? "You were already a member." : "You have joined the team.",
        variant: "success",
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return data<JoinActionData>(
        { intent: "join", error: error.message },
        { status: statusOf(error), headers: retryAfterHeaders(error) },
      );
    }
  }

  if (intent === "signup") {
    const submission = parseWithZod(form, { schema: demoSignupSchema });
    if (submission.status !== "success") {
      return data<JoinActionData>({ intent: "signup", result: submission.reply() }, { status: 400 });
    }
    try {
      await enforceRateLimit(context.env, "demoSignup", clientAddressKey(request));
      const out = await signUpAndJoin(context, { signup: submission.value, token });
      return redirectWithFlash(
        request,
        "/dashboard",
        out.joined
          ? {
              title: `Welcome to ${out.workspaceName}`,
              description: "Your demo account is ready and you have joined the team.",
              variant: "success",
            }
          : {
              title: "Your demo account is ready",
              description: "The invitation could no longer be used, so you are in a workspace of your own.",
            },
        { "Set-Cookie": sessionCookie(request, out.token) },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return data<JoinActionData>(
        { intent: "signup", result: submission.reply({ formErrors: [messageOf(error)] }) },
        { status: statusOf(error), headers: retryAfterHeaders(error) },
      );
    }
  }
  throw new Response("Unknown form", { status: 400 });
}

export default function JoinRoute() {
  const loaderData = useLoaderData<typeof loader>();
  // Successes are redirects; what comes back as data is a refusal or the form's errors.
  const actionData = useActionData<typeof action>() as JoinActionData | undefined;
  return <JoinPage {...loaderData} actionData={actionData} />;
}

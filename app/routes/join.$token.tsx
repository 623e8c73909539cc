import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { JoinPage } from "~/components/team/join-page";
import { plural } from "~/domain/labels";
import { demoSignupSchema, type DemoSignupInput } from "~/domain/schemas";
import { getPageAuth, requirePageActionAuth, sessionCookie } from "~/http/auth.server";
import { intent, publicPageAction } from "~/http/page-action.server";
import { redirectWithToast } from "~/http/toast.server";
import { readOidcConfig } from "~/integrations/identity/oidc";
import { pageMeta } from "~/lib/meta";
import { clientAddressKey, enforceRateLimit, passRetryAfter } from "~/lib/rate-limit.server";
import { withActor, type Ctx } from "~/services/context.server";
import { acceptInvite, signUpAndJoin, viewInvite } from "~/services/teams.server";

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
  const auth = await getPageAuth(request, context);
  const view = await viewInvite(context, { token, viewerId: auth?.user.id ?? null });
  const signInEnabled = readOidcConfig(context.env) !== null;
  if (!view) return data({ token, invite: null, viewer: null, signInEnabled }, { status: 404 });
  return {
    token,
    invite: view.invite,
    viewer: auth ? { name: auth.user.name, alreadyMember: view.alreadyMember } : null,
    signInEnabled,
  };
}

/**
 * Joining and signing up both land on the dashboard of the team's workspace, with or without JavaScript; a
 * refusal shows on the page, under its form. Someone whose name open tasks were typed for lands on /team instead,
 * where they can take them ("N tasks may be yours"): never linked without them.
 */
function landing(tasksTypedForYou: number, welcome: string) {
  if (tasksTypedForYou === 0) return { to: "/dashboard", description: welcome };
  const mayBe = `${plural(tasksTypedForYou, "task")} may be yours: see “Tasks typed for you”.`;
  return { to: "/team", description: `${welcome} ${mayBe}` };
}

const joinIntents = (token: string) => ({
  /** A signed-in visitor joins with one click (a visitor whose session ended comes back here to sign up). */
  join: intent({
    schema: z.object({}),
    errors: "form",
    run: async ({ ctx, request }: { ctx: Ctx; request: Request }) => {
      const auth = await requirePageActionAuth(request, ctx, `/join/${token}`);
      const joined = await acceptInvite(withActor(ctx, auth), { token, sessionId: auth.sessionId });
      const { to, description } = landing(
        joined.tasksTypedForYou,
        joined.alreadyMember ? "You were already a member." : "You have joined the team.",
      );
      throw redirectWithToast(request, to, {
        title: joined.alreadyMember ? `Switched to ${joined.workspaceName}` : `Welcome to ${joined.workspaceName}`,
        description,
        variant: "success",
      });
    },
  }),
  /** A visitor signs up for a demo and joins in one step. */
  signup: intent({
    schema: demoSignupSchema,
    errors: "form",
    run: async ({ ctx, value, request }: { ctx: Ctx; value: DemoSignupInput; request: Request }) => {
      await enforceRateLimit(ctx.env, "demoSignup", clientAddressKey(request));
      const out = await signUpAndJoin(ctx, { signup: value, token });
      const { to, description } = landing(
        out.tasksTypedForYou,
        "Your demo account is ready and you have joined the team.",
      );
      throw redirectWithToast(
        request,
        out.joined ? to : "/dashboard",
        out.joined
          ? { title: `Welcome to ${out.workspaceName}`, description, variant: "success" }
          : {
              title: "Your demo account is ready",
              description: "The invitation could no longer be used, so you are in a workspace of your own.",
            },
        { "Set-Cookie": sessionCookie(request, out.token) },
      );
    },
  }),
});

export const action = (args: ActionFunctionArgs) => publicPageAction(joinIntents(args.params.token!))(args);

export default function JoinRoute() {
  const loaderData = useLoaderData<typeof loader>();
  return <JoinPage {...loaderData} actionData={useActionData<typeof action>()} />;
}

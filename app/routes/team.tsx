import { parseWithZod } from "@conform-to/zod";
import { statusOf, toastOf, messageOf } from "~/http/errors.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Landing } from "~/components/landing";
import { TeamPage, type TeamActionData } from "~/components/team/team-page";
import { AppError } from "~/domain/errors";
import { inviteCreateSchema, memberRemoveSchema, memberRoleSchema } from "~/domain/teams";
import { clearFlashCookie, readFlash, redirectWithFlash } from "~/http/toast.server";
import { pageMeta } from "~/lib/meta";
import { getPageAuth, isDocumentRequest, requirePageActionAuth, shellUser } from "~/http/auth.server";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { toastFromMessage, type ToastMessage } from "~/lib/toast";
import type { Auth } from "~/services/auth.server";
import {
  changeMemberRole,
  createInvite,
  listInvites,
  listTeam,
  removeMember,
  revokeInvite,
} from "~/services/teams.server";
import { getMySlackLink, removeMySlackLink } from "~/services/slack/links.server";
import { plural } from "~/domain/labels";
import { withActor } from "~/services/context.server";

/**
 * `/team`: the current workspace's people and invitations. Everyone sees who is on the team and their own Slack
 * link (and can remove it); owners invite (with a plan that has room), revoke links, change roles and remove
 * people. Every form is a plain post.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Team" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const ctx = withActor(context, auth);
  const [team, invites, slackLink] = await Promise.all([
    listTeam(ctx),
    auth.role === "owner" ? listInvites(ctx) : Promise.resolve(null),
    getMySlackLink(ctx),
  ]);
  const flash = readFlash(request);
  return data(
    { signedIn: true as const, user: shellUser(auth), ...team, invites, slackLink, flash },
    flash ? { headers: { "Set-Cookie": clearFlashCookie(request) } } : undefined,
  );
}

const idSchema = z.string().trim().min(1).max(64);

type Outcome = { status: number; body: TeamActionData };

const refused = (intent: TeamActionData["intent"], error: unknown): Outcome => {
  if (!(error instanceof AppError)) throw error;
  return { status: statusOf(error), body: { intent, ok: false, toast: toastOf(error) } };
};

async function inviteIntent(
  request: Request,
  context: ActionFunctionArgs["context"],
  auth: Auth,
  form: FormData,
): Promise<Outcome> {
  const submission = parseWithZod(form, { schema: inviteCreateSchema });
  if (submission.status !== "success")
    return { status: 400, body: { intent: "invite", ok: false, result: submission.reply() } };
  try {
    const created = await createInvite(withActor(context, auth), {
      ...submission.value,
      origin: new URL(request.url).origin,
    });
    return {
      status: 200,
      body: { intent: "invite", ok: true, result: submission.reply({ resetForm: true }), link: created.url },
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      status: statusOf(error),
      body: { intent: "invite", ok: false, result: submission.reply({ formErrors: [messageOf(error)] }) },
    };
  }
}

function removedMessage(removed: Awaited<ReturnType<typeof removeMember>>) {
  const count = removed.tasksReassigned;
  if (count === 0) return `${removed.name} left the team.`;
  const tasks = plural(count, "task");
  const where = removed.reassignedTo ? `moved to ${removed.reassignedTo.name}` : "kept, now unassigned";
  return `${removed.name} left the team; their ${tasks} ${where}.`;
}

async function runIntent(
  request: Request,
  context: ActionFunctionArgs["context"],
  auth: Auth,
  form: FormData,
): Promise<Outcome> {
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "invite":
      return inviteIntent(request, context, auth, form);
    case "revoke": {
      const id = idSchema.safeParse(form.get("inviteId"));
      if (!id.success)
        return { status: 400, body: { intent, ok: false, toast: toastFromMessage("Choose an invitation") } };
      try {
        await revokeInvite(withActor(context, auth), { inviteId: id.data });
        return {
          status: 200,
          body: {
            intent,
            ok: true,
            toast: { title: "Invitation Revoked", description: "The link no longer works.", variant: "success" },
          },
        };
      } catch (error) {
        return refused(intent, error);
      }
    }
    case "role": {
      const userId = idSchema.safeParse(form.get("userId"));
      const role = memberRoleSchema.safeParse({ role: form.get("role") });
      if (!userId.success || !role.success)
        return { status: 400, body: { intent, ok: false, toast: toastFromMessage("Choose a member and a role") } };
      try {
        const changed = await changeMemberRole(withActor(context, auth), { userId: userId.data, role: role.data.role });
        const description = `${changed.name} is now ${changed.role === "owner" ? "an owner" : "a member"}.`;
        return {
          status: 200,
          body: { intent, ok: true, toast: { title: "Role Changed", description, variant: "success" } },
        };
      } catch (error) {
        return refused(intent, error);
      }
    }
    case "remove": {
      const userId = idSchema.safeParse(form.get("userId"));
      const options = memberRemoveSchema.safeParse({ reassignTo: form.get("reassignTo") ?? null });
      if (!userId.success || !options.success)
        return { status: 400, body: { intent, ok: false, toast: toastFromMessage("Choose a member") } };
      try {
        const removed = await removeMember(withActor(context, auth), {
          userId: userId.data,
          reassignTo: options.data.reassignTo,
        });
        return {
          status: 200,
          body: {
            intent,
            ok: true,
            toast: { title: "Member Removed", description: removedMessage(removed), variant: "success" },
          },
        };
      } catch (error) {
        return refused(intent, error);
      }
    }
    case "unlink-slack": {
      const removed = await removeMySlackLink(withActor(context, auth));
      return {
        status: removed ? 200 : 404,
        body: {
          intent,
          ok: removed,
          toast: removed
            ? {
                title: "Slack Link Removed",
                description: "Your Slack account no longer acts as you here.",
                variant: "success",
              }
            : toastFromMessage("You have no Slack link in this workspace."),
        },
      };
    }
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

/**
 * One action for the page's forms, switched on `intent`. Plain posts get Post/Redirect/Get with a flash, except
 * a new invitation: its link is shown once, in this response, and never put in a cookie or an address.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requirePageActionAuth(request, context, "/team");
  const { status, body } = await runIntent(request, context, auth, await request.formData());
  if (isDocumentRequest(request) && body.intent !== "invite" && body.toast) {
    return redirectWithFlash(request, "/team", body.toast as ToastMessage);
  }
  return data(body, { status });
}

export default function TeamRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as TeamActionData | undefined;
  if (!loaderData.signedIn) return <Landing />;
  return <TeamPage {...loaderData} actionData={actionData} />;
}

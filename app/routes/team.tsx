import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Landing } from "~/components/landing";
import { TeamPage } from "~/components/team/team-page";
import { AppError } from "~/domain/errors";
import { plural } from "~/domain/labels";
import { inviteCreateSchema, memberRemoveSchema, memberRoleSchema } from "~/domain/teams";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { linkOutsideName, listOutsideNamesForTeam } from "~/services/assignees.server";
import { readTogether, withActor } from "~/services/context.server";
import { getMySlackLink, removeMySlackLink } from "~/services/slack/links.server";
import { getMyMorningDm, saveMyMorningDm } from "~/services/morning-dm.server";
import { morningDmSchema } from "~/domain/schemas";
import {
  changeMemberRole,
  createInvite,
  listInvites,
  listTeam,
  removeMember,
  revokeInvite,
} from "~/services/teams.server";

/**
 * `/team`: the current workspace's people and invitations. Everyone sees who is on the team and their own Slack
 * link (and can remove it); owners invite (with a plan that has room), revoke links, change roles and remove
 * people. Everyone sees the open tasks typed for names that may be theirs and takes them ('They're mine'); owners
 * link any outside name to a member. Every form is a plain post.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Team" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const ctx = withActor(context, auth);
  const [team, invites, slackLink, outsideNames, morningDm] = await readTogether(ctx, () => [
    listTeam(ctx),
    auth.role === "owner" ? listInvites(ctx) : Promise.resolve(null),
    getMySlackLink(ctx),
    listOutsideNamesForTeam(ctx),
    getMyMorningDm(ctx),
  ]);
  return data({ signedIn: true as const, user: await shellUser(auth), ...team, invites, slackLink, outsideNames, morningDm });
}

const idField = (message: string) => z.string({ required_error: message }).trim().min(1, message).max(64, message);

function removedMessage(removed: Awaited<ReturnType<typeof removeMember>>) {
  const count = removed.tasksReassigned;
  if (count === 0) return `${removed.name} left the team.`;
  const tasks = plural(count, "task");
  const where = removed.reassignedTo ? `moved to ${removed.reassignedTo.name}` : "kept, now unassigned";
  return `${removed.name} left the team; their ${tasks} ${where}.`;
}

/**
 * One action for the page's forms, switched on `intent`. Plain posts get Post/Redirect/Get with a toast, except
 * a new invitation: its link is shown once, in this response, and never put in a cookie or an address.
 */
export const action = pageAction(
  {
    invite: intent({
      schema: inviteCreateSchema,
      errors: "form",
      run: async ({ ctx, value, request }) => {
        const created = await createInvite(ctx, { ...value, origin: new URL(request.url).origin });
        return { data: { link: created.url } };
      },
    }),
    revoke: intent({
      schema: z.object({ inviteId: idField("Choose an invitation") }),
      run: async ({ ctx, value }) => {
        await revokeInvite(ctx, value);
        return { toast: { title: "Invitation Revoked", description: "The link no longer works.", variant: "success" } };
      },
    }),
    role: intent({
      schema: memberRoleSchema.extend({ userId: idField("Choose a member and a role") }),
      run: async ({ ctx, value }) => {
        const changed = await changeMemberRole(ctx, value);
        const description = `${changed.name} is now ${changed.role === "owner" ? "an owner" : "a member"}.`;
        return { toast: { title: "Role Changed", description, variant: "success" } };
      },
    }),
    remove: intent({
      schema: memberRemoveSchema.extend({ userId: idField("Choose a member") }),
      run: async ({ ctx, value }) => {
        const removed = await removeMember(ctx, value);
        return { toast: { title: "Member Removed", description: removedMessage(removed), variant: "success" } };
      },
    }),
    /** 'They're mine' (userId is the caller's own), or an owner linking an outside name to a member. */
    "link-outside": intent({
      schema: z.object({
        name: z.string({ required_error: "Choose a name" }).trim().min(1, "Choose a name").max(100),
        userId: idField("Choose a member"),
      }),
      run: async ({ ctx, value }) => {
        const out = await linkOutsideName(ctx, value);
        const whose = out.member.id === ctx.actor.user.id ? "yours" : `${out.member.name}'s`;
        const description = out.linked
          ? `${plural(out.linked, "open task")} typed for “${out.name}” ${out.linked === 1 ? "is" : "are"} now ${whose}.`
          : `No open task is typed for “${out.name}” any more.`;
        const undo = out.linked ? { at: ctx.now.toISOString() } : undefined;
        return { toast: { title: "Tasks Linked", description, variant: "success", undo } };
      },
    }),
    /** The caller's own morning DM ("My notifications"). */
    "morning-dm": intent({
      schema: morningDmSchema,
      errors: "form",
      run: async ({ ctx, value }) => {
        const saved = await saveMyMorningDm(ctx, value);
        const description = saved.enabled
          ? `Your morning DM comes at ${String(saved.hour).padStart(2, "0")}:00 (${saved.timezone}).`
          : "No morning DM.";
        return { toast: { title: "Notifications Saved", description, variant: "success" }, resetForm: false };
      },
    }),
    "unlink-slack": intent({
      schema: z.object({}),
      run: async ({ ctx }) => {
        if (!(await removeMySlackLink(ctx)))
          throw new AppError("not_found", "You have no Slack link in this workspace.");
        const description = "Your Slack account no longer acts as you here.";
        return { toast: { title: "Slack Link Removed", description, variant: "success" } };
      },
    }),
  },
  { signedOutTo: "/team" },
);

export default function TeamRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <Landing />;
  return <TeamPage {...loaderData} actionData={actionData} />;
}

import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation, type useActionData } from "@remix-run/react";
import { Link2, Link2Off, LoaderCircle, Lock, MessageSquare, ShieldCheck, UserMinus, UserPlus } from "lucide-react";
import { useId } from "react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { FieldError, FormError } from "~/components/field-error";
import { CopyField } from "~/components/slack/copy-field";
import { FlashBanner } from "~/components/flash";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import {
  hasFreeSeat,
  INVITE_DEFAULTS,
  inviteCreateSchema,
  teamFullMessage,
  upgradeFor,
  type InviteState,
  type TeamSeats,
} from "~/domain/teams";
import { PLANS } from "~/domain/tiers";
import type { getMySlackLink } from "~/services/slack/links.server";
import type { OutsideName } from "~/services/assignees.server";
import type { InviteDto, MemberDto } from "~/services/teams.server";
import { OutsideNamesCard, TasksTypedForYouCard } from "./typed-names";
import { MorningDmCard } from "./morning-dm-card";
import type { MorningDmSettings } from "~/services/morning-dm.server";
import { plural, pluralWord } from "~/domain/labels";
import { formatShortDay } from "~/domain/dates";
import { useOnChange } from "~/lib/use-on-change";
import type { action } from "~/routes/team";

type SlackLink = Awaited<ReturnType<typeof getMySlackLink>>;

const STATE_BADGES: Record<InviteState, { label: string; variant: "success" | "muted" | "warning" }> = {
  active: { label: "Active", variant: "success" },
  expired: { label: "Expired", variant: "muted" },
  revoked: { label: "Revoked", variant: "muted" },
  used_up: { label: "Used", variant: "muted" },
};

function seatsLine(seats: TeamSeats) {
  const people = plural(seats.count, "person", "people");
  if (seats.limit === null) return `${people}; your plan has room for everyone you invite.`;
  return `${people} of ${seats.limit} on the ${seats.tier === "free" ? "Free" : PLANS.basic.name} plan.`;
}

export function TeamPage({
  user,
  members,
  seats,
  invites,
  slackLink,
  outsideNames,
  morningDm,
  actionData,
}: {
  user: ShellUser;
  members: MemberDto[];
  seats: TeamSeats;
  invites: InviteDto[] | null;
  slackLink: SlackLink;
  outsideNames: { forYou: OutsideName[]; all: OutsideName[] | null };
  morningDm: MorningDmSettings;
  actionData: ReturnType<typeof useActionData<typeof action>>;
}) {
  const toast = useToast();
  const isOwner = user.role === "owner";
  useOnChange(actionData?.toast, toast);

  return (
    <AppShell user={user}>
      <PageHeader title="Team" description={`${user.workspaceName}: ${seatsLine(seats)}`} />
      <FlashBanner />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid content-start gap-6">
          <MembersCard members={members} isOwner={isOwner} />
          {outsideNames.all?.length ? <OutsideNamesCard names={outsideNames.all} members={members} /> : null}
        </div>
        <div className="grid content-start gap-6">
          {outsideNames.forYou.length ? <TasksTypedForYouCard names={outsideNames.forYou} meId={user.userId} /> : null}
          {isOwner ? (
            <InviteCard
              seats={seats}
              invites={invites ?? []}
              link={actionData?.intent === "invite" ? actionData.data?.link : undefined}
              lastResult={actionData?.intent === "invite" ? actionData.result : undefined}
            />
          ) : (
            <Card role="note" aria-label="Team management">
              <CardHeader>
                <CardTitle asChild>
                  <h2 className="flex items-center gap-2">
                    <ShieldCheck className="size-5 text-brand-600" aria-hidden />
                    Owners manage the team
                  </h2>
                </CardTitle>
                <CardDescription>
                  Owners invite people, change roles, and run the workspace's settings, billing and Slack. Ask an owner
                  if someone should join.
                </CardDescription>
              </CardHeader>
            </Card>
          )}
          <SlackLinkCard link={slackLink} />
          <MorningDmCard
            settings={morningDm}
            lastResult={actionData?.intent === "morning-dm" ? actionData.result : undefined}
          />
        </div>
      </div>
    </AppShell>
  );
}

/** The caller's own Slack identity in this workspace: who in Slack acts as them, and the way to stop it. */
function SlackLinkCard({ link }: { link: SlackLink }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Card role="region" aria-labelledby="slack-link-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="slack-link-title" className="flex items-center gap-2">
            <MessageSquare className="size-5 text-brand-600" aria-hidden />
            Your Slack link
          </h2>
        </CardTitle>
        <CardDescription>
          {link ? (
            <>
              Slack user <strong className="font-semibold text-slate-900">{link.slackUser}</strong>
              {link.teamName ? (
                <>
                  {" "}
                  in <strong className="font-semibold text-slate-900">{link.teamName}</strong>
                </>
              ) : null}{" "}
              acts as you in this workspace's Slack commands and buttons.
            </>
          ) : (
            "No Slack account acts as you here. Run any Cueboard command in Slack to get a link to confirm."
          )}
        </CardDescription>
      </CardHeader>
      {link ? (
        <CardContent>
          <Form method="post">
            <input type="hidden" name="intent" value="unlink-slack" />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              <Link2Off aria-hidden />
              Remove Slack link
            </Button>
          </Form>
        </CardContent>
      ) : null}
    </Card>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

function MembersCard({ members, isOwner }: { members: MemberDto[]; isOwner: boolean }) {
  const ownerCount = members.filter((m) => m.role === "owner").length;
  return (
    <Card role="region" aria-labelledby="members-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="members-title">Members</h2>
        </CardTitle>
        <CardDescription>
          Owners run the workspace; members work on its tasks. Anyone here can be assigned tasks.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {members.map((member) => (
            <li key={member.userId} className="grid gap-3 py-3 first:pt-0 last:pb-0">
              <MemberRow member={member} />
              {isOwner ? (
                <MemberActions
                  member={member}
                  others={members.filter((m) => m.userId !== member.userId)}
                  lastOwner={member.role === "owner" && ownerCount === 1}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MemberRow({ member }: { member: MemberDto }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700"
      >
        {initials(member.name)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
          <span className="break-words">{member.name}</span>
          {member.you ? <Badge variant="outline">You</Badge> : null}
        </p>
        {member.email ? <p className="truncate text-sm text-slate-600">{member.email}</p> : null}
      </div>
      <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
        {member.slackLinked ? (
          <Badge variant="muted" title="Linked to a Slack user">
            <MessageSquare className="size-3" aria-hidden />
            <span className="sr-only sm:not-sr-only">Slack</span>
          </Badge>
        ) : null}
        <Badge variant={member.role === "owner" ? "default" : "muted"}>
          {member.role === "owner" ? "Owner" : "Member"}
        </Badge>
      </div>
    </div>
  );
}

/**
 * An owner's controls for one person: the role switch, and removal behind a disclosure (a native <details>, so
 * it opens without JavaScript) that asks where their tasks go. The last owner gets neither.
 */
function MemberActions({ member, others, lastOwner }: { member: MemberDto; others: MemberDto[]; lastOwner: boolean }) {
  const busy = useNavigation().state === "submitting";
  const reassignId = useId();
  if (lastOwner) {
    return (
      <p className="pl-12 text-xs text-slate-500">The only owner: make someone else an owner before changing this.</p>
    );
  }
  return (
    <div className="flex flex-wrap items-start gap-2 pl-12">
      <Form method="post">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="userId" value={member.userId} />
        <input type="hidden" name="role" value={member.role === "owner" ? "member" : "owner"} />
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          <ShieldCheck aria-hidden />
          {member.role === "owner" ? "Make member" : "Make owner"}
          <span className="sr-only"> – {member.name}</span>
        </Button>
      </Form>
      <details className="group min-w-0 flex-1 basis-56">
        <summary className="inline-flex h-8 cursor-pointer list-none items-center gap-2 rounded-md px-3 text-xs font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
          <UserMinus className="size-4" aria-hidden />
          {member.you ? "Leave team" : "Remove"}
          <span className="sr-only"> – {member.name}</span>
        </summary>
        <Form method="post" className="mt-2 grid gap-2 rounded-lg border border-red-100 bg-red-50/50 p-3">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="userId" value={member.userId} />
          <Label htmlFor={reassignId} className="text-xs">
            Their tasks
          </Label>
          <NativeSelect id={reassignId} name="reassignTo" defaultValue="" className="h-9">
            <option value="">Keep them, unassigned</option>
            {others.map((other) => (
              <option key={other.userId} value={other.userId}>
                Hand them to {other.name}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" variant="destructive" size="sm" disabled={busy} className="justify-self-start">
            {member.you ? "Leave the team" : `Remove ${member.name}`}
          </Button>
        </Form>
      </details>
    </div>
  );
}

function InviteCard({
  seats,
  invites,
  link,
  lastResult,
}: {
  seats: TeamSeats;
  invites: InviteDto[];
  /** A new invitation's link: shown once, right here. */
  link?: string;
  /** The invite form's reply (field errors, or a reset after success). */
  lastResult?: SubmissionResult<string[]>;
}) {
  const room = hasFreeSeat(seats);
  return (
    <Card role="region" aria-labelledby="invite-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="invite-title">Invite people</h2>
        </CardTitle>
        <CardDescription>
          Send crew a link. Whoever opens it can join with a free demo account or by signing in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {link ? <NewInviteLink link={link} /> : null}
        {room ? <InviteForm lastResult={lastResult} /> : <UpgradePrompt seats={seats} />}
        <InviteList invites={invites} />
      </CardContent>
    </Card>
  );
}

/** A free workspace, or a full Basic team: the plan that makes room, instead of a button that cannot work. */
function UpgradePrompt({ seats }: { seats: TeamSeats }) {
  const next = upgradeFor(seats.tier);
  return (
    <section
      aria-labelledby="upgrade-team-title"
      className="flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4"
    >
      <div className="flex gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700">
          <Lock className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 id="upgrade-team-title" className="font-semibold text-slate-900">
            {next ? `Invite your crew with ${PLANS[next].name}` : "The team is full"}
          </h3>
          <p className="mt-0.5 text-sm text-slate-700">{teamFullMessage(seats)}</p>
        </div>
      </div>
      {next ? (
        <Button asChild className="self-start">
          <Link to="/landing#plans">Upgrade Plan</Link>
        </Button>
      ) : null}
    </section>
  );
}

function NewInviteLink({ link }: { link: string }) {
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
        <Link2 className="size-4" aria-hidden />
        Invitation link created
      </p>
      <CopyField id="new-invite-link" label="Invite link" value={link} what="link" />
      <p className="text-xs text-emerald-900">
        Copy it now: Cueboard keeps only a fingerprint of the link, so it cannot show it again. Lost it? Revoke it and
        create another.
      </p>
    </div>
  );
}

function InviteForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "invite",
    lastResult,
    defaultValue: { maxUses: String(INVITE_DEFAULTS.maxUses), expiresInDays: String(INVITE_DEFAULTS.expiresInDays) },
    constraint: getZodConstraint(inviteCreateSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteCreateSchema }),
  });
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="invite" />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={fields.maxUses.id}>People who can use it</Label>
          <Input {...getInputProps(fields.maxUses, { type: "number" })} key={fields.maxUses.key} inputMode="numeric" />
          <FieldError id={fields.maxUses.errorId} errors={fields.maxUses.errors} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fields.expiresInDays.id}>Expires after (days)</Label>
          <Input
            {...getInputProps(fields.expiresInDays, { type: "number" })}
            key={fields.expiresInDays.key}
            inputMode="numeric"
          />
          <FieldError id={fields.expiresInDays.errorId} errors={fields.expiresInDays.errors} />
        </div>
      </div>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
        Create invite link
      </Button>
    </Form>
  );
}

function InviteList({ invites }: { invites: InviteDto[] }) {
  const busy = useNavigation().state === "submitting";
  if (invites.length === 0) return <p className="text-sm text-slate-600">No invitations yet.</p>;
  return (
    <section aria-labelledby="invites-title" className="grid gap-2">
      <h3 id="invites-title" className="text-sm font-semibold text-slate-900">
        Invitations
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {invites.map((invite) => {
          const badge = STATE_BADGES[invite.state];
          return (
            <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 text-slate-900">
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                  <span>
                    {invite.uses} of {invite.maxUses} {pluralWord(invite.maxUses, "use")}
                  </span>
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  {invite.createdByName ? `By ${invite.createdByName}, ` : ""}
                  {invite.state === "expired" ? "expired" : "expires"} {formatShortDay(invite.expiresAt)}
                </p>
              </div>
              {invite.state === "active" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="inviteId" value={invite.id} />
                  <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                    Revoke<span className="sr-only"> the invitation expiring {formatShortDay(invite.expiresAt)}</span>
                  </Button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

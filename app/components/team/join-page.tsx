import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation, type useActionData } from "@remix-run/react";
import { LoaderCircle, LogIn, Users } from "lucide-react";
import { SignupFields, useDemoSignupForm } from "~/components/demo-signup-card";
import { FormError } from "~/components/field-error";
import { NoticePage } from "~/components/notice-page";
import { Button } from "~/components/ui/button";
import type { InviteState } from "~/domain/teams";
import type { action } from "~/routes/join.$token";

interface JoinInvite {
  workspaceName: string;
  eventName: string | null;
  inviterName: string | null;
  expiresAt: string;
  state: InviteState;
  teamFull: boolean;
}

const DEAD_LINK: Record<Exclude<InviteState, "active">, { title: string; text: string }> = {
  expired: {
    title: "This invitation has expired",
    text: "Invitation links work for a limited time. Ask the person who invited you for a new one.",
  },
  revoked: {
    title: "This invitation was withdrawn",
    text: "The workspace owner withdrew this link. Ask them for a new one if you should still join.",
  },
  used_up: {
    title: "This invitation has been used",
    text: "Every use of this link has been taken. Ask the person who invited you for a new one.",
  },
};

const homeLink = (
  <Button asChild variant="secondary">
    <a href="/">Go to Cueboard</a>
  </Button>
);

/**
 * The join page for an invitation link, outside the workspace frame (the visitor may not have an account yet).
 * Dead links explain themselves; live ones offer one-click joining when signed in, a demo signup otherwise.
 */
export function JoinPage({
  token,
  invite,
  viewer,
  signInEnabled,
  actionData,
}: {
  token: string;
  invite: JoinInvite | null;
  viewer: { name: string; alreadyMember: boolean } | null;
  signInEnabled: boolean;
  actionData: ReturnType<typeof useActionData<typeof action>>;
}) {
  if (!invite) {
    return (
      <NoticePage eyebrow="Invitation" title="Invitation not found" actions={homeLink}>
        <p>This invitation link is not valid. Check that it was copied completely, or ask for a new one.</p>
      </NoticePage>
    );
  }
  const team = invite.eventName ? `${invite.workspaceName} (${invite.eventName})` : invite.workspaceName;
  const usable = invite.state === "active" && !invite.teamFull;

  if (!usable && !viewer?.alreadyMember) {
    const dead = invite.state === "active" ? null : DEAD_LINK[invite.state];
    return (
      <NoticePage
        eyebrow={`Invitation to ${invite.workspaceName}`}
        title={dead?.title ?? "This team is full"}
        actions={homeLink}
      >
        <p>
          {dead?.text ??
            "The team has no room for another member on its current plan. Ask the workspace owner to upgrade or free a seat."}
        </p>
      </NoticePage>
    );
  }

  return (
    <NoticePage
      eyebrow="Invitation"
      title={`Join ${invite.workspaceName}`}
      actions={
        viewer ? (
          <Form method="post" className="w-full">
            <input type="hidden" name="intent" value="join" />
            <JoinButton
              label={viewer.alreadyMember ? `Open ${invite.workspaceName}` : `Join ${invite.workspaceName}`}
            />
          </Form>
        ) : null
      }
    >
      <p className="flex gap-2">
        <Users className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden />
        <span>
          {invite.inviterName ? (
            <strong className="font-semibold text-slate-900">{invite.inviterName}</strong>
          ) : (
            "A producer"
          )}{" "}
          invited you to work on <strong className="font-semibold text-slate-900">{team}</strong> in Cueboard: shared
          tasks, deadlines and a countdown to the show.
        </span>
      </p>
      {actionData?.intent === "join" ? (
        <FormError id="join-error" errors={actionData.result?.error?.[""] ?? undefined} />
      ) : null}
      {viewer ? (
        <p className="text-sm">
          {viewer.alreadyMember ? "You are already a member, signed in as " : "You are signed in as "}
          <strong className="font-semibold text-slate-900">{viewer.name}</strong>.
        </p>
      ) : (
        <JoinSignupForm
          token={token}
          lastResult={actionData?.intent === "signup" ? actionData.result : undefined}
          signInEnabled={signInEnabled}
        />
      )}
    </NoticePage>
  );
}

function JoinButton({ label }: { label: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy}>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
      {label}
    </Button>
  );
}

/** The demo signup, here joining the team as well; the same fields and messages as the landing page's. */
function JoinSignupForm({
  token,
  lastResult,
  signInEnabled,
}: {
  token: string;
  lastResult?: SubmissionResult<string[]>;
  signInEnabled: boolean;
}) {
  const [form, fields, onSubmit] = useDemoSignupForm("join-signup", lastResult);
  const busy = useNavigation().state === "submitting";

  return (
    <div className="mt-2 grid gap-4 border-t border-slate-200 pt-5">
      <h2 className="text-base font-semibold text-slate-900">Join with a free demo account</h2>
      <Form method="post" className="grid gap-4" {...getFormProps(form)} onSubmit={onSubmit}>
        {/* Not disabled while submitting: a plain post sends no disabled fields. */}
        <SignupFields form={form} fields={fields} busy={false} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {busy ? "Joining..." : "Join the team"}
        </Button>
        <p className="text-xs leading-relaxed text-slate-500">
          Instant access, no credit card. You also get a workspace of your own to try things in.
        </p>
      </Form>
      {signInEnabled ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          Have a Cueboard account?
          <Button asChild variant="link" className="h-auto px-0">
            <a href={`/api/login?redirect=${encodeURIComponent(`/join/${token}`)}`}>
              <LogIn aria-hidden />
              Sign in to join
            </a>
          </Button>
        </p>
      ) : null}
    </div>
  );
}

import { Form, useNavigation } from "@remix-run/react";
import { LoaderCircle, LogIn, MessageSquare, TriangleAlert } from "lucide-react";
import { NoticePage } from "~/components/notice-page";
import { Button, buttonVariants } from "~/components/ui/button";
import { RATE_LIMITS } from "~/domain/rate-limits";
import { SLACK_LINK_ABILITIES } from "~/domain/slack-links";
import type { SlackLinkPreview } from "~/services/slack/links.server";

const REFUSALS = {
  invalid: {
    title: "This link no longer works",
    text: "Links from Slack work once, for 15 minutes, and only while the Slack app that sent them is installed. Run any Cueboard command in Slack to get a fresh one.",
  },
  other_workspace: {
    title: "This link is for another workspace",
    text: "It was sent by the Slack app of a Cueboard workspace other than the one you have open. If you are a member of that workspace, switch to it on the Workspaces page and open the link again.",
  },
  rate_limited: {
    title: "Too many Slack link attempts",
    text: RATE_LIMITS.slackLink.message,
  },
} as const;

const backLink = (
  <a href="/dashboard" className={buttonVariants({ variant: "secondary" })}>
    Back to Cueboard
  </a>
);

/**
 * The consent page for linking a Slack user to the signed-in member: who in Slack, which Slack workspace, what
 * they could then do as the member, and what the link replaces. A plain form post confirms.
 */
export function SlackLinkPage({
  token,
  preview,
  signInEnabled,
}: {
  token: string;
  preview: SlackLinkPreview | { state: keyof typeof REFUSALS } | null;
  signInEnabled: boolean;
}) {
  if (!preview) {
    return (
      <NoticePage
        eyebrow="Link Slack"
        title="Sign in to link your Slack account"
        actions={
          <>
            {signInEnabled ? (
              <a href={`/api/login?redirect=${encodeURIComponent(`/slack/link/${token}`)}`} className={buttonVariants()}>
                <LogIn aria-hidden />
                Sign in and come back
              </a>
            ) : null}
            {backLink}
          </>
        }
      >
        <p>
          Open this link in the browser where you use Cueboard, signed in as the member the Slack account belongs to.
          You will be asked to confirm before anything is linked.
        </p>
      </NoticePage>
    );
  }
  if (preview.state !== "ready") {
    const refusal = REFUSALS[preview.state];
    return (
      <NoticePage eyebrow="Link Slack" title={refusal.title} actions={backLink}>
        <p>{refusal.text}</p>
      </NoticePage>
    );
  }

  const strong = (text: string) => <strong className="font-semibold text-slate-900">{text}</strong>;
  return (
    <NoticePage
      eyebrow="Link Slack"
      title="Link this Slack account to you?"
      actions={
        <>
          <Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <ConfirmButton />
          </Form>
          <a href="/dashboard" className={buttonVariants({ variant: "secondary" })}>
            Cancel
          </a>
        </>
      }
    >
      <p className="flex gap-2">
        <MessageSquare className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden />
        <span>
          Slack user {strong(preview.slackUser)} in the Slack workspace {strong(preview.teamName)} asks to use Cueboard as{" "}
          {strong(preview.memberName)} in {strong(preview.workspaceName)}.
        </span>
      </p>
      <div>
        <p>Once linked, this Slack account can, as you and in this workspace only:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {SLACK_LINK_ABILITIES.map((ability) => (
            <li key={ability}>{ability}</li>
          ))}
        </ul>
      </div>
      {preview.replacesHolder || preview.replacesOwnLink ? (
        <div role="alert" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="grid gap-1">
            {preview.replacesHolder ? (
              <p>
                This Slack account acts as <strong className="font-semibold">{preview.replacesHolder}</strong> now; linking it
                to you replaces that link.
              </p>
            ) : null}
            {preview.replacesOwnLink ? (
              <p>
                You are linked to Slack user <strong className="font-semibold">{preview.replacesOwnLink}</strong> now; this
                replaces that link.
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      {preview.alreadyYours ? <p className="text-sm">This Slack account is already linked to you.</p> : null}
      <p className="text-sm">
        Only confirm if this Slack account is yours. If someone else sent you this link, do not confirm: they would act
        as you. You can remove the link at any time on the Team page.
      </p>
    </NoticePage>
  );
}

function ConfirmButton() {
  const busy = useNavigation().state === "submitting";
  return (
    <Button type="submit" disabled={busy}>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
      Link Slack account
    </Button>
  );
}

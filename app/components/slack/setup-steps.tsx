import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { REINSTALL_NOTE, SLACK_ACCESS_REASONS, SLACK_NEW_APP_URL } from "~/domain/slack-setup";

/**
 * The words of the five setup steps, shared by the wizard dialog and the /slack-setup page (the same
 * steps without JavaScript), so both always say the same thing.
 */

function Steps({ children }: { children: ReactNode }) {
  return <ol className="grid list-decimal gap-2 pl-5 text-sm text-slate-700 marker:text-slate-400">{children}</ol>;
}

const em = "font-medium text-slate-900";

export function WelcomeStep() {
  return (
    <div className="grid gap-3 text-sm text-slate-700">
      <p>
        Cueboard&apos;s Slack bot runs as <strong className={em}>your team&apos;s own Slack app</strong>. Each beta
        tester creates a private app in their Slack workspace from our manifest, so your tasks, tokens and messages
        never share an app with another team.
      </p>
      <p>It takes about five minutes:</p>
      <Steps>
        <li>Create the app in Slack from our manifest.</li>
        <li>Check the redirect URL Slack sends people back to.</li>
        <li>Paste the app&apos;s Client ID, Client Secret and Signing Secret here.</li>
        <li>Install it with &apos;Add to Slack&apos; and try /tasks in your production channel.</li>
      </Steps>
      <p className="text-slate-600">You need permission to install apps in your Slack workspace.</p>
    </div>
  );
}

export function OpenSlackAppsButton() {
  return (
    <Button asChild variant="secondary">
      <a href={SLACK_NEW_APP_URL} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden />
        Open Slack&apos;s app page
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </Button>
  );
}

export function ManifestStepIntro() {
  return (
    <Steps>
      <li>
        Open Slack&apos;s app page and choose <strong className={em}>From a manifest</strong>.
      </li>
      <li>Pick the Slack workspace your crew uses.</li>
      <li>
        On the <strong className={em}>JSON</strong> tab, replace the example with the manifest below, then click{" "}
        <strong className={em}>Next</strong> and <strong className={em}>Create</strong>.
      </li>
    </Steps>
  );
}

export function ManifestStepNote() {
  return (
    <div className="grid gap-3 text-sm text-slate-600">
      <p>
        The manifest sets up the bot, the five slash commands, the &apos;Create task from message&apos; shortcut and the
        addresses Slack calls. If Slack says the events URL is not verified yet, carry on: it can verify it once your
        credentials are saved in step 4.
      </p>
      <div className="grid gap-1.5">
        <p>It also asks Slack for:</p>
        <ul className="grid list-disc gap-1.5 pl-5 marker:text-slate-400">
          {SLACK_ACCESS_REASONS.map(({ what, grants, why }) => (
            <li key={what}>
              <strong className={em}>{what}</strong> <span className="font-mono text-xs break-words">({grants})</span>:{" "}
              {why}
            </li>
          ))}
        </ul>
      </div>
      <p className="rounded-md bg-amber-50 p-3 text-amber-900">{REINSTALL_NOTE}</p>
    </div>
  );
}

export function RedirectStepIntro() {
  return (
    <p className="text-sm text-slate-700">
      In your new app, open <strong className={em}>OAuth &amp; Permissions</strong> and find{" "}
      <strong className={em}>Redirect URLs</strong>. The manifest already added the URL below; if it is missing, click{" "}
      <strong className={em}>Add New Redirect URL</strong>, paste it and click <strong className={em}>Save URLs</strong>
      . Slack sends people back to it after they approve the install.
    </p>
  );
}

export function CredentialsStepIntro() {
  return (
    <p className="text-sm text-slate-700">
      In your app&apos;s <strong className={em}>Basic Information</strong> page, under{" "}
      <strong className={em}>App Credentials</strong>, copy these three values. The secrets are stored encrypted and
      never shown again; the Signing Secret lets Cueboard check that requests really come from Slack.
    </p>
  );
}

export function CompleteStepText() {
  return (
    <div className="grid gap-3 text-sm text-slate-700">
      <p>Your app&apos;s credentials are saved. Two things are left:</p>
      <Steps>
        <li>
          Click <strong className={em}>&apos;Add to Slack&apos;</strong> and approve the install in Slack. Cueboard
          links your Slack account to you as it installs.
        </li>
        <li>
          In your app&apos;s <strong className={em}>Event Subscriptions</strong> page, click{" "}
          <strong className={em}>Retry</strong> next to the Request URL. Slack can verify it now that the signing secret
          is saved; @mentions, the capture emoji and uninstall notices need it.
        </li>
      </Steps>
      <p className="text-slate-600">Test Connection checks the bot&apos;s token once the app is installed.</p>
    </div>
  );
}

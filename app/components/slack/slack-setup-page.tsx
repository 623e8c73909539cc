import { useRevalidator } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppShell, BackLink, PageHeader, type ShellUser } from "~/components/app-shell";
import { FlashBanner } from "~/components/flash";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { SETUP_STEP_COUNT, SETUP_STEP_TITLES } from "~/domain/slack-setup";
import type { SlackOverview } from "~/services/slack/overview.server";
import { CopyField } from "./copy-field";
import { CredentialsForm } from "./credentials-form";
import { CaptureSettings } from "./capture-settings";
import { DigestSettings } from "./digest-settings";
import {
  CompleteStepText,
  CredentialsStepIntro,
  ManifestStepIntro,
  ManifestStepNote,
  OpenSlackAppsButton,
  RedirectStepIntro,
  WelcomeStep,
} from "./setup-steps";
import { TestConnectionButton } from "./test-connection-button";

export interface SlackSetupPageProps {
  user: ShellUser;
  slack: SlackOverview;
  manifest: string | null;
}

/** The five wizard steps laid out on one page, then the morning digest and the capture emoji; every form works without JavaScript. */
export function SlackSetupPage({ user, slack, manifest }: SlackSetupPageProps) {
  const { status, digest, capture, canManage, redirectUrl } = slack;
  const toast = useToast();
  const revalidator = useRevalidator();

  return (
    <AppShell user={user}>
      <PageHeader
        title="Slack setup"
        description="Connect your team's own Slack app in five steps."
        actions={<BackLink to="/dashboard">Dashboard</BackLink>}
      />

      {/* A form posted without JavaScript comes back here with its outcome (the root shows it as a toast later). */}
      <FlashBanner />

      <p className="mb-6 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        Bot Status
        <Badge variant={status.installed ? "success" : "muted"}>
          {status.installed ? "Connected" : "Ready to Install"}
        </Badge>
        {status.installed && status.teamName ? <span>Installed in {status.teamName}.</span> : null}
      </p>

      {canManage && manifest ? (
        <ol className="grid gap-6">
          <Step n={1}>
            <WelcomeStep />
          </Step>
          <Step n={2}>
            <ManifestStepIntro />
            <div>
              <OpenSlackAppsButton />
            </div>
            <CopyField id="page-manifest" label="App manifest (JSON)" value={manifest} what="Manifest" multiline />
            <ManifestStepNote />
          </Step>
          <Step n={3}>
            <RedirectStepIntro />
            <CopyField id="page-redirect-url" label="Redirect URL" value={redirectUrl} what="Redirect URL" />
          </Step>
          <Step n={4}>
            <CredentialsStepIntro />
            {status.hasCredentials ? (
              <p className="text-sm text-slate-600">
                Credentials are saved. Saving new ones replaces them; a different Client ID is another app, which you
                then install again.
              </p>
            ) : null}
            <CredentialsForm
              idPrefix="page"
              onSaved={() => {
                revalidator.revalidate();
                toast({
                  title: "Slack Setup Complete",
                  description: "Now click 'Add to Slack' to connect Cueboard to your Slack workspace.",
                  variant: "success",
                });
              }}
            />
          </Step>
          <Step n={5} title={status.hasCredentials ? undefined : "Install and test"}>
            {status.hasCredentials ? (
              <CompleteStepText />
            ) : (
              <p className="text-sm text-slate-700">Save your app&apos;s credentials in step 4 first.</p>
            )}
            <div className="flex flex-wrap gap-2">
              {status.hasCredentials ? (
                <Button asChild>
                  <a href="/api/slack/install">Add to Slack</a>
                </Button>
              ) : null}
              <TestConnectionButton label="Test Connection" />
            </div>
          </Step>
        </ol>
      ) : (
        <Card className="mb-6">
          <CardContent className="pt-5 sm:pt-6">
            <p className="text-sm text-slate-700">
              Only the workspace owner can set up Slack. Ask them to connect your team&apos;s Slack app.
            </p>
          </CardContent>
        </Card>
      )}

      <Card className="mt-6" role="region" aria-labelledby="page-digest-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="page-digest-title">Morning digest</h2>
          </CardTitle>
          <CardDescription>
            Overdue, due today and the next seven days, posted to your channel each morning.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DigestSettings digest={digest} canManage={canManage} installed={status.installed} />
        </CardContent>
      </Card>

      <Card className="mt-6" role="region" aria-labelledby="page-capture-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="page-capture-title">Capture messages as tasks</h2>
          </CardTitle>
          <CardDescription>
            React to a message with the capture emoji and Cueboard makes it a task, replying in its thread.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CaptureSettings capture={capture} canManage={canManage} />
        </CardContent>
      </Card>
    </AppShell>
  );
}

function Step({ n, title, children }: { n: number; title?: string; children: ReactNode }) {
  const id = `setup-step-${n}`;
  return (
    <li>
      <Card role="region" aria-labelledby={id}>
        <CardHeader>
          <p className="text-sm font-medium text-brand-700">
            Step {n} of {SETUP_STEP_COUNT}
          </p>
          <CardTitle asChild>
            <h2 id={id}>{title ?? SETUP_STEP_TITLES[n - 1]}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </li>
  );
}

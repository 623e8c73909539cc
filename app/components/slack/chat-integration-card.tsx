import { Link } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { BookOpen, ChevronRight, KeyRound, MessageSquareText } from "lucide-react";
import { FeatureGateBanner } from "~/components/feature-gate";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { SLASH_COMMANDS } from "~/domain/slack-blocks";
import { useLinkDialog } from "~/lib/use-link-dialog";
import { useOpenedOnce } from "~/lib/use-opened-once";
import type { SlackOverview } from "~/services/slack/overview.server";
import { CaptureSettings } from "./capture-settings";
import { DigestSettings } from "./digest-settings";
import { TestConnectionButton } from "./test-connection-button";

// The wizard (a dialog, the credentials form and its schema) loads on first use, keeping the dashboard's first
// load small; hovering or focusing a link that opens it starts the download.
const loadSetupWizard = () => import("./setup-wizard");
const SetupWizard = lazy(() => loadSetupWizard().then((m) => ({ default: m.SetupWizard })));

/**
 * The dashboard's Chat Integration card (spec §2): the bot's status, the beta-tester install panel, the
 * slash commands, the connection test and the morning digest. 'Add to Slack' installs the app once its
 * credentials are saved, and otherwise opens the setup wizard (without JavaScript, the /slack-setup page).
 * Once Slack is connected, everything below the status is folded away. Producers whose plan lacks Slack see the
 * feature gate instead.
 */
export function ChatIntegrationCard({ allowed, ...props }: { allowed: boolean; slack: SlackOverview }) {
  if (!allowed) {
    return (
      <FeatureGateBanner
        feature="slack"
        name="Slack integration"
        pitch="Create tasks with /new, get the morning digest and answer from the thread, all inside Slack."
      />
    );
  }
  return <ChatIntegration {...props} />;
}

function ChatIntegration({ slack }: { slack: SlackOverview }) {
  const { status, digest, capture, canManage, redirectUrl } = slack;
  const wizard = useLinkDialog();
  const wizardMounted = useOpenedOnce(wizard.open);
  const preloadWizard = () => void loadSetupWizard();

  return (
    <Card role="region" aria-labelledby="chat-integration-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2 id="chat-integration-title" className="flex items-center gap-2">
              <MessageSquareText className="size-5 text-brand-600" aria-hidden />
              Chat Integration
            </h2>
          </CardTitle>
          <CardDescription>
            {!status.installed
              ? "Run the board from Slack: slash commands, mentions and a morning digest."
              : status.teamName
                ? `Cueboard is installed in the Slack workspace ${status.teamName}.`
                : "Cueboard is installed in your Slack workspace."}
          </CardDescription>
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-600">
          Bot Status
          <Badge variant={status.installed ? "success" : "muted"}>
            {status.installed ? "Connected" : "Ready to Install"}
          </Badge>
        </p>
      </CardHeader>

      {/* Setup is done once: after the install it folds away under the status, and opens with a click (no
          JavaScript needed). Until then it stays open. */}
      <details open={!status.installed} className="group">
        <summary className="mx-5 mb-5 flex w-fit cursor-pointer list-none items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:mx-6 [&::-webkit-details-marker]:hidden">
          <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden />
          Setup, slash commands and morning digest
        </summary>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <section
            aria-labelledby="slack-install-title"
            className="grid content-start gap-3 rounded-lg bg-slate-50 p-4"
          >
            <h3 id="slack-install-title" className="font-semibold text-slate-900">
              Beta tester setup
            </h3>
            <p className="text-sm text-slate-700">
              {status.installed
                ? "Your Slack app is installed. Add it again after changing its settings in Slack, or to reconnect it."
                : status.hasCredentials
                  ? "Your app's credentials are saved. Add Cueboard to your Slack workspace to finish."
                  : "Each beta team connects its own Slack app: create it from our manifest, paste its credentials, then install it."}
            </p>
            {canManage ? (
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  {/* One element either way, so focus can return to it when the wizard closes. With credentials it
                    is a full navigation: the install route redirects to Slack's consent screen. */}
                  <Link
                    to={status.hasCredentials ? "/api/slack/install" : "/slack-setup"}
                    reloadDocument={status.hasCredentials}
                    onClick={status.hasCredentials ? undefined : wizard.openFromLink}
                    onPointerEnter={status.hasCredentials ? undefined : preloadWizard}
                    onFocus={status.hasCredentials ? undefined : preloadWizard}
                  >
                    Add to Slack
                  </Link>
                </Button>
                {status.hasCredentials ? (
                  <Button asChild variant="ghost">
                    <Link
                      to="/slack-setup"
                      onClick={wizard.openFromLink}
                      onPointerEnter={preloadWizard}
                      onFocus={preloadWizard}
                    >
                      <KeyRound aria-hidden />
                      Change app credentials
                    </Link>
                  </Button>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-slate-600">Ask the workspace owner to connect Slack.</p>
            )}
            <Link
              to="/slack-bot"
              className="flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
            >
              <BookOpen className="size-4" aria-hidden />
              What the bot does
            </Link>
          </section>

          <section aria-labelledby="slack-commands-title" className="grid content-start gap-3">
            <h3 id="slack-commands-title" className="font-semibold text-slate-900">
              Slash commands
            </h3>
            <ul className="grid gap-2 text-sm">
              {SLASH_COMMANDS.map(({ command, usageHint, description }) => (
                <li key={command} className="grid gap-0.5">
                  <code className="w-fit rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-900">
                    {command}
                    {usageHint ? ` ${usageHint}` : ""}
                  </code>
                  <span className="text-slate-600">{description}</span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="slack-digest-title" className="grid content-start gap-3 md:col-span-2">
            <h3 id="slack-digest-title" className="font-semibold text-slate-900">
              Morning digest
            </h3>
            <p className="text-sm text-slate-600">
              Overdue, due today and the next seven days, posted to your channel each morning.
            </p>
            <DigestSettings digest={digest} canManage={canManage} installed={status.installed} />
          </section>

          <section aria-labelledby="slack-capture-title" className="grid content-start gap-3 md:col-span-2">
            <h3 id="slack-capture-title" className="font-semibold text-slate-900">
              Capture messages as tasks
            </h3>
            <p className="text-sm text-slate-600">
              React to a message with the capture emoji and Cueboard makes it a task, replying in its thread.
            </p>
            <CaptureSettings capture={capture} canManage={canManage} />
          </section>
        </CardContent>

        <CardFooter className="border-t border-slate-100 pt-5 sm:pt-6">
          <TestConnectionButton label="Test Slack Connection" />
        </CardFooter>
      </details>

      {canManage && wizardMounted ? (
        <Suspense fallback={null}>
          <SetupWizard
            open={wizard.open}
            onOpenChange={wizard.setOpen}
            onCloseAutoFocus={wizard.onCloseAutoFocus}
            redirectUrl={redirectUrl}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

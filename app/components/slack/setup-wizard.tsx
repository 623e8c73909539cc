import { useRevalidator } from "@remix-run/react";
import { ArrowLeft, ArrowRight, LoaderCircle, RotateCw } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { SETUP_STEP_COUNT, SETUP_STEP_TITLES } from "~/domain/slack-setup";
import { callApi } from "~/lib/api-client";
import { cn } from "~/lib/utils";
import { CopyField } from "./copy-field";
import { CredentialsForm } from "./credentials-form";
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

type ManifestState =
  | { kind: "idle" | "loading" }
  | { kind: "loaded"; json: string }
  | { kind: "failed"; message: string };

/**
 * The chat app setup wizard, 'Step N of 5' (spec §2): welcome, create the app from the manifest, check the
 * redirect URL, save the credentials, done. Saving moves to step 5; finishing (or closing step 5) refetches
 * the status and tells the producer to click 'Add to Slack'.
 */
export function SetupWizard({
  open,
  onOpenChange,
  onCloseAutoFocus,
  redirectUrl,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  redirectUrl: string;
}) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [step, setStep] = useState(1);
  const [manifest, setManifest] = useState<ManifestState>({ kind: "idle" });
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After Next or Back, focus goes to the new step's heading so screen readers announce where they are.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  async function loadManifest() {
    setManifest({ kind: "loading" });
    const result = await callApi<unknown>("GET", "/api/slack/manifest");
    setManifest(
      result.ok
        ? { kind: "loaded", json: JSON.stringify(result.data, null, 2) }
        : { kind: "failed", message: result.message ?? "The manifest could not be loaded." }
    );
  }

  function go(next: number) {
    moved.current = true;
    setStep(next);
    if (next === 2 && (manifest.kind === "idle" || manifest.kind === "failed")) void loadManifest();
  }

  // Closing resets to the welcome step (unseen: the dialog has no closing animation), so every opening starts there.
  function close() {
    onOpenChange(false);
    setStep(1);
    moved.current = false;
  }

  function finish() {
    close();
    revalidator.revalidate();
    toast({
      title: "Slack Setup Complete",
      description: "Now click 'Add to Slack' to connect Cueboard to your Slack workspace.",
      variant: "success",
    });
  }

  function changeOpen(next: boolean) {
    if (next) onOpenChange(true);
    else if (step === SETUP_STEP_COUNT) finish();
    else close();
  }

  const back = (
    <Button type="button" variant="ghost" onClick={() => go(step - 1)}>
      <ArrowLeft aria-hidden />
      Back
    </Button>
  );
  const next = (label = "Next") => (
    <Button type="button" onClick={() => go(step + 1)}>
      {label}
      <ArrowRight aria-hidden />
    </Button>
  );

  let body: ReactNode;
  let footer: ReactNode = null;
  switch (step) {
    case 1:
      body = <WelcomeStep />;
      footer = <Footer>{next("Get Started")}</Footer>;
      break;
    case 2:
      body = (
        <div className="grid gap-4">
          <ManifestStepIntro />
          <div>
            <OpenSlackAppsButton />
          </div>
          <ManifestView state={manifest} retry={loadManifest} />
          <ManifestStepNote />
        </div>
      );
      footer = (
        <Footer>
          {back}
          {next()}
        </Footer>
      );
      break;
    case 3:
      body = (
        <div className="grid gap-4">
          <RedirectStepIntro />
          <CopyField id="wizard-redirect-url" label="Redirect URL" value={redirectUrl} what="Redirect URL" />
        </div>
      );
      footer = (
        <Footer>
          {back}
          {next()}
        </Footer>
      );
      break;
    case 4:
      body = (
        <div className="grid gap-4">
          <CredentialsStepIntro />
          <CredentialsForm
            idPrefix="wizard"
            secondary={back}
            onSaved={() => {
              revalidator.revalidate();
              go(5);
            }}
          />
        </div>
      );
      break;
    default:
      body = <CompleteStepText />;
      footer = (
        <Footer>
          <TestConnectionButton label="Test Connection" />
          <Button type="button" onClick={finish}>
            Finish Setup
          </Button>
        </Footer>
      );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogDescription className="font-medium text-brand-700">
            Step {step} of {SETUP_STEP_COUNT}
          </DialogDescription>
          <DialogTitle ref={heading} tabIndex={-1} className="outline-none">
            {SETUP_STEP_TITLES[step - 1]}
          </DialogTitle>
          <div className="mt-1 flex gap-1.5" aria-hidden>
            {SETUP_STEP_TITLES.map((title, index) => (
              <span
                key={title}
                className={cn("h-1.5 flex-1 rounded-full", index < step ? "bg-brand-600" : "bg-slate-200")}
              />
            ))}
          </div>
        </DialogHeader>
        {body}
        {footer}
      </DialogContent>
    </Dialog>
  );
}

function Footer({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between sm:[&>:only-child]:ml-auto">
      {children}
    </div>
  );
}

function ManifestView({ state, retry }: { state: ManifestState; retry: () => void }) {
  if (state.kind === "loaded") {
    return <CopyField id="wizard-manifest" label="App manifest (JSON)" value={state.json} what="Manifest" multiline />;
  }
  if (state.kind === "failed") {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
      >
        <p>{state.message}</p>
        <Button type="button" variant="secondary" size="sm" onClick={retry}>
          <RotateCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <LoaderCircle className="size-4 animate-spin" aria-hidden />
      Loading the manifest...
    </p>
  );
}

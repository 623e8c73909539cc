import { LoaderCircle, PlugZap } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useToast } from "~/components/toaster";
import { Button, type ButtonProps } from "~/components/ui/button";
import { callApi } from "~/lib/api-client";

/**
 * A real connection test (`auth.test` with the stored bot token through POST /api/slack/test-connection),
 * not the spec's simulated one. Without JavaScript the form posts to the /slack-setup page action instead.
 */
export function TestConnectionButton({
  label,
  variant = "secondary",
}: {
  label: string;
  variant?: ButtonProps["variant"];
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await callApi<{ ok: true; team: string }>("POST", "/api/slack/test-connection");
    setBusy(false);
    if (result.ok) {
      toast({
        title: "Connection Test Successful",
        description: `Cueboard is connected to ${result.data.team}.`,
        variant: "success",
      });
    } else {
      toast({
        title: "Connection Test Failed",
        description: result.message ?? "Please check your Slack app configuration.",
        variant: "destructive",
      });
    }
  }

  return (
    <form method="post" action="/slack-setup" onSubmit={submit}>
      <input type="hidden" name="intent" value="test" />
      <Button type="submit" variant={variant} disabled={busy} aria-busy={busy}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <PlugZap aria-hidden />}
        {busy ? "Testing..." : label}
      </Button>
    </form>
  );
}

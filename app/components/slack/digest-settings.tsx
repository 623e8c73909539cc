import { useRevalidator } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { FieldError } from "~/components/field-error";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { describeDigest } from "~/domain/slack-setup";
import { callApi } from "~/lib/api-client";
import type { SlackOverview } from "~/services/slack/overview.server";

type Digest = SlackOverview["digest"];

/**
 * The morning digest's channel, local time and on/off switch. Owners edit it (PUT /api/slack/digest with
 * JavaScript, the /slack-setup page action without); everyone else reads it.
 */
export function DigestSettings({
  digest,
  canManage,
  installed,
}: {
  digest: Digest;
  canManage: boolean;
  installed: boolean;
}) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  if (!canManage) {
    return (
      <div className="grid gap-1 text-sm text-slate-700">
        <p>{describeDigest(digest)}</p>
        <p className="text-slate-500">Only the workspace owner can change the digest.</p>
      </div>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      channel: String(form.get("channel") ?? ""),
      time: String(form.get("time") ?? ""),
      enabled: form.get("enabled") === "on",
    };
    setBusy(true);
    const result = await callApi<Digest>("PUT", "/api/slack/digest", input);
    setBusy(false);
    if (!result.ok) {
      setFieldErrors(result.fieldErrors);
      toast({
        title: "Digest Not Saved",
        description: result.message ?? "Failed to save the digest settings. Please try again.",
        variant: "destructive",
      });
      return;
    }
    setFieldErrors({});
    toast({ title: "Digest Settings Saved", description: describeDigest(result.data), variant: "success" });
    revalidator.revalidate();
  }

  return (
    <form method="post" action="/slack-setup" onSubmit={submit} className="grid gap-3" aria-busy={busy}>
      <input type="hidden" name="intent" value="digest" />
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="digest-channel">Channel</Label>
          <Input
            id="digest-channel"
            name="channel"
            defaultValue={digest.channel ?? ""}
            placeholder="#production"
            autoComplete="off"
            spellCheck={false}
            maxLength={81}
            aria-invalid={fieldErrors.channel ? true : undefined}
            aria-describedby={fieldErrors.channel ? "digest-channel-error" : undefined}
          />
          <FieldError id="digest-channel-error" errors={fieldErrors.channel} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="digest-time">Local time</Label>
          <Input
            id="digest-time"
            name="time"
            type="time"
            required
            defaultValue={digest.time}
            aria-invalid={fieldErrors.time ? true : undefined}
            aria-describedby={fieldErrors.time ? "digest-time-error digest-timezone" : "digest-timezone"}
          />
          <FieldError id="digest-time-error" errors={fieldErrors.time} />
        </div>
      </div>
      <p id="digest-timezone" className="text-xs text-slate-500">
        Times are in the workspace timezone, {digest.timezone}.
        {installed ? null : " The digest starts once the Slack app is installed."}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2.5">
          <input
            id="digest-enabled"
            name="enabled"
            type="checkbox"
            defaultChecked={digest.enabled}
            className="size-4 shrink-0 rounded border-slate-300 accent-brand-600"
          />
          <Label htmlFor="digest-enabled" className="font-normal text-slate-700">
            Post the morning digest
          </Label>
        </div>
        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          Save Digest
        </Button>
      </div>
    </form>
  );
}

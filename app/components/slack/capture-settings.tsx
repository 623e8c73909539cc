import { useRevalidator } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import { FieldError } from "~/components/field-error";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { describeCapture, emojiCode } from "~/domain/slack-capture";
import { callApi } from "~/lib/api-client";
import type { SlackOverview } from "~/services/slack/overview.server";

type Capture = SlackOverview["capture"];

/**
 * The capture emoji (ADR 040): reacting with it to a Slack message makes the message a task. Owners change it (PUT
 * /api/slack/capture with JavaScript, the /slack-setup page action without); everyone else reads it.
 */
export function CaptureSettings({ capture, canManage }: { capture: Capture; canManage: boolean }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  if (!canManage) {
    return (
      <div className="grid gap-1 text-sm text-slate-700">
        <p>{describeCapture(capture.emoji)}</p>
        <p className="text-slate-500">Only the workspace owner can change the capture emoji.</p>
      </div>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await callApi<Capture>("PUT", "/api/slack/capture", { emoji: String(form.get("emoji") ?? "") });
    setBusy(false);
    if (!result.ok) {
      setFieldErrors(result.fieldErrors);
      toast({
        title: "Capture Emoji Not Saved",
        description: result.message ?? "Failed to save the capture emoji. Please try again.",
        variant: "destructive",
      });
      return;
    }
    setFieldErrors({});
    toast({ title: "Capture Emoji Saved", description: describeCapture(result.data.emoji), variant: "success" });
    revalidator.revalidate();
  }

  return (
    <form method="post" action="/slack-setup" onSubmit={submit} className="grid gap-3" aria-busy={busy}>
      <input type="hidden" name="intent" value="capture" />
      <div className="grid gap-1.5">
        <Label htmlFor="capture-emoji">Capture emoji</Label>
        <div className="flex flex-wrap items-start gap-3">
          <Input
            // Saved, the field shows the name as stored (`:White_Check_Mark:` becomes `:white_check_mark:`).
            key={capture.emoji}
            id="capture-emoji"
            name="emoji"
            defaultValue={emojiCode(capture.emoji)}
            placeholder=":memo:"
            autoComplete="off"
            spellCheck={false}
            maxLength={102}
            className="w-56 font-mono"
            aria-invalid={fieldErrors.emoji ? true : undefined}
            aria-describedby={fieldErrors.emoji ? "capture-emoji-error capture-emoji-help" : "capture-emoji-help"}
          />
          <Button type="submit" variant="secondary" size="sm" disabled={busy} className="mt-0.5">
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
            Save Emoji
          </Button>
        </div>
        <FieldError id="capture-emoji-error" errors={fieldErrors.emoji} />
      </div>
      <p id="capture-emoji-help" className="text-xs text-slate-500">
        The emoji&apos;s name as Slack writes it, such as :memo: or white_check_mark. A custom emoji works too.
      </p>
    </form>
  );
}

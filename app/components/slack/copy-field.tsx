import { Copy } from "lucide-react";
import { useRef } from "react";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { fieldClasses } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { copyText } from "~/lib/clipboard";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

/**
 * A value to paste into Slack: read-only and selectable (so it can always be copied by hand), plus a Copy
 * button once JavaScript runs. A refused copy shows the spec's toast and selects the text for a manual copy.
 */
export function CopyField({
  id,
  label,
  value,
  what,
  multiline = false,
}: {
  id: string;
  label: string;
  value: string;
  /** How the toast names the value: "Redirect URL", "Manifest". */
  what: string;
  multiline?: boolean;
}) {
  const toast = useToast();
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  async function copy() {
    if (await copyText(value)) {
      toast({ title: "Copied", description: `${what} copied to the clipboard.`, variant: "success" });
      return;
    }
    toast({ title: "Copy failed", description: "Please copy the URL manually", variant: "destructive" });
    field.current?.focus();
    field.current?.select();
  }

  return (
    <div className="grid gap-1.5">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {hydrated ? (
          <Button type="button" variant="secondary" size="sm" onClick={copy}>
            <Copy aria-hidden />
            Copy {what}
          </Button>
        ) : null}
      </div>
      {multiline ? (
        <textarea
          ref={field}
          id={id}
          readOnly
          value={value}
          rows={10}
          spellCheck={false}
          className={cn(fieldClasses, "resize-y py-2 font-mono text-xs leading-relaxed")}
        />
      ) : (
        <input
          ref={field}
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          className={cn(fieldClasses, "h-10 py-2 font-mono text-xs")}
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
    </div>
  );
}

import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * A destructive action that asks first, without JavaScript: a red "Revoke" or "Delete" that opens (a native
 * `<details>`) onto a short warning and the button that posts `intent` with `fields` as hidden inputs.
 */
export function ConfirmDisclosure({
  trigger,
  intent,
  fields,
  warning,
  confirm,
  busy,
  className,
}: {
  /** The opener's text, with an `sr-only` part naming what it acts on. */
  trigger: ReactNode;
  intent: string;
  fields: Record<string, string>;
  warning: string;
  confirm: string;
  busy: boolean;
  className?: string;
}) {
  return (
    <details className={cn("group", className)}>
      <summary className="inline-flex h-8 cursor-pointer list-none items-center rounded-md px-3 text-xs font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        {trigger}
      </summary>
      <Form method="post" className="mt-2 grid max-w-full gap-2 rounded-lg border border-red-100 bg-red-50/50 p-3">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p className="max-w-64 text-xs text-slate-700">{warning}</p>
        <Button type="submit" variant="destructive" size="sm" disabled={busy} className="justify-self-start">
          {confirm}
        </Button>
      </Form>
    </details>
  );
}

import { Info } from "lucide-react";
import type { ToastMessage } from "~/lib/toast";
import { cn } from "~/lib/utils";

/**
 * A message as a banner: what a visitor without JavaScript sees where others get a toast (a flash after a
 * form post, a notice from the address).
 */
export function StatusBanner({ message }: { message: ToastMessage }) {
  return (
    <div
      role="status"
      className={cn(
        "mb-6 flex gap-2 rounded-lg border p-3 text-sm",
        message.variant === "destructive"
          ? "border-red-200 bg-red-50 text-red-800"
          : "border-emerald-200 bg-emerald-50 text-emerald-900",
      )}
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold">{message.title}</strong>
        {message.description ? ` – ${message.description}` : null}
      </p>
      {message.undo ? (
        // Without JavaScript 'Undo' is a form: the tasks page's action undoes and comes back here.
        <form method="post" action="/tasks?index" className="ml-auto">
          <input type="hidden" name="intent" value="undo" />
          <input type="hidden" name="at" value={message.undo.at} />
          <button type="submit" className="rounded-md border border-current/30 px-3 py-1 font-medium hover:bg-black/5">
            Undo
          </button>
        </form>
      ) : null}
    </div>
  );
}

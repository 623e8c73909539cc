import type { ToastMessage } from "~/lib/toast";
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./ui/toast";

export interface CurrentToast extends ToastMessage {
  id: number;
  open: boolean;
}

/**
 * Radix's toast region with the current toast: loaded by the Toaster (app/components/toaster.tsx) with the first
 * toast, so a page that shows none does not load Radix Toast.
 */
export function ToastView({
  current,
  onOpenChange,
  onUndo,
}: {
  current: CurrentToast;
  onOpenChange: (open: boolean) => void;
  onUndo: (at: string) => void;
}) {
  return (
    <ToastProvider>
      <Toast
        key={current.id}
        duration={current.undo ? 10_000 : undefined}
        variant={current.variant}
        open={current.open}
        onOpenChange={onOpenChange}
      >
        <div className="grid gap-1">
          <ToastTitle>{current.title}</ToastTitle>
          {current.description ? <ToastDescription>{current.description}</ToastDescription> : null}
        </div>
        {current.undo ? (
          <ToastAction altText="Undo this change" onClick={() => onUndo(current.undo!.at)}>
            Undo
          </ToastAction>
        ) : null}
        <ToastClose />
      </Toast>
      <ToastViewport />
    </ToastProvider>
  );
}

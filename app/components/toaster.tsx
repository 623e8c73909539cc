import { useRevalidator } from "@remix-run/react";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { callApi } from "~/lib/api-client";
import { undoneToast, type ToastMessage } from "~/lib/toast";
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./ui/toast";

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The app's single toast slot (spec: at most one visible; a new toast replaces the current one).
 * A fresh key per toast remounts Radix's Toast, so its 5 s timer restarts for every message.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number; open: boolean }) | null>(null);

  const show = useCallback<ShowToast>((message) => {
    setCurrent((previous) => ({ ...message, id: (previous?.id ?? 0) + 1, open: true }));
  }, []);
  const revalidator = useRevalidator();

  /** 'Undo' on a toast that offers it: undoes the change, says so, and refreshes the page's data. */
  const undo = useCallback(
    async (at: string) => {
      const result = await callApi<{ restored: string[]; reverted: string[] }>("POST", "/api/tasks/undo", { at });
      if (result.ok) {
        show(undoneToast(result.data.restored.length + result.data.reverted.length));
        revalidator.revalidate();
      } else {
        show({ title: "Could Not Undo", description: result.message ?? "Please try again.", variant: "destructive" });
      }
    },
    [show, revalidator],
  );

  return (
    <ToastContext.Provider value={show}>
      <ToastProvider>
        {children}
        {current ? (
          <Toast
            key={current.id}
            duration={current.undo ? 10_000 : undefined}
            variant={current.variant}
            open={current.open}
            onOpenChange={(open) => setCurrent((c) => (c && c.id === current.id ? { ...c, open } : c))}
          >
            <div className="grid gap-1">
              <ToastTitle>{current.title}</ToastTitle>
              {current.description ? <ToastDescription>{current.description}</ToastDescription> : null}
            </div>
            {current.undo ? (
              <ToastAction altText="Undo this change" onClick={() => void undo(current.undo!.at)}>
                Undo
              </ToastAction>
            ) : null}
            <ToastClose />
          </Toast>
        ) : null}
        <ToastViewport />
      </ToastProvider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <Toaster>");
  return show;
}

import { useRevalidator } from "@remix-run/react";
import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from "react";
import { callApi } from "~/lib/api-client";
import { undoneToast, type ToastMessage } from "~/lib/toast";
import type { CurrentToast } from "./toast-view";

// Radix Toast loads with the first toast: most page loads show none.
const ToastView = lazy(() => import("./toast-view").then((m) => ({ default: m.ToastView })));

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The app's single toast slot (spec: at most one visible; a new toast replaces the current one).
 * A fresh key per toast remounts Radix's Toast, so its 5 s timer restarts for every message.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<CurrentToast | null>(null);

  const show = useCallback<ShowToast>((message) => {
    setCurrent((previous) => ({ ...message, id: (previous?.id ?? 0) + 1, open: true }));
  }, []);
  const revalidator = useRevalidator();

  /** 'Undo' on a toast that offers it: undoes the change, says so, and refreshes the page's data. */
  const undo = useCallback(
    async (at: string) => {
      const result = await callApi<{ restored: string[]; reverted: string[]; deleted: string[] }>(
        "POST",
        "/api/tasks/undo",
        { at },
      );
      if (result.ok) {
        const { restored, reverted, deleted } = result.data;
        show(undoneToast(restored.length + reverted.length, deleted.length));
        revalidator.revalidate();
      } else {
        show({ title: "Could Not Undo", description: result.message ?? "Please try again.", variant: "destructive" });
      }
    },
    [show, revalidator],
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <ToastView
            current={current}
            onOpenChange={(open) => setCurrent((c) => (c && c.id === current.id ? { ...c, open } : c))}
            onUndo={(at) => void undo(at)}
          />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <Toaster>");
  return show;
}

/**
 * A notification as pages and actions describe it; the Toaster shows it, the flash cookie carries it
 * (`toastMessageSchema` in app/http/toast.server.ts checks what comes back in the cookie). A plain type here, so
 * the browser's every page does not load zod for it.
 */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
  /** Offers 'Undo' for the caller's change at this instant (`POST /api/tasks/undo`, or the tasks page's form). */
  undo?: { at: string };
}

/**
 * Turns a domain message written as "Title – Description" (the spec's toast wording, e.g.
 * "Category Already Exists – This category already exists in your list.") into a toast.
 */
export function toastFromMessage(message: string, variant: ToastMessage["variant"] = "destructive"): ToastMessage {
  const [title, ...rest] = message.split(" – ");
  return rest.length > 0
    ? { title, description: rest.join(" – "), variant }
    : { title: "Error", description: message, variant };
}

/** What an 'Undo' says it did: tasks back as they were, or (an import undone) tasks removed again. */
export function undoneToast(count: number, removed = 0): ToastMessage {
  if (removed > 0 && count === 0)
    return { title: "Undone", description: removed === 1 ? "The task was removed." : `${removed} tasks were removed.` };
  return {
    title: "Undone",
    description: count === 1 ? "The task is back as it was." : `${count} tasks are back as they were.`,
  };
}

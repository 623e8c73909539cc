import { z } from "zod";

/** A notification as pages and actions describe it; the Toaster shows it, the flash cookie carries it. */
export const toastMessageSchema = z.object({
  title: z.string().max(120),
  description: z.string().max(300).optional(),
  variant: z.enum(["default", "success", "destructive"]).optional(),
  /** Offers 'Undo' for the caller's change at this instant (`POST /api/tasks/undo`, or the tasks page's form). */
  undo: z.object({ at: z.string().max(30) }).optional(),
});
export type ToastMessage = z.infer<typeof toastMessageSchema>;

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

/** What an 'Undo' says it did. */
export function undoneToast(count: number): ToastMessage {
  return {
    title: "Undone",
    description: count === 1 ? "The task is back as it was." : `${count} tasks are back as they were.`,
  };
}

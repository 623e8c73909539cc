import { z } from "zod";

/** A notification as pages and actions describe it; the Toaster shows it, the flash cookie carries it. */
export const toastMessageSchema = z.object({
  title: z.string().max(120),
  description: z.string().max(300).optional(),
  variant: z.enum(["default", "success", "destructive"]).optional(),
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

import { z } from "zod";
import type { ToastMessage } from "~/lib/toast";
import { clearCookie, readCookie, setCookie } from "./cookies.server";

/** What a flash cookie may hold: a `ToastMessage` (app/lib/toast.ts) within the lengths a toast shows. */
const toastMessageSchema = z.object({
  title: z.string().max(120),
  description: z.string().max(300).optional(),
  variant: z.enum(["default", "success", "destructive"]).optional(),
  undo: z.object({ at: z.string().max(30) }).optional(),
}) satisfies z.ZodType<ToastMessage>;

/**
 * Post/Redirect/Get for forms posted without JavaScript: the action stores the outcome in a short-lived
 * cookie and redirects (`redirectWithToast`); the root loader reads it once (`readToast`) and the root shows it
 * (a banner without JS, a toast with it).
 */
const FLASH_SECONDS = 60;

export const flashCookie = (request: Request, message: ToastMessage) =>
  setCookie(request, "cb_flash", JSON.stringify(message), FLASH_SECONDS);

export const clearFlashCookie = (request: Request) => clearCookie(request, "cb_flash");

/** The pending flash message, if the cookie holds a well-formed one. */
export function readFlash(request: Request): ToastMessage | null {
  const raw = readCookie(request, "cb_flash");
  if (!raw) return null;
  try {
    const parsed = toastMessageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The root loader's read: the pending toast and the header that clears it (once read, it is shown once). */
export function readToast(request: Request) {
  const toast = readFlash(request);
  return { toast, headers: toast ? { "Set-Cookie": clearFlashCookie(request) } : undefined };
}

/** A 303 to `to` that shows `message` on arrival. */
export function redirectWithToast(request: Request, to: string, message: ToastMessage, headers: HeadersInit = {}) {
  const out = new Headers(headers);
  out.set("Location", to);
  out.append("Set-Cookie", flashCookie(request, message));
  return new Response(null, { status: 303, headers: out });
}


/**
 * A one-time proof that a flow finished for a workspace moments ago, for the notice its redirect's query asks
 * for (`?slack_success=1` after the Slack install): the query alone is anyone's to craft, this cookie only our
 * callback sets. Read once by the page that shows the notice, which clears it.
 */
export type Confirmation = "slack_installed";

export const confirmationCookie = (request: Request, what: Confirmation, workspaceId: string) =>
  setCookie(request, "cb_confirm", `${what}:${workspaceId}`, FLASH_SECONDS);

export const clearConfirmationCookie = (request: Request) => clearCookie(request, "cb_confirm");

/** Whether the request carries the confirmation of `what` for this workspace. */
export function hasConfirmation(request: Request, what: Confirmation, workspaceId: string) {
  return readCookie(request, "cb_confirm") === `${what}:${workspaceId}`;
}

import { toastMessageSchema, type ToastMessage } from "./toast";

/**
 * Post/Redirect/Get for forms posted without JavaScript: the action stores the outcome in a short-lived
 * cookie, redirects, and the next page load shows it once (as a banner without JS, a toast with it).
 */
const FLASH_COOKIE = "cb_flash";
const FLASH_SECONDS = 60;

function attributes(request: Request, maxAge: number) {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function flashCookie(request: Request, message: ToastMessage) {
  return `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(message))}; ${attributes(request, FLASH_SECONDS)}`;
}

export function clearFlashCookie(request: Request) {
  return `${FLASH_COOKIE}=; ${attributes(request, 0)}`;
}

function readCookie(request: Request, name: string) {
  const header = request.headers.get("cookie") ?? "";
  return header
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The pending flash message, if the cookie holds a well-formed one. */
export function readFlash(request: Request): ToastMessage | null {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return null;
  try {
    const parsed = toastMessageSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A 303 to `to` that shows `message` on arrival. */
export function redirectWithFlash(request: Request, to: string, message: ToastMessage, headers: HeadersInit = {}) {
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
const CONFIRM_COOKIE = "cb_confirm";
export type Confirmation = "slack_installed";

export function confirmationCookie(request: Request, what: Confirmation, workspaceId: string) {
  return `${CONFIRM_COOKIE}=${encodeURIComponent(`${what}:${workspaceId}`)}; ${attributes(request, FLASH_SECONDS)}`;
}

export function clearConfirmationCookie(request: Request) {
  return `${CONFIRM_COOKIE}=; ${attributes(request, 0)}`;
}

/** Whether the request carries the confirmation of `what` for this workspace. */
export function hasConfirmation(request: Request, what: Confirmation, workspaceId: string) {
  const raw = readCookie(request, CONFIRM_COOKIE);
  return raw !== undefined && raw === encodeURIComponent(`${what}:${workspaceId}`);
}

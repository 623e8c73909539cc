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

/** The pending flash message, if the cookie holds a well-formed one. */
export function readFlash(request: Request): ToastMessage | null {
  const header = request.headers.get("cookie") ?? "";
  const raw = header
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FLASH_COOKIE}=`))
    ?.slice(FLASH_COOKIE.length + 1);
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

import { parse, serialize } from "cookie";

/**
 * Every cookie Cueboard sets, read and written here with the `cookie` package (the parser Remix's own cookies use).
 * Values stay plain rather than Remix's `createCookie` encoding (base64 JSON): `cb_session` is the documented bearer
 * token an API client may send as is (ADR 002), and the flash is URL-encoded JSON a person can read in devtools.
 *
 * One rule for `Secure`: every cookie is Secure except on local http (localhost, 127.0.0.1), where browsers would
 * drop it. All are HttpOnly and SameSite=Lax.
 */
export type CookieName = "cb_session" | "cb_flash" | "cb_confirm";

function isLocalHttp(request: Request) {
  const url = new URL(request.url);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** The named cookie's value, or null (absent, empty, or too long to be one of ours). */
export function readCookie(request: Request, name: CookieName, maxLength = 4096): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const value = parse(header)[name];
  return value && value.length <= maxLength ? value : null;
}

/** A Set-Cookie value for `name`; `maxAge` in seconds, 0 clears it. */
export function setCookie(request: Request, name: CookieName, value: string, maxAge: number) {
  return serialize(name, value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalHttp(request),
    maxAge,
  });
}

export const clearCookie = (request: Request, name: CookieName) => setCookie(request, name, "", 0);

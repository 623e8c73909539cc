import { parse, serialize } from "cookie";

/**
 * Every cookie Cueboard sets, read and written here with the `cookie` package (the parser Remix's own cookies use).
 * Values stay plain rather than Remix's `createCookie` encoding (base64 JSON): `cb_session` is the documented bearer
 * token an API client may send as is (ADR 002), and the flash is URL-encoded JSON a person can read in devtools.
 *
 * One rule for `Secure`: every cookie is Secure except on local http (localhost, 127.0.0.1), where browsers would
 * drop it. All are HttpOnly and SameSite=Lax.
 */
export type CookieName =
  | "cb_session"
  | "cb_flash"
  | "cb_confirm"
  /** The person's D1 bookmark: reads never older than their own writes (app/http/bookmark.server.ts). */
  | "cb_bookmark"
  /** A sign-in attempt's nonce and destination, named by its state (app/http/sign-in.server.ts). */
  | `cb_login_${string}`
  /** A sign-in attempt's state and PKCE verifier, written by remix-auth-oauth2 with `isSecureFor`. */
  | `cb_oidc:${string}`;

/** Whether cookies for this request are `Secure`: always, except on local http. */
export function isSecureFor(request: Request) {
  const url = new URL(request.url);
  return !(url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
}

/** The named cookie's value, or null (absent, empty, or too long to be one of ours). */
export function readCookie(request: Request, name: CookieName, maxLength = 4096): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const value = parse(header)[name];
  return value && value.length <= maxLength ? value : null;
}

/** The names of every cookie the request carries. */
export function cookieNames(request: Request) {
  return Object.keys(parse(request.headers.get("cookie") ?? ""));
}

interface CookieOptions {
  /** Narrows the cookie to the route that reads it. */
  path?: string;
  /** The value is already cookie-safe (URL-encoded) and is written as is. */
  encoded?: boolean;
}

/** A Set-Cookie value for `name`; `maxAge` in seconds, 0 clears it. */
export function setCookie(
  request: Request,
  name: CookieName,
  value: string,
  maxAge: number,
  options: CookieOptions = {},
) {
  const { path = "/", encoded = false } = options;
  return serialize(name, value, {
    path,
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureFor(request),
    maxAge,
    ...(encoded ? { encode: (v: string) => v } : {}),
  });
}

/** What the `cookie` package accepts as a name (RFC 6265's token). */
const COOKIE_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A Set-Cookie value that clears `name` (on `path`). */
export function clearCookie(request: Request, name: CookieName, path = "/") {
  if (COOKIE_TOKEN.test(name)) return setCookie(request, name, "", 0, { path });
  // remix-auth-oauth2 names its state cookies `cb_oidc:<id>`, which the `cookie` package refuses to write.
  const secure = isSecureFor(request) ? ["Secure"] : [];
  return [`${name}=`, `Path=${path}`, "HttpOnly", "SameSite=Lax", "Max-Age=0", ...secure].join("; ");
}

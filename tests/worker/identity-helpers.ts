import { expect } from "vitest";
import { call, ORIGIN, type CallInit } from "./helpers";

/** Cookies a browser would keep for one site, from Set-Cookie headers (expired ones removed). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  static from(header: string) {
    const jar = new CookieJar();
    for (const part of header.split(";")) {
      const eq = part.indexOf("=");
      if (eq > 0) jar.cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
    }
    return jar;
  }

  store(res: Response) {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || /max-age=0\b/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  names() {
    return [...this.cookies.keys()];
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Calls the Worker as the browser holding `jar`, and keeps what it sets; redirects are returned, not followed. */
export async function browse(jar: CookieJar, path: string, init: CallInit = {}) {
  const headers = new Headers(init.headers);
  if (jar.header()) headers.set("cookie", jar.header());
  const res = await call(path, { redirect: "manual", ...init, headers });
  jar.store(res);
  return res;
}

export interface ProviderVisit {
  /** What the browser does at the provider's sign-in page. */
  action?: "login" | "abort";
}

/**
 * Follows the provider's redirects as a browser would, filling its sign-in page with `email`, until it sends the
 * browser back to the app; returns that callback path.
 */
export async function throughProvider(start: string, email: string, visit: ProviderVisit = {}) {
  const jar = new CookieJar();
  let url = start;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(ORIGIN)) return url.slice(ORIGIN.length);
    let res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(res);
    if (res.status === 200) {
      const page = await res.text();
      const uid = /\/interaction\/([^/"]+)\/login/.exec(page)?.[1];
      expect(uid, page).toBeTruthy();
      const target = new URL(`/interaction/${uid}/${visit.action ?? "login"}`, url);
      res = await fetch(target, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email }),
      });
      jar.store(res);
      url = new URL(res.headers.get("location")!, target).toString();
      continue;
    }
    expect([302, 303], await res.text()).toContain(res.status);
    url = new URL(res.headers.get("location")!, url).toString();
  }
  throw new Error("the provider did not send the browser back");
}

/**
 * A complete sign-in with the test identity provider, as `email`, in the browser holding `jar` (a fresh one by
 * default): /api/login, the provider's page, the callback. Returns the callback's response and the jar.
 */
export async function signInWithProvider(email: string, options: { jar?: CookieJar; redirect?: string } = {}) {
  const jar = options.jar ?? new CookieJar();
  const query = options.redirect === undefined ? "" : `?redirect=${encodeURIComponent(options.redirect)}`;
  const start = await browse(jar, `/api/login${query}`);
  expect(start.status, await start.clone().text()).toBe(302);
  const callbackPath = await throughProvider(start.headers.get("location")!, email);
  const res = await browse(jar, callbackPath);
  return { res, jar };
}

/** A signed-in identity user's browser; asserts the sign-in worked. */
export async function identityBrowser(email: string) {
  const { res, jar } = await signInWithProvider(email);
  expect(res.status, await res.clone().text()).toBe(302);
  expect(jar.get("cb_session")).toBeTruthy();
  return jar;
}

import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import { call, db, signUp, uniqueEmail } from "./helpers";
import { browse, CookieJar, identityBrowser, signInWithProvider, throughProvider } from "./identity-helpers";

const oidc = inject("oidc");

describe("GET /api/login", () => {
  it("sends the browser to the provider with code + PKCE (S256), state, nonce and the callback", async () => {
    const res = await call("/api/login?redirect=/admin", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${oidc.issuer}/auth`);
    const params = to.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe(oidc.clientId);
    expect(params.get("redirect_uri")).toBe("http://localhost/auth/callback");
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("state")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get("nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The verifier, nonce and destination stay in this browser, HttpOnly, only for the callback path.
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/Path=\/auth\/callback/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Max-Age=600/i);
      expect(cookie).not.toContain(params.get("code_challenge")!);
    }
    const login = cookies.find((c) => c.startsWith(`cb_login_${params.get("state")}=`));
    expect(login).toContain(`nonce=${params.get("nonce")}`);
    expect(login).toContain("redirect=%2Fadmin");
  });

  it("marks its cookies Secure outside local http", async () => {
    const res = await call("/api/login", { base: "https://cueboard.example", redirect: "manual" });
    expect(res.status).toBe(302);
    for (const cookie of res.headers.getSetCookie()) expect(cookie).toMatch(/; Secure/i);
  });

  it("ignores a state parameter on the login URL itself", async () => {
    const res = await call("/api/login?state=forged&code=stolen", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!).searchParams.get("state")).not.toBe("forged");
  });

  it("answers other methods with a 405", async () => {
    const res = await call("/api/login", { method: "POST" });
    expect(res.status).toBe(405);
  });
});

describe("the sign-in callback", () => {
  it("creates an identity user (replit on the wire, tier free) with a session and goes to the dashboard", async () => {
    const email = uniqueEmail("casey.rivera");
    const { res, jar } = await signInWithProvider(email);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const session = res.headers.getSetCookie().find((c) => c.startsWith("cb_session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
    // The attempt's cookies are cleared; the session stays, with the D1 bookmark of the sign-in's writes (ADR 031).
    expect(jar.names().sort()).toEqual(["cb_bookmark", "cb_session"]);

    const me = await browse(jar, "/api/auth/user");
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: expect.any(String),
      name: expect.stringMatching(/^Casey Rivera/),
      email,
      authType: "replit",
      tier: "free",
      slackUserId: null,
    });
    const row = await db()
      .prepare(
        "SELECT u.issuer, u.subject, u.email_verified, s.kind, m.role, w.name AS workspace FROM users u JOIN sessions s ON s.user_id = u.id JOIN memberships m ON m.user_id = u.id JOIN workspaces w ON w.id = m.workspace_id WHERE u.email = ?",
      )
      .bind(email)
      .first();
    expect(row).toMatchObject({
      issuer: oidc.issuer,
      email_verified: 1,
      kind: "oidc",
      role: "owner",
      workspace: "Casey's production",
    });
    expect(row!.subject).toMatch(/^acct-/);

    // The new workspace has the default lists, like a demo one.
    const categories = await browse(jar, "/api/categories");
    expect(await categories.json()).toEqual(expect.arrayContaining(["logistics", "production"]));
  });

  it("finds the same account again by issuer and subject and opens a second session", async () => {
    const email = uniqueEmail("jordan");
    const first = await identityBrowser(email);
    const second = await identityBrowser(email);
    const a = (await (await browse(first, "/api/auth/user")).json()) as { id: string };
    const b = (await (await browse(second, "/api/auth/user")).json()) as { id: string };
    expect(b.id).toBe(a.id);
    const counts = await db()
      .prepare(
        "SELECT (SELECT count(*) FROM users WHERE email = ?) AS users, (SELECT count(*) FROM memberships WHERE user_id = ?) AS workspaces",
      )
      .bind(email, a.id)
      .first();
    expect(counts).toEqual({ users: 1, workspaces: 1 });
  });

  it("goes on to a same-origin redirect", async () => {
    const { res } = await signInWithProvider(uniqueEmail(), { redirect: "/tasks?status=pending" });
    expect(res.headers.get("location")).toBe("/tasks?status=pending");
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "/%2F%2Fevil.example", "javascript:alert(1)"])(
    "never leaves the site for redirect=%s",
    async (redirect) => {
      const { res } = await signInWithProvider(uniqueEmail(), { redirect });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/dashboard");
    },
  );

  it("refuses a callback this browser did not start (no cookies) as expired", async () => {
    const start = await call("/api/login", { redirect: "manual" });
    const callback = await throughProvider(start.headers.get("location")!, uniqueEmail());
    const res = await call(callback, { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("This sign-in has expired");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("cb_session="))).toBe(false);
  });

  it("refuses a callback whose state belongs to another attempt", async () => {
    const jar = new CookieJar();
    await browse(jar, "/api/login");
    const other = await call("/api/login", { redirect: "manual" });
    const callback = await throughProvider(other.headers.get("location")!, uniqueEmail());
    const res = await browse(jar, callback);
    expect(res.status).toBe(400);
    expect(jar.get("cb_session")).toBeUndefined();
  });

  it("refuses a replayed code", async () => {
    const jar = new CookieJar();
    const start = await browse(jar, "/api/login");
    const saved = jar.header();
    const callback = await throughProvider(start.headers.get("location")!, uniqueEmail());
    expect((await browse(jar, callback)).status).toBe(302);
    const replay = await call(callback, { headers: { cookie: saved }, redirect: "manual" });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("Sign-in did not work");
  });

  it("says so when the person cancels at the provider", async () => {
    const jar = new CookieJar();
    const start = await browse(jar, "/api/login");
    const callback = await throughProvider(start.headers.get("location")!, uniqueEmail(), { action: "abort" });
    const res = await browse(jar, callback);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Sign-in was cancelled");
    expect(jar.get("cb_session")).toBeUndefined();
  });

  it("refuses a callback without state or code", async () => {
    const res = await call("/auth/callback");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("This sign-in has expired");
  });
});

describe("a sign-in while a demo session is held (spec §4)", () => {
  it("ends the demo session; without demo tasks it goes straight on", async () => {
    const demo = await signUp("Riley Demo");
    const jar = CookieJar.from(`cb_session=${demo.token}`);
    const { res } = await signInWithProvider(uniqueEmail(), { jar, redirect: "/tasks" });
    expect(res.headers.get("location")).toBe("/tasks");
    expect((await call("/api/auth/user", { token: demo.token })).status).toBe(401);
    const me = (await (await browse(jar, "/api/auth/user")).json()) as { authType: string };
    expect(me.authType).toBe("replit");
  });

  it("ends a previous identity session too", async () => {
    const jar = await identityBrowser(uniqueEmail());
    const old = jar.get("cb_session")!;
    await signInWithProvider(uniqueEmail(), { jar });
    expect((await call("/api/auth/user", { cookie: old })).status).toBe(401);
    expect(jar.get("cb_session")).not.toBe(old);
  });
});

describe("GET /api/logout", () => {
  it("revokes the identity session and clears the cookie", async () => {
    const jar = await identityBrowser(uniqueEmail());
    const token = jar.get("cb_session")!;
    const res = await browse(jar, "/api/logout");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(jar.get("cb_session")).toBeUndefined();
    expect((await call("/api/auth/user", { cookie: token })).status).toBe(401);
    const row = await db()
      .prepare("SELECT revoked_at FROM sessions WHERE kind = 'oidc' AND revoked_at IS NOT NULL LIMIT 1")
      .first();
    expect(row).not.toBeNull();
  });
});

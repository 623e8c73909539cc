import { describe, expect, it } from "vitest";
import { call, db, expectError, signUp, uniqueEmail } from "./helpers";

async function sha256Hex(value: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function signup(body: unknown, init: { base?: string; headers?: Record<string, string> } = {}) {
  return call("/api/demo/signup", { method: "POST", json: body, ...init });
}

describe("POST /api/demo/signup", () => {
  it("creates a beta demo user and answers 201 with a token and the user", async () => {
    const email = uniqueEmail();
    const res = await signup({ name: "  Maria Lopez ", email, marketingOptIn: true });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await res.json()) as { token: string; user: Record<string, unknown> };
    expect(body.user).toEqual({
      id: expect.any(String),
      name: "Maria Lopez",
      email,
      authType: "demo",
      tier: "beta",
      slackUserId: null,
    });
    const row = await db()
      .prepare("SELECT marketing_opt_in, auth_type, tier FROM users WHERE id = ?")
      .bind(body.user.id)
      .first<{ marketing_opt_in: number; auth_type: string; tier: string }>();
    expect(row).toEqual({ marketing_opt_in: 1, auth_type: "demo", tier: "beta" });
  });

  it("defaults marketingOptIn to false", async () => {
    const res = await signup({ name: "Sam Okafor", email: uniqueEmail() });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: { id: string } };
    const row = await db()
      .prepare("SELECT marketing_opt_in FROM users WHERE id = ?")
      .bind(user.id)
      .first<{ marketing_opt_in: number }>();
    expect(row?.marketing_opt_in).toBe(0);
  });

  it("issues a 256-bit token and stores only its SHA-256 hash", async () => {
    const res = await signup({ name: "Ana Silva", email: uniqueEmail() });
    const { token, user } = (await res.json()) as { token: string; user: { id: string } };
    // 32 random bytes in unpadded base64url are 43 characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { results } = await db()
      .prepare("SELECT * FROM sessions WHERE user_id = ?")
      .bind(user.id)
      .all<Record<string, unknown>>();
    expect(results).toHaveLength(1);
    expect(results[0].token_hash).toBe(await sha256Hex(token));
    const leaked = await db()
      .prepare("SELECT count(*) AS n FROM sessions WHERE token_hash = ?1 OR id = ?1 OR instr(token_hash, ?1) > 0")
      .bind(token)
      .first<{ n: number }>();
    expect(leaked?.n).toBe(0);
    expect(JSON.stringify(results)).not.toContain(token);
  });

  it("gives every signup a different token", async () => {
    const a = await signUp();
    const b = await signUp();
    expect(a.token).not.toBe(b.token);
  });

  it("sets an HttpOnly SameSite=Lax session cookie without Secure on local http", async () => {
    const res = await signup({ name: "Maria Lopez", email: uniqueEmail() });
    const { token } = (await res.json()) as { token: string };
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^cb_session=${token};`));
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("marks the cookie Secure on an https origin", async () => {
    const res = await signup({ name: "Maria Lopez", email: uniqueEmail() }, { base: "https://cueboard.example" });
    expect(res.status).toBe(201);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });

  it("rejects a short name and a bad email with the spec's messages", async () => {
    const body = await expectError(await signup({ name: "M", email: "not-an-email" }), 400);
    expect(body.fieldErrors).toEqual({
      name: ["Name must be at least 2 characters"],
      email: ["Please enter a valid email address"],
    });
  });

  it("counts a name of blanks as too short", async () => {
    const body = await expectError(await signup({ name: "   a   ", email: uniqueEmail() }), 400);
    expect(body.fieldErrors?.name).toEqual(["Name must be at least 2 characters"]);
    expect(body.error).toBe("Name must be at least 2 characters");
  });

  it("rejects a non-boolean marketingOptIn", async () => {
    const body = await expectError(
      await signup({ name: "Maria Lopez", email: uniqueEmail(), marketingOptIn: "yes" }),
      400,
    );
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(["marketingOptIn"]);
  });

  it("refuses a signup posted from another origin", async () => {
    const res = await signup({ name: "Maria Lopez", email: uniqueEmail() }, { headers: { origin: "https://evil.example" } });
    await expectError(res, 403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("accepts a signup posted from its own origin", async () => {
    const res = await signup({ name: "Maria Lopez", email: uniqueEmail() }, { headers: { origin: "http://localhost" } });
    expect(res.status).toBe(201);
  });

  it("answers GET with a JSON 405", async () => {
    const res = await call("/api/demo/signup");
    await expectError(res, 405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("GET /api/auth/user", () => {
  it("returns the user for the x-demo-token header", async () => {
    const { token, user } = await signUp("Jordan Reyes");
    const res = await call("/api/auth/user", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: user.id,
      name: "Jordan Reyes",
      email: user.email,
      authType: "demo",
      tier: "beta",
      slackUserId: null,
    });
  });

  it("returns the user for the session cookie the signup set", async () => {
    const { setCookie, user } = await signUp();
    const cookiePair = setCookie.split(";")[0];
    const res = await call("/api/auth/user", { headers: { cookie: `theme=dark; ${cookiePair}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(user.id);
  });

  it("answers 401 Authentication required without credentials", async () => {
    const res = await call("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: "Authentication required" });
  });

  it("answers 401 for an unknown token in the header or the cookie", async () => {
    const forged = "A".repeat(43);
    for (const res of [await call("/api/auth/user", { token: forged }), await call("/api/auth/user", { cookie: forged })]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Authentication required" });
    }
  });

  it("answers 401 for a revoked or expired session", async () => {
    const revoked = await signUp();
    await db()
      .prepare("UPDATE sessions SET revoked_at = ? WHERE user_id = ?")
      .bind(new Date().toISOString(), revoked.user.id)
      .run();
    expect((await call("/api/auth/user", { token: revoked.token })).status).toBe(401);

    const expired = await signUp();
    await db()
      .prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), expired.user.id)
      .run();
    expect((await call("/api/auth/user", { token: expired.token })).status).toBe(401);
  });

  it("answers 401, not 500, for a cookie that is not valid percent-encoding", async () => {
    const res = await call("/api/auth/user", { headers: { cookie: "cb_session=%E0%A4%A" } });
    expect(await expectError(res, 401)).toEqual({ error: "Authentication required" });
  });

  it("prefers the header token over the cookie", async () => {
    const a = await signUp("Header User");
    const b = await signUp("Cookie User");
    const res = await call("/api/auth/user", { token: a.token, cookie: b.token });
    expect(((await res.json()) as { name: string }).name).toBe("Header User");
  });
});

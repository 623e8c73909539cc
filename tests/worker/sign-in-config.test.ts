import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { uniqueEmail } from "./helpers";

/** The Worker as deployed without identity-provider settings. */
async function withoutSignIn(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const unconfigured = { ...env, OIDC_ISSUER: undefined, OIDC_CLIENT_ID: undefined, OIDC_CLIENT_SECRET: undefined };
  const res = await worker.fetch(
    new Request(`http://localhost${path}`, { redirect: "manual", ...init }) as Parameters<typeof worker.fetch>[0],
    unconfigured as unknown as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe("without OIDC settings", () => {
  it("GET /api/login explains that sign-in is not configured (503) and points to the demo", async () => {
    const res = await withoutSignIn("/api/login?redirect=/admin");
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("Sign-in is not configured on this server");
    expect(html).toContain('href="/dashboard#demo"');
  });

  it("the callback says the same", async () => {
    const res = await withoutSignIn("/auth/callback?code=x&state=y");
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Sign-in is not configured on this server");
  });

  it("the landing page offers no Sign In link, and offers it when configured", async () => {
    const html = await (await withoutSignIn("/landing")).text();
    expect(html).toContain("Start Your Free Demo");
    expect(html).not.toContain('href="/api/login"');
    const configured = await (
      await worker.fetch(
        new Request("http://localhost/landing") as Parameters<typeof worker.fetch>[0],
        env as unknown as Env,
        createExecutionContext(),
      )
    ).text();
    expect(configured).toContain('href="/api/login"');
  });

  it("demo signup keeps working", async () => {
    const res = await withoutSignIn("/api/demo/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Alex Demo", email: uniqueEmail() }),
    });
    expect(res.status).toBe(201);
  });
});

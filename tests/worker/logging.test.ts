import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client";
import { users } from "~/db/schema";
import { handleError } from "~/entry.server";
import { handleApi, json } from "~/http/api.server";
import { signUp } from "./helpers";
import { browse, CookieJar } from "./identity-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A real D1 failure through drizzle: a second user with an existing id, carrying a name and email to keep out of logs. */
async function failingInsert() {
  const taken = await signUp();
  const nowIso = new Date().toISOString();
  await createDb(env.DB)
    .insert(users)
    .values({
      id: taken.user.id,
      name: "Parameter Name",
      email: "parameter.email@example.com",
      authType: "demo",
      createdAt: nowIso,
      lastActiveAt: nowIso,
    });
}

function logged(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.map((args) => args.map(String).join(" ")).join("\n");
}

describe("log lines never carry SQL parameters", () => {
  it("handleApi logs a failed query's class and D1 codes, and answers the JSON 500", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await handleApi(async () => {
      await failingInsert();
      return json({});
    });
    expect(res.status).toBe(500);
    const line = logged(errors);
    expect(line).toBe("api handler failed: DrizzleQueryError <- Error D1_ERROR SQLITE_CONSTRAINT SQLITE_CONSTRAINT_PRIMARYKEY");
  });

  it("a page's loader error is logged with its path's params by name, its class and codes", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await failingInsert().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(String(error)).toContain("parameter.email@example.com");
    const request = new Request("http://localhost/join/secret-invite-token");
    handleError(error, { request, params: { token: "secret-invite-token" }, context: {} as never });
    expect(logged(errors)).toBe("GET /join/:token failed: DrizzleQueryError <- Error D1_ERROR SQLITE_CONSTRAINT SQLITE_CONSTRAINT_PRIMARYKEY");
  });
});

describe("sign-in errors are logged by code", () => {
  it("a callback the provider (or anyone editing the URL) fills with an email or a token logs neither", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const leaks = ["leaked.person@example.com", "sk_live_0123456789abcdefSECRET"];
    for (const leak of leaks) {
      const jar = new CookieJar();
      const start = await browse(jar, "/api/login");
      const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
      const query = new URLSearchParams({ state, error: leak, error_description: `for ${leak}` });
      const res = await browse(jar, `/auth/callback?${query}`);
      expect(res.status).toBe(400);
    }
    const lines = logged(errors);
    for (const leak of leaks) expect(lines).not.toContain(leak);
    expect(lines).toBe(leaks.map(() => "sign-in failed: SignInError provider_error").join("\n"));
  });

  it("a callback with no attempt behind it logs the reason and the check's code", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await browse(new CookieJar(), "/auth/callback?state=unknown-state&code=leaked-authorization-code");
    expect(res.status).toBe(400);
    expect(logged(errors)).toBe("sign-in expired: SignInError state_unknown");
  });
});

import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client";
import { users } from "~/db/schema";
import { handleError } from "~/entry.server";
import { handleApi, json } from "~/http/api.server";
import { signUp } from "./helpers";

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

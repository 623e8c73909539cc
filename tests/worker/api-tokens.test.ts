import { describe, expect, it } from "vitest";
import { MAX_API_TOKENS_PER_MEMBER } from "~/domain/api-tokens";
import { sha256Hex } from "~/lib/crypto";
import { TEST_NOW_HEADER } from "../../load-context";
import { call, db, expectError, ORIGIN, postForm, signUp, workspaceIdOf, type Account } from "./helpers";
import { fetchSettled } from "./slack-helpers";
import { team } from "./teams-helpers";

/** Personal API tokens (issue 36, ADR 048): hashing, scopes, show control, revocation, expiry, last use, bad input. */

interface CreatedToken {
  id: string;
  name: string;
  scope: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  token: string;
}

async function makeToken(account: Account, body: Record<string, unknown>, now?: Date) {
  const res = await call("/api/tokens", { method: "POST", token: account.token, json: body, now });
  const created = (await res.json()) as CreatedToken;
  expect(res.status, JSON.stringify(created)).toBe(201);
  return created;
}

/**
 * A request with `Authorization: Bearer`, answered once the work it left for after the response (the last-use
 * write) is done. No cookie, no Origin: what a script sends.
 */
function withBearer(
  path: string,
  token: string,
  init: { method?: string; json?: unknown; now?: Date; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${token}`);
  if (init.now) headers.set(TEST_NOW_HEADER, init.now.toISOString());
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const body = init.json !== undefined ? JSON.stringify(init.json) : undefined;
  return fetchSettled(new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers, body }));
}

const tokenRow = (id: string) =>
  db().prepare("SELECT * FROM api_tokens WHERE id = ?").bind(id).first<Record<string, string | null>>();

const DAY = "2026-06-06";

/** Two cues on the show day, straight into D1 (the rundown's own API is show.test.ts's). */
async function insertCues(account: Account) {
  const workspaceId = await workspaceIdOf(account.user.id);
  const now = new Date().toISOString();
  const ids = [`doors-${crypto.randomUUID()}`, `keynote-${crypto.randomUUID()}`];
  for (const [position, id] of ids.entries()) {
    await db()
      .prepare(
        `INSERT INTO cues (id, workspace_id, day, position, title, start, duration_seconds, timing, created_at,
          updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'flexible', ?, ?)`,
      )
      .bind(id, workspaceId, DAY, position + 1, position === 0 ? "Doors open" : "Keynote", "18:00", 900, now, now)
      .run();
  }
  return ids;
}

describe("making, listing and revoking tokens", () => {
  it("shows the token once, keeps only its SHA-256, and lists it without the token", async () => {
    const maria = await signUp("Maria Lopez");
    const created = await makeToken(maria, { name: "Budget script", scope: "read" });
    expect(created).toMatchObject({ name: "Budget script", scope: "read", expiresAt: null, lastUsedAt: null });
    expect(created.token).toMatch(/^cbt_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 12));

    const row = await tokenRow(created.id);
    expect(row!.token_hash).toBe(await sha256Hex(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const listed = await call("/api/tokens", { token: maria.token });
    const { tokens } = (await listed.json()) as { tokens: Array<Record<string, unknown>> };
    const { token: _, ...shown } = created;
    expect(tokens).toEqual([shown]);
    expect(JSON.stringify(tokens)).not.toContain(created.token);
    expect(JSON.stringify(tokens)).not.toContain(row!.token_hash!);
  });

  it("a revoked token answers 401 at once; another person's or workspace's token id is a 404", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const [sam] = members;
    const outsider = await signUp("Lee Chen");
    const created = await makeToken(owner, { name: "Sync", scope: "read-write" });
    expect((await withBearer("/api/tasks", created.token)).status).toBe(200);

    await expectError(await call(`/api/tokens/${created.id}`, { method: "DELETE", token: outsider.token }), 404);
    // Sam is in the same workspace, but the token is not his.
    await expectError(await call(`/api/tokens/${created.id}`, { method: "DELETE", token: sam.token }), 404);
    await expectError(await call(`/api/tokens/${"x".repeat(65)}`, { method: "DELETE", token: owner.token }), 404);
    expect((await withBearer("/api/tasks", created.token)).status).toBe(200);

    const revoked = await call(`/api/tokens/${created.id}`, { method: "DELETE", token: owner.token });
    expect(revoked.status).toBe(204);
    expect(await tokenRow(created.id)).toBeNull();
    const refused = await expectError(await withBearer("/api/tasks", created.token), 401);
    expect(refused.error).toBe("This API token is not valid: it may have been revoked or have expired");
    await expectError(await call(`/api/tokens/${created.id}`, { method: "DELETE", token: owner.token }), 404);
    expect(workspaceId).toBe(await workspaceIdOf(owner.user.id));
  });

  it("the page's forms make a token shown once and revoke it, without JavaScript", async () => {
    const maria = await signUp("Maria Lopez");
    const made = await postForm(maria.token, "/settings?index", {
      intent: "token-create",
      name: "Stream Deck",
      scope: "show-control",
      expiry: "90",
    });
    expect(made.status).toBe(200);
    const html = await made.text();
    const shown = /cbt_[A-Za-z0-9_-]{43}/.exec(html);
    expect(shown, "the new token is on the page").not.toBeNull();
    expect(html).toContain("You will not see it again");
    const { tokens } = (await (await call("/api/tokens", { token: maria.token })).json()) as {
      tokens: Array<{ id: string; name: string; expiresAt: string }>;
    };
    expect(tokens).toHaveLength(1);
    expect(tokens[0].name).toBe("Stream Deck");
    expect(Date.parse(tokens[0].expiresAt) - Date.now()).toBeGreaterThan(89 * 86_400_000);

    const reloaded = await (await call("/settings", { token: maria.token })).text();
    expect(reloaded).not.toContain(shown![0]);

    const revoked = await postForm(maria.token, "/settings?index", { intent: "token-revoke", tokenId: tokens[0].id });
    expect(revoked.status).toBe(303);
    await expectError(await withBearer("/api/show/live", shown![0]), 401);
  });

  it("refuses bad input as field errors and creates nothing", async () => {
    const maria = await signUp("Maria Lopez");
    const now = new Date("2026-11-28T12:00:00.000Z");
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: "", scope: "read" }, "name", "Name is required"],
      [{ name: "   ", scope: "read" }, "name", "Name is required"],
      [{ name: "Script", scope: "admin" }, "scope", "Scope must be read, read-write or show-control"],
      [
        { name: "Script", scope: "read", expiresAt: "2026-11-27T12:00:00Z" },
        "expiresAt",
        "The expiry must be in the future",
      ],
      [{ name: "Script", scope: "read", expiresInDays: -3 }, "expiresInDays", "expiresInDays is at least 1"],
      [{ name: 42, scope: "read" }, "name", "Name must be text"],
    ];
    for (const [body, field, message] of cases) {
      const res = await call("/api/tokens", { method: "POST", token: maria.token, json: body, now });
      const error = await expectError(res, 400);
      expect(error.fieldErrors?.[field], JSON.stringify(body)).toEqual([message]);
    }
    await expectError(
      await call("/api/tokens", {
        method: "POST",
        token: maria.token,
        body: "{not json",
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    const form = await postForm(maria.token, "/settings?index", {
      intent: "token-create",
      name: "",
      scope: "read",
      expiry: "never",
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("Name is required");
    const { n } = (await db()
      .prepare("SELECT count(*) AS n FROM api_tokens WHERE user_id = ?")
      .bind(maria.user.id)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("holds a person to the limit, counting only tokens that still work", async () => {
    const maria = await signUp("Maria Lopez");
    const workspaceId = await workspaceIdOf(maria.user.id);
    const now = new Date();
    const insert = db().prepare(
      `INSERT INTO api_tokens (id, workspace_id, user_id, name, scope, token_hash, prefix, created_at, expires_at)
       VALUES (?, ?, ?, 'old', 'read', ?, 'cbt_old', ?, ?)`,
    );
    const expired = new Date(now.getTime() - 1000).toISOString();
    await db().batch(
      Array.from({ length: MAX_API_TOKENS_PER_MEMBER }, (_, i) =>
        insert.bind(
          `t-${crypto.randomUUID()}`,
          workspaceId,
          maria.user.id,
          `hash-${crypto.randomUUID()}`,
          now.toISOString(),
          i === 0 ? expired : null,
        ),
      ),
    );
    // The expired one is deleted with the new one, which takes its place.
    await makeToken(maria, { name: "Fifty", scope: "read" });
    const refused = await expectError(
      await call("/api/tokens", { method: "POST", token: maria.token, json: { name: "One more", scope: "read" } }),
      409,
    );
    expect(refused.error).toMatch(/^You have 50 API tokens in this workspace/);
    const { tokens } = (await (await call("/api/tokens", { token: maria.token })).json()) as { tokens: unknown[] };
    expect(tokens).toHaveLength(MAX_API_TOKENS_PER_MEMBER);
  });
});

describe("scopes", () => {
  it("a read token reads and is refused writes", async () => {
    const maria = await signUp("Maria Lopez");
    const { token } = await makeToken(maria, { name: "Reader", scope: "read" });
    const read = await withBearer("/api/tasks", token);
    expect(read.status).toBe(200);
    expect(read.headers.get("set-cookie")).toBeNull();
    const refused = await expectError(
      await withBearer("/api/tasks", token, { method: "POST", json: { title: "Book the buses" } }),
      403,
    );
    expect(refused.error).toBe("This token can only read");
    expect(await (await call("/api/tasks", { token: maria.token })).json()).toEqual([]);
  });

  it("a read-write token does what its maker may, as an API client, without an Origin check", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const [sam] = members;
    const { token } = await makeToken(sam, { name: "Sam's sync", scope: "read-write" });
    const created = await withBearer("/api/tasks", token, {
      method: "POST",
      json: { title: "Book the shuttle buses" },
      headers: { origin: "https://elsewhere.example" },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const task = (await created.json()) as { id: string; createdBy?: string };
    const history = await call(`/api/tasks/${task.id}/history`, { token: owner.token });
    expect(JSON.stringify(await history.json())).toContain('"api"');
    // Owner-only work needs the maker to be an owner: Sam is a member.
    await expectError(
      await withBearer(`/api/workspace/members/${owner.user.id}`, token, { method: "PATCH", json: { role: "member" } }),
      403,
    );
  });

  it("no token can list, make or revoke tokens, nor act on the session", async () => {
    const maria = await signUp("Maria Lopez");
    const readWrite = await makeToken(maria, { name: "Sync", scope: "read-write" });
    const reader = await makeToken(maria, { name: "Reader", scope: "read" });
    const session = "This needs a signed-in session; API tokens cannot do it";
    const tokensRefusal = "API tokens are managed from a signed-in session on /settings, not with a token";
    expect((await expectError(await withBearer("/api/tokens", reader.token), 403)).error).toBe(tokensRefusal);
    expect((await expectError(await withBearer("/api/tokens", readWrite.token), 403)).error).toBe(tokensRefusal);
    const make = await withBearer("/api/tokens", readWrite.token, {
      method: "POST",
      json: { name: "Child", scope: "read-write" },
    });
    expect((await expectError(make, 403)).error).toBe(tokensRefusal);
    const revoke = await withBearer(`/api/tokens/${reader.id}`, readWrite.token, { method: "DELETE" });
    expect((await expectError(revoke, 403)).error).toBe(tokensRefusal);
    const workspace = await withBearer("/api/workspaces", readWrite.token, {
      method: "POST",
      json: { name: "Another" },
    });
    expect((await expectError(workspace, 403)).error).toBe(session);
    expect((await expectError(await withBearer("/api/billing/status", readWrite.token), 403)).error).toBe(session);
    expect(await tokenRow(reader.id)).not.toBeNull();
  });

  it("a show-control token is owners' only, presses GO, Back, Start and Stop, and is refused everything else", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const [sam] = members;
    const memberTry = await call("/api/tokens", {
      method: "POST",
      token: sam.token,
      json: { name: "Deck", scope: "show-control" },
    });
    const memberRefusal = await expectError(memberTry, 403);
    expect(memberRefusal.error).toBe("Only owners can make show-control tokens");

    const [doors, keynote] = await insertCues(owner);
    const { token } = await makeToken(owner, { name: "Stream Deck", scope: "show-control" });
    const press = (body: Record<string, unknown>) =>
      withBearer("/api/show/live", token, { method: "POST", json: body });
    const idle = await withBearer("/api/show/live", token);
    expect(idle.status).toBe(200);
    expect(await idle.json()).toMatchObject({ currentCueId: null });

    const started = await press({ action: "start", day: DAY });
    expect(started.status, await started.clone().text()).toBe(200);
    expect(await started.json()).toMatchObject({ applied: true, currentCueId: doors });
    expect(await (await press({ action: "go" })).json()).toMatchObject({ applied: true, currentCueId: keynote });
    expect(await (await press({ action: "back" })).json()).toMatchObject({ applied: true, currentCueId: doors });
    // What a Stream Deck button shows: the running cue's title.
    const current = (await (await withBearer("/api/show/live", token)).json()) as Record<string, unknown>;
    expect(current).toMatchObject({ currentCueId: doors, currentCueTitle: "Doors open" });
    expect(await (await press({ action: "stop" })).json()).toMatchObject({ applied: true });

    const rehearse = await expectError(await press({ action: "rehearse", day: DAY }), 403);
    expect(rehearse.error).toBe("This token can only press GO, Back, Start and Stop");
    const showOnly = "This token can only control the show";
    for (const [path, method] of [
      ["/api/tasks", "GET"],
      ["/api/show", "GET"],
      ["/api/show/cues", "POST"],
      ["/api/tokens", "GET"],
      ["/api/tokens", "POST"],
      ["/api/workspaces/switch", "POST"],
      ["/api/auth/user", "GET"],
    ] as const) {
      const res = await withBearer(path, token, { method, json: method === "POST" ? {} : undefined });
      expect((await expectError(res, 403)).error, `${method} ${path}`).toBe(showOnly);
    }
  });

  it("a show-control token stops working when its maker is no longer an owner", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const [sam] = members;
    const promote = await call(`/api/workspace/members/${sam.user.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { role: "owner" },
    });
    expect(promote.status, await promote.clone().text()).toBe(200);
    const { token } = await makeToken(sam, { name: "Sam's deck", scope: "show-control" });
    expect((await withBearer("/api/show/live", token)).status).toBe(200);
    const demote = await call(`/api/workspace/members/${sam.user.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { role: "member" },
    });
    expect(demote.status, await demote.clone().text()).toBe(200);
    await expectError(await withBearer("/api/show/live", token), 401);
  });
});

describe("expiry, last use, leaving", () => {
  it("a token works until it expires", async () => {
    const maria = await signUp("Maria Lopez");
    const madeAt = new Date();
    const { token, expiresAt } = await makeToken(maria, { name: "Month", scope: "read", expiresInDays: 30 }, madeAt);
    expect(expiresAt).toBe(new Date(madeAt.getTime() + 30 * 86_400_000).toISOString());
    const before = new Date(Date.parse(expiresAt!) - 1000);
    expect((await withBearer("/api/tasks", token, { now: before })).status).toBe(200);
    await expectError(await withBearer("/api/tasks", token, { now: new Date(expiresAt!) }), 401);
  });

  it("records the last use at most once a minute", async () => {
    const maria = await signUp("Maria Lopez");
    const created = await makeToken(maria, { name: "Poller", scope: "read" });
    const first = new Date(Date.now() + 1000);
    expect((await withBearer("/api/tasks", created.token, { now: first })).status).toBe(200);
    expect((await tokenRow(created.id))!.last_used_at).toBe(first.toISOString());
    const soon = new Date(first.getTime() + 30_000);
    expect((await withBearer("/api/tasks", created.token, { now: soon })).status).toBe(200);
    expect((await tokenRow(created.id))!.last_used_at).toBe(first.toISOString());
    const later = new Date(first.getTime() + 61_000);
    expect((await withBearer("/api/tasks", created.token, { now: later })).status).toBe(200);
    expect((await tokenRow(created.id))!.last_used_at).toBe(later.toISOString());
    const { tokens } = (await (await call("/api/tokens", { token: maria.token })).json()) as {
      tokens: Array<{ lastUsedAt: string }>;
    };
    expect(tokens[0].lastUsedAt).toBe(later.toISOString());
  });

  it("the maker leaving the workspace ends the token", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const [sam] = members;
    const created = await makeToken(sam, { name: "Sam's sync", scope: "read-write" });
    expect((await withBearer("/api/tasks", created.token)).status).toBe(200);
    const removed = await call(`/api/workspace/members/${sam.user.id}`, {
      method: "DELETE",
      token: owner.token,
      json: {},
    });
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    expect(await tokenRow(created.id)).toBeNull();
    await expectError(await withBearer("/api/tasks", created.token), 401);
  });

  it("a Bearer that is no personal token is read as a session token; a malformed one is a 401", async () => {
    const maria = await signUp("Maria Lopez");
    expect((await withBearer("/api/auth/user", maria.token)).status).toBe(200);
    await expectError(await withBearer("/api/tasks", "cbt_short"), 401);
    await expectError(await withBearer("/api/tasks", `cbt_${"A".repeat(43)}`), 401);
    const basic = await fetchSettled(
      new Request(`${ORIGIN}/api/tasks`, { headers: { authorization: "Basic bWFyaWE6eA==" } }),
    );
    await expectError(basic, 401);
    // Tokens never sign in to pages, nor open the live socket.
    const created = await makeToken(maria, { name: "Reader", scope: "read" });
    const page = await withBearer("/settings", created.token);
    expect(await page.text()).not.toContain("Your settings");
    await expectError(await withBearer("/api/live", created.token, { headers: { upgrade: "websocket" } }), 401);
  });
});

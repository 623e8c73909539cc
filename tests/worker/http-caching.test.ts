import { describe, expect, it } from "vitest";
import { call, db, newTask, signUp, updateTask, type Account } from "./helpers";
import { team } from "./teams-helpers";

/**
 * HTTP caching (docs/decisions/032-http-caching-with-etags.md): reusable reads answer with an ETag and
 * `Cache-Control: private, no-cache`, and a conditional GET whose copy is current is a 304 that read only the
 * workspace's version, in the session check's one round trip.
 */

/** Every reusable read: the API's (their query forms, paging included) and the pages' data requests. */
const ROUTES = [
  "/api/tasks",
  "/api/tasks?limit=1",
  "/api/tasks?limit=1&offset=1",
  "/api/tasks?mine=1",
  "/api/tasks?risk=1",
  "/api/tasks?group=days&sort=priority",
  "/api/status",
  "/api/plan",
  "/api/risks",
  "/api/risks?limit=1&offset=1",
  // Remix single fetch: a client navigation asks one route's data (`_routes`), the page's path with `.data`.
  "/dashboard.data?_routes=routes/dashboard",
  "/_root.data?_routes=routes/home",
  "/tasks.data?_routes=routes/tasks",
  "/tasks.data?_routes=routes/tasks&risk=1&page=1",
  "/analytics.data?_routes=routes/analytics",
];

const WEAK_TAG = /^W\/"[0-9a-f]{32}"$/;

function roundTripsOf(res: Response) {
  const header = res.headers.get("server-timing") ?? "";
  const match = /d1;desc="(\d+) round trips?/.exec(header);
  expect(match, header).not.toBeNull();
  return Number(match![1]);
}

/** A GET as the browser sends it: Remix's data requests are fetch() calls (`Sec-Fetch-Mode: cors`), pages navigations. */
async function get(path: string, account: Account, ifNoneMatch?: string) {
  const headers = new Headers({
    "Sec-Fetch-Mode": new URL(path, "http://x").pathname.endsWith(".data") ? "cors" : "navigate",
  });
  if (ifNoneMatch) headers.set("If-None-Match", ifNoneMatch);
  const res = await call(path, { token: account.token, headers });
  const body = await res.text();
  return { res, body, etag: res.headers.get("etag") };
}

/** A 200 that may be reused: its ETag and Cache-Control. */
async function fresh(path: string, account: Account, ifNoneMatch?: string) {
  const { res, body, etag } = await get(path, account, ifNoneMatch);
  expect(res.status, `${path}: ${body.slice(0, 200)}`).toBe(200);
  expect(etag, path).toMatch(WEAK_TAG);
  expect(res.headers.get("cache-control"), path).toBe("private, no-cache");
  return etag!;
}

async function workspaceSetUp() {
  const { owner, members, workspaceId } = await team(["Sam Okafor"]);
  const today = new Date().toISOString().slice(0, 10);
  await db()
    .prepare("UPDATE workspaces SET event_date = ? WHERE id = ?")
    .bind(`${today}T23:00:00.000Z`, workspaceId)
    .run();
  const first = await newTask(owner.token, { title: "Sign the venue contract", priority: "high", estimatedHours: 40 });
  await newTask(owner.token, { title: "Draw the floor plan", dependsOn: [first.id], assigneeName: "Maria" });
  await newTask(owner.token, { title: "Book the shuttle buses", dueDate: "2020-01-01" });
  return { owner, member: members[0], workspaceId, task: first };
}

// Each test sends some hundred requests, a few seconds on a busy machine.
describe("HTTP caching of reads", { timeout: 120_000 }, () => {
  it("answers with an ETag, and a current copy with a bodiless 304 that costs one round trip", async () => {
    const { owner } = await workspaceSetUp();
    for (const path of ROUTES) {
      const etag = await fresh(path, owner);
      // The same inputs make the same ETag.
      expect(await fresh(path, owner), path).toBe(etag);
      for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, "*"]) {
        const { res, body } = await get(path, owner, ifNoneMatch);
        expect(res.status, `${path} with ${ifNoneMatch}`).toBe(304);
        expect(body).toBe("");
        expect(res.headers.get("etag")).toBe(etag);
        expect(res.headers.get("cache-control")).toBe("private, no-cache");
        expect(roundTripsOf(res), path).toBe(1);
      }
      expect((await get(path, owner, '"something-else"')).res.status, path).toBe(200);
    }
  });

  it("answers 200 with a new ETag once another member changes a task", async () => {
    const { owner, member, task } = await workspaceSetUp();
    for (const [i, path] of ROUTES.entries()) {
      const etag = await fresh(path, owner);
      const { res } = await updateTask(member.token, task.id, { title: `Sign the venue contract (${i})` });
      expect(res.status).toBe(200);
      const after = await fresh(path, owner, etag);
      expect(after, path).not.toBe(etag);
    }
  });

  it("never answers 304 to another member or another workspace's user for someone else's ETag", async () => {
    const { owner, member } = await workspaceSetUp();
    const outsider = await signUp("Lee Outsider");
    await newTask(outsider.token, { title: "Their own task" });
    for (const path of ROUTES) {
      const etag = await fresh(path, owner);
      expect(await fresh(path, member, etag), path).not.toBe(etag);
      expect(await fresh(path, outsider, etag), path).not.toBe(etag);
    }
  });

  it("answers 200 again when what a page shows beside the tasks changes", async () => {
    const { owner, member, workspaceId } = await workspaceSetUp();
    const tasksPage = "/tasks.data?_routes=routes/tasks";
    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        "a category added",
        () => call("/api/categories", { method: "POST", token: owner.token, json: { name: "Rigging" } }),
      ],
      [
        "a status added",
        () => call("/api/statuses", { method: "POST", token: owner.token, json: { name: "Waiting" } }),
      ],
      [
        "a member renamed",
        () => db().prepare("UPDATE users SET name = 'Sam O.' WHERE id = ?").bind(member.user.id).run(),
      ],
      [
        "a member's list view",
        () =>
          db()
            .prepare("UPDATE memberships SET task_view = 'table' WHERE workspace_id = ? AND user_id = ?")
            .bind(workspaceId, owner.user.id)
            .run(),
      ],
      [
        "the workspace renamed",
        () => call("/api/workspace", { method: "PUT", token: owner.token, json: { name: "Gala" } }),
      ],
      [
        "a notification for the caller",
        () =>
          db()
            .prepare(
              "INSERT INTO notifications (id, workspace_id, user_id, kind, text, created_at) VALUES (?, ?, ?, 'reminder', ?, ?)",
            )
            .bind(
              crypto.randomUUID(),
              workspaceId,
              owner.user.id,
              "Reminder: Draw the floor plan",
              new Date().toISOString(),
            )
            .run(),
      ],
    ];
    for (const [what, change] of changes) {
      const etag = await fresh(tasksPage, owner);
      const res = await change();
      if (res instanceof Response) expect(res.status, `${what}: ${await res.text()}`).toBeLessThan(300);
      expect(await fresh(tasksPage, owner, etag), what).not.toBe(etag);
    }
  });

  it("moves the version with every write to the lists, the members and the Slack app", async () => {
    const { owner, member, workspaceId } = await workspaceSetUp();
    const version = async () =>
      (await db()
        .prepare("SELECT plan_version AS v FROM workspaces WHERE id = ?")
        .bind(workspaceId)
        .first<{ v: number }>())!.v;
    const now = new Date().toISOString();
    const writes = [
      db()
        .prepare("INSERT INTO categories (workspace_id, name, name_key, created_at) VALUES (?, 'Audio', 'audio', ?)")
        .bind(workspaceId, now),
      db()
        .prepare("UPDATE categories SET position = 9 WHERE workspace_id = ? AND name_key = 'audio'")
        .bind(workspaceId),
      db().prepare("DELETE FROM categories WHERE workspace_id = ? AND name_key = 'audio'").bind(workspaceId),
      db()
        .prepare("INSERT INTO statuses (workspace_id, name, name_key, created_at) VALUES (?, 'Held', 'held', ?)")
        .bind(workspaceId, now),
      db().prepare("DELETE FROM statuses WHERE workspace_id = ? AND name_key = 'held'").bind(workspaceId),
      db()
        .prepare("UPDATE memberships SET role = 'owner' WHERE workspace_id = ? AND user_id = ?")
        .bind(workspaceId, member.user.id),
      db().prepare("UPDATE users SET email = 'sam@example.com' WHERE id = ?").bind(member.user.id),
      db()
        .prepare(
          "INSERT INTO slack_links (workspace_id, slack_team_id, slack_user_id, user_id, created_at) VALUES (?, 'T1', 'U1', ?, ?)",
        )
        .bind(workspaceId, member.user.id, now),
      db().prepare("DELETE FROM slack_links WHERE workspace_id = ?").bind(workspaceId),
      db()
        .prepare(
          "INSERT INTO slack_apps (workspace_id, client_id, client_secret_enc, signing_secret_enc, created_at, updated_at) VALUES (?, 'c', 'x', 'y', ?, ?)",
        )
        .bind(workspaceId, now, now),
      db()
        .prepare("UPDATE slack_apps SET bot_token_enc = 'enc', team_name = 'Crew' WHERE workspace_id = ?")
        .bind(workspaceId),
      db().prepare("DELETE FROM slack_apps WHERE workspace_id = ?").bind(workspaceId),
      db().prepare("DELETE FROM memberships WHERE workspace_id = ? AND user_id = ?").bind(workspaceId, member.user.id),
    ];
    for (const write of writes) {
      const before = await version();
      await write.run();
      expect(await version()).toBeGreaterThan(before);
    }
    // What nobody is shown does not: a visit's activity time.
    const before = await version();
    await db().prepare("UPDATE users SET last_active_at = ? WHERE id = ?").bind(now, owner.user.id).run();
    expect(await version()).toBe(before);
  });

  it("renders documents as before, and answers in full a data request that loads other routes too", async () => {
    const { owner, task } = await workspaceSetUp();
    const etag = await fresh("/tasks.data?_routes=routes/tasks", owner);
    const page = await get("/tasks", owner, etag);
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.body).toContain("Sign the venue contract");
    expect(page.etag).toBeNull();
    // After a form post the root's data (its one-time toast) comes too; a task's page loads its own route below.
    for (const path of ["/tasks.data", "/tasks.data?_routes=root,routes/tasks", `/tasks/${task.id}.data`]) {
      const before = await get(path, owner);
      expect(before.res.status, path).toBe(200);
      const again = await get(path, owner, before.etag ?? "*");
      expect(again.res.status, path).toBe(200);
      expect(again.body, path).toContain("Sign the venue contract");
    }
  });

  it("keeps errors out of the cache", async () => {
    const { owner } = await workspaceSetUp();
    const bad = await get("/api/tasks?limit=0", owner, "*");
    expect(bad.res.status).toBe(400);
    expect(bad.etag).toBeNull();
    expect(bad.res.headers.get("cache-control")).toBe("no-store");
    const signedOut = await call("/api/status", { headers: { "If-None-Match": "*" } });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("etag")).toBeNull();
  });
});

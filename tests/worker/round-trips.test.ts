import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RequestD1 } from "~/db/request-d1";
import { call, db, newTask, signUp, updateTask, type Account } from "./helpers";
import { acceptInvite, createInvite, setTier } from "./teams-helpers";

/**
 * One D1 round trip per read (issue 15): every response says what it cost in `Server-Timing`
 * (`d1;desc="N round trips, Q queries, R rows read"`), the reads a loader starts together share one batch
 * (`readTogether`), and a read request from a session seen lately checks it in that same batch.
 */

function d1Of(res: Response) {
  const header = res.headers.get("server-timing") ?? "";
  const match = /d1;desc="(\d+) round trips?, (\d+) quer(?:y|ies), (\d+) rows? read"/.exec(header);
  expect(match, header).not.toBeNull();
  expect(header).toMatch(/total;dur=\d+/);
  return { roundTrips: Number(match![1]), queries: Number(match![2]), rowsRead: Number(match![3]) };
}

async function get(path: string, account: Account) {
  const res = await call(path, { token: account.token });
  await res.arrayBuffer();
  expect(res.status, path).toBe(200);
  return d1Of(res);
}

const READ_ROUTES = [
  "/api/auth/user",
  "/api/status",
  "/api/tasks?limit=100",
  "/api/tasks",
  "/api/tasks?risk=1",
  "/tasks?risk=1&sort=title",
  "/api/plan",
  "/api/risks",
  "/api/show",
  "/api/show/live",
  "/api/show/shares",
  "/api/calls?day=2026-06-06",
  "/api/my-day",
  "/api/critical-path",
  "/api/workspace",
  "/api/categories",
  "/dashboard",
  "/tasks",
  "/tasks?group=days&sort=priority",
  "/analytics",
  "/show",
  "/show/live",
  "/calls",
  "/team",
  "/workspaces",
];

describe("round trips per request", () => {
  it("answers every read with one D1 round trip once the session is known, and says so", async () => {
    const owner = await signUp("Maria Lopez");
    const first = await newTask(owner.token, { title: "Sign the venue contract", priority: "high", estimatedHours: 4 });
    await newTask(owner.token, { title: "Draw the floor plan", dependsOn: [first.id], assigneeName: "Maria" });
    // The first read of a session reads it on its own; after that the session rides along with the data.
    const cold = await get("/api/status", owner);
    expect(cold.roundTrips).toBeLessThanOrEqual(2);
    const trips: Record<string, number> = {};
    for (const path of READ_ROUTES) {
      // A route that plans reads the plan's version first, and the tasks only when the plan has changed.
      await get(path, owner);
      trips[path] = (await get(path, owner)).roundTrips;
    }
    expect(trips).toEqual(Object.fromEntries(READ_ROUTES.map((path) => [path, 1])));
    // The task page reads the task with the tasks it is linked to. It opens over the task list, whose loader runs
    // beside it and sends its own batch at the same time: two calls, one round trip of waiting.
    expect((await get(`/tasks/${first.id}`, owner)).roundTrips).toBeLessThanOrEqual(2);
  }, 60_000);

  it("makes a write cost the session, the task as it was, the change, and the live update's counts", async () => {
    const owner = await signUp("Maria Lopez");
    const task = await newTask(owner.token, { title: "Book the shuttle buses" });
    const { res } = await updateTask(owner.token, task.id, { priority: "critical" });
    expect(res.status).toBe(200);
    // The counts the live update carries are read after the answer (waitUntil), but start before it is sent.
    expect(d1Of(res).roundTrips).toBeLessThanOrEqual(4);
  });

  it("answers a read again from scratch when the session it trusted has changed", async () => {
    const owner = await signUp("Maria Lopez");
    const member = await signUp("Sam Okafor");
    const invite = await createInvite(owner);
    expect((await acceptInvite(member, invite.token)).status).toBeLessThan(300);
    await newTask(owner.token, { title: "Owner's task" });
    // Seen lately in the team's workspace...
    const before = (await (await call("/api/tasks", { token: member.token })).json()) as Array<{ title: string }>;
    expect(before.map((t) => t.title)).toEqual(["Owner's task"]);

    // ...then removed from it behind the app's back: the next read must not show the team's tasks.
    await db()
      .prepare("DELETE FROM memberships WHERE user_id = ? AND role = 'member'")
      .bind(member.user.id)
      .run();
    const res = await call("/api/tasks", { token: member.token });
    const after = (await res.json()) as Array<{ title: string }>;
    expect(after.map((t) => t.title)).not.toContain("Owner's task");
    expect(d1Of(res).roundTrips).toBeGreaterThan(1);

    // Signed out elsewhere: the token stops working at once.
    await db().prepare("UPDATE sessions SET revoked_at = ? WHERE user_id = ?").bind(new Date().toISOString(), owner.user.id).run();
    expect((await call("/api/tasks", { token: owner.token })).status).toBe(401);
  });
});

describe("the kept plan", () => {
  it("schedules the workspace once, and again after any change the plan reads", async () => {
    const owner = await signUp("Maria Lopez");
    const first = await newTask(owner.token, { title: "Sign the venue contract", estimatedHours: 8 });
    const second = await newTask(owner.token, { title: "Draw the floor plan", dependsOn: [first.id] });
    const made = await get("/api/plan", owner);
    const kept = await get("/api/plan", owner);
    // Only the session (one statement) and the plan's version are read: no task row, no edge. The version is read
    // twice, for the plan and for the answer's ETag (app/http/conditional.server.ts).
    expect(kept).toMatchObject({ roundTrips: 1 });
    expect(kept.rowsRead).toBeLessThan(made.rowsRead);
    expect(kept.queries).toBe(3);

    const riskOf = async () =>
      ((await (await call("/api/risks", { token: owner.token })).json()) as { risks: Array<{ task: { id: string } }> })
        .risks.map((r) => r.task.id);
    expect(await riskOf()).not.toContain(second.id);
    // A change through the API...
    await updateTask(owner.token, second.id, { priority: "critical" });
    expect(await riskOf()).toContain(second.id);
    // ...and one behind the app's back (a trigger moves the version on).
    await db().prepare("UPDATE tasks SET priority = 'low' WHERE id = ?").bind(second.id).run();
    expect(await riskOf()).not.toContain(second.id);
    await db().prepare("DELETE FROM task_dependencies WHERE task_id = ?").bind(second.id).run();
    const plan = (await (await call("/api/critical-path", { token: owner.token })).json()) as {
      tasks: Array<{ id: string; dependsOn: string[] }>;
    };
    expect(plan.tasks.find((t) => t.id === second.id)?.dependsOn).toEqual([]);
  });
});

describe("kept analytics", () => {
  it("reads only the version on a repeat, and counts again in at most two round trips after a change", async () => {
    const owner = await signUp("Maria Lopez");
    await setTier(owner.user.id, "premium");
    const task = await newTask(owner.token, { title: "Sign the venue contract" });
    const counted = await get("/analytics", owner);
    expect(counted.roundTrips).toBe(1);
    const kept = await get("/analytics", owner);
    expect(kept).toMatchObject({ roundTrips: 1, queries: 3 });
    expect(kept.rowsRead).toBeLessThan(counted.rowsRead);
    await updateTask(owner.token, task.id, { status: "completed" });
    const again = await get("/analytics", owner);
    expect(again.roundTrips).toBeLessThanOrEqual(2);
    expect(again.rowsRead).toBeGreaterThan(kept.rowsRead);
    expect(await get("/analytics", owner)).toMatchObject({ roundTrips: 1, queries: 3 });
  });
});

describe("the request's D1 binding", () => {
  const select = (d1: D1Database, sql: string) => d1.batch([d1.prepare(sql)]).then(([r]) => r.results);

  it("sends the batches started together as one, and any other call on its own", async () => {
    const d1 = new RequestD1(env.DB);
    const db = d1 as unknown as D1Database;
    const [one, two] = d1.together(() => [select(db, "SELECT 1 AS one"), select(db, "SELECT 2 AS two")]);
    expect([await one, await two]).toEqual([[{ one: 1 }], [{ two: 2 }]]);
    expect(d1.meter).toMatchObject({ roundTrips: 1, statements: 2 });

    // After an await, a read is on its own: nothing waits for more.
    const late = d1.together(async () => {
      await Promise.resolve();
      return select(db, "SELECT 3 AS three");
    });
    expect(await late).toEqual([{ three: 3 }]);
    expect(d1.meter.roundTrips).toBe(2);
    expect(await db.prepare("SELECT 4 AS four").first()).toEqual({ four: 4 });
    expect(d1.meter.roundTrips).toBe(3);
  });

  it("sends a read waiting for the next batch with it, or by itself when asked", async () => {
    const d1 = new RequestD1(env.DB);
    const db = d1 as unknown as D1Database;
    let check: Promise<unknown> | undefined;
    d1.withNextBatch(() => (check = select(db, "SELECT 'checked' AS session")));
    expect(d1.meter.roundTrips).toBe(0);
    expect(await select(db, "SELECT 5 AS five")).toEqual([{ five: 5 }]);
    expect(await check).toEqual([{ session: "checked" }]);
    expect(d1.meter).toMatchObject({ roundTrips: 1, statements: 2 });

    d1.withNextBatch(() => (check = select(db, "SELECT 'alone' AS session")));
    d1.sendWaiting();
    expect(await check).toEqual([{ session: "alone" }]);
    expect(d1.meter).toMatchObject({ roundTrips: 2, statements: 3 });
  });

  it("fails every read of a batch that fails, and only those", async () => {
    const d1 = new RequestD1(env.DB);
    const db = d1 as unknown as D1Database;
    const both = d1.together(() => [select(db, "SELECT 1 AS one"), select(db, "SELECT * FROM no_such_table")]);
    const settled = await Promise.allSettled(both);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
    expect(String((settled[0] as PromiseRejectedResult).reason)).toMatch(/no_such_table/);
    expect(await select(db, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { meteredD1, newMeter, resultColumns } from "~/db/d1-meter";
import { call, db, newTask, signUp, updateTask, type Account } from "./helpers";
import { acceptInvite, createInvite, setTier } from "./teams-helpers";

/**
 * One D1 round trip per read (issue 15): every response says what it cost in `Server-Timing`
 * (`d1;desc="N round trips, Q queries, R rows read"`), reads issued together share one batch, and a read request
 * from a session seen lately checks it in that same batch.
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
    for (const path of READ_ROUTES) {
      // A route that plans reads the plan's version first, and the tasks only when the plan has changed.
      await get(path, owner);
      expect((await get(path, owner)).roundTrips, path).toBe(1);
    }
    // The task page reads the task with the tasks it is linked to; only tasks its history names that are linked no
    // more take a second read.
    expect((await get(`/tasks/${first.id}`, owner)).roundTrips).toBe(1);
  });

  it("makes a write cost at most two: the session, then the change", async () => {
    const owner = await signUp("Maria Lopez");
    const task = await newTask(owner.token, { title: "Book the shuttle buses" });
    const { res } = await updateTask(owner.token, task.id, { priority: "critical" });
    expect(res.status).toBe(200);
    expect(d1Of(res).roundTrips).toBeLessThanOrEqual(3);
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

describe("the metered D1 binding", () => {
  it("sends reads issued together as one batch and each write on its own", async () => {
    const meter = newMeter();
    const d1 = meteredD1(env.DB, meter);
    const [one, two, three] = await Promise.all([
      d1.prepare("SELECT 1 AS one").first<{ one: number }>(),
      d1.prepare("SELECT ? AS two").bind(2).all<{ two: number }>(),
      d1.batch([d1.prepare("SELECT 3 AS three"), d1.prepare("SELECT 4 AS four")]),
    ]);
    expect(one).toEqual({ one: 1 });
    expect(two.results).toEqual([{ two: 2 }]);
    expect(three.map((r) => r.results)).toEqual([[{ three: 3 }], [{ four: 4 }]]);
    expect(meter).toMatchObject({ roundTrips: 1, statements: 4 });

    await d1.prepare("CREATE TABLE IF NOT EXISTS meter_probe (id INTEGER)").run();
    await Promise.all([
      d1.prepare("INSERT INTO meter_probe (id) VALUES (1)").run(),
      d1.prepare("INSERT INTO meter_probe (id) VALUES (2)").run(),
    ]);
    expect(meter.roundTrips).toBe(4);
    await d1.prepare("DROP TABLE meter_probe").run();
  });

  it("batches a single select only when its columns can be told apart", async () => {
    const meter = newMeter();
    const d1 = meteredD1(env.DB, meter);
    const [plain, joined] = await Promise.all([
      d1.prepare(`SELECT "id", "name" FROM "workspaces" LIMIT 1`).raw(),
      d1.prepare(`SELECT "w"."id", "m"."workspace_id", "w"."id" FROM "workspaces" "w" JOIN "memberships" "m" ON "m"."workspace_id" = "w"."id" LIMIT 1`).raw(),
    ]);
    expect(plain[0]).toHaveLength(2);
    // Two columns named id: sent on its own, and its three values kept.
    expect(joined[0]).toHaveLength(3);
    expect(meter.roundTrips).toBe(2);
  });
});

describe("resultColumns", () => {
  it("names a select list's columns as SQLite does", () => {
    expect(resultColumns(`select "id", "title" from "tasks" where "id" = ?`)).toEqual(["id", "title"]);
    expect(resultColumns(`select "tasks"."id", count(*), (select max("x") from "y") as "top" from "tasks"`)).toEqual([
      "id",
      "count(*)",
      "top",
    ]);
    expect(resultColumns(`select coalesce(sum("status" = ?), 0), 'a, b' from "tasks"`)).toEqual([
      `coalesce(sum("status" = ?), 0)`,
      `'a, b'`,
    ]);
  });

  it("gives up on duplicates, stars and anything it cannot read", () => {
    expect(resultColumns(`select "users"."id", "workspaces"."id" from "users", "workspaces"`)).toBeNull();
    expect(resultColumns(`select * from "tasks"`)).toBeNull();
    expect(resultColumns(`insert into "tasks" ("id") values (?)`)).toBeNull();
    expect(resultColumns(`select "id" "from"`)).toBeNull();
  });
});

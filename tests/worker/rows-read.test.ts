import { describe, expect, it } from "vitest";
import { workspacePlan } from "~/domain/tiers";
import { getAnalytics } from "~/services/analytics.server";
import { actorCtxOf, call, db, localDate, newTask, signUp, updateTask, workspaceIdOf, type Account } from "./helpers";
import { setTier } from "./teams-helpers";

/**
 * The D1 rows a read costs do not grow with the workspace (issue 15): the same routes read at most a few rows
 * more in a workspace of 1,000 tasks than in one of 120 (more than a page of the API list, so both read whole
 * pages). Rows read come from the response's `Server-Timing` (app/db/d1-meter.ts).
 */

const ROUTES = ["/api/status", "/api/tasks?limit=100", "/tasks", "/dashboard", "/analytics", "/api/plan", "/api/risks"];

/** Rows a route may read more at 1,000 tasks: a few more names, days or weeks in the kept counts and aggregates. */
const ALLOWANCE = 25;

async function rowsRead(path: string, account: Account) {
  const res = await call(path, { token: account.token });
  await res.arrayBuffer();
  expect(res.status, path).toBe(200);
  const header = res.headers.get("server-timing") ?? "";
  const match = /d1;desc="(\d+) round trips?, \d+ quer(?:y|ies), (\d+) rows? read"/.exec(header);
  expect(match, header).not.toBeNull();
  return { roundTrips: Number(match![1]), rows: Number(match![2]) };
}

/** Each route's rows read on a repeat request (the first after a change plans and counts afresh). */
async function measure(account: Account) {
  const rows: Record<string, number> = {};
  for (const path of ROUTES) {
    await rowsRead(path, account);
    const repeat = await rowsRead(path, account);
    expect(repeat.roundTrips, path).toBe(1);
    rows[path] = repeat.rows;
  }
  return rows;
}

const STATUSES = ["pending", "pending", "pending", "in_progress", "completed"];
const PRIORITIES = ["low", "medium", "high", "critical"];
const PEOPLE = ["Maria Lopez", "Sam Okafor", "Priya Natarajan", "Jonas Berg"];

/**
 * Tasks `from` to `to` - 1 of a workspace, inserted with SQL (one JSON parameter per statement): due from ten days
 * ago to sixty days ahead or undated, mixed statuses, priorities and owners, in chains of five dependencies.
 */
async function insertTasks(workspaceId: string, userId: string, from: number, to: number) {
  const today = localDate(new Date(), "UTC");
  const rows = Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    return {
      id: `bulk-${i}`,
      title: `Bulk task ${i}`,
      status: STATUSES[i % STATUSES.length],
      priority: PRIORITIES[i % PRIORITIES.length],
      assignee: PEOPLE[i % PEOPLE.length],
      shift: i % 5 === 4 ? null : ((i * 7) % 70) - 10,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      dependsOn: i % 5 === 0 ? null : `bulk-${i - 1}`,
    };
  });
  const statements = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = JSON.stringify(rows.slice(i, i + 500));
    statements.push(
      db()
        .prepare(
          `INSERT INTO tasks (id, workspace_id, title, title_key, status, priority, assignee_name, due_date, created_by,
             created_at, updated_at, completed_at)
           SELECT r.value ->> 'id', ?1, r.value ->> 'title', lower(r.value ->> 'title'), r.value ->> 'status',
             r.value ->> 'priority', r.value ->> 'assignee',
             CASE WHEN r.value ->> 'shift' IS NULL THEN NULL ELSE date(?2, (r.value ->> 'shift') || ' days') END,
             ?3, r.value ->> 'createdAt', r.value ->> 'createdAt',
             CASE WHEN r.value ->> 'status' = 'completed' THEN r.value ->> 'createdAt' END
           FROM json_each(?4) AS r`,
        )
        .bind(workspaceId, today, userId, chunk),
      db()
        .prepare(
          `INSERT INTO task_dependencies (workspace_id, task_id, depends_on_id)
           SELECT ?1, r.value ->> 'id', r.value ->> 'dependsOn' FROM json_each(?2) AS r
           WHERE r.value ->> 'dependsOn' IS NOT NULL`,
        )
        .bind(workspaceId, chunk),
    );
  }
  await db().batch(statements);
}

describe("rows read per request", () => {
  it("stay flat from 120 tasks to 1,000 on the pages and read routes", async () => {
    const owner = await signUp("Maria Lopez");
    await setTier(owner.user.id, "premium");
    const workspaceId = await workspaceIdOf(owner.user.id);
    await insertTasks(workspaceId, owner.user.id, 0, 118);
    // Two through the API, so the workspace holds tasks written the usual way too.
    const first = await newTask(owner.token, { title: "Sign the venue contract", estimatedHours: 4 });
    await newTask(owner.token, { title: "Draw the floor plan", dependsOn: [first.id], assigneeName: "Maria" });
    const small = await measure(owner);

    await insertTasks(workspaceId, owner.user.id, 118, 998);
    const large = await measure(owner);

    for (const path of ROUTES) {
      expect(large[path], `${path}: ${small[path]} rows at 120 tasks, ${large[path]} at 1,000`).toBeLessThanOrEqual(
        small[path] + ALLOWANCE,
      );
    }
  });
});

describe("analytics kept per workspace version", () => {
  it("answers a repeat read from the kept figures and counts again after any change", async () => {
    const owner = await signUp("Maria Lopez");
    const task = await newTask(owner.token, { title: "Sign the venue contract" });
    const now = new Date();
    const read = async () => (await getAnalytics(await actorCtxOf(owner, { now, plan: workspacePlan(["premium"]) })))!;
    const first = await read();
    expect(first.totalTasks).toBe(1);
    expect(await read()).toBe(first);
    // A change through the API, and one written by SQL: both move the workspace's version.
    expect((await updateTask(owner.token, task.id, { status: "completed" })).res.status).toBe(200);
    const afterEdit = await read();
    expect(afterEdit).not.toBe(first);
    expect(afterEdit.kpis).not.toEqual(first.kpis);
    await db().prepare("DELETE FROM tasks WHERE id = ?").bind(task.id).run();
    expect((await read()).totalTasks).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { call, db, localDate, newTask, shiftDate, signUp, updateTask, workspaceIdOf, type Account } from "./helpers";

/**
 * The counts kept on write (`task_counts`, kept by the triggers of drizzle/0011_task_counts.sql) against a count
 * of the tasks themselves, through every way tasks change: creates, edits, bulk actions, deletes and undo.
 */

interface Stats {
  totalTasks: number;
  completedTasks: number;
  overdueTasks: number;
  dueTodayTasks: number;
}

/** The stat counts as the tasks table says them today (the workspace is on UTC). */
async function countedDirectly(workspaceId: string) {
  const today = localDate(new Date(), "UTC");
  return db()
    .prepare(
      `SELECT count(*) AS totalTasks, coalesce(sum(status = 'completed'), 0) AS completedTasks,
        coalesce(sum(status <> 'completed' AND substr(due_date, 1, 10) < ?1), 0) AS overdueTasks,
        coalesce(sum(status <> 'completed' AND substr(due_date, 1, 10) = ?1), 0) AS dueTodayTasks
       FROM tasks WHERE workspace_id = ?2`,
    )
    .bind(today, workspaceId)
    .first<Stats>();
}

/** Every kept row next to the same count made afresh from the tasks. */
async function keptAndFresh(workspaceId: string) {
  const [kept, fresh] = await Promise.all([
    db()
      .prepare("SELECT kind, key, task_count FROM task_counts WHERE workspace_id = ? ORDER BY kind, key")
      .bind(workspaceId)
      .all(),
    db()
      .prepare(
        `SELECT kind, key, task_count FROM (
           SELECT 'open_due' AS kind, substr(due_date, 1, 10) AS key, count(*) AS task_count FROM tasks
           WHERE workspace_id = ?1 AND status <> 'completed' AND due_date IS NOT NULL GROUP BY 2
           UNION ALL SELECT 'status', status, count(*) FROM tasks WHERE workspace_id = ?1 GROUP BY status
         ) ORDER BY kind, key`,
      )
      .bind(workspaceId)
      .all(),
  ]);
  return { kept: kept.results, fresh: fresh.results };
}

async function expectCountsRight(account: Account, step: string) {
  const workspaceId = await workspaceIdOf(account.user.id);
  const res = await call("/api/status", { token: account.token });
  expect(res.status).toBe(200);
  const { totalTasks, completedTasks, overdueTasks, dueTodayTasks } = (await res.json()) as Stats;
  expect({ totalTasks, completedTasks, overdueTasks, dueTodayTasks }, step).toEqual(await countedDirectly(workspaceId));
  const { kept, fresh } = await keptAndFresh(workspaceId);
  expect(kept, step).toEqual(fresh);
}

async function post(account: Account, path: string, json: Record<string, unknown>) {
  const res = await call(path, { method: "POST", token: account.token, json });
  expect(res.status, path).toBe(200);
  return (await res.json()) as { undo: { at: string } };
}

describe("counts kept on write", () => {
  it("stay equal to a count of the tasks through creates, edits, bulk actions, deletes and undo", async () => {
    const owner = await signUp("Maria Lopez");
    const other = await signUp("Sam Okafor");
    const today = localDate(new Date(), "UTC");
    const due = (days: number) => shiftDate(today, days);
    await expectCountsRight(owner, "empty");

    const created = [];
    for (const [title, dueDate, status] of [
      ["Sign the venue contract", due(-3), "pending"],
      ["Draw the floor plan", due(-3), "in_progress"],
      ["Book the shuttle buses", `${due(0)}T09:00`, "pending"],
      ["Print the badges", due(0), "completed"],
      ["Hire the caterer", due(5), "pending"],
      ["Write the run sheet", null, "pending"],
    ] as const) {
      created.push(await newTask(owner.token, { title, dueDate, status }));
    }
    await newTask(other.token, { title: "Someone else's task", dueDate: due(-1) });
    await expectCountsRight(owner, "created");
    await expectCountsRight(other, "created, other workspace");

    // Edits: completing, reopening, moving a due date, clearing it, setting one.
    expect((await updateTask(owner.token, created[0].id, { status: "completed" })).res.status).toBe(200);
    expect((await updateTask(owner.token, created[3].id, { status: "pending" })).res.status).toBe(200);
    expect((await updateTask(owner.token, created[1].id, { dueDate: due(2) })).res.status).toBe(200);
    expect((await updateTask(owner.token, created[4].id, { dueDate: null })).res.status).toBe(200);
    expect((await updateTask(owner.token, created[5].id, { dueDate: due(-7) })).res.status).toBe(200);
    await expectCountsRight(owner, "edited");

    // Bulk actions, each undone.
    const ids = created.map((t) => t.id);
    const statusChange = await post(owner, "/api/tasks/bulk", { action: "status", ids, status: "completed" });
    await expectCountsRight(owner, "bulk status");
    await post(owner, "/api/tasks/undo", { at: statusChange.undo.at });
    await expectCountsRight(owner, "bulk status undone");
    const moved = await post(owner, "/api/tasks/bulk", { action: "move", ids, days: 3 });
    await expectCountsRight(owner, "bulk move");
    await post(owner, "/api/tasks/undo", { at: moved.undo.at });
    await expectCountsRight(owner, "bulk move undone");
    const deleted = await post(owner, "/api/tasks/bulk", { action: "delete", ids: ids.slice(0, 4) });
    await expectCountsRight(owner, "bulk delete");
    await post(owner, "/api/tasks/undo", { at: deleted.undo.at });
    await expectCountsRight(owner, "bulk delete undone");

    // A single delete and its undo.
    const res = await call(`/api/tasks/${ids[2]}`, { method: "DELETE", token: owner.token });
    expect(res.status).toBe(204);
    await expectCountsRight(owner, "deleted");
    await post(owner, "/api/tasks/undo", { at: res.headers.get("x-undo-at")! });
    await expectCountsRight(owner, "delete undone");
    await expectCountsRight(other, "untouched by the owner's changes");
  });

  it("are kept for rows written by SQL, and go with their workspace", async () => {
    const owner = await signUp("Maria Lopez");
    const workspaceId = await workspaceIdOf(owner.user.id);
    const today = localDate(new Date(), "UTC");
    await db()
      .prepare(
        `INSERT INTO tasks (id, workspace_id, title, title_key, status, due_date, created_at, updated_at)
         SELECT 'sql-' || value, ?1, 'Task ' || value, 'task ' || value,
                CASE value % 3 WHEN 0 THEN 'completed' WHEN 1 THEN 'pending' ELSE 'in_progress' END,
                CASE WHEN value % 4 = 0 THEN NULL ELSE date(?2, (value % 9 - 4) || ' days') END, ?3, ?3
         FROM json_each(?4)`,
      )
      .bind(workspaceId, today, new Date().toISOString(), JSON.stringify(Array.from({ length: 40 }, (_, i) => i)))
      .run();
    await db()
      .prepare("UPDATE tasks SET status = 'blocked' WHERE workspace_id = ? AND status = 'pending'")
      .bind(workspaceId)
      .run();
    await expectCountsRight(owner, "SQL writes");
    await db().prepare("DELETE FROM workspaces WHERE id = ?").bind(workspaceId).run();
    const left = await db()
      .prepare("SELECT count(*) AS n FROM task_counts WHERE workspace_id = ?")
      .bind(workspaceId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

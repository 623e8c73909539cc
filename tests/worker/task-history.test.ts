import { describe, expect, it } from "vitest";
import { createTask as createTaskAs } from "~/services/task-commands.server";
import { deleteTask as deleteTaskAs, purgeDeletedTasks, restoreTasks } from "~/services/task-deletion.server";
import { actorCtxOf, call, db, expectError, newTask, signUp, updateTask, type TaskJson } from "./helpers";

/** A task's history, deleting with undo, and bulk actions, through the API as a client would use them. */

async function history(token: string, id: string) {
  const res = await call(`/api/tasks/${id}/history`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    task: TaskJson;
    dependsOn: TaskJson[];
    dependants: TaskJson[];
    history: Array<{ kind: string; actorName: string; source: string; lines: Array<Record<string, string>> }>;
  };
}

async function bulk(token: string, json: Record<string, unknown>) {
  const res = await call("/api/tasks/bulk", { method: "POST", token, json });
  return { res, body: (await res.json()) as TaskJson };
}

async function undo(token: string, at: string) {
  const res = await call("/api/tasks/undo", { method: "POST", token, json: { at } });
  return { res, body: (await res.json()) as TaskJson };
}

describe("task history", () => {
  it("records the creation and each change, with who made it and from where, in words", async () => {
    const maria = await signUp("Maria Lopez");
    const plot = await newTask(maria.token, { title: "Stage plot" });
    const task = await newTask(maria.token, { title: "Book buses", dueDate: "2027-03-01", priority: "medium" });
    expect(
      (await updateTask(maria.token, task.id, { title: "Book shuttle buses", dueDate: "2027-03-04" })).res.status,
    ).toBe(200);
    // The web app calling its own API (the session cookie) is "web"; the token header is an API client.
    const web = await call(`/api/tasks/${task.id}`, {
      method: "PATCH",
      cookie: maria.token,
      headers: { origin: "http://localhost" },
      json: { priority: "high", dependsOn: [plot.id] },
    });
    expect(web.status).toBe(200);
    // A change that changes nothing is not history.
    await updateTask(maria.token, task.id, { priority: "high" });

    const detail = await history(maria.token, task.id);
    expect(detail.dependsOn.map((t) => t.title)).toEqual(["Stage plot"]);
    expect(detail.history.map((e) => [e.kind, e.source, e.actorName])).toEqual([
      ["updated", "web", "Maria Lopez"],
      ["updated", "api", "Maria Lopez"],
      ["created", "api", "Maria Lopez"],
    ]);
    expect(detail.history[0].lines).toEqual([
      { field: "priority", label: "Priority", from: "Medium", to: "High" },
      { field: "dependsOn", label: "Depends on", from: "none", to: "Stage plot" },
    ]);
    expect(detail.history[1].lines).toEqual([
      { field: "title", label: "Title", from: "Book buses", to: "Book shuttle buses" },
      { field: "dueDate", label: "Due date", from: "Mar 1, 2027", to: "Mar 4, 2027" },
    ]);
    const plotDetail = await history(maria.token, plot.id);
    expect(plotDetail.dependants.map((t) => t.title)).toEqual(["Book shuttle buses"]);
    // The other side of the dependency is in the awaited task's history too (issue 33).
    expect(plotDetail.history.map((e) => [e.kind, e.source])).toEqual([
      ["updated", "web"],
      ["created", "api"],
    ]);
    expect(plotDetail.history[0].lines).toEqual([
      { field: "neededBy", label: "Needed by", from: "none", to: "Book shuttle buses" },
    ]);
    // Removed, from either side: both tasks say so.
    await updateTask(maria.token, task.id, { dependsOn: [] });
    expect((await history(maria.token, plot.id)).history[0].lines).toEqual([
      { field: "neededBy", label: "Needed by", from: "Book shuttle buses", to: "none" },
    ]);
    expect((await history(maria.token, task.id)).history[0].lines).toEqual([
      { field: "dependsOn", label: "Depends on", from: "Stage plot", to: "none" },
    ]);
  });

  it("records a change of reminders in words, and not a save that keeps them", async () => {
    const maria = await signUp("Maria Lopez");
    const task = await newTask(maria.token, { title: "Book the crane", dueDate: "2030-03-01", reminders: [1440] });
    expect((await updateTask(maria.token, task.id, { reminders: [2880, 60] })).res.status).toBe(200);
    expect((await updateTask(maria.token, task.id, { reminders: [60, 2880] })).res.status).toBe(200);
    const detail = await history(maria.token, task.id);
    expect(detail.history.map((e) => e.kind)).toEqual(["updated", "created"]);
    expect(detail.history[0].lines).toEqual([
      { field: "reminders", label: "Reminders", from: "1 day before", to: "2 days before, 1 hour before" },
    ]);
  });

  it("is another workspace's business: its tasks' history is a 404", async () => {
    const maria = await signUp();
    const other = await signUp("Sam Patel");
    const task = await newTask(maria.token, { title: "Private" });
    await expectError(await call(`/api/tasks/${task.id}/history`, { token: other.token }), 404);
  });
});

describe("delete and undo", () => {
  it("keeps a deleted task for undo, with its dependencies both ways, and says so in its history", async () => {
    const maria = await signUp();
    const a = await newTask(maria.token, { title: "Site plan" });
    const b = await newTask(maria.token, { title: "Build", dependsOn: [a.id] });
    const c = await newTask(maria.token, { title: "Line check", dependsOn: [b.id] });

    const del = await call(`/api/tasks/${b.id}`, { method: "DELETE", token: maria.token });
    expect(del.status).toBe(204);
    const at = del.headers.get("x-undo-at")!;
    await expectError(await call(`/api/tasks/${b.id}`, { token: maria.token }), 404);
    expect((await call(`/api/tasks/${c.id}`, { token: maria.token }).then((r) => r.json())) as TaskJson).toMatchObject({
      dependsOn: [],
    });

    const undone = await undo(maria.token, at);
    expect(undone.res.status).toBe(200);
    expect(undone.body.restored).toEqual([b.id]);
    const back = await history(maria.token, b.id);
    expect(back.task).toMatchObject({ title: "Build", dependsOn: [a.id] });
    expect(back.dependants.map((t) => t.id)).toEqual([c.id]);
    expect(back.history.map((e) => e.kind)).toEqual(["restored", "deleted", "created"]);

    // Pressed twice: nothing is left to undo.
    await expectError(await undo(maria.token, at), 404);
  });

  it("undoes only the caller's own change: another member's instant or workspace finds nothing", async () => {
    const maria = await signUp();
    const other = await signUp("Sam Patel");
    const task = await newTask(maria.token, { title: "Order radios" });
    const del = await call(`/api/tasks/${task.id}`, { method: "DELETE", token: maria.token });
    const at = del.headers.get("x-undo-at")!;
    await expectError(await undo(other.token, at), 404);
    await expectError(await undo(maria.token, "not a time"), 400);
    expect((await undo(maria.token, at)).body.restored).toEqual([task.id]);
  });
});

describe("bulk actions", () => {
  it("moves ten tasks' dates by three days (undated ones skipped) and undo puts them back", async () => {
    const maria = await signUp();
    const dated = [];
    for (let i = 1; i <= 10; i++)
      dated.push(
        await newTask(maria.token, { title: `Cue ${i}`, dueDate: `2027-01-${String(i).padStart(2, "0")}T09:30` }),
      );
    const undated = await newTask(maria.token, { title: "No date" });
    const ids = [...dated.map((t) => t.id), undated.id];

    const moved = await bulk(maria.token, { action: "move", ids, days: 3 });
    expect(moved.res.status).toBe(200);
    expect(moved.body).toMatchObject({ action: "move", skipped: 1, missing: 0 });
    expect(moved.body.ids).toHaveLength(10);
    const after = await Promise.all(
      dated.map((t) => call(`/api/tasks/${t.id}`, { token: maria.token }).then((r) => r.json())),
    );
    expect(after.map((t) => (t as TaskJson).dueDate)).toEqual(
      dated.map((_, i) => `2027-01-${String(i + 4).padStart(2, "0")}T09:30`),
    );

    const undone = await undo(maria.token, moved.body.undo.at);
    expect(undone.body.reverted).toHaveLength(10);
    const back = (await call(`/api/tasks/${dated[9].id}`, { token: maria.token }).then((r) => r.json())) as TaskJson;
    expect(back.dueDate).toBe("2027-01-10T09:30");
  });

  it("sets status, category and assignee, and deletes, only in the caller's workspace", async () => {
    const maria = await signUp();
    const other = await signUp("Sam Patel");
    const mine = await newTask(maria.token, { title: "Mine" });
    const theirs = await newTask(other.token, { title: "Theirs" });

    const status = await bulk(maria.token, { action: "status", ids: [mine.id, theirs.id], status: "completed" });
    expect(status.body).toMatchObject({ ids: [mine.id], missing: 1 });
    const category = await bulk(maria.token, { action: "category", ids: [mine.id], category: "Transport" });
    expect(category.body.ids).toEqual([mine.id]);
    const assign = await bulk(maria.token, { action: "assign", ids: [mine.id], assigneeId: maria.user.id });
    expect(assign.body.ids).toEqual([mine.id]);
    const task = (await call(`/api/tasks/${mine.id}`, { token: maria.token }).then((r) => r.json())) as TaskJson;
    expect(task).toMatchObject({ status: "completed", category: "Transport", assigneeId: maria.user.id });
    expect(task.completedAt).toBeTruthy();

    // Another workspace's ids alone are unknown; its task is untouched.
    await expectError(await bulk(maria.token, { action: "delete", ids: [theirs.id] }), 404);
    expect((await call(`/api/tasks/${theirs.id}`, { token: other.token })).status).toBe(200);
    const deleted = await bulk(maria.token, { action: "delete", ids: [mine.id] });
    expect(deleted.body.ids).toEqual([mine.id]);
    expect((await call(`/api/tasks/${mine.id}`, { token: maria.token })).status).toBe(404);
    expect((await undo(maria.token, deleted.body.undo.at)).body.restored).toEqual([mine.id]);
  });

  it("refuses bad bulk input with field errors", async () => {
    const maria = await signUp();
    const task = await newTask(maria.token, { title: "One" });
    await expectError(await bulk(maria.token, { action: "explode", ids: [task.id] }), 400);
    await expectError(await bulk(maria.token, { action: "move", ids: [task.id], days: 0 }), 400);
    await expectError(await bulk(maria.token, { action: "move", ids: [], days: 2 }), 400);
    const tooMany = Array.from({ length: 201 }, (_, i) => `id-${i}`);
    await expectError(await bulk(maria.token, { action: "delete", ids: tooMany }), 400);
    await expectError(await bulk(maria.token, { action: "status", ids: [task.id], status: "nope" }), 400);
  });
});

describe("the purge", () => {
  it("forgets tasks deleted more than 30 days ago, with their history, and keeps newer ones", async () => {
    const maria = await signUp();
    const t0 = new Date("2027-01-01T10:00:00.000Z");
    const ctx = await actorCtxOf(maria, { now: t0 });
    const old = await createTaskAs(ctx, {
      title: "Old",
      priority: "medium",
      description: null,
      category: null,
      dueDate: null,
      estimatedHours: null,
      isAiGenerated: false,
      originalPrompt: null,
      allowDuplicate: false,
      assigneeName: null,
    });
    await deleteTaskAs(ctx, old.id);
    const later = { ...ctx, now: new Date("2027-01-20T10:00:00.000Z") };
    const recent = await createTaskAs(later, { ...old, title: "Recent", allowDuplicate: false });
    await deleteTaskAs(later, recent.id);

    const purged = await purgeDeletedTasks({ ...ctx, now: new Date("2027-02-01T10:00:00.000Z") });
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await db()
      .prepare("SELECT id FROM deleted_tasks WHERE workspace_id = ?")
      .bind(ctx.actor.workspace.id)
      .all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([recent.id]);
    const events = await db()
      .prepare("SELECT count(*) AS n FROM task_events WHERE task_id = ?")
      .bind(old.id)
      .first<{ n: number }>();
    expect(events!.n).toBe(0);
    await expect(restoreTasks(ctx, [old.id])).rejects.toMatchObject({ code: "not_found" });
  });
});

import { describe, expect, it } from "vitest";
import { call, db, expectError, newTask, signUp, updateTask, workspaceIdOf, type Account } from "./helpers";

/**
 * The run of show's readiness (ADR 026): a cue whose linked tasks are not all completed is a risk from three days
 * before the show until its day is over. The cue API is another piece of issue 17, so cues are written here with SQL.
 */

const todayUtc = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A workspace whose show starts at 18:00 UTC `daysAhead` days from today. */
async function producerWithShowIn(daysAhead: number) {
  const account = await signUp("Maria Lopez");
  const res = await call("/api/workspace", {
    method: "PUT",
    token: account.token,
    json: { timezone: "UTC", eventDate: addDays(todayUtc(), daysAhead), eventTime: "18:00" },
  });
  expect(res.status).toBe(200);
  return { ...account, workspaceId: await workspaceIdOf(account.user.id) };
}

let seq = 0;
async function insertCue(workspaceId: string, fields: { title: string; day: string; taskIds: string[] }) {
  const id = `cue-${++seq}-${Date.now()}`;
  const at = new Date().toISOString();
  await db()
    .prepare(
      "INSERT INTO cues (id, workspace_id, day, position, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(id, workspaceId, fields.day, seq, fields.title, at, at)
    .run();
  for (const taskId of fields.taskIds) {
    await db()
      .prepare("INSERT INTO cue_tasks (workspace_id, cue_id, task_id) VALUES (?, ?, ?)")
      .bind(workspaceId, id, taskId)
      .run();
  }
  return id;
}

interface CueRiskJson {
  kind: string;
  cueId: string;
  cueTitle: string;
  day: string;
  taskIds: string[];
  reason: string;
}

async function cueRisks(account: Pick<Account, "token">) {
  const res = await call("/api/risks", { token: account.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { cueRisks: CueRiskJson[] }).cueRisks;
}

const planVersion = async (workspaceId: string) =>
  (await db()
    .prepare("SELECT plan_version AS v FROM workspaces WHERE id = ?")
    .bind(workspaceId)
    .first<{ v: number }>())!.v;

describe("cues not ready as risks", () => {
  it("lists a cue waiting on open tasks in /api/risks and on the dashboard, until they are completed", async () => {
    const maria = await producerWithShowIn(2);
    const showDay = addDays(todayUtc(), 2);
    const playlist = await newTask(maria.token, { title: "Build the walk-in playlist" });
    const laptop = await newTask(maria.token, { title: "Patch the playback laptop" });
    const cueId = await insertCue(maria.workspaceId, {
      title: "Walk-in music",
      day: showDay,
      taskIds: [playlist.id, laptop.id],
    });

    expect(await cueRisks(maria)).toEqual([
      {
        kind: "cue_not_ready",
        cueId,
        cueTitle: "Walk-in music",
        day: showDay,
        taskIds: expect.arrayContaining([playlist.id, laptop.id]),
        reason: "cue 'Walk-in music' waits on 2 open tasks",
      },
    ]);
    const html = await (await call("/dashboard", { token: maria.token })).text();
    expect(html).toContain("Cues not ready");
    expect(html).toContain(`href="/show?day=${showDay}"`);
    expect(html).toContain("Cue &#x27;Walk-in music&#x27; waits on 2 open tasks");

    expect((await updateTask(maria.token, playlist.id, { status: "completed" })).res.status).toBe(200);
    expect((await cueRisks(maria)).map((r) => r.reason)).toEqual(["cue 'Walk-in music' waits on 1 open task"]);
    await updateTask(maria.token, laptop.id, { status: "completed" });
    expect(await cueRisks(maria)).toEqual([]);
  });

  it("waits until three days before the show, and only counts cues of the caller's workspace", async () => {
    const early = await producerWithShowIn(4);
    const task = await newTask(early.token, { title: "Hire the smoke machine" });
    await insertCue(early.workspaceId, { title: "Haze", day: addDays(todayUtc(), 4), taskIds: [task.id] });
    expect(await cueRisks(early)).toEqual([]);

    const other = await producerWithShowIn(1);
    expect(await cueRisks(other)).toEqual([]);
    // On the window's first day it counts.
    const edge = await producerWithShowIn(3);
    const edgeTask = await newTask(edge.token, { title: "Hire the smoke machine" });
    await insertCue(edge.workspaceId, { title: "Haze", day: addDays(todayUtc(), 3), taskIds: [edgeTask.id] });
    expect((await cueRisks(edge)).map((r) => r.cueTitle)).toEqual(["Haze"]);
  });

  it("forgets a cue whose day is over", async () => {
    const maria = await producerWithShowIn(1);
    const task = await newTask(maria.token, { title: "Load-in crew" });
    await insertCue(maria.workspaceId, { title: "Truck arrives", day: addDays(todayUtc(), -1), taskIds: [task.id] });
    await insertCue(maria.workspaceId, { title: "Truck leaves", day: todayUtc(), taskIds: [task.id] });
    expect((await cueRisks(maria)).map((r) => r.cueTitle)).toEqual(["Truck leaves"]);
  });

  it("moves the plan's version with every cue and link change, so kept risks are made again", async () => {
    const maria = await producerWithShowIn(2);
    const task = await newTask(maria.token, { title: "Rig the follow spot" });
    const before = await planVersion(maria.workspaceId);
    const cueId = await insertCue(maria.workspaceId, {
      title: "Spot on",
      day: addDays(todayUtc(), 2),
      taskIds: [task.id],
    });
    const inserted = await planVersion(maria.workspaceId);
    expect(inserted).toBe(before + 2); // the cue, and its link
    expect((await cueRisks(maria)).map((r) => r.cueTitle)).toEqual(["Spot on"]);

    await db().prepare("UPDATE cues SET title = 'Spot up' WHERE id = ?").bind(cueId).run();
    expect(await planVersion(maria.workspaceId)).toBe(inserted + 1);
    expect((await cueRisks(maria)).map((r) => r.cueTitle)).toEqual(["Spot up"]);
    // Reordering does not change what the plan shows.
    await db().prepare("UPDATE cues SET position = 99, notes = 'x' WHERE id = ?").bind(cueId).run();
    expect(await planVersion(maria.workspaceId)).toBe(inserted + 1);

    await db().prepare("DELETE FROM cue_tasks WHERE cue_id = ?").bind(cueId).run();
    expect(await planVersion(maria.workspaceId)).toBe(inserted + 2);
    expect(await cueRisks(maria)).toEqual([]);
    await db()
      .prepare("INSERT INTO cue_tasks (workspace_id, cue_id, task_id) VALUES (?, ?, ?)")
      .bind(maria.workspaceId, cueId, task.id)
      .run();
    expect(await cueRisks(maria)).toHaveLength(1);
    await db().prepare("DELETE FROM cues WHERE id = ?").bind(cueId).run();
    expect(await cueRisks(maria)).toEqual([]);
  });
});

describe("a deleted task's cues", () => {
  it("are linked again when the task is restored, if they still exist", async () => {
    const maria = await producerWithShowIn(2);
    const day = addDays(todayUtc(), 2);
    const task = await newTask(maria.token, { title: "Print the cue cards" });
    const kept = await insertCue(maria.workspaceId, { title: "Speeches", day, taskIds: [task.id] });
    const gone = await insertCue(maria.workspaceId, { title: "Awards", day, taskIds: [task.id] });

    const del = await call(`/api/tasks/${task.id}`, { method: "DELETE", token: maria.token });
    expect(del.status).toBe(204);
    const record = await db()
      .prepare("SELECT cue_ids FROM deleted_tasks WHERE id = ?")
      .bind(task.id)
      .first<{ cue_ids: string }>();
    expect(JSON.parse(record!.cue_ids).sort()).toEqual([kept, gone].sort());
    expect(await cueRisks(maria)).toEqual([]);
    await db().prepare("DELETE FROM cues WHERE id = ?").bind(gone).run();

    const undo = await call("/api/tasks/undo", {
      method: "POST",
      token: maria.token,
      json: { at: del.headers.get("x-undo-at") },
    });
    expect(undo.status).toBe(200);
    const links = await db()
      .prepare("SELECT cue_id FROM cue_tasks WHERE task_id = ?")
      .bind(task.id)
      .all<{ cue_id: string }>();
    expect(links.results.map((l) => l.cue_id)).toEqual([kept]);
    expect((await cueRisks(maria)).map((r) => r.cueTitle)).toEqual(["Speeches"]);
  });

  it("records no cues for a task linked to none", async () => {
    const maria = await producerWithShowIn(2);
    const task = await newTask(maria.token, { title: "Order the lanyards" });
    expect((await call(`/api/tasks/${task.id}`, { method: "DELETE", token: maria.token })).status).toBe(204);
    const record = await db()
      .prepare("SELECT cue_ids FROM deleted_tasks WHERE id = ?")
      .bind(task.id)
      .first<{ cue_ids: string }>();
    expect(JSON.parse(record!.cue_ids)).toEqual([]);
    await expectError(await call(`/api/tasks/${task.id}`, { token: maria.token }), 404);
  });
});

describe("reading the cues with the plan", () => {
  it("costs no extra round trip: the cues ride in the tasks' batch", async () => {
    const maria = await producerWithShowIn(2);
    const task = await newTask(maria.token, { title: "Tune the PA" });
    await insertCue(maria.workspaceId, { title: "Doors", day: addDays(todayUtc(), 2), taskIds: [task.id] });
    const roundTrips = async (path: string) => {
      const res = await call(path, { token: maria.token });
      await res.arrayBuffer();
      return Number(/d1;desc="(\d+) round trip/.exec(res.headers.get("server-timing") ?? "")?.[1]);
    };
    for (const path of ["/api/risks", "/dashboard"]) {
      await updateTask(maria.token, task.id, { priority: "high" }); // the plan is made again
      expect(await roundTrips(path), path).toBeLessThanOrEqual(2);
      expect(await roundTrips(path), path).toBe(1);
    }
  });
});

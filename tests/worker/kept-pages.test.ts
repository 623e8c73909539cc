import { describe, expect, it } from "vitest";
import { call, db, newTask, postForm, signUp, updateTask, type Account, type TaskJson } from "./helpers";
import { acceptInvite, createInvite } from "./teams-helpers";

/**
 * A page of the task list read again while nothing it shows has changed is answered from the isolate
 * (app/services/task-queries.server.ts `keptPages`): the batch reads the workspace's version and, only when it moved
 * on, the page. Every write to a task or a dependency moves it on, whichever route made it.
 */

async function read(path: string, account: Account) {
  const res = await call(path, { token: account.token });
  const body = await res.text();
  expect(res.status, path).toBe(200);
  const header = res.headers.get("server-timing") ?? "";
  const match = /d1;desc="(\d+) round trips?, \d+ quer(?:y|ies), (\d+) rows? read"/.exec(header);
  expect(match, header).not.toBeNull();
  return { body, roundTrips: Number(match![1]), rowsRead: Number(match![2]) };
}

/** Reads `path` twice: the second answer is the kept one. */
async function readTwice(path: string, account: Account) {
  const first = await read(path, account);
  const again = await read(path, account);
  return { first, again };
}

const PAGE = "/api/tasks?limit=20";

async function workspaceWithTasks(count: number) {
  const owner = await signUp("Maria Lopez");
  const tasks: TaskJson[] = [];
  for (let i = 0; i < count; i++) {
    tasks.push(
      await newTask(owner.token, {
        title: `Task ${String(i).padStart(2, "0")}`,
        dueDate: `2027-03-${String(i + 1).padStart(2, "0")}`,
        estimatedHours: i + 0.25,
        ...(i > 0 ? { dependsOn: [tasks[i - 1].id] } : {}),
      }),
    );
  }
  return { owner, tasks };
}

describe("kept pages of the task list", () => {
  it("answers a repeated page in one round trip without reading its tasks, with the same JSON", async () => {
    const { owner } = await workspaceWithTasks(12);
    const { first, again } = await readTwice(PAGE, owner);
    expect(again.body).toBe(first.body);
    expect(again.roundTrips).toBe(1);
    // The session and the version, not twelve tasks and their dependencies.
    expect(again.rowsRead).toBeLessThan(first.rowsRead);
    const listed = JSON.parse(again.body) as Array<{ title: string; dependsOn: string[] }>;
    expect(listed.map((t) => t.title)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Task ${String(i).padStart(2, "0")}`),
    );
    expect(listed[3].dependsOn).toHaveLength(1);
  });

  it("reads the page again after any write to its tasks or their dependencies", async () => {
    const { owner, tasks } = await workspaceWithTasks(4);
    const titles = async () =>
      (JSON.parse((await read(PAGE, owner)).body) as Array<{ title: string }>).map((t) => t.title);
    const dependsOn = async (id: string) =>
      (JSON.parse((await read(PAGE, owner)).body) as Array<{ id: string; dependsOn: string[] }>).find(
        (t) => t.id === id,
      )?.dependsOn;
    await readTwice(PAGE, owner);

    // Through the API.
    expect((await updateTask(owner.token, tasks[0].id, { title: "Renamed through the API" })).res.status).toBe(200);
    expect(await titles()).toContain("Renamed through the API");

    // A dependency removed, then added.
    expect((await updateTask(owner.token, tasks[2].id, { dependsOn: [] })).res.status).toBe(200);
    expect(await dependsOn(tasks[2].id)).toEqual([]);
    expect((await updateTask(owner.token, tasks[2].id, { dependsOn: [tasks[0].id] })).res.status).toBe(200);
    expect(await dependsOn(tasks[2].id)).toEqual([tasks[0].id]);

    // Through a page's plain form (the list's bulk action).
    const bulk = await postForm(owner.token, "/tasks", {
      intent: "bulk",
      action: "status",
      status: "completed",
      ids: tasks[1].id,
    });
    expect(bulk.status).toBe(303);
    const statuses = JSON.parse((await read(PAGE, owner)).body) as Array<{ id: string; status: string }>;
    expect(statuses.find((t) => t.id === tasks[1].id)?.status).toBe("completed");

    // Deleted.
    expect((await call(`/api/tasks/${tasks[3].id}`, { method: "DELETE", token: owner.token })).status).toBeLessThan(
      300,
    );
    expect(await titles()).toHaveLength(3);

    // Written by SQL that no route made: the triggers move the version on all the same.
    await db().prepare("UPDATE tasks SET title = 'Renamed in SQL' WHERE id = ?").bind(tasks[1].id).run();
    expect(await titles()).toContain("Renamed in SQL");
  });

  it("keeps pages apart by workspace, filters, page and caller", async () => {
    const { owner, tasks } = await workspaceWithTasks(6);
    const other = await workspaceWithTasks(2);
    const ids = (body: string) => (JSON.parse(body) as Array<{ id: string }>).map((t) => t.id);

    await readTwice(PAGE, owner);
    expect(ids((await read(PAGE, other.owner)).body)).toEqual(other.tasks.map((t) => t.id));
    expect(ids((await read("/api/tasks?limit=2&offset=2", owner)).body)).toEqual([tasks[2].id, tasks[3].id]);
    expect(ids((await read("/api/tasks?limit=20&q=Task%2005", owner)).body)).toEqual([tasks[5].id]);

    // 'My tasks' is the caller's: a member sees their own, not the owner's kept page.
    const crew = await signUp("Sam Okafor");
    expect((await acceptInvite(crew, (await createInvite(owner, { role: "member" })).token)).status).toBe(200);
    expect((await updateTask(owner.token, tasks[4].id, { assigneeId: crew.user.id })).res.status).toBe(200);
    const mine = "/api/tasks?limit=20&mine=true";
    expect(ids((await readTwice(mine, owner)).again.body)).toEqual([]);
    expect(ids((await readTwice(mine, crew)).again.body)).toEqual([tasks[4].id]);
  });

  it("answers the tasks page's repeated read without reading its tasks, and shows a change at once", async () => {
    const { owner, tasks } = await workspaceWithTasks(8);
    const { first, again } = await readTwice("/tasks", owner);
    expect(again.roundTrips).toBe(1);
    expect(again.rowsRead).toBeLessThan(first.rowsRead);
    expect(again.body).toContain("Task 07");
    expect((await updateTask(owner.token, tasks[7].id, { title: "Renamed for the board" })).res.status).toBe(200);
    const changed = await read("/tasks", owner);
    expect(changed.body).toContain("Renamed for the board");
    expect(changed.body).not.toContain("Task 07");
  });
});

import { describe, expect, it } from "vitest";
import { call, db, newTask, postForm, signUp, updateTask, type Account, type TaskJson } from "./helpers";
import { readWithD1Cost } from "./d1-cost";
import { acceptInvite, createInvite } from "./teams-helpers";

/**
 * A page of the task list is read with one plain query each time (its tasks with the ids they depend on, in one
 * round trip), so every write to a task or a dependency shows at once, whichever route or statement made it.
 */

/** Reads `path` twice: the second read of the same page must answer the same. */
async function readTwice(path: string, account: Account) {
  const first = await readWithD1Cost(path, account);
  const again = await readWithD1Cost(path, account);
  expect(again.body).toBe(first.body);
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

describe("pages of the task list", () => {
  it("answers a page in one round trip, its tasks in list order with what each depends on", async () => {
    const { owner } = await workspaceWithTasks(12);
    const { again } = await readTwice(PAGE, owner);
    expect(again.roundTrips).toBe(1);
    const listed = JSON.parse(again.body) as Array<{ title: string; dependsOn: string[] }>;
    expect(listed.map((t) => t.title)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Task ${String(i).padStart(2, "0")}`),
    );
    expect(listed[3].dependsOn).toHaveLength(1);
  });

  it("reads the page again after any write to its tasks or their dependencies", async () => {
    const { owner, tasks } = await workspaceWithTasks(4);
    const titles = async () =>
      (JSON.parse((await readWithD1Cost(PAGE, owner)).body) as Array<{ title: string }>).map((t) => t.title);
    const dependsOn = async (id: string) =>
      (JSON.parse((await readWithD1Cost(PAGE, owner)).body) as Array<{ id: string; dependsOn: string[] }>).find(
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
    const statuses = JSON.parse((await readWithD1Cost(PAGE, owner)).body) as Array<{ id: string; status: string }>;
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
    expect(ids((await readWithD1Cost(PAGE, other.owner)).body)).toEqual(other.tasks.map((t) => t.id));
    expect(ids((await readWithD1Cost("/api/tasks?limit=2&offset=2", owner)).body)).toEqual([tasks[2].id, tasks[3].id]);
    expect(ids((await readWithD1Cost("/api/tasks?limit=20&q=Task%2005", owner)).body)).toEqual([tasks[5].id]);

    // 'My tasks' is the caller's: a member sees their own, not the owner's.
    const crew = await signUp("Sam Okafor");
    expect((await acceptInvite(crew, (await createInvite(owner, { role: "member" })).token)).status).toBe(200);
    expect((await updateTask(owner.token, tasks[4].id, { assigneeId: crew.user.id })).res.status).toBe(200);
    const mine = "/api/tasks?limit=20&mine=true";
    expect(ids((await readTwice(mine, owner)).again.body)).toEqual([]);
    expect(ids((await readTwice(mine, crew)).again.body)).toEqual([tasks[4].id]);
  });

  it("answers the tasks page in one round trip, and shows a change at once", async () => {
    const { owner, tasks } = await workspaceWithTasks(8);
    const page = await readWithD1Cost("/tasks", owner);
    expect(page.roundTrips).toBe(1);
    expect(page.body).toContain("Task 07");
    expect((await updateTask(owner.token, tasks[7].id, { title: "Renamed for the board" })).res.status).toBe(200);
    const changed = await readWithD1Cost("/tasks", owner);
    expect(changed.body).toContain("Renamed for the board");
    expect(changed.body).not.toContain("Task 07");
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import {
  call,
  db,
  expectError,
  localDate,
  newTask,
  setWorkspace,
  shiftDate,
  signUp,
  updateTask,
  workspaceIdOf,
  type Account,
} from "./helpers";

let owner: Account;
beforeEach(async () => {
  owner = await signUp("Dev Patel");
});

async function getJson<T>(path: string, account = owner) {
  const res = await call(path, { token: account.token });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe("task dependencies", () => {
  it("stores dependsOn on create and update and returns it everywhere", async () => {
    const venue = await newTask(owner.token, { title: "Sign venue contract" });
    const floor = await newTask(owner.token, { title: "Draw floor plan", dependsOn: [venue.id] });
    expect(floor.dependsOn).toEqual([venue.id]);

    const rigging = await newTask(owner.token, { title: "Rigging plot" });
    const { res, body } = await updateTask(owner.token, rigging.id, { dependsOn: [floor.id, venue.id, floor.id] });
    expect(res.status).toBe(200);
    expect([...body.dependsOn].sort()).toEqual([floor.id, venue.id].sort());

    const list = await getJson<Array<{ id: string; dependsOn: string[] }>>("/api/tasks");
    expect(list.find((t) => t.id === floor.id)!.dependsOn).toEqual([venue.id]);
    expect(list.find((t) => t.id === venue.id)!.dependsOn).toEqual([]);
    // A page or a filtered list reads only its own tasks' edges, and still carries them.
    const filtered = await getJson<Array<{ id: string; dependsOn: string[] }>>("/api/tasks?q=floor");
    expect(filtered).toEqual([expect.objectContaining({ id: floor.id, dependsOn: [venue.id] })]);
    const paged = await getJson<Array<{ id: string; dependsOn: string[] }>>("/api/tasks?sort=title&limit=1&offset=0");
    expect(paged).toEqual([expect.objectContaining({ id: floor.id, dependsOn: [venue.id] })]);
    const one = await getJson<{ dependsOn: string[] }>(`/api/tasks/${rigging.id}`);
    expect(one.dependsOn).toHaveLength(2);

    const cleared = await updateTask(owner.token, rigging.id, { dependsOn: [] });
    expect(cleared.body.dependsOn).toEqual([]);
  });

  it("refuses cycles, self-dependencies, unknown ids and other workspaces' tasks with a 400", async () => {
    const a = await newTask(owner.token, { title: "Confirm headliner" });
    const b = await newTask(owner.token, { title: "Announce lineup", dependsOn: [a.id] });
    const c = await newTask(owner.token, { title: "Print posters", dependsOn: [b.id] });

    const cycle = await expectError(await updateTask(owner.token, a.id, { dependsOn: [c.id] }), 400);
    expect(cycle.fieldErrors?.dependsOn?.[0]).toMatch(/cycle/);
    await expectError(await updateTask(owner.token, a.id, { dependsOn: [a.id] }), 400);
    await expectError(await updateTask(owner.token, a.id, { dependsOn: ["nope"] }), 400);
    await expectError(await updateTask(owner.token, a.id, { dependsOn: "nope" }), 400);

    const other = await signUp("Sam Other");
    const theirs = await newTask(other.token, { title: "Their task" });
    await expectError(await updateTask(owner.token, a.id, { dependsOn: [theirs.id] }), 400);
    const created = await call("/api/tasks", { method: "POST", token: owner.token, json: { title: "X", dependsOn: [theirs.id] } });
    await expectError(created, 400);
  });

  it("deleting a task removes the edges that point at it", async () => {
    const a = await newTask(owner.token, { title: "Book headliner flights" });
    const b = await newTask(owner.token, { title: "Book headliner hotel", dependsOn: [a.id] });
    expect((await call(`/api/tasks/${a.id}`, { method: "DELETE", token: owner.token })).status).toBe(204);
    expect((await getJson<{ dependsOn: string[] }>(`/api/tasks/${b.id}`)).dependsOn).toEqual([]);
  });
});

describe("GET /api/critical-path", () => {
  it("lists the chain to the event and flags negative slack when the event is too close", async () => {
    const venue = await newTask(owner.token, { title: "Sign venue contract", estimatedHours: 16 });
    const layout = await newTask(owner.token, { title: "Approve stage layout", estimatedHours: 16, dependsOn: [venue.id] });
    await newTask(owner.token, { title: "Order lanyards", estimatedHours: 1 });
    // The chain needs 4 working days (32 h at 8 h a day); the show is 2 days away.
    await setWorkspace(owner.user.id, { eventDate: new Date(Date.now() + 2 * 86_400_000).toISOString() });

    const report = await getJson<{
      chain: Array<{ id: string; title: string }>;
      tasks: Array<{ id: string; slackDays: number; critical: boolean; atRisk: boolean }>;
      deadlineIsEvent: boolean;
    }>("/api/critical-path");
    expect(report.deadlineIsEvent).toBe(true);
    expect(report.chain.map((t) => t.title)).toEqual(["Sign venue contract", "Approve stage layout"]);
    const scheduled = new Map(report.tasks.map((t) => [t.id, t]));
    expect(scheduled.get(layout.id)!.slackDays).toBeCloseTo(-2, 1);
    expect(scheduled.get(layout.id)!.atRisk).toBe(true);
    expect(scheduled.get(venue.id)!.critical).toBe(true);
  });

  it("answers an empty plan for an empty workspace and 401 without credentials", async () => {
    const report = await getJson<{ chain: unknown[]; tasks: unknown[] }>("/api/critical-path");
    expect(report.chain).toEqual([]);
    expect(report.tasks).toEqual([]);
    await expectError(await call("/api/critical-path"), 401);
    await expectError(await call("/api/critical-path", { method: "POST", token: owner.token }), 405);
  });
});

describe("GET /api/risks", () => {
  it("names each at-risk task with reasons, computed in the workspace timezone", async () => {
    const today = localDate(new Date(), "UTC");
    const overdue = await newTask(owner.token, { title: "Submit noise permit", dueDate: shiftDate(today, -3), assigneeName: "Ana" });
    const urgent = await newTask(owner.token, { title: "Confirm generator hire", priority: "critical", dueDate: shiftDate(today, 1) });
    await newTask(owner.token, { title: "Thank-you emails", priority: "low", dueDate: shiftDate(today, 30), assigneeName: "Ana" });

    const { risks } = await getJson<{ risks: Array<{ task: { id: string }; reasons: Array<{ kind: string; reason: string }> }> }>(
      "/api/risks",
    );
    const byId = new Map(risks.map((r) => [r.task.id, r.reasons]));
    expect(byId.get(overdue.id)).toEqual([{ kind: "overdue", reason: "Overdue by 3 days" }]);
    expect(byId.get(urgent.id)!.map((r) => r.kind).sort()).toEqual(["due_soon", "unassigned"]);
    expect(risks).toHaveLength(2);
    expect(risks[0].task.id).toBe(urgent.id);

    // Paged: the same order, a window of it, and the count of all.
    const page = await getJson<{ total: number; risks: Array<{ task: { id: string } }> }>("/api/risks?limit=1&offset=1");
    expect(page).toMatchObject({ total: 2 });
    expect(page.risks.map((r) => r.task.id)).toEqual([overdue.id]);
    const bad = await call("/api/risks?limit=0", { token: owner.token });
    expect((await expectError(bad, 400)).fieldErrors?.limit).toEqual(["limit must be between 1 and 500"]);
  });

  it("answers the first 50 without a limit, with the count of all", async () => {
    const workspaceId = await workspaceIdOf(owner.user.id);
    const overdue = shiftDate(localDate(new Date(), "UTC"), -2);
    const now = new Date().toISOString();
    await db()
      .prepare(
        `INSERT INTO tasks (id, workspace_id, title, title_key, due_date, created_at, updated_at)
         SELECT 'late-' || value, ?1, 'Late task ' || value, 'late task ' || value, ?2, ?3, ?3 FROM json_each(?4)`,
      )
      .bind(workspaceId, overdue, now, JSON.stringify(Array.from({ length: 60 }, (_, i) => i)))
      .run();
    const all = await getJson<{ total: number; risks: unknown[] }>("/api/risks");
    expect(all.total).toBe(60);
    expect(all.risks).toHaveLength(50);
    const rest = await getJson<{ total: number; risks: unknown[] }>("/api/risks?offset=50");
    expect(rest).toMatchObject({ total: 60 });
    expect(rest.risks).toHaveLength(10);
  });
});

describe("GET /api/plan", () => {
  it("answers the dashboard's planning cards: the chain to the event and the top risks", async () => {
    const venue = await newTask(owner.token, { title: "Sign venue contract", estimatedHours: 16 });
    await newTask(owner.token, { title: "Approve stage layout", estimatedHours: 16, dependsOn: [venue.id] });
    const today = localDate(new Date(), "UTC");
    await newTask(owner.token, { title: "Submit noise permit", dueDate: shiftDate(today, -2), assigneeName: "Ana" });
    await setWorkspace(owner.user.id, { eventDate: new Date(Date.now() + 2 * 86_400_000).toISOString() });

    const plan = await getJson<{
      eventLabel: string | null;
      criticalPath: { state: string };
      risks: Array<{ title: string; reasons: string[] }>;
      riskCount: number;
    }>("/api/plan");
    expect(plan.eventLabel).not.toBeNull();
    expect(plan.criticalPath.state).not.toBe("no-event");
    expect(plan.criticalPath.state).not.toBe("no-plan");
    expect(plan.risks.find((r) => r.title === "Submit noise permit")?.reasons).toContain("Overdue by 2 days");
    expect(plan.riskCount).toBe(plan.risks.length);
  });

  it("answers 401 without credentials and 405 for a write", async () => {
    await expectError(await call("/api/plan"), 401);
    await expectError(await call("/api/plan", { method: "POST", token: owner.token }), 405);
  });
});

import { describe, expect, it } from "vitest";
import {
  call,
  expectError,
  listTasks,
  localDate,
  newTask,
  postForm,
  setWorkspace,
  shiftDate,
  signUp,
  type Account,
  type TaskJson,
} from "./helpers";

/** Risks you can act on: the list and `/api/tasks` filtered to risks (`risk=1`), and the Risks card's actions. */

const today = () => localDate(new Date(), "UTC");

/**
 * A workspace with an event in 20 days and tasks at risk for different reasons, plus two that are fine:
 * - "Sign the stage contract" (critical, overdue by 3 days, waited on by "Build the stage"),
 * - "Book the hotel" (low, overdue by 6 days),
 * - "Hire security" (high, unassigned),
 * - "Print wristbands" (critical, unassigned, not started and due tomorrow: two reasons),
 * - "Build the stage" (waits on the contract; fine on its own),
 * - "Order flowers" (done late: completed tasks are never at risk).
 */
async function seedRisks(owner: Account) {
  const t = today();
  await setWorkspace(owner.user.id, { eventDate: `${shiftDate(t, 20)}T18:00:00.000Z` });
  const contract = await newTask(owner.token, {
    title: "Sign the stage contract",
    priority: "critical",
    dueDate: shiftDate(t, -3),
    assigneeName: "Maria Lopez",
    estimatedHours: 4,
  });
  await newTask(owner.token, {
    title: "Build the stage",
    priority: "medium",
    dueDate: shiftDate(t, 15),
    assigneeName: "Maria Lopez",
    estimatedHours: 16,
    dependsOn: [contract.id],
  });
  const hotel = await newTask(owner.token, {
    title: "Book the hotel",
    priority: "low",
    dueDate: shiftDate(t, -6),
    assigneeName: "Sam",
  });
  const security = await newTask(owner.token, { title: "Hire security", priority: "high", dueDate: shiftDate(t, 12) });
  const wristbands = await newTask(owner.token, {
    title: "Print wristbands",
    priority: "critical",
    dueDate: shiftDate(t, 1),
  });
  await newTask(owner.token, { title: "Order flowers", priority: "high", dueDate: shiftDate(t, -1), status: "completed" });
  return { contract, hotel, security, wristbands };
}

describe("risk=1 on /api/tasks", () => {
  it("lists only the at-risk tasks, the most costly first", async () => {
    const owner = await signUp("Maria Lopez");
    await seedRisks(owner);
    const ranked = await listTasks(owner.token, "?risk=1");
    // On the critical path first (the contract, which the stage build waits on: a lone overdue task such as the
    // hotel is never a chain, issue 33), then the days late, then priority.
    expect(ranked.map((t) => t.title)).toEqual([
      "Sign the stage contract",
      "Book the hotel",
      "Print wristbands",
      "Hire security",
    ]);
    // The ranking is the server's: the same ids the risk report names, no more.
    const report = (await (await call("/api/risks", { token: owner.token })).json()) as {
      risks: Array<{ task: { id: string } }>;
    };
    expect(new Set(ranked.map((t) => t.id))).toEqual(new Set(report.risks.map((r) => r.task.id)));
  });

  it("combines with the other filters, a page and a chosen sort", async () => {
    const owner = await signUp("Maria Lopez");
    const { security, wristbands } = await seedRisks(owner);
    expect((await listTasks(owner.token, "?risk=1&priority=critical")).map((t) => t.title)).toEqual([
      "Sign the stage contract",
      "Print wristbands",
    ]);
    expect((await listTasks(owner.token, "?risk=1&sort=title")).map((t) => t.title)).toEqual([
      "Book the hotel",
      "Hire security",
      "Print wristbands",
      "Sign the stage contract",
    ]);
    expect((await listTasks(owner.token, "?risk=1&limit=2&offset=2")).map((t) => t.id)).toEqual([
      wristbands.id,
      security.id,
    ]);
    // risk=0 is the whole list.
    expect(await listTasks(owner.token, "?risk=0")).toHaveLength(6);
  });

  it("is empty when nothing is at risk, and never shows another workspace's risks", async () => {
    const owner = await signUp("Maria Lopez");
    await seedRisks(owner);
    const other = await signUp("Sam Other");
    await newTask(other.token, { title: "Tidy the office", priority: "low" });
    expect(await listTasks(other.token, "?risk=1")).toEqual([]);
  });

  it("refuses a value that is not on or off", async () => {
    const owner = await signUp();
    const err = await expectError(await call("/api/tasks?risk=maybe", { token: owner.token }), 400);
    expect(err.fieldErrors?.risk).toEqual(["risk must be 1 or 0"]);
  });
});

describe("the task page filtered to risks", () => {
  it("renders the at-risk tasks in order with the At risk toggle on", async () => {
    const owner = await signUp("Maria Lopez");
    await seedRisks(owner);
    const res = await call("/tasks?risk=1", { token: owner.token });
    expect(res.status).toBe(200);
    const html = await res.text();
    const titles = ["Sign the stage contract", "Book the hotel", "Print wristbands", "Hire security"];
    const positions = titles.map((t) => html.indexOf(`>${t}<`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).not.toContain(">Build the stage<");
    expect(html).not.toContain(">Order flowers<");
    const toggle = html.match(/<input type="checkbox" name="risk"[^>]*>/)?.[0];
    expect(toggle).toContain('checked=""');
    expect(html).toContain("Sort: most costly first");
  });
});

describe("the Risks card's actions", () => {
  it("assigns and moves one at-risk task from a plain form post, undoably", async () => {
    const owner = await signUp("Maria Lopez");
    const { security, hotel } = await seedRisks(owner);
    const dashboard = await (await call("/dashboard", { token: owner.token })).text();
    expect(dashboard).toContain(`href="/tasks?risk=1"`);
    expect(dashboard).toContain(`href="/tasks/${security.id}"`);

    const assigned = await postForm(owner.token, "/dashboard", [
      ["intent", "bulk"],
      ["action", "assign"],
      ["ids", security.id],
      ["assigneeId", owner.user.id],
    ]);
    expect(assigned.status).toBe(303);
    expect(assigned.headers.get("location")).toBe("/dashboard");
    const afterAssign = await (await call(`/api/tasks/${security.id}`, { token: owner.token })).json();
    expect(afterAssign).toMatchObject({ assigneeId: owner.user.id, assigneeName: "Maria Lopez" });

    const moved = await postForm(owner.token, "/dashboard", [
      ["intent", "bulk"],
      ["action", "move"],
      ["ids", hotel.id],
      ["days", "7"],
    ]);
    expect(moved.status).toBe(303);
    const afterMove = (await (await call(`/api/tasks/${hotel.id}`, { token: owner.token })).json()) as TaskJson;
    expect(afterMove.dueDate).toBe(shiftDate(today(), 1));
    // No longer overdue: it leaves the risk list.
    expect((await listTasks(owner.token, "?risk=1")).map((t) => t.id)).not.toContain(hotel.id);
  });

  it("cannot touch another workspace's task", async () => {
    const owner = await signUp("Maria Lopez");
    const { security } = await seedRisks(owner);
    const intruder = await signUp("Ivy Intruder");
    const res = await postForm(intruder.token, "/dashboard", [
      ["intent", "bulk"],
      ["action", "move"],
      ["ids", security.id],
      ["days", "7"],
    ]);
    expect(res.status).toBeLessThan(500);
    const unchanged = (await (await call(`/api/tasks/${security.id}`, { token: owner.token })).json()) as TaskJson;
    expect(unchanged.dueDate).toBe(security.dueDate);
  });
});

describe("the assumed estimate", () => {
  it("schedules unestimated tasks with the workspace's assumption", async () => {
    const owner = await signUp("Maria Lopez");
    await setWorkspace(owner.user.id, { eventDate: `${shiftDate(today(), 30)}T18:00:00.000Z` });
    const first = await newTask(owner.token, { title: "Choose the caterer" });
    await newTask(owner.token, { title: "Taste the menu", dependsOn: [first.id] });
    const duration = async () => {
      const path = (await (await call("/api/critical-path", { token: owner.token })).json()) as {
        tasks: Array<{ id: string; durationDays: number; estimateAssumed: boolean }>;
      };
      return path.tasks.find((t) => t.id === first.id)!;
    };
    expect(await duration()).toMatchObject({ durationDays: 1, estimateAssumed: true });

    const res = await call("/api/workspace", { method: "PUT", token: owner.token, json: { assumedEstimateHours: 4 } });
    expect(res.status).toBe(200);
    expect(await duration()).toMatchObject({ durationDays: 0.5, estimateAssumed: true });

    const wrong = await call("/api/workspace", {
      method: "PUT",
      token: owner.token,
      json: { assumedEstimateHours: "4" },
    });
    expect((await expectError(wrong, 400)).fieldErrors?.assumedEstimateHours).toEqual([
      "Assumed estimate must be a number of hours",
    ]);
  });
});

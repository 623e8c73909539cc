import { describe, expect, it } from "vitest";
import {
  computeCriticalPath,
  DEFAULT_ESTIMATE_HOURS,
  detectCycle,
  type PlannedTask,
  WORK_HOURS_PER_DAY,
} from "./critical-path";
import { AppError } from "./errors";

const NOW = new Date("2026-05-01T09:00:00.000Z");
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

function task(id: string, estimatedHours: number | null, dependsOn: string[] = [], status = "pending"): PlannedTask {
  return { id, title: `Task ${id}`, status, estimatedHours, dependsOn };
}

/** A task due at the end of `date` (a `YYYY-MM-DD[THH:MM]` wall-clock date, UTC here). */
const due = (t: PlannedTask, dueDate: string): PlannedTask => ({ ...t, dueDate });

function plan(tasks: PlannedTask[], eventDate: string | null = null) {
  const result = computeCriticalPath({ tasks, eventDate, now: NOW });
  const byId = Object.fromEntries(result.tasks.map((t) => [t.id, t]));
  return { ...result, byId };
}

describe("detectCycle", () => {
  it("finds none in a chain or a diamond", () => {
    const chain = [
      { id: "a", dependsOn: [] },
      { id: "b", dependsOn: ["a"] },
      { id: "c", dependsOn: ["b"] },
    ];
    expect(detectCycle(chain)).toBeNull();
    expect(
      detectCycle([
        { id: "a", dependsOn: [] },
        { id: "b", dependsOn: ["a"] },
        { id: "c", dependsOn: ["a"] },
        { id: "d", dependsOn: ["b", "c"] },
      ]),
    ).toBeNull();
  });

  it("reports a task that depends on itself", () => {
    expect(detectCycle([{ id: "a", dependsOn: ["a"] }])).toEqual(["a"]);
  });

  it("reports the cycle's ids in dependency order, without the tasks leading into it", () => {
    const cycle = detectCycle([
      { id: "x", dependsOn: ["a"] },
      { id: "a", dependsOn: ["b"] },
      { id: "b", dependsOn: ["c"] },
      { id: "c", dependsOn: ["a"] },
    ]);
    expect(cycle).toEqual(["a", "b", "c"]);
  });

  it("ignores unknown ids", () => {
    expect(detectCycle([{ id: "a", dependsOn: ["gone"] }])).toBeNull();
  });

  it("walks a very long chain without overflowing the stack", () => {
    const nodes = Array.from({ length: 50_000 }, (_, i) => ({ id: `t${i}`, dependsOn: i ? [`t${i - 1}`] : [] }));
    expect(detectCycle(nodes)).toBeNull();
    nodes[0].dependsOn = ["t49999"];
    expect(detectCycle(nodes)).toHaveLength(50_000);
  });
});

describe("computeCriticalPath", () => {
  it("schedules a chain from now and measures slack against the event", () => {
    const { byId, chain, projectFinish, deadline, deadlineIsEvent } = plan(
      [task("a", 8), task("b", 16, ["a"]), task("c", 4, ["b"])],
      inDays(10),
    );
    expect(byId.a).toMatchObject({ earliestStart: 0, earliestFinish: 1, latestStart: 6.5, latestFinish: 7.5 });
    expect(byId.b).toMatchObject({ earliestStart: 1, earliestFinish: 3, latestStart: 7.5, latestFinish: 9.5 });
    expect(byId.c).toMatchObject({ earliestStart: 3, earliestFinish: 3.5, latestStart: 9.5, latestFinish: 10 });
    for (const t of Object.values(byId)) {
      expect(t).toMatchObject({ slackDays: 6.5, critical: false, atRisk: false });
    }
    expect(chain).toEqual(["a", "b", "c"]);
    expect({ projectFinish, deadline, deadlineIsEvent }).toEqual({
      projectFinish: 3.5,
      deadline: 10,
      deadlineIsEvent: true,
    });
  });

  it("takes the longer branch of a diamond as critical", () => {
    const { byId, chain, projectFinish } = plan([
      task("d", 8, ["b", "c"]),
      task("b", 8, ["a"]),
      task("c", 24, ["a"]),
      task("a", 8),
    ]);
    expect(byId.d.earliestStart).toBe(4);
    expect(projectFinish).toBe(5);
    expect(byId.b).toMatchObject({ slackDays: 2, critical: false, latestStart: 3 });
    for (const id of ["a", "c", "d"]) expect(byId[id]).toMatchObject({ slackDays: 0, critical: true, atRisk: false });
    expect(chain).toEqual(["a", "c", "d"]);
  });

  it("draws as the chain only tasks that wait on one another, though a longer lone task is critical", () => {
    const { byId, chain } = plan([task("x", 8), task("y", 8, ["x"]), task("p", 40)]);
    expect(chain).toEqual(["x", "y"]);
    expect(byId.p.critical).toBe(true);
    expect(byId.x).toMatchObject({ slackDays: 3, critical: false });
    expect(byId.y).toMatchObject({ slackDays: 3, latestFinish: 5 });
  });

  it(`assumes ${DEFAULT_ESTIMATE_HOURS} h for a task without an estimate and keeps durations fractional`, () => {
    const { byId } = plan([task("none", null), task("hour", 1), task("zero", 0), task("week", 5 * WORK_HOURS_PER_DAY)]);
    expect(byId.none.durationDays).toBe(DEFAULT_ESTIMATE_HOURS / WORK_HOURS_PER_DAY);
    expect(byId.hour.durationDays).toBe(0.125);
    expect(byId.zero.durationDays).toBe(0);
    expect(byId.week.durationDays).toBe(5);
  });

  it("gives completed tasks no remaining time and never flags them", () => {
    const { byId, chain } = plan([task("done", 80, [], "completed"), task("next", 8, ["done"])], inDays(0.5));
    expect(byId.done).toMatchObject({ durationDays: 0, earliestFinish: 0, critical: false, atRisk: false });
    expect(byId.next).toMatchObject({ earliestStart: 0, slackDays: -0.5, critical: true, atRisk: true });
    // What waits only on done work waits on nothing: no chain.
    expect(chain).toEqual([]);
  });

  it("lets the successors of a completed task start now, whatever it once waited on", () => {
    const { byId, chain } = plan([
      task("slow", 40),
      task("done", 8, ["slow"], "completed"),
      task("after", 8, ["done"]),
    ]);
    expect(byId.done.dependsOn).toEqual([]);
    expect(byId.after.earliestStart).toBe(0);
    expect(byId.slow.latestFinish).toBe(5);
    expect(chain).toEqual([]);
  });

  it("never makes a chain of a lone overdue task, however late (issue 33)", () => {
    const now = new Date("2026-05-01T09:00:00Z");
    const late = { ...task("late", null), dueDate: "2026-04-04" };
    const alone = computeCriticalPath({ tasks: [late], eventDate: "2026-06-01", now });
    expect(alone.tasks[0]).toMatchObject({ atRisk: true });
    expect(alone.chain).toEqual([]);
    const beside = computeCriticalPath({
      tasks: [late, task("quote", 8), task("book", 8, ["quote"])],
      eventDate: "2026-06-01",
      now,
    });
    expect(beside.chain).toEqual(["quote", "book"]);
  });

  it("follows the dependency of least slack back from the chain's end", () => {
    // "book" waits on a short task with room and a long one due soon: the chain goes through the long one.
    const now = new Date("2026-05-01T09:00:00Z");
    const { chain } = computeCriticalPath({
      tasks: [task("short", 1), { ...task("long", 16), dueDate: "2026-05-03" }, task("book", 8, ["short", "long"])],
      eventDate: "2026-06-01",
      now,
    });
    expect(chain).toEqual(["long", "book"]);
  });

  it("reports negative slack when the event is too close", () => {
    const { byId, chain, deadline } = plan([task("a", 16), task("b", 8, ["a"]), task("side", 4)], inDays(2));
    expect(deadline).toBe(2);
    expect(byId.a).toMatchObject({ slackDays: -1, critical: true, atRisk: true, latestStart: -1 });
    expect(byId.b).toMatchObject({ slackDays: -1, critical: true, atRisk: true });
    expect(byId.side).toMatchObject({ slackDays: 1.5, critical: false, atRisk: false });
    expect(chain).toEqual(["a", "b"]);
  });

  it("calls a chain that exactly fits the event critical but not at risk", () => {
    const { byId } = plan([task("a", 8), task("b", 8, ["a"])], inDays(2));
    expect(byId.b).toMatchObject({ slackDays: 0, critical: true, atRisk: false });
  });

  it("puts every open task at risk once the event has passed", () => {
    const { tasks } = plan([task("a", 8), task("b", 0), task("c", 8, [], "completed")], inDays(-1));
    expect(
      tasks
        .filter((t) => t.atRisk)
        .map((t) => t.id)
        .sort(),
    ).toEqual(["a", "b"]);
  });

  it("measures against the project finish without an event date", () => {
    const { deadline, deadlineIsEvent, projectFinish, tasks } = plan([task("a", 12), task("b", 4)]);
    expect({ deadline, deadlineIsEvent, projectFinish }).toEqual({
      deadline: 1.5,
      deadlineIsEvent: false,
      projectFinish: 1.5,
    });
    expect(tasks.some((t) => t.atRisk)).toBe(false);
  });

  it("reads a bare event date as the start of that day in the workspace timezone", () => {
    // 2026-05-04 00:00 in Paris (UTC+2) is 2026-05-03T22:00Z: 2 days and 13 hours after NOW.
    const result = computeCriticalPath({
      tasks: [task("a", 8)],
      eventDate: "2026-05-04",
      now: NOW,
      timezone: "Europe/Paris",
    });
    expect(result.deadline).toBeCloseTo(2 + 13 / 24, 3);
  });

  it("ignores an unreadable event date", () => {
    expect(plan([task("a", 8)], "soon").deadlineIsEvent).toBe(false);
  });

  it("ignores dependencies on tasks it was not given", () => {
    const { byId } = plan([task("a", 8, ["deleted"])]);
    expect(byId.a).toMatchObject({ dependsOn: [], earliestStart: 0 });
  });

  it("refuses a dependency cycle, naming the tasks", () => {
    const run = () => plan([task("a", 8, ["b"]), task("b", 8, ["a"])]);
    expect(run).toThrow(AppError);
    expect(run).toThrow('Task dependencies form a cycle: "Task a" → "Task b" → "Task a"');
  });

  it("lists tasks by earliest start with offsets from now", () => {
    const { tasks, startsAt } = plan([task("late", 8, ["early"]), task("early", 8)]);
    expect(tasks.map((t) => t.id)).toEqual(["early", "late"]);
    expect(startsAt).toBe(NOW.toISOString());
  });

  it("has no chain when everything is done", () => {
    const { chain, projectFinish } = plan([task("a", 8, [], "completed")], inDays(3));
    expect(chain).toEqual([]);
    expect(projectFinish).toBe(0);
  });
});

describe("computeCriticalPath with due dates", () => {
  // NOW is 2026-05-01 09:00 UTC; a task due 2026-05-08 may take all of that day: it must finish 7.625 days out.
  const MAY_8_END = 7 + 15 / 24;

  it("bounds a task's slack by its own due date, and its predecessors' by it too", () => {
    // The reported chain: Stage plot → Staging → Build → Line check, event in 26 days, Build due May 8.
    const { byId, chain } = plan(
      [
        task("plot", 8),
        task("staging", 8, ["plot"]),
        due(task("build", 16, ["staging"]), "2026-05-08"),
        task("check", 8, ["build"]),
      ],
      inDays(26),
    );
    expect(byId.build).toMatchObject({ dueAt: 7.625, latestFinish: MAY_8_END, earliestFinish: 4 });
    expect(byId.build.slackDays).toBeCloseTo(MAY_8_END - 4, 3);
    expect(byId.plot.slackDays).toBeCloseTo(MAY_8_END - 4, 3);
    expect(byId.staging.latestFinish).toBeCloseTo(MAY_8_END - 2, 3);
    // Line check, not due before the event, keeps the event's slack: 26 − 5 days.
    expect(byId.check).toMatchObject({ dueAt: null, slackDays: 21, latestFinish: 26 });
    expect(chain).toEqual(["plot", "staging", "build"]);
  });

  it("reports the chain with the least slack, not merely the longest", () => {
    // A three-day template task with weeks to spare beside the producer's short chain due in two days.
    const { chain, byId } = plan(
      [task("load-in", 24), task("quote", 4), due(task("book", 4, ["quote"]), "2026-05-02")],
      inDays(25),
    );
    expect(byId["load-in"].slackDays).toBe(22);
    expect(byId.book.slackDays).toBeLessThan(2);
    expect(chain).toEqual(["quote", "book"]);
  });

  it("puts work at risk when it cannot finish by its own due date though the event is far", () => {
    const { byId } = plan([task("a", 16), due(task("b", 16, ["a"]), "2026-05-02")], inDays(30));
    expect(byId.b.atRisk).toBe(true);
    expect(byId.a.atRisk).toBe(true);
    expect(byId.b.slackDays).toBeCloseTo(1 + 15 / 24 - 4, 3);
    expect([byId.a.boundBy, byId.b.boundBy]).toEqual(["due", "due"]);
  });

  it("says which deadline bounds each task: a due date, or the event", () => {
    const { byId } = plan([task("a", 8), due(task("b", 8, ["a"]), "2026-05-20"), task("c", 8, ["a"])], inDays(10));
    expect(byId.b.boundBy).toBe("deadline");
    expect(byId.a.boundBy).toBe("deadline");
    const tight = plan([task("a", 8), due(task("b", 8, ["a"]), "2026-05-03"), task("c", 8, ["a"])], inDays(10)).byId;
    expect([tight.a.boundBy, tight.b.boundBy, tight.c.boundBy]).toEqual(["due", "due", "deadline"]);
  });

  it("reads a due time in the workspace timezone", () => {
    // 2026-05-02 12:00 in Paris (UTC+2) is 10:00Z: 1 day and 1 hour after NOW.
    const result = computeCriticalPath({
      tasks: [due(task("a", 8), "2026-05-02T12:00")],
      eventDate: inDays(10),
      now: NOW,
      timezone: "Europe/Paris",
    });
    expect(result.tasks[0].dueAt).toBeCloseTo(1 + 1 / 24, 3);
    expect(result.tasks[0].latestFinish).toBeCloseTo(1 + 1 / 24, 3);
  });

  it("flags a task due after a task that waits on it", () => {
    const { byId } = plan(
      [due(task("rig", 8), "2026-05-09"), due(task("focus", 8, ["rig"]), "2026-05-06"), task("free", 8, ["rig"])],
      inDays(20),
    );
    expect(byId.rig.conflictsWith).toEqual(["focus"]);
    expect(byId.focus.conflictsWith).toEqual([]);
    expect(byId.rig.latestFinish).toBeLessThan(byId.focus.dueAt!);
  });

  it("ignores the due dates of completed work and unreadable dates", () => {
    const { byId } = plan(
      [due(task("done", 8, [], "completed"), "2026-04-01"), due(task("odd", 8), "someday")],
      inDays(5),
    );
    expect(byId.done).toMatchObject({ dueAt: null, atRisk: false });
    expect(byId.odd).toMatchObject({ dueAt: null, latestFinish: 5 });
  });

  it("marks an assumed estimate and uses the stated assumption", () => {
    const tasks = [task("none", null), task("set", 4)];
    const standard = plan(tasks).byId;
    expect(standard.none).toMatchObject({
      estimateAssumed: true,
      durationDays: DEFAULT_ESTIMATE_HOURS / WORK_HOURS_PER_DAY,
    });
    expect(standard.set.estimateAssumed).toBe(false);
    const halfDay = computeCriticalPath({ tasks, eventDate: null, now: NOW, assumedEstimateHours: 4 });
    expect(halfDay.tasks.find((t) => t.id === "none")).toMatchObject({ estimateAssumed: true, durationDays: 0.5 });
  });
});

import { describe, expect, it } from "vitest";
import { computeCriticalPath } from "./critical-path";
import {
  CUE_RISK_DAYS_BEFORE,
  cueRiskReason,
  detectCueRisks,
  detectRisks,
  DUE_SOON_DAYS,
  OVERLOAD_TASKS,
  type CueReadiness,
  type RiskTask,
} from "./risks";

// 09:00 in Lisbon (UTC+1 in summer) on Wednesday 2026-06-10.
const NOW = new Date("2026-06-10T08:00:00.000Z");
const TZ = "Europe/Lisbon";
const EVENT = "2026-06-20T17:00:00.000Z"; // 18:00 local on 2026-06-20

let seq = 0;
function task(fields: Partial<RiskTask> = {}): RiskTask {
  seq++;
  return { id: `t${seq}`, status: "in_progress", priority: "medium", dueDate: null, assigneeName: "Ana", ...fields };
}

function risks(
  tasks: RiskTask[],
  options: { now?: Date; timezone?: string; eventDate?: string | null; eventLastDay?: string | null } = {},
) {
  return detectRisks({
    tasks,
    now: options.now ?? NOW,
    timezone: options.timezone ?? TZ,
    eventDate: options.eventDate === undefined ? EVENT : options.eventDate,
    eventLastDay: options.eventLastDay,
  });
}

const kindsOf = (tasks: RiskTask[], options?: Parameters<typeof risks>[1]) => risks(tasks, options).map((r) => r.kind);

describe("detectRisks: overdue", () => {
  it("flags an open task due on an earlier day, with how late it is", () => {
    const t = task({ dueDate: "2026-06-07" });
    expect(risks([t])).toEqual([{ taskId: t.id, kind: "overdue", reason: "Overdue by 3 days" }]);
    expect(risks([task({ dueDate: "2026-06-09T23:59" })])[0].reason).toBe("Overdue by 1 day");
  });

  it("does not flag a task due earlier today", () => {
    expect(kindsOf([task({ dueDate: "2026-06-10T07:00" })])).toEqual([]);
  });

  it("follows the workspace timezone around midnight", () => {
    // 23:30 UTC on 10 June is still 10 June in New York (19:30) but already 11 June in Tokyo (08:30).
    const now = new Date("2026-06-10T23:30:00.000Z");
    const t = task({ dueDate: "2026-06-10" });
    expect(kindsOf([t], { now, timezone: "America/New_York" })).toEqual([]);
    expect(risks([t], { now, timezone: "Asia/Tokyo" })).toEqual([
      { taskId: t.id, kind: "overdue", reason: "Overdue by 1 day" },
    ]);
  });
});

describe("detectRisks: due soon, urgent and not started", () => {
  it.each([
    ["2026-06-10", "Due today, high priority, not started"],
    ["2026-06-11T18:00", "Due in 1 day, high priority, not started"],
    ["2026-06-12", "Due in 2 days, high priority, not started"],
  ])("flags a pending high-priority task due %s", (dueDate, reason) => {
    const t = task({ dueDate, priority: "high", status: "pending" });
    expect(risks([t])).toEqual([{ taskId: t.id, kind: "due_soon", reason }]);
  });

  it(`stops after ${DUE_SOON_DAYS} days`, () => {
    expect(kindsOf([task({ dueDate: "2026-06-13", priority: "critical", status: "pending" })])).toEqual([]);
  });

  it("names critical priority", () => {
    const [risk] = risks([task({ dueDate: "2026-06-11", priority: "critical", status: "pending" })]);
    expect(risk.reason).toBe("Due in 1 day, critical priority, not started");
  });

  it("leaves started, lower-priority and overdue tasks to other rules", () => {
    expect(kindsOf([task({ dueDate: "2026-06-11", priority: "high", status: "in_progress" })])).toEqual([]);
    expect(kindsOf([task({ dueDate: "2026-06-11", priority: "medium", status: "pending" })])).toEqual([]);
    expect(kindsOf([task({ dueDate: "2026-06-09", priority: "high", status: "pending" })])).toEqual(["overdue"]);
  });

  it("counts days in the workspace timezone", () => {
    // 22:30 UTC on 10 June is 11 June 07:30 in Tokyo: a task due 13 June is 2 days away there, 3 in Lisbon.
    const now = new Date("2026-06-10T22:30:00.000Z");
    const t = task({ dueDate: "2026-06-13", priority: "high", status: "pending" });
    expect(kindsOf([t], { now })).toEqual([]);
    expect(risks([t], { now, timezone: "Asia/Tokyo" })[0].reason).toBe("Due in 2 days, high priority, not started");
  });
});

describe("detectRisks: unassigned urgent work", () => {
  it.each([
    ["high", null, "High priority and unassigned"],
    ["critical", "   ", "Critical priority and unassigned"],
  ])("flags a %s-priority task with assignee %j", (priority, assigneeName, reason) => {
    const t = task({ priority, assigneeName });
    expect(risks([t])).toEqual([{ taskId: t.id, kind: "unassigned", reason }]);
  });

  it("leaves unassigned low and medium tasks alone", () => {
    expect(
      kindsOf([task({ priority: "medium", assigneeName: null }), task({ priority: "low", assigneeName: null })]),
    ).toEqual([]);
  });
});

describe("detectRisks: negative slack", () => {
  it("flags tasks the critical path cannot finish before the event", () => {
    const now = new Date("2026-06-19T17:00:00.000Z"); // one day before doors
    const planned = [
      { id: "rig", title: "Rig the lights", status: "pending", estimatedHours: 16, dependsOn: [] },
      { id: "focus", title: "Focus the lights", status: "pending", estimatedHours: 4, dependsOn: ["rig"] },
      { id: "flyers", title: "Hand out flyers", status: "pending", estimatedHours: 2, dependsOn: [] },
    ];
    const criticalPath = computeCriticalPath({ tasks: planned, eventDate: EVENT, now });
    const tasks = planned.map((p) => task({ id: p.id, status: p.status }));
    expect(detectRisks({ tasks, now, timezone: TZ, eventDate: EVENT, criticalPath })).toEqual([
      { taskId: "rig", kind: "negative_slack", reason: "1.5 days behind the event on the critical path" },
      { taskId: "focus", kind: "negative_slack", reason: "1.5 days behind the event on the critical path" },
    ]);
  });

  it("shows a small shortfall as a tenth of a day, not zero", () => {
    const t = task({ id: "x" });
    const criticalPath = { tasks: [{ id: "x", slackDays: -0.01, atRisk: true }] };
    const found = detectRisks({ tasks: [t], now: NOW, timezone: TZ, eventDate: EVENT, criticalPath });
    expect(found[0].reason).toBe("0.1 days behind the event on the critical path");
  });

  it("reports one day in the singular", () => {
    const t = task({ id: "x" });
    const criticalPath = { tasks: [{ id: "x", slackDays: -1, atRisk: true }] };
    const found = detectRisks({ tasks: [t], now: NOW, timezone: TZ, eventDate: EVENT, criticalPath });
    expect(found[0].reason).toBe("1 day behind the event on the critical path");
  });

  it("leaves an overdue task's missed date to the overdue reason", () => {
    const t = task({ id: "x", dueDate: "2026-01-01" });
    const criticalPath = { tasks: [{ id: "x", slackDays: -5, atRisk: true, boundBy: "due" as const }] };
    const found = detectRisks({ tasks: [t], now: NOW, timezone: TZ, eventDate: EVENT, criticalPath });
    expect(found.map((r) => r.kind)).toEqual(["overdue"]);
  });

  it("does not flag a lone task whose lateness comes only from an assumed estimate", () => {
    const lone = {
      id: "x",
      slackDays: -0.5,
      atRisk: true,
      boundBy: "due" as const,
      estimateAssumed: true,
      dependsOn: [],
    };
    const found = detectRisks({
      tasks: [task({ id: "x" })],
      now: NOW,
      timezone: TZ,
      eventDate: EVENT,
      criticalPath: { tasks: [lone] },
    });
    expect(found).toEqual([]);
    const chained = [lone, { id: "y", slackDays: -0.5, atRisk: true, boundBy: "due" as const, dependsOn: ["x"] }];
    const tasks = [task({ id: "x" }), task({ id: "y" })];
    const both = detectRisks({ tasks, now: NOW, timezone: TZ, eventDate: EVENT, criticalPath: { tasks: chained } });
    expect(both.map((r) => r.taskId)).toEqual(["x", "y"]);
  });

  it("names a due date when one, not the event, is what the work misses", () => {
    const t = task({ id: "x" });
    const criticalPath = { tasks: [{ id: "x", slackDays: -2, atRisk: true, boundBy: "due" as const }] };
    const found = detectRisks({ tasks: [t], now: NOW, timezone: TZ, eventDate: EVENT, criticalPath });
    expect(found[0].reason).toBe("2 days behind a due date on the critical path");
  });
});

describe("detectRisks: due after the event", () => {
  it("flags a task due on a later day than the event", () => {
    const t = task({ dueDate: "2026-06-22" });
    expect(risks([t])).toEqual([{ taskId: t.id, kind: "after_event", reason: "Due 2 days after the event" }]);
  });

  it("flags a due time on the event day after doors, not one before", () => {
    expect(risks([task({ dueDate: "2026-06-20T19:00" })])[0].reason).toBe("Due after the event starts");
    expect(kindsOf([task({ dueDate: "2026-06-20T17:59" })])).toEqual([]);
  });

  it("treats a bare date on the event day as in time", () => {
    expect(kindsOf([task({ dueDate: "2026-06-20" })])).toEqual([]);
  });

  it("uses the event's local day in the workspace timezone", () => {
    // Doors at 16:00 UTC on 20 June are 17:00 that day in Lisbon but 01:00 on 21 June in Tokyo.
    const eventDate = "2026-06-20T16:00:00.000Z";
    const t = task({ dueDate: "2026-06-21" });
    expect(kindsOf([t], { eventDate })).toEqual(["after_event"]);
    expect(kindsOf([t], { eventDate, timezone: "Asia/Tokyo" })).toEqual([]);
  });

  it("needs an event date", () => {
    expect(kindsOf([task({ dueDate: "2027-01-01" })], { eventDate: null })).toEqual([]);
  });

  it("counts every day of an event over several days, to load-out (issue 33)", () => {
    // Show days 20–21 June, load-out on the 22nd: load-out work and any time on a later show day are in time.
    const options = { eventLastDay: "2026-06-22" };
    expect(kindsOf([task({ dueDate: "2026-06-21" })], options)).toEqual([]);
    expect(kindsOf([task({ dueDate: "2026-06-21T23:00" })], options)).toEqual([]);
    expect(kindsOf([task({ dueDate: "2026-06-22" })], options)).toEqual([]);
    expect(risks([task({ dueDate: "2026-06-24" })], options)[0].reason).toBe("Due 2 days after the event");
  });
});

describe("detectRisks: overloaded assignee", () => {
  const dueThisWeek = (n: number, assigneeName = "Dana", status = "in_progress") =>
    Array.from({ length: n }, (_, i) => task({ assigneeName, status, dueDate: `2026-06-1${i % 7}` }));

  it(`flags every task of someone with more than ${OVERLOAD_TASKS} open tasks due this week`, () => {
    const tasks = dueThisWeek(OVERLOAD_TASKS + 1);
    const found = risks(tasks).filter((r) => r.kind === "overloaded");
    expect(found.map((r) => r.taskId)).toEqual(tasks.map((t) => t.id));
    expect(found[0].reason).toBe(`Dana has ${OVERLOAD_TASKS + 1} open tasks due this week`);
  });

  it(`allows ${OVERLOAD_TASKS}`, () => {
    expect(kindsOf(dueThisWeek(OVERLOAD_TASKS))).not.toContain("overloaded");
  });

  it("counts the same person however the name is typed", () => {
    const tasks = [...dueThisWeek(3, "Dana"), ...dueThisWeek(3, " dana ")];
    expect(risks(tasks).filter((r) => r.kind === "overloaded")).toHaveLength(6);
  });

  it("counts overdue work and today + 6, not today + 7, nor completed tasks", () => {
    const base = dueThisWeek(OVERLOAD_TASKS - 1);
    const overdueTask = task({ assigneeName: "Dana", dueDate: "2026-06-01" });
    const lastDay = task({ assigneeName: "Dana", dueDate: "2026-06-16T20:00" });
    const nextWeek = task({ assigneeName: "Dana", dueDate: "2026-06-17" });
    const done = task({ assigneeName: "Dana", dueDate: "2026-06-11", status: "completed" });
    const overloadedIds = risks([...base, overdueTask, lastDay, nextWeek, done])
      .filter((r) => r.kind === "overloaded")
      .map((r) => r.taskId);
    expect(overloadedIds).toEqual([...base, overdueTask, lastDay].map((t) => t.id));
  });

  it("ignores unassigned tasks and tasks without a due date", () => {
    const tasks = [...dueThisWeek(OVERLOAD_TASKS), task({ assigneeName: "Dana" }), task({ assigneeName: null })];
    expect(kindsOf(tasks)).not.toContain("overloaded");
  });
});

describe("detectRisks: several at once, and never for completed work", () => {
  it("lists every reason of a task in a fixed order", () => {
    const t = task({ dueDate: "2026-06-08", priority: "critical", status: "pending", assigneeName: null });
    const after = task({ dueDate: "2026-06-25", priority: "high", assigneeName: "" });
    expect(risks([t, after])).toEqual([
      { taskId: t.id, kind: "overdue", reason: "Overdue by 2 days" },
      { taskId: t.id, kind: "unassigned", reason: "Critical priority and unassigned" },
      { taskId: after.id, kind: "after_event", reason: "Due 5 days after the event" },
      { taskId: after.id, kind: "unassigned", reason: "High priority and unassigned" },
    ]);
  });

  it("never flags a completed task", () => {
    const done = {
      status: "completed",
      priority: "critical",
      assigneeName: null,
    };
    const tasks = [
      task({ ...done, dueDate: "2026-06-01" }),
      task({ ...done, dueDate: "2026-06-11" }),
      task({ ...done, dueDate: "2026-07-01" }),
      ...Array.from({ length: 8 }, () => task({ status: "completed", dueDate: "2026-06-11", assigneeName: "Dana" })),
    ];
    const criticalPath = { tasks: tasks.map((t) => ({ id: t.id, slackDays: -2, atRisk: true })) };
    expect(detectRisks({ tasks, now: NOW, timezone: TZ, eventDate: EVENT, criticalPath })).toEqual([]);
  });

  it("finds nothing in a healthy plan", () => {
    expect(risks([task({ dueDate: "2026-06-15", priority: "high" }), task()])).toEqual([]);
  });
});

describe("detectCueRisks: cues not ready", () => {
  // The show starts at 18:00 on Saturday 20 June in Lisbon (EVENT); the window opens on Wednesday 17 June.
  const walkIn: CueReadiness = { id: "c1", title: "Walk-in music", day: "2026-06-20", openTaskIds: ["t1", "t2"] };
  const at = (local: string) => new Date(`${local}:00+01:00`);
  const cueRisks = (cues: CueReadiness[], now: Date, eventDate: string | null = EVENT) =>
    detectCueRisks({ cues, now, timezone: TZ, eventDate });

  it("says which cue waits on how many open tasks", () => {
    expect(cueRisks([walkIn], at("2026-06-18T09:00"))).toEqual([
      {
        kind: "cue_not_ready",
        cueId: "c1",
        cueTitle: "Walk-in music",
        day: "2026-06-20",
        taskIds: ["t1", "t2"],
        reason: "cue 'Walk-in music' waits on 2 open tasks",
      },
    ]);
    expect(cueRiskReason("Doors", 1)).toBe("cue 'Doors' waits on 1 open task");
  });

  it(`starts ${CUE_RISK_DAYS_BEFORE} days before the show's first day, at local midnight`, () => {
    expect(cueRisks([walkIn], at("2026-06-16T23:59"))).toEqual([]);
    expect(cueRisks([walkIn], at("2026-06-17T00:00"))).toHaveLength(1);
    // 23:30 UTC on the 16th is already the 17th in Lisbon (UTC+1).
    expect(cueRisks([walkIn], new Date("2026-06-16T23:30:00Z"))).toHaveLength(1);
    expect(cueRisks([walkIn], new Date("2026-06-16T22:30:00Z"))).toEqual([]);
  });

  it("lasts until the cue's own day is over", () => {
    const sunday = { ...walkIn, id: "c2", day: "2026-06-21" };
    expect(cueRisks([walkIn, sunday], at("2026-06-20T23:59")).map((r) => r.cueId)).toEqual(["c1", "c2"]);
    expect(cueRisks([walkIn, sunday], at("2026-06-21T00:00")).map((r) => r.cueId)).toEqual(["c2"]);
    expect(cueRisks([walkIn, sunday], at("2026-06-22T00:00"))).toEqual([]);
  });

  it("leaves ready cues alone, and needs an event date", () => {
    expect(cueRisks([{ ...walkIn, openTaskIds: [] }], at("2026-06-18T09:00"))).toEqual([]);
    expect(cueRisks([walkIn], at("2026-06-18T09:00"), null)).toEqual([]);
  });
});

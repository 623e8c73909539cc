import { describe, expect, it } from "vitest";
import { computeCriticalPath, DEFAULT_ESTIMATE_HOURS, type PlannedTask } from "./critical-path";
import {
  criticalPathOverview,
  formatDays,
  formatWork,
  formatWorkAmount,
  groupRisksByTask,
  rankAtRiskTaskIds,
  rankRiskGroups,
} from "./plan-overview";
import type { Risk } from "./risks";

const NOW = new Date("2026-05-01T09:00:00.000Z");
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

function task(id: string, estimatedHours: number | null, dependsOn: string[] = [], status = "pending"): PlannedTask {
  return { id, title: `Task ${id}`, status, estimatedHours, dependsOn };
}

function overview(tasks: PlannedTask[], eventDate: string | null) {
  return criticalPathOverview(computeCriticalPath({ tasks, eventDate, now: NOW }), tasks, {
    today: "2026-05-01",
    assumedEstimateHours: DEFAULT_ESTIMATE_HOURS,
  });
}

describe("criticalPathOverview", () => {
  it("asks for an event date first", () => {
    expect(overview([task("a", 8), task("b", 8, ["a"])], null)).toEqual({ state: "no-event" });
  });

  it("asks for estimates and dependencies when no open task has either, or nothing is open", () => {
    expect(overview([task("a", null), task("b", null)], inDays(10))).toEqual({ state: "no-plan" });
    expect(overview([task("a", 8, [], "completed")], inDays(10))).toEqual({ state: "no-plan" });
    expect(overview([], inDays(10))).toEqual({ state: "no-plan" });
  });

  it("draws the chain on a scale from now to the event, with the slack that is left", () => {
    // a (1 day) → b (2 days): the chain finishes after 3 days; the event is in 10.
    const result = overview([task("a", 8), task("b", 16, ["a"]), task("c", 4)], inDays(10));
    expect(result).toMatchObject({ state: "ready", daysToEvent: 10, eventPct: 100, behindDays: null, slackDays: 7 });
    if (result.state !== "ready") throw new Error("not ready");
    expect(result.rows).toEqual([
      {
        id: "a",
        title: "Task a",
        startDays: 0,
        durationDays: 1,
        slackDays: 7,
        behindDays: null,
        work: "1 day of work",
        due: null,
        conflicts: [],
        startPct: 0,
        widthPct: 10,
      },
      {
        id: "b",
        title: "Task b",
        startDays: 1,
        durationDays: 2,
        slackDays: 7,
        behindDays: null,
        work: "2 days of work",
        due: null,
        conflicts: [],
        startPct: 10,
        widthPct: 20,
      },
    ]);
  });

  it("scales to the chain's finish when it runs past the event, and says by how much", () => {
    // 4 days of chained work against an event in 2 days: 2 days behind.
    const result = overview([task("a", 16), task("b", 16, ["a"])], inDays(2));
    if (result.state !== "ready") throw new Error("not ready");
    expect(result.behindDays).toBe(2);
    expect(result.eventPct).toBe(50);
    expect(result.rows.map((r) => [r.startPct, r.widthPct, r.behindDays])).toEqual([
      [0, 50, 2],
      [50, 50, 2],
    ]);
  });

  it("keeps a very short task visible on a long timeline", () => {
    const result = overview([task("a", 0.25), task("b", 0.25, ["a"])], inDays(100));
    if (result.state !== "ready") throw new Error("not ready");
    expect(result.rows[0].widthPct).toBe(1.5);
  });

  it("puts a past event at the start of the timeline", () => {
    const result = overview([task("a", 8), task("b", 8, ["a"])], inDays(-1));
    if (result.state !== "ready") throw new Error("not ready");
    expect(result.eventPct).toBe(0);
    expect(result.behindDays).toBe(3);
  });
});

describe("criticalPathOverview rows", () => {
  it("says the work as entered, and an assumption as one", () => {
    const result = overview([task("a", 4), task("b", null, ["a"]), task("c", 12, ["b"])], inDays(10));
    if (result.state !== "ready") throw new Error("not ready");
    expect(result.rows.map((r) => r.work)).toEqual([
      "4 hours of work",
      `No estimate (${formatWorkAmount(DEFAULT_ESTIMATE_HOURS)} assumed)`,
      "1.5 days of work",
    ]);
  });

  it("shows each step's due date and the conflicts of its dates", () => {
    const tasks = [
      { ...task("rig", 8), dueDate: "2026-05-09" },
      { ...task("focus", 8, ["rig"]), dueDate: "2026-05-02T18:00" },
      { ...task("check", 8, ["focus"]), dueDate: "2026-05-01" },
    ];
    const result = overview(tasks, inDays(20));
    if (result.state !== "ready") throw new Error("not ready");
    expect(result.rows.map((r) => [r.id, r.due, r.conflicts])).toEqual([
      ["rig", "Due Sat, May 9", ["Task focus"]],
      ["focus", "Due tomorrow, 6:00 PM", ["Task check"]],
      ["check", "Due today", []],
    ]);
  });
});

describe("formatWork", () => {
  it("says hours below a working day and days from one", () => {
    expect([formatWork(1), formatWork(4), formatWork(8), formatWork(20)]).toEqual([
      "1 hour of work",
      "4 hours of work",
      "1 day of work",
      "2.5 days of work",
    ]);
  });
});

describe("rankRiskGroups", () => {
  const risk = (taskId: string, kind: Risk["kind"], reason = `${kind} ${taskId}`): Risk => ({ taskId, kind, reason });
  const planTask = (id: string, priority = "medium", dueDate: string | null = null) => ({ id, priority, dueDate });

  it("groups by reason, most costly reason first, and keeps a handful per group with the total", () => {
    const risks = [
      risk("u1", "unassigned"),
      risk("u2", "unassigned"),
      risk("u3", "unassigned"),
      risk("u4", "unassigned"),
      risk("late", "overdue"),
      risk("behind", "negative_slack"),
    ];
    const groups = rankRiskGroups(
      risks,
      { path: { chain: [], tasks: [] }, tasks: risks.map((r) => planTask(r.taskId)), today: "2026-05-01" },
      3,
    );
    expect(groups.map((g) => [g.kind, g.total, g.tasks.length])).toEqual([
      ["negative_slack", 1, 1],
      ["overdue", 1, 1],
      ["unassigned", 4, 3],
    ]);
    expect(groups[0].label).toBe("Behind schedule");
  });

  it("ranks a group's tasks: on the critical path, then days late, then priority", () => {
    const risks = ["low", "high", "crit", "older", "chain"].map((id) => risk(id, "overdue"));
    const tasks = [
      planTask("low", "low", "2026-04-30"),
      planTask("high", "high", "2026-04-30"),
      planTask("crit", "critical", "2026-04-30"),
      planTask("older", "low", "2026-04-20"),
      planTask("chain", "low", "2026-04-30"),
    ];
    const path = { chain: ["chain"], tasks: [] };
    const [group] = rankRiskGroups(risks, { path, tasks, today: "2026-05-01" }, 10);
    expect(group.tasks.map((t) => t.taskId)).toEqual(["chain", "older", "crit", "high", "low"]);
  });
});

describe("rankAtRiskTaskIds", () => {
  const risk = (taskId: string, kind: Risk["kind"]): Risk => ({ taskId, kind, reason: kind });
  const planTask = (id: string, priority = "medium", dueDate: string | null = null) => ({ id, priority, dueDate });

  it("lists each at-risk task once: critical path, days late, priority, then most reasons", () => {
    const risks = [
      risk("one-reason", "unassigned"),
      risk("two-reasons", "unassigned"),
      risk("two-reasons", "due_soon"),
      risk("late", "overdue"),
      risk("late", "unassigned"),
      risk("chain", "negative_slack"),
      risk("critical", "unassigned"),
    ];
    const tasks = [
      planTask("one-reason", "high"),
      planTask("two-reasons", "high"),
      planTask("late", "low", "2026-04-28"),
      planTask("chain", "low"),
      planTask("critical", "critical"),
    ];
    const path = { chain: ["chain"], tasks: [] };
    expect(rankAtRiskTaskIds(risks, { path, tasks, today: "2026-05-01" })).toEqual([
      "chain",
      "late",
      "critical",
      "two-reasons",
      "one-reason",
    ]);
  });

  it("is empty without risks", () => {
    expect(rankAtRiskTaskIds([], { path: { chain: [], tasks: [] }, tasks: [], today: "2026-05-01" })).toEqual([]);
  });
});

describe("groupRisksByTask", () => {
  it("groups each task's reasons, most reasons first, ties in the order given", () => {
    const risks: Risk[] = [
      { taskId: "a", kind: "overdue", reason: "Overdue by 2 days" },
      { taskId: "b", kind: "unassigned", reason: "High priority and unassigned" },
      { taskId: "c", kind: "overdue", reason: "Overdue by 1 day" },
      { taskId: "b", kind: "due_soon", reason: "Due today, high priority, not started" },
    ];
    expect(groupRisksByTask(risks).map((g) => [g.taskId, g.risks.map((r) => r.kind)])).toEqual([
      ["b", ["unassigned", "due_soon"]],
      ["a", ["overdue"]],
      ["c", ["overdue"]],
    ]);
  });
});

describe("formatDays", () => {
  it.each([
    [2, "2 days"],
    [1, "1 day"],
    [1.25, "1.3 days"],
    [-3, "3 days"],
    [0.5, "12 hours"],
    [0.01, "1 hour"],
    [0, "0 days"],
  ])("%s → %s", (days, text) => {
    expect(formatDays(days)).toBe(text);
  });
});

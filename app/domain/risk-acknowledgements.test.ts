import { describe, expect, it } from "vitest";
import { acknowledgedKinds, applyAcknowledgements, holdsFor } from "./risk-acknowledgements";
import type { Risk, RiskKind } from "./risks";

const EDITED = "2026-11-20T09:00:00.000Z";
const LATER = "2026-11-21T10:00:00.000Z";

describe("holdsFor: which acknowledged risks stay hidden", () => {
  const cases: Array<[string, { updatedAt: string; kinds: RiskKind[] }, boolean]> = [
    ["the task and its reasons as they were", { updatedAt: EDITED, kinds: ["overdue", "unassigned"] }, true],
    ["one of the reasons went away", { updatedAt: EDITED, kinds: ["overdue"] }, true],
    ["no reason left (not at risk now)", { updatedAt: EDITED, kinds: [] }, true],
    ["a new kind of reason appeared", { updatedAt: EDITED, kinds: ["overdue", "negative_slack"] }, false],
    ["the task was edited since", { updatedAt: LATER, kinds: ["overdue", "unassigned"] }, false],
    ["edited and a new reason", { updatedAt: LATER, kinds: ["overloaded"] }, false],
  ];
  it.each(cases)("%s", (_, task, hidden) => {
    const acknowledgement = { taskUpdatedAt: EDITED, riskKinds: ["overdue", "unassigned"] };
    expect(holdsFor(acknowledgement, task, task.kinds)).toBe(hidden);
  });
});

describe("acknowledgedKinds", () => {
  it("records each kind once, sorted", () => {
    expect(acknowledgedKinds([{ kind: "unassigned" }, { kind: "due_soon" }, { kind: "unassigned" }])).toEqual([
      "due_soon",
      "unassigned",
    ]);
  });
});

describe("applyAcknowledgements", () => {
  const risks: Risk[] = [
    { taskId: "a", kind: "overdue", reason: "Overdue by 2 days" },
    { taskId: "b", kind: "unassigned", reason: "High priority and unassigned" },
    { taskId: "b", kind: "due_soon", reason: "Due tomorrow, high priority, not started" },
    { taskId: "c", kind: "overloaded", reason: "Dana has 6 open tasks due this week" },
  ];
  const tasks = [
    { id: "a", updatedAt: EDITED },
    { id: "b", updatedAt: EDITED },
    { id: "c", updatedAt: LATER },
    { id: "d", updatedAt: EDITED },
  ];
  const ack = (taskId: string, riskKinds: string[], acknowledgedAt: string, taskUpdatedAt = EDITED) => ({
    taskId,
    taskUpdatedAt,
    riskKinds,
    acknowledgedAt,
  });

  it("shows every risk when nothing is acknowledged", () => {
    expect(applyAcknowledgements({ risks, tasks, acknowledgements: [] })).toEqual({ shown: risks, acknowledged: [] });
  });

  it("hides all of an acknowledged task's risks and lists it, the latest acknowledged first", () => {
    const result = applyAcknowledgements({
      risks,
      tasks,
      acknowledgements: [
        ack("a", ["overdue"], "2026-11-21T08:00:00.000Z"),
        ack("b", ["due_soon", "unassigned"], "2026-11-21T09:00:00.000Z"),
      ],
    });
    expect(result.shown.map((r) => r.taskId)).toEqual(["c"]);
    expect(result.acknowledged.map((a) => [a.acknowledgement.taskId, a.risks.map((r) => r.kind)])).toEqual([
      ["b", ["unassigned", "due_soon"]],
      ["a", ["overdue"]],
    ]);
  });

  it("shows the risk again after an edit of the task or with a new kind of reason", () => {
    const result = applyAcknowledgements({
      risks,
      tasks,
      acknowledgements: [
        // c was edited after its acknowledgement.
        ack("c", ["overloaded"], "2026-11-21T08:00:00.000Z"),
        // b became due soon after its lack of an owner was acknowledged.
        ack("b", ["unassigned"], "2026-11-21T09:00:00.000Z"),
      ],
    });
    expect(result.shown).toEqual(risks);
    expect(result.acknowledged).toEqual([]);
  });

  it("leaves out acknowledgements of tasks no longer at risk or gone", () => {
    const result = applyAcknowledgements({
      risks,
      tasks,
      acknowledgements: [ack("d", ["overdue"], "2026-11-21T08:00:00.000Z"), ack("z", ["overdue"], LATER)],
    });
    expect(result.shown).toEqual(risks);
    expect(result.acknowledged).toEqual([]);
  });
});

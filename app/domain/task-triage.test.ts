import { describe, expect, it } from "vitest";
import { callerFirst, compareUrgency, snoozedDueDate, type TriageTask } from "./task-triage";

describe("callerFirst", () => {
  it("lists the reader's tasks first, each part most urgent first", () => {
    const t = (name: string, assigneeId: string | null, dueDate: string | null) => ({
      name,
      assigneeId,
      dueDate,
      priority: "medium" as const,
      createdAt: "2026-01-01T00:00:00Z",
    });
    const { tasks, mine } = callerFirst(
      [t("theirs soon", "u2", "2026-06-01"), t("mine later", "u1", "2026-07-01"), t("nobody", null, null), t("mine soon", "u1", "2026-06-05")],
      "u1",
    );
    expect(tasks.map((x) => x.name)).toEqual(["mine soon", "mine later", "theirs soon", "nobody"]);
    expect(mine).toBe(2);
  });
});

describe("compareUrgency", () => {
  it("orders by due day, then priority, then due time, then age; undated last", () => {
    const t = (name: string, dueDate: string | null, priority: TriageTask["priority"], createdAt = "2026-01-01T00:00:00Z") => ({
      name,
      dueDate,
      priority,
      createdAt,
    });
    const tasks = [
      t("undated low", null, "low"),
      t("today 15:00 low", "2026-06-10T15:00", "low"),
      t("undated critical", null, "critical"),
      t("today high", "2026-06-10", "high"),
      t("yesterday", "2026-06-09", "low"),
      t("today 09:00 low", "2026-06-10T09:00", "low"),
      t("today low older", "2026-06-10", "low", "2025-12-01T00:00:00Z"),
    ];
    expect([...tasks].sort(compareUrgency).map((x) => x.name)).toEqual([
      "yesterday",
      "today high",
      "today low older",
      "today 09:00 low",
      "today 15:00 low",
      "undated critical",
      "undated low",
    ]);
  });
});

describe("snoozedDueDate", () => {
  it("moves a future task one day later, keeping the time", () => {
    expect(snoozedDueDate("2026-06-12T14:30", "2026-06-10")).toBe("2026-06-13T14:30");
  });

  it("moves an overdue or due-today task to tomorrow", () => {
    expect(snoozedDueDate("2026-06-01", "2026-06-10")).toBe("2026-06-11");
    expect(snoozedDueDate("2026-06-10T09:00", "2026-06-10")).toBe("2026-06-11T09:00");
  });

  it("gives an undated task tomorrow, across month ends", () => {
    expect(snoozedDueDate(null, "2026-06-30")).toBe("2026-07-01");
  });
});

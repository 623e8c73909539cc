import { describe, expect, it } from "vitest";
import { kpis, type AnalyticsTask } from "~/domain/analytics";
import { describeChange, describeEfficiency, formatKpiValue } from "./format";

// Wednesday 2026-06-10 in UTC: this week starts Monday 8 June, last week Monday 1 June.
const NOW = new Date("2026-06-10T12:00:00.000Z");
let seq = 0;
function task(fields: Partial<AnalyticsTask>): AnalyticsTask {
  seq++;
  return {
    id: `t${seq}`,
    title: `Task ${seq}`,
    status: "pending",
    priority: "medium",
    category: null,
    dueDate: null,
    createdAt: "2026-05-01T09:00:00.000Z",
    completedAt: null,
    ...fields,
  };
}
const created = (day: string, n: number) => Array.from({ length: n }, () => task({ createdAt: `${day}T09:00:00.000Z` }));
const done = (createdAt: string, completedAt: string, fields: Partial<AnalyticsTask> = {}) =>
  task({ status: "completed", createdAt: `${createdAt}T09:00:00.000Z`, completedAt: `${completedAt}T09:00:00.000Z`, ...fields });
const figures = (tasks: AnalyticsTask[]) => kpis({ tasks, now: NOW, timezone: "UTC" });

describe("formatKpiValue", () => {
  it("writes counts, days to one decimal, percents, and a dash for no figure", () => {
    expect(formatKpiValue(12, "count")).toBe("12");
    expect(formatKpiValue(2.3, "days")).toBe("2.3 days");
    expect(formatKpiValue(2, "days")).toBe("2.0 days");
    expect(formatKpiValue(67, "percent")).toBe("67%");
    expect(formatKpiValue(null, "days")).toBe("—");
  });
});

describe("describeChange", () => {
  it("shows a rise in tasks created as a neutral percent: more work is neither good nor bad", () => {
    const k = figures([...created("2026-06-02", 4), ...created("2026-06-09", 5)]).tasksCreated;
    expect(describeChange(k)).toEqual({ text: "+25%", label: "Up 25% on last week", tone: "neutral" });
  });

  it("shows fewer completions as bad, with a real minus sign", () => {
    const k = figures([
      done("2026-05-20", "2026-06-02"),
      done("2026-05-20", "2026-06-03"),
      done("2026-05-20", "2026-06-09"),
    ]).tasksCompleted;
    expect(describeChange(k)).toEqual({ text: "\u221250%", label: "Down 50% on last week", tone: "bad" });
  });

  it("shows a shorter average completion time as good", () => {
    // Last week 4 days on average, this week 2: 50% faster.
    const k = figures([done("2026-05-29", "2026-06-02"), done("2026-06-07", "2026-06-09")]).averageCompletionDays;
    expect(k.value).toBe(2);
    expect(describeChange(k)).toEqual({ text: "\u221250%", label: "Down 50% on last week", tone: "good" });
  });

  it("shows the completion rate's move in percentage points", () => {
    // Last week 1 of 2 due (50%), this week 1 of 1 (100%).
    const k = figures([
      done("2026-05-20", "2026-06-02", { dueDate: "2026-06-02" }),
      task({ dueDate: "2026-06-03" }),
      done("2026-05-20", "2026-06-09", { dueDate: "2026-06-09" }),
    ]).completionRate;
    expect(describeChange(k)).toEqual({ text: "+50 pts", label: "Up 50 percentage points on last week", tone: "good" });
  });

  it("says 'New' when last week had none to compare with", () => {
    const k = figures(created("2026-06-09", 3));
    expect(describeChange(k.tasksCreated)).toEqual({ text: "New", label: "Up from none last week", tone: "neutral" });
    const completed = figures([done("2026-06-08", "2026-06-09")]);
    expect(describeChange(completed.tasksCompleted).text).toBe("New");
    expect(describeChange(completed.tasksCompleted).tone).toBe("good");
    expect(describeChange(completed.averageCompletionDays)).toEqual({
      text: "New",
      label: "No figure last week to compare with",
      tone: "neutral",
    });
  });

  it("says '—' when there is nothing to measure this week, and 'No change' for equal figures", () => {
    const k = figures(created("2026-05-01", 2));
    expect(describeChange(k.averageCompletionDays)).toEqual({
      text: "—",
      label: "Nothing to measure this week yet",
      tone: "neutral",
    });
    expect(describeChange(k.tasksCreated)).toEqual({ text: "No change", label: "No change from last week", tone: "neutral" });
  });

  it("writes a single point without a plural", () => {
    const k = { value: 51, previous: 50, change: 1, changeUnit: "points", direction: "up", improved: true } as const;
    expect(describeChange(k).text).toBe("+1 pt");
    expect(describeChange(k).label).toBe("Up 1 percentage point on last week");
  });
});

describe("describeEfficiency", () => {
  it("says what the figure counted and what it leaves for later in the week", () => {
    expect(describeEfficiency({ due: 4, done: 3, dueLater: 7 })).toBe("3 of 4 tasks due so far done. 7 more tasks due by Sunday.");
    expect(describeEfficiency({ due: 1, done: 1, dueLater: 0 })).toBe("1 of 1 task due so far done.");
    expect(describeEfficiency({ due: 0, done: 0, dueLater: 1 })).toBe("Nothing was due yet this week. 1 more task due by Sunday.");
    expect(describeEfficiency({ due: 0, done: 0, dueLater: 0 })).toBe("Nothing was due yet this week.");
  });
});

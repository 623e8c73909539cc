import { describe, expect, it } from "vitest";
import { dependantsOf, describeChange, diffTask, moveDueDateTo, shiftDueDate, slipDays } from "./task-history";

describe("diffTask", () => {
  it("records only the fields that changed, as [before, after]", () => {
    expect(
      diffTask(
        { title: "Book buses", dueDate: "2026-12-01", priority: "high", dependsOn: ["a", "b"] },
        { title: "Book shuttle buses", dueDate: "2026-12-01", priority: "high", dependsOn: ["b", "a"] },
      ),
    ).toEqual({ title: ["Book buses", "Book shuttle buses"] });
  });

  it("treats undefined and null alike and ignores fields the update does not name", () => {
    expect(diffTask({ category: null, status: "pending" }, { category: undefined })).toBeNull();
    expect(diffTask({ estimatedHours: null }, { estimatedHours: 4 })).toEqual({ estimatedHours: [null, 4] });
  });
});

describe("describeChange", () => {
  it("lists changes in a fixed order with labels, 'none' for empty values and long text cut", () => {
    const lines = describeChange(
      { description: [null, "x".repeat(200)], dueDate: ["2026-12-01", null], title: ["A", "B"] },
      (_field, value) => String(value),
    );
    expect(lines.map((l) => l.label)).toEqual(["Title", "Description", "Due date"]);
    expect(lines[1].from).toBe("none");
    expect(lines[1].to).toHaveLength(80);
    expect(lines[2]).toMatchObject({ from: "2026-12-01", to: "none" });
  });
});

describe("shiftDueDate and slipDays", () => {
  it("moves dates and date-times by whole days, across months and a DST change, keeping the time", () => {
    expect(shiftDueDate("2026-12-30", 3)).toBe("2027-01-02");
    expect(shiftDueDate("2026-03-27T09:30", 3)).toBe("2026-03-30T09:30");
    expect(shiftDueDate("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("moves a date or date-time to a chosen day, earlier or later, keeping the time", () => {
    expect(moveDueDateTo("2026-12-30", "2027-01-04")).toBe("2027-01-04");
    expect(moveDueDateTo("2026-12-30T09:30", "2026-12-01")).toBe("2026-12-01T09:30");
  });

  it("measures a slip in days, null when a side has no date", () => {
    expect(slipDays("2026-12-01", "2026-12-04T10:00")).toBe(3);
    expect(slipDays("2026-12-04", "2026-12-01")).toBe(-3);
    expect(slipDays(null, "2026-12-01")).toBeNull();
  });
});

describe("dependantsOf", () => {
  const edges = [
    { taskId: "b", dependsOnId: "a" },
    { taskId: "c", dependsOnId: "b" },
    { taskId: "d", dependsOnId: "a" },
    { taskId: "c", dependsOnId: "d" },
    { taskId: "x", dependsOnId: "y" },
  ];

  it("finds direct and indirect dependants once each, nearest first", () => {
    expect(dependantsOf("a", edges)).toEqual(["b", "d", "c"]);
    expect(dependantsOf("c", edges)).toEqual([]);
  });

  it("stops at the limit", () => {
    expect(dependantsOf("a", edges, 2)).toEqual(["b", "d"]);
  });
});

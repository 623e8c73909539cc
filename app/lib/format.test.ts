import { describe, expect, it } from "vitest";
import { categoryLabel, describeDue, formatDueDate, formatEventDate, plural } from "./format";

describe("formatDueDate", () => {
  const today = "2026-11-21";

  it("names the nearby days", () => {
    expect(formatDueDate("2026-11-21", today)).toBe("Today");
    expect(formatDueDate("2026-11-22", today)).toBe("Tomorrow");
    expect(formatDueDate("2026-11-20", today)).toBe("Yesterday");
  });

  it("shows weekday and date within the year, and the year outside it", () => {
    expect(formatDueDate("2026-11-28", today)).toBe("Sat, Nov 28");
    expect(formatDueDate("2027-03-03", today)).toBe("Mar 3, 2027");
  });

  it("keeps the wall-clock time as stored, whatever the viewer's timezone", () => {
    expect(formatDueDate("2026-11-28T09:30", today)).toBe("Sat, Nov 28, 9:30 AM");
    expect(formatDueDate("2026-11-21T23:45", today)).toBe("Today, 11:45 PM");
  });
});

describe("describeDue", () => {
  const today = "2026-11-21";

  it("marks open tasks from earlier days as overdue", () => {
    expect(describeDue({ dueDate: "2026-11-20", status: "pending" }, today)).toEqual({
      state: "overdue",
      label: "Overdue · was due yesterday",
    });
  });

  it("does not call a completed task overdue", () => {
    expect(describeDue({ dueDate: "2026-11-20", status: "completed" }, today)).toEqual({
      state: "done",
      label: "Due yesterday",
    });
  });

  it("reads due today and later plainly, and nothing without a date", () => {
    expect(describeDue({ dueDate: "2026-11-21T18:00", status: "pending" }, today)?.label).toBe("Due today, 6:00 PM");
    expect(describeDue({ dueDate: "2026-11-25", status: "in_progress" }, today)?.state).toBe("upcoming");
    expect(describeDue({ dueDate: null, status: "pending" }, today)).toBeNull();
  });
});

describe("categoryLabel", () => {
  it("capitalises the first letter only", () => {
    expect(categoryLabel("logistics")).toBe("Logistics");
    expect(categoryLabel("AV crew")).toBe("AV crew");
  });
});

describe("formatEventDate", () => {
  it("writes the local date with its weekday and year, and the time when there is one", () => {
    expect(formatEventDate("2026-06-06", "18:00")).toBe("Sat, Jun 6, 2026 at 6:00 PM");
    expect(formatEventDate("2026-06-06", "09:05")).toBe("Sat, Jun 6, 2026 at 9:05 AM");
    expect(formatEventDate("2026-06-06", "00:00")).toBe("Sat, Jun 6, 2026");
  });
});

describe("plural", () => {
  it("counts in words", () => {
    expect(plural(1, "day")).toBe("1 day");
    expect(plural(0, "day")).toBe("0 days");
    expect(plural(12, "task")).toBe("12 tasks");
  });
});

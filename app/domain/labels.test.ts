import { describe, expect, it } from "vitest";
import { categoryLabel, describeDue, plural, pluralWord, PRIORITY_LABELS, statusLabel } from "./labels";
import { PRIORITIES } from "./tasks";

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

describe("plural", () => {
  it("counts in words", () => {
    expect(plural(1, "day")).toBe("1 day");
    expect(plural(0, "day")).toBe("0 days");
    expect(plural(12, "task")).toBe("12 tasks");
  });
});

describe("pluralWord and irregular plurals", () => {
  it("picks the form for the count, with an irregular plural when given", () => {
    expect(plural(2, "person", "people")).toBe("2 people");
    expect(plural(1, "person", "people")).toBe("1 person");
    expect(pluralWord(1, "is", "are")).toBe("is");
    expect(pluralWord(0, "is", "are")).toBe("are");
    expect(pluralWord(3, "use")).toBe("uses");
  });
});

describe("PRIORITY_LABELS and statusLabel", () => {
  it("label every priority, and a status the way the board shows it", () => {
    expect(PRIORITIES.map((p) => PRIORITY_LABELS[p])).toEqual(["Low", "Medium", "High", "Critical"]);
    expect(PRIORITIES.map(statusLabel)).toEqual(["Low", "Medium", "High", "Critical"]);
    expect(statusLabel("in_progress")).toBe("In progress");
  });
});

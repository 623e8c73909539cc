import { describe, expect, it } from "vitest";
import { rowValuesFromPayload, toRowValues, willCreate, type PreviewTask } from "./parsed-task-rows";

const parsed: PreviewTask = {
  title: "Confirm generator hire",
  description: null,
  dueDate: "2026-03-10T10:00",
  assigneeName: "Dev",
  priority: "critical",
  category: "infrastructure",
  estimatedHours: 1.5,
  similar: [],
};

describe("toRowValues", () => {
  it("splits the due date into the date and time inputs and turns empties into blank fields", () => {
    expect(toRowValues(parsed)).toEqual({
      title: "Confirm generator hire",
      description: "",
      dueDay: "2026-03-10",
      dueTime: "10:00",
      assigneeName: "Dev",
      priority: "critical",
      category: "infrastructure",
      estimatedHours: "1.5",
      recurrence: "",
      recurrenceText: "",
      reminders: [],
      similar: [],
      allowDuplicate: false,
    });
    expect(toRowValues({ ...parsed, recurrence: "FREQ=WEEKLY;BYDAY=FR", recurrenceText: "Every Friday" })).toMatchObject({
      recurrence: "FREQ=WEEKLY;BYDAY=FR",
      recurrenceText: "Every Friday",
    });
    expect(toRowValues({ ...parsed, dueDate: "2026-03-10", assigneeName: null, category: null, estimatedHours: null })).toMatchObject({
      dueDay: "2026-03-10",
      dueTime: "",
      assigneeName: "",
      category: "",
      estimatedHours: "",
    });
    expect(toRowValues({ ...parsed, dueDate: null })).toMatchObject({ dueDay: "", dueTime: "" });
  });
});

describe("rowValuesFromPayload", () => {
  it("reads the submitted rows back, leaving removed ones out and unknown priorities at medium", () => {
    const payload = {
      prompt: "…",
      tasks: [
        { title: "Print lanyards", dueDay: "2026-03-12", priority: "high", allowDuplicate: "on" },
        { title: "Removed", remove: "on" },
        { title: "Odd", priority: "urgent", estimatedHours: "2", recurrence: "FREQ=DAILY", recurrenceText: "Daily", reminders: ["1440", "x", "60"] },
      ],
    };
    expect(rowValuesFromPayload(payload)).toEqual([
      { title: "Print lanyards", description: "", dueDay: "2026-03-12", dueTime: "", assigneeName: "", priority: "high", category: "", estimatedHours: "", recurrence: "", recurrenceText: "", reminders: [], allowDuplicate: true },
      { title: "Odd", description: "", dueDay: "", dueTime: "", assigneeName: "", priority: "medium", category: "", estimatedHours: "2", recurrence: "FREQ=DAILY", recurrenceText: "Daily", reminders: [1440, 60], allowDuplicate: false },
    ]);
  });

  it("gives no rows for a payload without them", () => {
    expect(rowValuesFromPayload(null)).toEqual([]);
    expect(rowValuesFromPayload({ tasks: "nope" })).toEqual([]);
  });
});

describe("willCreate", () => {
  const similar = [{ id: "t1", title: "Confirm generator", score: 0.8 }];
  it("creates rows without a similar open task, and flagged rows only when created anyway", () => {
    expect(willCreate({ similar: [], allowDuplicate: false })).toBe(true);
    expect(willCreate({ similar, allowDuplicate: false })).toBe(false);
    expect(willCreate({ similar, allowDuplicate: true })).toBe(true);
  });
});

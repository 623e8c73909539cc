import { describe, expect, it } from "vitest";
import { toTaskSummary, type TaskSummary } from "./task-summary";

const task: TaskSummary = {
  id: "t1",
  title: "Confirm stage power",
  description: null,
  priority: "high",
  category: "production",
  dueDate: "2030-06-04T10:00",
  assigneeName: "Sam Okafor",
  assigneeId: null,
  assigneeContact: "+44 7700 900123",
  status: "in_progress",
  createdAt: "2030-05-01T09:00:00.000Z",
  isAiGenerated: false,
  recurrenceText: "Every Friday",
  checklist: { done: 3, total: 5 },
};

describe("task summaries in page data", () => {
  it("keep every field a card shows, nulls and false included", () => {
    expect(toTaskSummary(task)).toEqual(task);
  });

  it("leave out what the list does not show of a fuller task", () => {
    const fuller = {
      ...task,
      estimatedHours: 3,
      dependsOn: ["t0"],
      originalPrompt: "stage power",
      // The task's own read carries its checklist's items; the list shows only the counts.
      checklist: { done: 3, total: 5, items: [{ id: "i1", text: "Book the generator", done: true }] },
    };
    expect(toTaskSummary(fuller)).toEqual(task);
  });
});

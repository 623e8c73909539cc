import { describe, expect, it } from "vitest";
import { FIELDS, packTaskSummary, unpackTaskSummary, type TaskSummary } from "./task-summary";

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
};

describe("task summaries in page data", () => {
  it("round-trip through their packed row, nulls and false included", () => {
    const packed = packTaskSummary(task);
    expect(packed).toHaveLength(13);
    expect(unpackTaskSummary(packed)).toEqual(task);
  });

  it("keep only the summary's fields of a fuller task", () => {
    const fuller = { ...task, estimatedHours: 3, dependsOn: ["t0"], originalPrompt: "stage power" };
    expect(unpackTaskSummary(packTaskSummary(fuller))).toEqual(task);
  });

  it("unpack each value under its own field, in the packed order", () => {
    const distinct = Object.fromEntries(FIELDS.map((field, i) => [field, `value ${i}`])) as unknown as TaskSummary;
    const unpacked = unpackTaskSummary(packTaskSummary(distinct));
    expect(Object.keys(unpacked)).toEqual([...FIELDS]);
    expect(unpacked).toEqual(distinct);
  });

  it("survive JSON, as the page data carries them", () => {
    expect(unpackTaskSummary(JSON.parse(JSON.stringify(packTaskSummary(task))))).toEqual(task);
  });
});

import { describe, expect, it } from "vitest";
import { editorChanges, NEW_CATEGORY, splitDueDate, taskEditSchema, type TaskEditInput } from "./task-editor";

const base: TaskEditInput = {
  title: "Book buses",
  description: null,
  status: "pending",
  priority: "medium",
  assigneeId: null,
  assigneeName: null,
  assigneeContact: null,
  estimatedHours: null,
};

describe("editorChanges", () => {
  it("joins the date and the time into one wall-clock due date; no date clears it", () => {
    expect(editorChanges({ ...base, dueDate: "2027-03-04", dueTime: "14:30" }).dueDate).toBe("2027-03-04T14:30");
    expect(editorChanges({ ...base, dueDate: "2027-03-04" }).dueDate).toBe("2027-03-04");
    expect(editorChanges(base).dueDate).toBeNull();
  });

  it("takes a typed category over the picked one, and no category as none", () => {
    expect(editorChanges({ ...base, category: "logistics", newCategory: "Catering" }).category).toBe("Catering");
    expect(editorChanges({ ...base, category: "logistics" }).category).toBe("logistics");
    expect(editorChanges({ ...base, category: NEW_CATEGORY, newCategory: "Catering" }).category).toBe("Catering");
    expect(editorChanges(base).category).toBeNull();
  });

  it("leaves the outside person's fields out when a member is chosen", () => {
    expect(
      editorChanges({ ...base, assigneeId: "u1", assigneeName: "PowerCo", assigneeContact: "Dana" }),
    ).toMatchObject({ assigneeId: "u1" });
    expect(editorChanges({ ...base, assigneeId: "u1", assigneeName: "PowerCo" })).not.toHaveProperty("assigneeName");
    expect(editorChanges({ ...base, assigneeName: "PowerCo", assigneeContact: "Dana" })).toMatchObject({
      assigneeId: null,
      assigneeName: "PowerCo",
      assigneeContact: "Dana",
    });
  });
});

describe("taskEditSchema", () => {
  const parse = (extra: Record<string, unknown>) =>
    taskEditSchema.safeParse({ title: "Book buses", status: "pending", priority: "high", ...extra });

  it("refuses a time without a date, and a new category without its name", () => {
    expect(parse({ dueTime: "10:00" }).error?.issues[0]).toMatchObject({
      path: ["dueTime"],
      message: "Choose a date for this time",
    });
    expect(parse({ category: NEW_CATEGORY }).error?.issues[0]).toMatchObject({
      path: ["newCategory"],
      message: "Name the new category",
    });
    expect(parse({ dueDate: "2027-03-04", dueTime: "25:00" }).success).toBe(false);
  });
});

describe("splitDueDate", () => {
  it("splits a stored due date into the form's date and time", () => {
    expect(splitDueDate("2027-03-04T09:15")).toEqual({ dueDate: "2027-03-04", dueTime: "09:15" });
    expect(splitDueDate("2027-03-04")).toEqual({ dueDate: "2027-03-04", dueTime: "" });
    expect(splitDueDate(null)).toEqual({ dueDate: "", dueTime: "" });
  });
});

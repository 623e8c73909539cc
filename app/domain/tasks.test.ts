import { describe, expect, it } from "vitest";
import { compareTasks, isDefaultStatus, listNameKey, pickableStatuses, type Orderable } from "./tasks";
import { statusLabel } from "./labels";

type Named = Orderable & { id: string };
const task = (id: string, dueDate: string | null, createdAt: string): Named => ({ id, dueDate, createdAt });
const order = (tasks: Named[]) => [...tasks].sort(compareTasks).map((t) => t.id);

describe("compareTasks", () => {
  it("puts dated tasks first, earliest due first, then undated tasks oldest first", () => {
    const tasks = [
      task("undated-new", null, "2026-05-03T10:00:00.000Z"),
      task("due-june", "2026-06-01", "2026-05-01T10:00:00.000Z"),
      task("undated-old", null, "2026-05-01T09:00:00.000Z"),
      task("due-may", "2026-05-20", "2026-05-04T10:00:00.000Z"),
    ];
    expect(order(tasks)).toEqual(["due-may", "due-june", "undated-old", "undated-new"]);
  });

  it("orders across months and years by calendar, not by creation", () => {
    const tasks = [
      task("jan-2027", "2027-01-05", "2026-01-01T00:00:00.000Z"),
      task("dec-2026", "2026-12-31", "2026-03-01T00:00:00.000Z"),
      task("feb-2026", "2026-02-01", "2026-04-01T00:00:00.000Z"),
    ];
    expect(order(tasks)).toEqual(["feb-2026", "dec-2026", "jan-2027"]);
  });

  it("puts a date-only task before tasks due at a time on the same day, and times in order", () => {
    const tasks = [
      task("at-14", "2026-05-20T14:00", "2026-05-01T00:00:00.000Z"),
      task("at-09", "2026-05-20T09:00", "2026-05-02T00:00:00.000Z"),
      task("all-day", "2026-05-20", "2026-05-03T00:00:00.000Z"),
      task("next-day-early", "2026-05-21T00:00", "2026-05-01T00:00:00.000Z"),
    ];
    expect(order(tasks)).toEqual(["all-day", "at-09", "at-14", "next-day-early"]);
  });

  it("breaks a tie on the same due date by creation time", () => {
    const tasks = [
      task("later", "2026-05-20", "2026-05-02T00:00:00.000Z"),
      task("earlier", "2026-05-20", "2026-05-01T00:00:00.000Z"),
    ];
    expect(order(tasks)).toEqual(["earlier", "later"]);
  });

  it("treats identical keys as equal, so sorting keeps their input order", () => {
    const a = task("a", "2026-05-20", "2026-05-01T00:00:00.000Z");
    const b = task("b", "2026-05-20", "2026-05-01T00:00:00.000Z");
    const c = task("c", null, "2026-05-01T00:00:00.000Z");
    const d = task("d", null, "2026-05-01T00:00:00.000Z");
    expect(compareTasks(a, b)).toBe(0);
    expect(order([b, a, d, c])).toEqual(["b", "a", "d", "c"]);
    expect(order([a, b, c, d])).toEqual(["a", "b", "c", "d"]);
  });

  it("is antisymmetric", () => {
    const dated = task("dated", "2026-05-20", "2026-05-09T00:00:00.000Z");
    const undated = task("undated", null, "2026-05-01T00:00:00.000Z");
    expect(compareTasks(dated, undated)).toBeLessThan(0);
    expect(compareTasks(undated, dated)).toBeGreaterThan(0);
  });
});

describe("isDefaultStatus", () => {
  it("recognises the four default statuses whatever their case or padding", () => {
    for (const s of ["pending", "in_progress", "overdue", "completed", " Completed ", "IN_PROGRESS"]) {
      expect(isDefaultStatus(s), s).toBe(true);
    }
  });

  it("does not treat custom statuses as defaults", () => {
    for (const s of ["blocked", "in progress", "done", ""]) expect(isDefaultStatus(s), s).toBe(false);
  });
});

describe("listNameKey", () => {
  it("compares names case-insensitively and ignores surrounding space", () => {
    expect(listNameKey("  Catering ")).toBe("catering");
    expect(listNameKey("CATERING")).toBe(listNameKey("catering"));
  });

  it("keeps names that differ inside apart", () => {
    expect(listNameKey("Stage A")).not.toBe(listNameKey("Stage B"));
    expect(listNameKey("front of house")).not.toBe(listNameKey("front-of-house"));
  });
});

describe("statusLabel", () => {
  it("turns status values into sentence-case labels", () => {
    expect(statusLabel("in_progress")).toBe("In progress");
    expect(statusLabel("pending")).toBe("Pending");
    expect(statusLabel("waiting_on_vendor")).toBe("Waiting on vendor");
  });

  it("leaves already readable custom names readable", () => {
    expect(statusLabel("Blocked")).toBe("Blocked");
    expect(statusLabel("needs review")).toBe("Needs review");
    expect(statusLabel("")).toBe("");
  });
});

describe("pickableStatuses", () => {
  it("never offers 'overdue', which the due date decides, but keeps a task's own status to show it", () => {
    const statuses = ["pending", "in_progress", "overdue", "completed", "on hold"];
    expect(pickableStatuses(statuses)).toEqual(["pending", "in_progress", "completed", "on hold"]);
    expect(pickableStatuses(statuses, "overdue")).toEqual([
      "pending",
      "in_progress",
      "completed",
      "on hold",
      "overdue",
    ]);
    expect(pickableStatuses(["pending", "Overdue"], "pending")).toEqual(["pending"]);
  });
});

import { describe, expect, it } from "vitest";
import { buildTaskStats, completionPercentage, daysToEvent, dueState } from "./stats";

const at = (iso: string) => new Date(iso);

describe("completionPercentage", () => {
  it("is 0 for an empty workspace rather than NaN", () => {
    expect(completionPercentage(0, 0)).toBe(0);
  });

  it("spans 0 to 100", () => {
    expect(completionPercentage(0, 5)).toBe(0);
    expect(completionPercentage(5, 5)).toBe(100);
  });

  it("rounds to a whole percent, halves up", () => {
    expect(completionPercentage(1, 3)).toBe(33);
    expect(completionPercentage(2, 3)).toBe(67);
    expect(completionPercentage(1, 8)).toBe(13);
    expect(completionPercentage(5, 1000)).toBe(1);
    expect(completionPercentage(1, 1000)).toBe(0);
  });

  it("shows 100 only when every task is done", () => {
    expect(completionPercentage(199, 200)).toBe(99);
    expect(completionPercentage(999, 1000)).toBe(99);
  });
});

describe("daysToEvent", () => {
  it("is null without a usable event date", () => {
    const now = at("2026-05-14T12:00:00Z");
    expect(daysToEvent(null, "UTC", now)).toBeNull();
    expect(daysToEvent("", "UTC", now)).toBeNull();
    expect(daysToEvent("next spring", "UTC", now)).toBeNull();
  });

  it("is 0 when the show is later today, or started earlier today", () => {
    // 13:00 in Los Angeles; the show starts at 19:00 local, which is already the next day in UTC.
    const now = at("2026-05-14T20:00:00Z");
    expect(daysToEvent("2026-05-15T02:00:00.000Z", "America/Los_Angeles", now)).toBe(0);
    expect(daysToEvent("2026-05-14T16:00:00.000Z", "America/Los_Angeles", now)).toBe(0);
  });

  it("counts a show just after local midnight as tomorrow, in the workspace zone", () => {
    // 23:30 in Berlin; the show at 00:30 local is 1 hour away but on the next calendar day.
    const now = at("2026-05-14T21:30:00Z");
    expect(daysToEvent("2026-05-14T22:30:00.000Z", "Europe/Berlin", now)).toBe(1);
    // The same instants read in UTC are both on 2026-05-14.
    expect(daysToEvent("2026-05-14T22:30:00.000Z", "UTC", now)).toBe(0);
    // 23:30 in Los Angeles; 01:00 local the next day.
    expect(daysToEvent("2026-05-15T08:00:00.000Z", "America/Los_Angeles", at("2026-05-15T06:30:00Z"))).toBe(1);
  });

  it("is negative once the show has passed", () => {
    expect(daysToEvent("2026-05-10T18:00:00.000Z", "UTC", at("2026-05-14T12:00:00Z"))).toBe(-4);
  });

  it("counts calendar days across DST and the year end", () => {
    expect(daysToEvent("2027-01-01T06:00:00.000Z", "America/Los_Angeles", at("2026-10-01T19:00:00Z"))).toBe(91);
  });

  it("reads a plain date as the local date, not as UTC midnight", () => {
    const now = at("2026-05-14T20:00:00Z");
    expect(daysToEvent("2026-06-01", "America/Los_Angeles", now)).toBe(18);
    expect(daysToEvent("2026-06-01T09:00", "America/Los_Angeles", now)).toBe(18);
  });
});

describe("dueState", () => {
  const today = "2026-05-14";

  it("keeps a task due today at an hour that has passed as 'today', not overdue", () => {
    expect(dueState({ dueDate: "2026-05-14T09:00", status: "pending" }, today)).toBe("today");
    expect(dueState({ dueDate: "2026-05-14", status: "in_progress" }, today)).toBe("today");
  });

  it("is overdue from the next day on, for any open status", () => {
    expect(dueState({ dueDate: "2026-05-13T23:59", status: "pending" }, today)).toBe("overdue");
    expect(dueState({ dueDate: "2026-05-13", status: "blocked" }, today)).toBe("overdue");
  });

  it("is upcoming from tomorrow's first minute", () => {
    expect(dueState({ dueDate: "2026-05-15T00:00", status: "pending" }, today)).toBe("upcoming");
    expect(dueState({ dueDate: "2027-01-01", status: "overdue" }, today)).toBe("upcoming");
  });

  it("is 'none' without a due date and 'done' once completed, whatever the date", () => {
    expect(dueState({ dueDate: null, status: "pending" }, today)).toBe("none");
    expect(dueState({ dueDate: "2026-05-01", status: "completed" }, today)).toBe("done");
    expect(dueState({ dueDate: null, status: "completed" }, today)).toBe("done");
  });
});

describe("buildTaskStats", () => {
  it("assembles the /api/status fields from the counts and the workspace", () => {
    const stats = buildTaskStats(
      { total: 8, completed: 3, overdue: 2, dueToday: 1 },
      { eventDate: "2026-05-20T18:00:00.000Z", timezone: "Europe/Berlin" },
      at("2026-05-14T12:00:00Z"),
    );
    expect(stats).toEqual({
      totalTasks: 8,
      completedTasks: 3,
      overdueTasks: 2,
      dueTodayTasks: 1,
      completionPercentage: 38,
      daysToEvent: 6,
    });
  });

  it("reports no countdown without an event date", () => {
    const stats = buildTaskStats({ total: 0, completed: 0, overdue: 0, dueToday: 0 }, { eventDate: null, timezone: "UTC" }, at("2026-05-14T12:00:00Z"));
    expect(stats.daysToEvent).toBeNull();
    expect(stats.completionPercentage).toBe(0);
  });
});

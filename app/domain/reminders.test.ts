import { describe, expect, it } from "vitest";
import {
  dueInstant,
  plannedReminders,
  readReminderOffsets,
  reminderInstant,
  reminderLabel,
  remindersAffected,
  reminderText,
  remindersSummary,
} from "./reminders";

describe("dueInstant", () => {
  it.each([
    // A date-only task is due at 17:00 local.
    ["2026-11-27", "UTC", "2026-11-27T17:00:00.000Z"],
    ["2026-11-27", "Europe/London", "2026-11-27T17:00:00.000Z"],
    ["2026-07-01", "Europe/London", "2026-07-01T16:00:00.000Z"],
    ["2026-11-27", "America/New_York", "2026-11-27T22:00:00.000Z"],
    ["2026-11-27T09:30", "America/New_York", "2026-11-27T14:30:00.000Z"],
    ["2026-11-27T09:30", "Asia/Kolkata", "2026-11-27T04:00:00.000Z"],
  ])("%s in %s is %s", (due, tz, expected) => {
    expect(dueInstant(due, tz)?.toISOString()).toBe(expected);
  });

  it("refuses what is no date", () => {
    expect(dueInstant("soon", "UTC")).toBeNull();
  });
});

describe("reminderInstant across DST", () => {
  it("counts elapsed time: a day before 17:00 on the Monday after spring-forward is 24 hours earlier", () => {
    // New York springs forward on 2027-03-14 (EST → EDT). Monday 17:00 EDT is 21:00Z; 24 hours earlier is 21:00Z Sunday.
    expect(reminderInstant("2027-03-15", "America/New_York", 24 * 60)?.toISOString()).toBe("2027-03-14T21:00:00.000Z");
    // The due time itself is read on the new offset.
    expect(dueInstant("2027-03-15", "America/New_York")?.toISOString()).toBe("2027-03-15T21:00:00.000Z");
    // Before the change, 17:00 EST is 22:00Z.
    expect(dueInstant("2027-03-13", "America/New_York")?.toISOString()).toBe("2027-03-13T22:00:00.000Z");
  });

  it("reads a due time inside the fall-back hour as its first occurrence", () => {
    // London falls back on 2026-10-25: 01:30 happens twice; the earlier (BST, 00:30Z) counts.
    expect(dueInstant("2026-10-25T01:30", "Europe/London")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(reminderInstant("2026-10-25T01:30", "Europe/London", 60)?.toISOString()).toBe("2026-10-24T23:30:00.000Z");
  });

  it("moves a due time in the spring-forward gap forward by the gap", () => {
    // 02:30 does not exist in New York on 2027-03-14: it is 03:30 EDT (07:30Z).
    expect(dueInstant("2027-03-14T02:30", "America/New_York")?.toISOString()).toBe("2027-03-14T07:30:00.000Z");
  });
});

describe("readReminderOffsets", () => {
  it.each([
    [[], []],
    [[1440, 0, 1440], [1440, 0]],
    [["60", "1440"], [1440, 60]],
    [[86400], [86400]],
  ])("%j → %j", (input, expected) => {
    expect(readReminderOffsets(input)).toEqual({ ok: true, value: expected });
  });

  it.each([[[-1]], [[1.5]], [[86401]], [["soon"]], [[null]], [[1, 2, 3, 4, 5, 6]]])("refuses %j", (input) => {
    expect(readReminderOffsets(input).ok).toBe(false);
  });
});

describe("plannedReminders", () => {
  const now = new Date("2026-11-20T12:00:00Z");
  const task = { status: "pending", dueDate: "2026-11-27", assigneeId: "u1", reminders: [1440, 0] };

  it("plans one per offset for the member assignee", () => {
    expect(plannedReminders(task, "UTC", now)).toEqual([
      { userId: "u1", offsetMinutes: 1440, fireAt: "2026-11-26T17:00:00.000Z" },
      { userId: "u1", offsetMinutes: 0, fireAt: "2026-11-27T17:00:00.000Z" },
    ]);
  });

  it.each([
    ["completed", { ...task, status: "completed" }],
    ["undated", { ...task, dueDate: null }],
    ["not a member's", { ...task, assigneeId: null }],
  ])("plans none for a %s task", (_, t) => {
    expect(plannedReminders(t, "UTC", now)).toEqual([]);
  });

  it("leaves out instants already past", () => {
    expect(plannedReminders({ ...task, dueDate: "2026-11-21", reminders: [10080, 60] }, "UTC", now)).toEqual([
      { userId: "u1", offsetMinutes: 60, fireAt: "2026-11-21T16:00:00.000Z" },
    ]);
  });

  it("knows which changes need planning again", () => {
    expect(remindersAffected(task, { ...task })).toBe(false);
    expect(remindersAffected(task, { ...task, dueDate: "2026-11-28" })).toBe(true);
    expect(remindersAffected(task, { ...task, assigneeId: "u2" })).toBe(true);
    expect(remindersAffected(task, { ...task, status: "completed" })).toBe(true);
    expect(remindersAffected(task, { ...task, status: "in-progress" })).toBe(false);
    expect(remindersAffected(task, { ...task, reminders: [60] })).toBe(true);
  });
});

describe("labels", () => {
  it.each([
    [0, "When it's due"],
    [60, "1 hour before"],
    [180, "3 hours before"],
    [1440, "1 day before"],
    [2880, "2 days before"],
    [10080, "1 week before"],
    [90, "90 minutes before"],
  ])("%i → %s", (minutes, label) => {
    expect(reminderLabel(minutes)).toBe(label);
  });

  it("summarises a list", () => {
    expect(remindersSummary([])).toBe("None");
    expect(remindersSummary([1440, 0])).toBe("1 day before, when it's due");
  });

  it("says when the task is due, 17:00 for a date-only task", () => {
    const now = new Date("2026-11-26T17:00:00Z");
    expect(reminderText({ title: "Book buses", dueDate: "2026-11-27" }, "UTC", now)).toBe(
      "Reminder: “Book buses” is due Tomorrow, 5:00 PM",
    );
    expect(reminderText({ title: "Call venue", dueDate: "2026-11-26T18:30" }, "UTC", now)).toBe(
      "Reminder: “Call venue” is due Today, 6:30 PM",
    );
  });
});

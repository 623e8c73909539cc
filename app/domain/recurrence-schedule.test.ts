import { describe, expect, it } from "vitest";
import { zonedTimeToInstant } from "./dates";
import { firstOccurrence, nextOccurrence } from "./recurrence-schedule";

const base: { occurrence: number; today: string; lastDay: string | null } = {
  occurrence: 1,
  today: "2026-01-05",
  lastDay: null,
};
const next = (recurrence: string, dueDate: string | null, extra: Partial<typeof base> = {}) =>
  nextOccurrence({ ...base, ...extra, recurrence, dueDate });

describe("nextOccurrence", () => {
  it.each([
    // Europe/London leaves GMT for BST on 2026-03-29 and returns on 2026-10-25.
    ["FREQ=WEEKLY;BYDAY=FR", "2026-03-27T09:00", "2026-04-03T09:00"],
    ["FREQ=DAILY", "2026-03-28T09:00", "2026-03-29T09:00"],
    ["FREQ=DAILY", "2026-10-24T23:30", "2026-10-25T23:30"],
    // America/New_York springs forward on 2026-03-08 and falls back on 2026-11-01.
    ["FREQ=WEEKLY;BYDAY=SU", "2026-03-01T02:30", "2026-03-08T02:30"],
    ["FREQ=DAILY", "2026-10-31T01:30", "2026-11-01T01:30"],
  ])("%s from %s is %s, the same wall-clock time across DST", (rule, due, expected) => {
    expect(next(rule, due)).toBe(expected);
  });

  it("keeps 09:00 in the zone whatever the UTC offset (London and New York)", () => {
    const due = next("FREQ=WEEKLY;BYDAY=MO", "2026-03-23T09:00")!;
    expect(due).toBe("2026-03-30T09:00");
    const [date, time] = due.split("T");
    expect(zonedTimeToInstant(date, time, "Europe/London").toISOString()).toBe("2026-03-30T08:00:00.000Z");
    expect(zonedTimeToInstant("2026-03-23", "09:00", "Europe/London").toISOString()).toBe("2026-03-23T09:00:00.000Z");
    const ny = next("FREQ=WEEKLY;BYDAY=MO", "2026-03-02T09:00")!;
    expect(ny).toBe("2026-03-09T09:00");
    expect(zonedTimeToInstant("2026-03-09", "09:00", "America/New_York").toISOString()).toBe(
      "2026-03-09T13:00:00.000Z",
    );
  });

  it.each([
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2026-03-23", "2026-03-26"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2026-03-26", "2026-04-06"],
    ["FREQ=WEEKLY", "2026-03-25", "2026-04-01"],
    ["FREQ=DAILY;INTERVAL=3", "2026-02-27", "2026-03-02"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-03-27", "2026-03-30"],
    // Month ends: a month without the 31st is skipped (RFC 5545), February's 29th only in leap years.
    ["FREQ=MONTHLY;BYMONTHDAY=31", "2026-03-31", "2026-05-31"],
    ["FREQ=MONTHLY;BYMONTHDAY=31", "2026-01-31", "2026-03-31"],
    ["FREQ=MONTHLY;BYMONTHDAY=29", "2027-01-29", "2027-03-29"],
    ["FREQ=MONTHLY;BYMONTHDAY=29", "2028-01-29", "2028-02-29"],
    ["FREQ=MONTHLY;BYMONTHDAY=1", "2026-12-01", "2027-01-01"],
    ["FREQ=MONTHLY;BYMONTHDAY=1,15", "2026-03-01", "2026-03-15"],
    ["FREQ=MONTHLY", "2026-01-31", "2026-03-31"],
  ])("%s after %s is %s", (rule, due, expected) => {
    expect(next(rule, due)).toBe(expected);
  });

  it("counts from today for a task without a due date", () => {
    expect(next("FREQ=WEEKLY;BYDAY=FR", null, { today: "2026-03-25" })).toBe("2026-03-27");
  });

  it("ends at COUNT: the last occurrence has no next", () => {
    expect(next("FREQ=DAILY;COUNT=3", "2026-03-01", { occurrence: 2 })).toBe("2026-03-02");
    expect(next("FREQ=DAILY;COUNT=3", "2026-03-02", { occurrence: 3 })).toBeNull();
    expect(next("FREQ=DAILY;COUNT=1", "2026-03-02")).toBeNull();
  });

  it("ends at UNTIL, inclusive, whatever the time of day", () => {
    expect(next("FREQ=DAILY;UNTIL=20260320", "2026-03-19T18:00")).toBe("2026-03-20T18:00");
    expect(next("FREQ=DAILY;UNTIL=20260320", "2026-03-20T18:00")).toBeNull();
    expect(next("FREQ=WEEKLY;BYDAY=FR;UNTIL=20260402", "2026-03-27")).toBeNull();
  });

  it("makes nothing after the show's last day", () => {
    expect(next("FREQ=WEEKLY;BYDAY=FR", "2026-03-27", { lastDay: "2026-04-03" })).toBe("2026-04-03");
    expect(next("FREQ=WEEKLY;BYDAY=FR", "2026-03-27", { lastDay: "2026-04-02" })).toBeNull();
  });

  it("gives nothing for a rule that does not read", () => {
    expect(next("FREQ=HOURLY", "2026-03-27")).toBeNull();
  });
});

describe("firstOccurrence", () => {
  it.each([
    // 2026-03-25 is a Wednesday.
    ["FREQ=WEEKLY;BYDAY=FR", "2026-03-25", "2026-03-27"],
    ["FREQ=WEEKLY;BYDAY=WE", "2026-03-25", "2026-03-25"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "2026-03-25", "2026-03-30"],
    ["FREQ=MONTHLY;BYMONTHDAY=1", "2026-03-25", "2026-04-01"],
    ["FREQ=MONTHLY;BYMONTHDAY=31", "2026-04-02", "2026-05-31"],
    ["FREQ=DAILY", "2026-03-25", "2026-03-25"],
    ["FREQ=WEEKLY;BYDAY=FR", "2026-03-25T09:00", "2026-03-27T09:00"],
  ])("%s from %s is %s", (rule, from, expected) => {
    expect(firstOccurrence(rule, from)).toBe(expected);
  });

  it("is none when UNTIL has passed", () => {
    expect(firstOccurrence("FREQ=WEEKLY;BYDAY=FR;UNTIL=20260326", "2026-03-27")).toBeNull();
  });
});

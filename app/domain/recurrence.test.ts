import { describe, expect, it } from "vitest";
import {
  describeRecurrenceText,
  normalizeRecurrence,
  ordinal,
  parseRecurrence,
  recurrenceFromForm,
  repeatFieldsOf,
} from "./recurrence";

describe("normalizeRecurrence", () => {
  it.each([
    ["FREQ=WEEKLY;BYDAY=FR", "FREQ=WEEKLY;BYDAY=FR"],
    ["RRULE:freq=weekly;byday=th,mo;interval=2", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"],
    ["FREQ=DAILY;INTERVAL=1;UNTIL=2026-03-20", "FREQ=DAILY;UNTIL=20260320"],
    ["FREQ=DAILY;UNTIL=20260320T235959Z", "FREQ=DAILY;UNTIL=20260320"],
    ["FREQ=MONTHLY;BYMONTHDAY=15,1,15;COUNT=6", "FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=6"],
    ["FREQ=WEEKLY;WKST=MO;BYDAY=FR", "FREQ=WEEKLY;BYDAY=FR"],
  ])("keeps %s as %s", (input, stored) => {
    expect(normalizeRecurrence(input)).toBe(stored);
  });

  it.each([
    ["", "empty"],
    ["FREQ=YEARLY", "FREQ must be DAILY, WEEKLY or MONTHLY"],
    ["INTERVAL=2", "FREQ is required"],
    ["FREQ=DAILY;BYHOUR=9", "BYHOUR is not supported"],
    ["FREQ=DAILY;INTERVAL=0", "INTERVAL must be"],
    ["FREQ=DAILY;INTERVAL=100", "INTERVAL must be"],
    ["FREQ=DAILY;COUNT=501", "COUNT must be"],
    ["FREQ=DAILY;COUNT=3;UNTIL=20260320", "not both"],
    ["FREQ=DAILY;UNTIL=20260231", "UNTIL must be a real date"],
    ["FREQ=WEEKLY;BYDAY=1MO", "BYDAY must list weekdays"],
    ["FREQ=MONTHLY;BYDAY=MO", "BYDAY works with DAILY or WEEKLY"],
    ["FREQ=WEEKLY;BYMONTHDAY=3", "BYMONTHDAY works with FREQ=MONTHLY"],
    ["FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY must list"],
    ["FREQ=DAILY;FREQ=WEEKLY", "given twice"],
    ["FREQ=DAILY;WKST=SU", "WKST must be MO"],
    ["FREQ", "NAME=VALUE"],
    [`FREQ=DAILY;${"X".repeat(300)}`, "too long"],
  ])("refuses %s", (input, message) => {
    const parsed = parseRecurrence(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});

describe("describeRecurrenceText", () => {
  it.each([
    ["FREQ=WEEKLY;BYDAY=FR", "Every Friday"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "Every 2 weeks on Mon, Thu"],
    ["FREQ=WEEKLY;BYDAY=TU,TH", "Weekly on Tue, Thu"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "Every 2 weeks on Mon"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "Every weekday"],
    ["FREQ=WEEKLY", "Weekly"],
    ["FREQ=WEEKLY;INTERVAL=3", "Every 3 weeks"],
    ["FREQ=DAILY", "Daily"],
    ["FREQ=DAILY;INTERVAL=2", "Every 2 days"],
    ["FREQ=DAILY;UNTIL=20260320", "Daily until Mar 20"],
    ["FREQ=DAILY;UNTIL=20270320", "Daily until Mar 20, 2027"],
    ["FREQ=MONTHLY;BYMONTHDAY=1", "Every month on the 1st"],
    ["FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=2,23", "Every 2 months on the 2nd, 23rd"],
    ["FREQ=MONTHLY", "Monthly"],
    ["FREQ=WEEKLY;BYDAY=FR;COUNT=4", "Every Friday, 4 times"],
    ["FREQ=DAILY;COUNT=1", "Daily, once"],
  ])("says %s as %s", (rule, words) => {
    expect(describeRecurrenceText(rule, 2026)).toBe(words);
  });

  it("says nothing for no rule", () => {
    expect(describeRecurrenceText(null)).toBeNull();
  });

  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [31, "31st"],
  ])("ordinal %i is %s", (n, words) => {
    expect(ordinal(n)).toBe(words);
  });
});

describe("recurrenceFromForm", () => {
  it.each([
    [{ repeat: "none" }, null],
    [{}, undefined],
    [{ repeat: "keep" }, undefined],
    [{ repeat: "daily" }, "FREQ=DAILY"],
    [{ repeat: "weekly", repeatDays: ["FR"] }, "FREQ=WEEKLY;BYDAY=FR"],
    [{ repeat: "weekly", repeatDays: ["TH", "MO", "TH"] }, "FREQ=WEEKLY;BYDAY=MO,TH"],
    [{ repeat: "interval", repeatEvery: "2", repeatDays: ["MO", "TH"] }, "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"],
    [{ repeat: "monthly", repeatMonthDay: "31" }, "FREQ=MONTHLY;BYMONTHDAY=31"],
    [{ repeat: "daily", repeatEnd: "count", repeatCount: "10" }, "FREQ=DAILY;COUNT=10"],
    [{ repeat: "daily", repeatEnd: "until", repeatUntil: "2026-03-20" }, "FREQ=DAILY;UNTIL=20260320"],
  ])("reads %o as %s", (values, rule) => {
    expect(recurrenceFromForm(values)).toEqual({ ok: true, recurrence: rule });
  });

  it.each([
    [{ repeat: "yearly" }, "Choose how the task repeats"],
    [{ repeat: "weekly", repeatDays: ["XX"] }, "Choose weekdays"],
    [{ repeat: "interval", repeatEvery: "0" }, "Repeat every 1 to 99 weeks"],
    [{ repeat: "monthly", repeatMonthDay: "32" }, "day of the month"],
    [{ repeat: "daily", repeatEnd: "count", repeatCount: "" }, "End after"],
    [{ repeat: "daily", repeatEnd: "until", repeatUntil: "2026-02-30" }, "date the repeats end"],
    [{ repeat: "daily", repeatEnd: "later" }, "how the repeats end"],
  ])("refuses %o", (values, message) => {
    const result = recurrenceFromForm(values);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });

  it.each([
    "FREQ=DAILY",
    "FREQ=WEEKLY;BYDAY=FR",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
    "FREQ=MONTHLY;BYMONTHDAY=15;COUNT=3",
    "FREQ=DAILY;UNTIL=20260320",
  ])("fills the form from %s and reads it back the same", (rule) => {
    const fields = repeatFieldsOf(rule);
    const values = {
      ...fields,
      repeatEvery: String(fields.repeatEvery),
      repeatMonthDay: String(fields.repeatMonthDay),
      repeatCount: String(fields.repeatCount),
    };
    expect(recurrenceFromForm(values)).toEqual({ ok: true, recurrence: rule });
  });

  it.each(["FREQ=DAILY;INTERVAL=3", "FREQ=DAILY;BYDAY=MO,WE", "FREQ=MONTHLY;BYMONTHDAY=1,15"])(
    "keeps %s, which the form cannot say, as it is",
    (rule) => {
      expect(repeatFieldsOf(rule).repeat).toBe("keep");
    },
  );

  it("shows no rule as 'none'", () => {
    expect(repeatFieldsOf(null).repeat).toBe("none");
  });
});

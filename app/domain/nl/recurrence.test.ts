import { describe, expect, it } from "vitest";
import { dateContext } from "./calendar";
import { LineText } from "./line-text";
import { extractRecurrence } from "./recurrence";
import { MONDAY_NY, NEW_YORK, parseOne } from "./test-helpers";

const ctx = dateContext(MONDAY_NY, NEW_YORK);

describe("extractRecurrence", () => {
  it.each([
    ["Send the settlement every Friday", "FREQ=WEEKLY;BYDAY=FR", "Send the settlement"],
    ["Check the radios every other Monday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "Check the radios"],
    ["Walk the site daily until the show", "FREQ=DAILY;UNTIL=20250320", "Walk the site"],
    ["Production meeting weekly on Tue and Thu", "FREQ=WEEKLY;BYDAY=TU,TH", "Production meeting"],
    ["Pay the crew every month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1", "Pay the crew"],
    ["Budget review every 2 weeks", "FREQ=WEEKLY;INTERVAL=2", "Budget review"],
    ["Update the run sheet every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "Update the run sheet"],
    ["Stand-up every Monday, Wednesday and Friday", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "Stand-up"],
    ["Ticket report every 2 weeks on Mon & Thu", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "Ticket report"],
    ["Invoice run monthly on the 1st and 15th", "FREQ=MONTHLY;BYMONTHDAY=1,15", "Invoice run"],
    ["Check the generator daily", "FREQ=DAILY", "Check the generator"],
    ["Call the venue every day until Mar 20", "FREQ=DAILY;UNTIL=20250320", "Call the venue"],
    ["Press call every Thursday 4 times", "FREQ=WEEKLY;BYDAY=TH;COUNT=4", "Press call"],
    ["Fire drill every month", "FREQ=MONTHLY", "Fire drill"],
    ["Site visit fortnightly", "FREQ=WEEKLY;INTERVAL=2", "Site visit"],
  ])("reads %s", (text, rule, rest) => {
    const line = new LineText(text);
    expect(extractRecurrence(line, ctx, "2025-03-20")).toBe(rule);
    expect(line.kept().replace(/\s+/g, " ").trim()).toBe(rest);
  });

  it.each([
    "Send the weekly update",
    "Print the daily schedule for the crew",
    "Book the monthly storage",
    "Everyone to sign in",
  ])("leaves %s alone", (text) => {
    expect(extractRecurrence(new LineText(text), ctx)).toBeNull();
  });

  it("reads 'until the show' without an event as a series that stops at the show anyway", () => {
    expect(extractRecurrence(new LineText("Walk the site daily until the show"), ctx)).toBe("FREQ=DAILY");
  });
});

describe("the rules engine reads repeats", () => {
  it.each([
    [
      "Send the settlement every Friday @sam p2",
      {
        title: "Send the settlement",
        recurrence: "FREQ=WEEKLY;BYDAY=FR",
        assigneeName: "sam",
        priority: "high",
        dueDate: null,
      },
    ],
    [
      "Check the radios every other Monday",
      { title: "Check the radios", recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", dueDate: null },
    ],
    ["Walk the site daily until the show", { title: "Walk the site", recurrence: "FREQ=DAILY", dueDate: null }],
    [
      "Production meeting weekly on Tue and Thu at 10am",
      { title: "Production meeting", recurrence: "FREQ=WEEKLY;BYDAY=TU,TH" },
    ],
    [
      "Pay the crew every month on the 1st",
      { title: "Pay the crew", recurrence: "FREQ=MONTHLY;BYMONTHDAY=1", dueDate: null },
    ],
    [
      "Budget review every 2 weeks ~1h",
      { title: "Budget review", recurrence: "FREQ=WEEKLY;INTERVAL=2", estimatedHours: 1 },
    ],
    [
      "Update the run sheet every weekday",
      { title: "Update the run sheet", recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" },
    ],
    ["Book the shuttle buses by Friday", { title: "Book the shuttle buses", dueDate: "2025-03-14" }],
  ])("%s", (text, expected) => {
    expect(parseOne(text)).toMatchObject(expected);
  });
});

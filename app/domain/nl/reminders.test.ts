import { describe, expect, it } from "vitest";
import { parseOne } from "./test-helpers";

describe("reminder phrases", () => {
  it.each([
    ["Book the buses Friday, remind me 2 days before", [2880], "Book the buses"],
    ["Book the buses Friday remind @sam 3h before", [180], "Book the buses"],
    ["Book the buses Friday, remind me 1 week before", [10080], "Book the buses"],
    ["Book the buses Friday, remind me a day before the deadline", [1440], "Book the buses"],
    ["Book the buses Friday, remind me the day before", [1440], "Book the buses"],
    ["Book the buses Friday, remind me at due time", [0], "Book the buses"],
    ["Book the buses Friday, remind me 30 min before it's due", [30], "Book the buses"],
    ["Book the buses Friday, remind me 2 days before and remind me 1 hour before", [2880, 60], "Book the buses"],
    ["Remind me two weeks before: order the stage", [20160], "Order the stage"],
  ])("%s", (text, reminders, title) => {
    const task = parseOne(text);
    expect(task.reminders).toEqual(reminders);
    expect(task.title).toBe(title);
  });

  it("reads the rest of the line as before", () => {
    const task = parseOne("Call the venue tomorrow 2h remind @sam 3h before");
    expect(task.reminders).toEqual([180]);
    expect(task.estimatedHours).toBe(2);
    expect(task.dueDate).toBe("2025-03-11");
    // "remind @sam" reminds the assignee; it assigns nobody.
    expect(task.assigneeName).toBeNull();
  });

  it.each(["Send the reminder email to crew", "Remind the caterers about the vegan meals", "Book 3 days before load-in"])(
    "leaves %s alone",
    (text) => {
      expect(parseOne(text).reminders).toBeUndefined();
    },
  );

  it("ignores an offset past 60 days", () => {
    expect(parseOne("Book the venue, remind me 12 weeks before").reminders).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { dateContext } from "./due-date";
import { MONDAY_NY, parseOne } from "./test-helpers";

const due = (text: string, now?: Date, timezone?: string) => parseOne(text, { now, timezone }).dueDate;

describe("due dates on Monday 10 March 2025, 10:00 New York", () => {
  it.each([
    // today, tomorrow and their spellings
    ["Call the venue today", "2025-03-10"],
    ["Call the venue tonight", "2025-03-10"],
    ["Call the venue this afternoon", "2025-03-10"],
    ["Call the venue later today", "2025-03-10"],
    ["Call the venue tomorrow", "2025-03-11"],
    ["Call the venue tmrw", "2025-03-11"],
    ["Call the venue tmr", "2025-03-11"],
    ["Call the venue tmw", "2025-03-11"],
    ["Call the venue 2moro", "2025-03-11"],
    ["Call the venue tomorrow morning", "2025-03-11"],
    ["Call the venue tomorrow 10am", "2025-03-11T10:00"],
    ["Call the venue tmrw at 2pm", "2025-03-11T14:00"],
    ["Call the venue the day after tomorrow", "2025-03-12"],
    // times alone: today if still ahead, else tomorrow
    ["Call the venue by 3pm", "2025-03-10T15:00"],
    ["Call the venue by 9am", "2025-03-11T09:00"],
    ["Call the venue at noon", "2025-03-10T12:00"],
    ["Call the venue at 5 p.m.", "2025-03-10T17:00"],
    ["Call the venue at 4", "2025-03-10T16:00"],
    ["Call the venue at 9:30", "2025-03-11T09:30"],
    ["Call the venue today by 3", "2025-03-10T15:00"],
    ["Call the venue by 4:30", "2025-03-10T16:30"],
    ["Call the venue by 3 Friday", "2025-03-14T15:00"],
    ["Call the venue by midnight", "2025-03-10"],
    ["Call the venue tonight at 8", "2025-03-10T20:00"],
    ["Call the venue tomorrow evening at 7", "2025-03-11T19:00"],
    ["Call the venue tonight at 11", "2025-03-10T23:00"],
    ["Call the venue first thing tomorrow", "2025-03-11"],
    ["Call the venue first thing Monday", "2025-03-17"],
    ["Call the venue by end of tomorrow", "2025-03-11"],
    // weekdays
    ["Call the venue Friday", "2025-03-14"],
    ["Call the venue by Fri", "2025-03-14"],
    ["Call the venue this Friday", "2025-03-14"],
    ["Call the venue this coming Friday", "2025-03-14"],
    ["Call the venue Friday at 9", "2025-03-14T09:00"],
    ["Call the venue Sat 8am", "2025-03-15T08:00"],
    ["Call the venue Thursday, 3pm", "2025-03-13T15:00"],
    ["Call the venue Monday", "2025-03-17"],
    ["Call the venue this Monday", "2025-03-10"],
    ["Call the venue Monday 5pm", "2025-03-10T17:00"],
    ["Call the venue by Tues.", "2025-03-11"],
    ["Call the venue next Weds", "2025-03-19"],
    ["Call the venue by Thurs 3pm", "2025-03-13T15:00"],
    // end of day / week / month
    ["Call the venue EOD", "2025-03-10"],
    ["Call the venue by end of day", "2025-03-10"],
    ["Call the venue COB", "2025-03-10"],
    ["Call the venue by close of business", "2025-03-10"],
    ["Call the venue by EOD Friday", "2025-03-14"],
    ["Call the venue Thursday EOD", "2025-03-13"],
    ["Call the venue EOD tomorrow", "2025-03-11"],
    ["Call the venue EOW", "2025-03-14"],
    ["Call the venue by the end of the week", "2025-03-14"],
    ["Call the venue this week", "2025-03-14"],
    ["Call the venue next week", "2025-03-17"],
    ["Call the venue early next week", "2025-03-17"],
    ["Call the venue sometime next week", "2025-03-17"],
    ["Call the venue end of next week", "2025-03-21"],
    ["Call the venue mid next week", "2025-03-19"],
    ["Call the venue Wednesday next week", "2025-03-19"],
    ["Call the venue this weekend", "2025-03-15"],
    ["Call the venue over the weekend", "2025-03-15"],
    ["Call the venue next weekend", "2025-03-22"],
    ["Call the venue end of the month", "2025-03-31"],
    ["Call the venue EOM", "2025-03-31"],
    ["Call the venue end of next month", "2025-04-30"],
    ["Call the venue next month", "2025-04-01"],
    ["Call the venue by end of April", "2025-04-30"],
    ["Call the venue mid-April", "2025-04-15"],
    ["Call the venue end of quarter", "2025-03-31"],
    // days of the month
    ["Call the venue the 1st", "2025-04-01"],
    ["Call the venue by the 15th", "2025-03-15"],
    ["Call the venue on the 10th", "2025-03-10"],
    ["Call the venue by 20th", "2025-03-20"],
    ["Call the venue Friday the 21st", "2025-03-21"],
    ["Call the venue Mon 17th", "2025-03-17"],
    ["Call the venue on the 31st", "2025-03-31"],
    ["Call the venue 13th", "2025-03-13"],
    // relative
    ["Call the venue in 3 days", "2025-03-13"],
    ["Call the venue in three days", "2025-03-13"],
    ["Call the venue in 2 weeks", "2025-03-24"],
    ["Call the venue in a week", "2025-03-17"],
    ["Call the venue within 5 days", "2025-03-15"],
    ["Call the venue in a fortnight", "2025-03-24"],
    ["Call the venue 3 days from now", "2025-03-13"],
    ["Call the venue a week from Friday", "2025-03-21"],
    ["Call the venue in 2 months", "2025-05-10"],
    ["Call the venue in 2 hours", "2025-03-10T12:00"],
    ["Call the venue in 30 minutes", "2025-03-10T10:30"],
    ["Call the venue in an hour", "2025-03-10T11:00"],
    ["Call the venue in half an hour", "2025-03-10T10:30"],
    // calendar dates
    ["Call the venue March 20", "2025-03-20"],
    ["Call the venue Feb 29", "2028-02-29"],
    ["Call the venue about the hotel block March 12-15", "2025-03-12"],
    ["Call the venue 20 March", "2025-03-20"],
    ["Call the venue on the 20th of March", "2025-03-20"],
    ["Call the venue Mar 3rd", "2026-03-03"],
    ["Call the venue by Mar. 21", "2025-03-21"],
    ["Call the venue 3/21/25", "2025-03-21"],
    ["Call the venue Friday 21 March 2025 at 14:00", "2025-03-21T14:00"],
    ["Call the venue 3/14", "2025-03-14"],
    ["Call the venue 3/14 at 5pm", "2025-03-14T17:00"],
    ["Call the venue 14/3", "2025-03-14"],
    ["Call the venue 5/16 @ 2pm", "2025-05-16T14:00"],
    ["Call the venue 2025-04-02", "2025-04-02"],
    ["Call the venue April 2 2pm", "2025-04-02T14:00"],
    ["Call the venue on the 4th of July", "2025-07-04"],
    ["Call the venue by May", "2025-05-01"],
  ])("%s → %s", (text, expected) => {
    expect(due(text)).toBe(expected);
  });

  it("removes the date and its lead-in from the title", () => {
    expect(parseOne("Call the venue by EOD Friday").title).toBe("Call the venue");
    expect(parseOne("Call the venue on the 15th about parking").title).toBe("Call the venue about parking");
    expect(parseOne("Deadline: Friday - final run of show to crew").title).toBe("Final run of show to crew");
    expect(parseOne("Due 3/21 – speaker bios on the website").title).toBe("Speaker bios on the website");
    expect(parseOne("Book DJ for the afterparty (Sunday night)").title).toBe("Book DJ for the afterparty");
    expect(parseOne("Meet the fire marshal at 5 p.m. at gate B").title).toBe("Meet the fire marshal at gate B");
    expect(parseOne("Book the hotel by tomorrow at the latest").title).toBe("Book the hotel");
    expect(parseOne("Crew call 9am sharp").title).toBe("Crew call");
    expect(parseOne("Call the venue sometime next week").title).toBe("Call the venue");
  });

  it("removes what introduced the deadline, but keeps a date that names an event", () => {
    expect(parseOne("Chase the rooming list, need it by wed latest").title).toBe("Chase the rooming list");
    expect(parseOne("Replace the projector before the 2pm session")).toMatchObject({
      title: "Replace the projector before the 2pm session",
      dueDate: "2025-03-10T14:00",
    });
  });

  it("reads nothing relative to an event it does not know", () => {
    expect(due("Upload the recordings within a week of the event")).toBeNull();
    expect(due("Open the gates in 2 hours after soundcheck")).toBeNull();
    expect(due("Upload the recordings within a week")).toBe("2025-03-17");
  });

  it("reads a month alone only after a due keyword", () => {
    expect(due("Book hotel in May for the team")).toBeNull();
    expect(due("Plan the March 2026 festival")).toBeNull();
  });
});

describe("'next <weekday>': the coming one unless it is too close to need 'next'", () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    // said on Monday 10 March
    ["2025-03-10T14:00:00Z", "next Tuesday", "2025-03-18"],
    ["2025-03-10T14:00:00Z", "next Wednesday", "2025-03-19"],
    ["2025-03-10T14:00:00Z", "next Thursday", "2025-03-13"],
    ["2025-03-10T14:00:00Z", "next Friday", "2025-03-14"],
    ["2025-03-10T14:00:00Z", "next Monday", "2025-03-17"],
    // said on Wednesday 12 March
    ["2025-03-12T14:00:00Z", "next Thursday", "2025-03-20"],
    ["2025-03-12T14:00:00Z", "next Friday", "2025-03-21"],
    ["2025-03-12T14:00:00Z", "next Saturday", "2025-03-15"],
    ["2025-03-12T14:00:00Z", "next Monday", "2025-03-17"],
    // said on Friday 14, Saturday 15 and Sunday 16 March
    ["2025-03-14T14:00:00Z", "next Sunday", "2025-03-23"],
    ["2025-03-14T14:00:00Z", "next Monday", "2025-03-17"],
    ["2025-03-14T14:00:00Z", "next Friday", "2025-03-21"],
    ["2025-03-15T14:00:00Z", "next Monday", "2025-03-17"],
    ["2025-03-16T14:00:00Z", "next Monday", "2025-03-24"],
  ])("on %s, %s → %s", (now, phrase, expected) => {
    expect(due(`Send the press release ${phrase}`, at(now))).toBe(expected);
  });

  it("keeps the time given with it", () => {
    expect(due("Send the press release next Tuesday at 3pm")).toBe("2025-03-18T15:00");
  });

  it("reads a bare weekday naming today as next week's, and 'this' as today", () => {
    const friday = at("2025-03-14T14:00:00Z");
    expect(due("Send the press release Friday", friday)).toBe("2025-03-21");
    expect(due("Send the press release this Friday", friday)).toBe("2025-03-14");
    expect(due("Send the press release EOW", friday)).toBe("2025-03-14");
  });
});

describe("timezones and DST", () => {
  it("New York: spring forward between now and the deadline", () => {
    const fridayBefore = new Date("2025-03-07T15:00:00Z"); // Fri 10:00 EST
    expect(due("Confirm power in 48 hours", fridayBefore)).toBe("2025-03-09T11:00");
    expect(due("Confirm power tomorrow 10am", fridayBefore)).toBe("2025-03-08T10:00");
    expect(due("Confirm power Monday 9am", fridayBefore)).toBe("2025-03-10T09:00");
  });

  it("New York: fall back between now and the deadline", () => {
    const friday = new Date("2025-10-31T16:00:00Z"); // Fri 12:00 EDT
    expect(due("Confirm power in 72 hours", friday)).toBe("2025-11-03T11:00");
    expect(due("Confirm power Monday 9am", friday)).toBe("2025-11-03T09:00");
    expect(due("Confirm power Sunday 1:30am", friday)).toBe("2025-11-02T01:30");
  });

  it("London: day-first dates and the clocks going forward", () => {
    const friday = new Date("2025-03-28T12:00:00Z"); // Fri 12:00 GMT
    const london = "Europe/London";
    expect(due("Confirm power 3/4", friday, london)).toBe("2025-04-03");
    expect(due("Confirm power by 14/04", friday, london)).toBe("2025-04-14");
    expect(due("Confirm power in 48 hours", friday, london)).toBe("2025-03-30T13:00");
    expect(due("Confirm power Sunday 9am", friday, london)).toBe("2025-03-30T09:00");
    expect(due("Confirm power next Monday", friday, london)).toBe("2025-03-31");
    expect(due("Confirm power EOM", friday, london)).toBe("2025-03-31");
    expect(due("Confirm power June 23", friday, london)).toBe("2025-06-23");
    expect(due("Confirm power a week on Friday", friday, london)).toBe("2025-04-11");
    expect(due("Confirm power by Friday week", friday, london)).toBe("2025-04-11");
    expect(parseOne("Book coaches for w/c 7th April", { now: friday, timezone: london })).toMatchObject({
      title: "Book coaches",
      dueDate: "2025-04-07",
    });
  });

  it("Sydney just after midnight: 'today' is already the new day", () => {
    const sydney = "Australia/Sydney";
    const tuesday0030 = new Date("2025-03-10T13:30:00Z"); // Tue 11 Mar 00:30 AEDT
    expect(due("Confirm power today", tuesday0030, sydney)).toBe("2025-03-11");
    expect(due("Confirm power tomorrow", tuesday0030, sydney)).toBe("2025-03-12");
    expect(due("Confirm power EOD", tuesday0030, sydney)).toBe("2025-03-11");
    expect(due("Confirm power by 9am", tuesday0030, sydney)).toBe("2025-03-11T09:00");
    expect(due("Confirm power Friday", tuesday0030, sydney)).toBe("2025-03-14");
    expect(due("Confirm power next week", tuesday0030, sydney)).toBe("2025-03-17");
    expect(due("Confirm power 3/4", tuesday0030, sydney)).toBe("2025-04-03");
  });

  it("Sydney just before midnight and across the end of daylight saving", () => {
    const sydney = "Australia/Sydney";
    const monday2350 = new Date("2025-03-10T12:50:00Z"); // Mon 10 Mar 23:50 AEDT
    expect(due("Confirm power today", monday2350, sydney)).toBe("2025-03-10");
    expect(due("Confirm power in 30 minutes", monday2350, sydney)).toBe("2025-03-11T00:20");
    const saturday2300 = new Date("2025-04-05T12:00:00Z"); // Sat 5 Apr 23:00 AEDT; 03:00 → 02:00 overnight
    expect(due("Confirm power in 4 hours", saturday2300, sydney)).toBe("2025-04-06T02:00");
    expect(due("Confirm power tomorrow", saturday2300, sydney)).toBe("2025-04-06");
  });

  it("gives chrono the zone's offset at the reference instant", () => {
    expect(dateContext(MONDAY_NY, "America/New_York").offsetMinutes).toBe(-240);
    expect(dateContext(new Date("2025-03-07T15:00:00Z"), "America/New_York").offsetMinutes).toBe(-300);
    expect(dateContext(MONDAY_NY, "Australia/Sydney").offsetMinutes).toBe(660);
    expect(dateContext(MONDAY_NY, "Asia/Kolkata").offsetMinutes).toBe(330);
  });
});

describe("the first date after a due keyword wins", () => {
  it.each([
    ["Prep slides for the March 20 keynote, due March 14", "2025-03-14", "Prep slides for the March 20 keynote"],
    ["Confirm hotel for 3/21 arrivals by Friday", "2025-03-14", "Confirm hotel for 3/21 arrivals"],
    ["Book the Saturday crew before Thursday", "2025-03-13", "Book the Saturday crew"],
    ["Rehearsal Thursday, deliver the script no later than Wednesday", "2025-03-12", "Rehearsal Thursday, deliver the script"],
    ["Thursday walkthrough, confirm the caterer until Tuesday", "2025-03-11", "Thursday walkthrough, confirm the caterer"],
    ["Sound check Thursday and show Friday", "2025-03-13", "Sound check and show Friday"],
  ])("%s", (text, expectedDue, expectedTitle) => {
    const task = parseOne(text);
    expect(task.dueDate).toBe(expectedDue);
    expect(task.title).toBe(expectedTitle);
  });

  it("joins a date and a time written apart", () => {
    expect(parseOne("Friday: confirm AV by 3pm")).toMatchObject({ dueDate: "2025-03-14T15:00", title: "Confirm AV" });
  });

  it("keeps a possessive date in the title while still reading it", () => {
    expect(parseOne("Check extinguishers before Friday's inspection")).toMatchObject({
      dueDate: "2025-03-14",
      title: "Check extinguishers before Friday's inspection",
    });
  });
});

describe("no false dates", () => {
  it.each([
    "Book shuttle buses for day 1",
    "Day 2 catering headcount",
    "Set up Stage 2",
    "Hall 3 load-in crew",
    "VIP wristbands",
    "We may need more chairs",
    "Confirm the march band for the parade",
    "Buy sunscreen for volunteers",
    "sun shades for the bar",
    "sat nav for the vans",
    "Rig lights (2h)",
    "Line check, 30 min",
    "p1 fix the barrier",
    "24/7 security for the compound",
    "Order 200 chairs",
    "Book 3 buses",
    "Room 204 AV check",
    "Room 1230 projector",
    "Gate 4 signage",
    "Booth 42 power",
    "1,200 attendees expected",
    "3-phase power for the stage",
    "1.5m stage riser",
    "The 2nd stage needs a new PA",
    "Find a 3rd party caterer",
    "Our 13th annual gala",
    "Confirm catering by 3 people",
    "1st floor toilets",
    "Set up registration 2 hours before doors",
    "Check generator fuel every 2 hours",
    "Prep the 1/2 day workshop",
    "50/50 split with the promoter",
    "Spend 2/3 of the budget on AV",
    "Need it now",
    "Ask Jan about the poster",
    "Ping June about flights",
    "Confirm the Feb 30 slot",
  ])("%s", (text) => {
    expect(due(text)).toBeNull();
  });

  it("never reads a date inside quotes", () => {
    const task = parseOne('Print "Friday Night Live" banners by Thursday');
    expect(task).toMatchObject({ dueDate: "2025-03-13", title: 'Print "Friday Night Live" banners' });
    expect(parseOne("Send “Tomorrow Never Dies” clip to AV")).toMatchObject({
      dueDate: null,
      title: "Send “Tomorrow Never Dies” clip to AV",
    });
  });
});

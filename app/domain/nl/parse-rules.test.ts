import { describe, expect, it } from "vitest";
import { DEFAULT_CATEGORIES } from "../tasks";
import { parseTasksWithRules, type ParsedTask } from "./parse-rules";
import { MONDAY_NY, NEW_YORK, parseOne } from "./test-helpers";

type Expected = Omit<ParsedTask, "description"> & { description?: string | null };

const task = (
  title: string,
  fields: Partial<Omit<Expected, "title">> = {},
): Expected => ({
  title,
  dueDate: null,
  assigneeName: null,
  priority: "medium",
  category: null,
  estimatedHours: null,
  ...fields,
});

/** Whole sentences as producers write them; every field is checked. Now: Monday 10 March 2025, 10:00 New York. */
const SENTENCES: [string, Expected][] = [
  [
    "Book the shuttle buses for day 1 by Friday @maria",
    task("Book the shuttle buses for day 1", { dueDate: "2025-03-14", assigneeName: "maria", category: "logistics" }),
  ],
  [
    "URGENT: confirm generator hire with PowerCo tmrw 10am, owner: Dev (~2h)",
    task("Confirm generator hire with PowerCo", {
      dueDate: "2025-03-11T10:00",
      assigneeName: "Dev",
      priority: "critical",
      category: "infrastructure",
      estimatedHours: 2,
    }),
  ],
  [
    "Get quotes from 3 AV vendors before Dec 5th, 4 hours, high priority",
    task("Get quotes from 3 AV vendors", { dueDate: "2025-12-05", priority: "high", estimatedHours: 4, category: "production" }),
  ],
  [
    "Set tables at 4 venues tomorrow",
    task("Set tables at 4 venues", { dueDate: "2025-03-11", category: "logistics" }),
  ],
  [
    "- Send press release to media list next Tuesday #marketing p2",
    task("Send press release to media list", { dueDate: "2025-03-18", priority: "high", category: "marketing" }),
  ],
  [
    "Confirm catering headcount with Bella's Kitchen by Thursday 5pm",
    task("Confirm catering headcount with Bella's Kitchen", { dueDate: "2025-03-13T17:00", category: "logistics" }),
  ],
  ["Dev to confirm AV quote by EOD", task("Confirm AV quote", { dueDate: "2025-03-10", assigneeName: "Dev", category: "production" })],
  [
    "Finalize run of show next week, assign to Sam Lee, 1h30",
    task("Finalize run of show", { dueDate: "2025-03-17", assigneeName: "Sam Lee", category: "production", estimatedHours: 1.5 }),
  ],
  ["Order 200 chairs for Hall 3 by 3/14", task("Order 200 chairs for Hall 3", { dueDate: "2025-03-14", category: "logistics" })],
  [
    "Need wristbands printed before doors on Saturday - high priority",
    task("Need wristbands printed before doors", { dueDate: "2025-03-15", priority: "high", category: "logistics" }),
  ],
  [
    "book hotel rooms for the band (3 nights) asap",
    task("Book hotel rooms for the band (3 nights)", { priority: "high", category: "logistics" }),
  ],
  [
    "Call the venue about load-in times on the 15th @jamie",
    task("Call the venue about load-in times", { dueDate: "2025-03-15", assigneeName: "jamie", category: "logistics" }),
  ],
  [
    "Get quotes for 4 portaloos and fencing, nice to have, ~1 hour",
    task("Get quotes for 4 portaloos and fencing", { priority: "low", category: "infrastructure", estimatedHours: 1 }),
  ],
  [
    "Sound check with the headliner Friday at 4 — Priya to run it",
    task("Sound check with the headliner", { dueDate: "2025-03-14T16:00", assigneeName: "Priya", category: "production" }),
  ],
  [
    "Post festival lineup teaser on Instagram tomorrow morning",
    task("Post festival lineup teaser on Instagram", { dueDate: "2025-03-11", category: "marketing" }),
  ],
  [
    "Chase sponsor logos for the stage backdrop by end of week !!",
    task("Chase sponsor logos for the stage backdrop", { dueDate: "2025-03-14", priority: "high", category: "marketing" }),
  ],
  [
    "Update the run of show after the rehearsal (est. 45 min)",
    task("Update the run of show after the rehearsal", { category: "production", estimatedHours: 0.75 }),
  ],
  [
    "Review speaker slides EOD tomorrow, owner Alex",
    task("Review speaker slides", { dueDate: "2025-03-11", assigneeName: "Alex", category: "content" }),
  ],
  [
    "Confirm wifi bandwidth for the livestream in 2 days",
    task("Confirm wifi bandwidth for the livestream", { dueDate: "2025-03-12", category: "infrastructure" }),
  ],
  [
    "Draft newsletter about early bird tickets - whenever",
    task("Draft newsletter about early bird tickets", { priority: "low", category: "marketing" }),
  ],
  [
    "P1 fix the power distro for Stage 2 tonight",
    task("Fix the power distro for Stage 2", { dueDate: "2025-03-10", priority: "critical", category: "infrastructure" }),
  ],
  [
    "Sort parking passes for crew by next Friday, assign to Jordan",
    task("Sort parking passes for crew", { dueDate: "2025-03-14", assigneeName: "Jordan", category: "logistics" }),
  ],
  [
    "Book a photographer for day 2 (half a day)",
    task("Book a photographer for day 2", { category: "content", estimatedHours: 4 }),
  ],
  [
    "Send final guest list to security by 6pm",
    task("Send final guest list to security", { dueDate: "2025-03-10T18:00", category: "logistics" }),
  ],
  [
    "Email the press kit to journalists in 3 hours",
    task("Email the press kit to journalists", { dueDate: "2025-03-10T13:00", category: "marketing" }),
  ],
  ["Order 3 buses for the VIP transfer on 22/3", task("Order 3 buses for the VIP transfer", { dueDate: "2025-03-22", category: "logistics" })],
  [
    "Schedule rehearsal for the keynote on Wednesday at 10:30am",
    task("Schedule rehearsal for the keynote", { dueDate: "2025-03-12T10:30", category: "production" }),
  ],
  ["Hire 2 forklifts for load out Sunday", task("Hire 2 forklifts for load out", { dueDate: "2025-03-16", category: "logistics" })],
  [
    "Brief the stage managers - critical - by noon",
    task("Brief the stage managers", { dueDate: "2025-03-10T12:00", priority: "critical", category: "production" }),
  ],
  [
    "Write the MC script (2-3 hrs) by Wed",
    task("Write the MC script", { dueDate: "2025-03-12", category: "content", estimatedHours: 3 }),
  ],
  [
    "Confirm LED wall delivery with the AV vendor this Friday",
    task("Confirm LED wall delivery with the AV vendor", { dueDate: "2025-03-14", category: "production" }),
  ],
  ["Pay the deposit for the marquee EOM", task("Pay the deposit for the marquee", { dueDate: "2025-03-31", category: "infrastructure" })],
  [
    "Test radios and comms for the crew (30m)",
    task("Test radios and comms for the crew", { category: "infrastructure", estimatedHours: 0.5 }),
  ],
  [
    "Create social posts for each speaker next Monday",
    task("Create social posts for each speaker", { dueDate: "2025-03-17", category: "marketing" }),
  ],
  ["@maria book shuttles for friday", task("Book shuttles", { dueDate: "2025-03-14", assigneeName: "maria", category: "logistics" })],
  [
    "Marketing: schedule the teaser video for next Thurs",
    task("Schedule the teaser video", { dueDate: "2025-03-13", category: "marketing" }),
  ],
  [
    "rig lights Thurs 8am - owner: Kai",
    task("Rig lights", { dueDate: "2025-03-13T08:00", assigneeName: "Kai", category: "production" }),
  ],
  ["fix broken barrier at gate B ASAP!!!", task("Fix broken barrier at gate B", { priority: "critical", category: "infrastructure" })],
  [
    "Get COI from the staging company by the 20th",
    task("Get COI from the staging company", { dueDate: "2025-03-20", category: "logistics" }),
  ],
  [
    "Confirm the stage plot with the band no later than Wednesday",
    task("Confirm the stage plot with the band", { dueDate: "2025-03-12", category: "production" }),
  ],
  ["Due 3/21 – speaker bios on website", task("Speaker bios on website", { dueDate: "2025-03-21", category: "content" })],
  [
    "Walkthrough with fire marshal at 9 tomorrow",
    task("Walkthrough with fire marshal", { dueDate: "2025-03-11T09:00", category: "logistics" }),
  ],
  [
    "Renew the event insurance before the 1st, low priority",
    task("Renew the event insurance", { dueDate: "2025-04-01", priority: "low", category: "logistics" }),
  ],
  [
    "Invoice the AV vendor by end of the month, Kim",
    task("Invoice the AV vendor", { dueDate: "2025-03-31", assigneeName: "Kim", category: "production" }),
  ],
  [
    "Arrange airport pickups for speakers arriving Monday 17th, ~3 hours",
    task("Arrange airport pickups for speakers arriving", { dueDate: "2025-03-17", category: "logistics", estimatedHours: 3 }),
  ],
  [
    'Print "Friday Night Live" banners by Thursday @sam p3',
    task('Print "Friday Night Live" banners', { dueDate: "2025-03-13", assigneeName: "sam", category: "marketing" }),
  ],
  [
    "Book the DJ for the afterparty (Sunday night), assigned to Leo",
    task("Book the DJ for the afterparty", { dueDate: "2025-03-16", assigneeName: "Leo", category: "content" }),
  ],
  [
    "TODO: send contracts to the band by Friday",
    task("Send contracts to the band", { dueDate: "2025-03-14", category: "logistics" }),
  ],
  [
    "Blocker: no power at FOH, get the electrician there within 30 min @ravi",
    task("No power at FOH, get the electrician there", {
      dueDate: "2025-03-10T10:30",
      assigneeName: "ravi",
      priority: "critical",
      category: "infrastructure",
    }),
  ],
];

describe("parseTasksWithRules on producers' sentences", () => {
  it.each(SENTENCES)("%s", (text, expected) => {
    expect(parseOne(text)).toEqual({ description: null, ...expected });
  });
});

describe("parseTasksWithRules on pasted lists", () => {
  const parse = (text: string) =>
    parseTasksWithRules(text, { now: MONDAY_NY, timezone: NEW_YORK, categories: DEFAULT_CATEGORIES });

  it("reads one task per bullet, with headings and notes", () => {
    const input = [
      "Logistics:",
      "- book buses @maria",
      "- confirm hotel block by Friday",
      "  40 rooms, breakfast included",
      "",
      "Friday:",
      "* test radios (1h)",
      "* 1) walk the site with security",
    ].join("\n");
    expect(parse(input)).toEqual([
      { ...task("Book buses", { assigneeName: "maria", category: "logistics" }), description: null },
      {
        ...task("Confirm hotel block", { dueDate: "2025-03-14", category: "logistics" }),
        description: "40 rooms, breakfast included",
      },
      { ...task("Test radios", { dueDate: "2025-03-14", category: "infrastructure", estimatedHours: 1 }), description: null },
      { ...task("Walk the site with security", { dueDate: "2025-03-14", category: "infrastructure" }), description: null },
    ]);
  });

  it("lets a task's own fields beat its heading's", () => {
    const [first] = parse("Urgent - marketing:\n- Brief the AV crew tomorrow p4");
    expect(first).toMatchObject({ dueDate: "2025-03-11", priority: "low", category: "marketing" });
  });

  it("reads numbered and checkbox lists, skipping blank lines", () => {
    const tasks = parse("1. Book caterer\n\n2) Send invites to VIPs by Friday\n[ ] print badges tomorrow\n- [x] Confirm stage manager p3");
    expect(tasks.map((t) => [t.title, t.dueDate])).toEqual([
      ["Book caterer", null],
      ["Send invites to VIPs", "2025-03-14"],
      ["Print badges", "2025-03-11"],
      ["Confirm stage manager", null],
    ]);
  });

  it("returns nothing for blank text", () => {
    expect(parse("  \n\n ")).toEqual([]);
  });
});

describe("quoted text", () => {
  it("is kept literally and never read as a field", () => {
    expect(parseOne('Send "URGENT: by Friday @sam #marketing (2h)" note to the crew')).toEqual({
      ...task('Send "URGENT: by Friday @sam #marketing (2h)" note to the crew'),
      description: null,
    });
  });

  it("works with curly quotes next to fields that are read", () => {
    expect(parseOne("Print “Meet me at 5” signs by Thursday, owner: Kai")).toMatchObject({
      title: "Print “Meet me at 5” signs",
      dueDate: "2025-03-13",
      assigneeName: "Kai",
    });
  });
});

describe("speed", () => {
  it("parses a long paste quickly", () => {
    const line = "URGENT: confirm generator hire with PowerCo tmrw 10am, owner: Dev (~2h) #infrastructure";
    const text = Array.from({ length: 40 }, () => `- ${line}`).join("\n");
    const started = performance.now();
    const tasks = parseTasksWithRules(text, { now: MONDAY_NY, timezone: NEW_YORK, categories: DEFAULT_CATEGORIES });
    expect(tasks).toHaveLength(40);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe("headings", () => {
  const parse = (text: string) =>
    parseTasksWithRules(text, { now: MONDAY_NY, timezone: NEW_YORK, categories: DEFAULT_CATEGORIES });

  it("applies a heading that is only a label", () => {
    const tasks = parse("Urgent – AV:\n- test mics\nTasks for Friday:\n- book the band\nTransport:\n- photographer");
    expect(tasks.map((t) => [t.title, t.priority, t.dueDate, t.category])).toEqual([
      ["Test mics", "critical", null, "production"],
      ["Book the band", "medium", "2025-03-14", "content"],
      ["Photographer", "medium", null, "logistics"],
    ]);
  });

  it("ignores an intro heading's words", () => {
    const tasks = parse("Action items from today's production meeting:\n- Book a forklift (Jo)\n- Nice to have: photo booth");
    expect(tasks).toEqual([
      { ...task("Book a forklift", { assigneeName: "Jo", category: "logistics" }), description: null },
      { ...task("Photo booth", { priority: "low", category: "content" }), description: null },
    ]);
  });
});

describe("greetings and labels", () => {
  it.each([
    ["hey team - can we get the cue sheet signed off by thurs?", "Can we get the cue sheet signed off?"],
    ["Hi all, please book the coaches", "Book the coaches"],
    ["FYI: doors at 18:30, stock the bar by 17:00", "Doors at 18:30, stock the bar"],
    ["Reminder: speaker dinner for 8 on Thursday", "Speaker dinner for 8"],
  ])("%s", (text, title) => {
    expect(parseOne(text).title).toBe(title);
  });
});

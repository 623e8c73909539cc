import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  buildCalendarFeed,
  feedCreateSchema,
  feedLimitRefusal,
  feedRecurrence,
  feedVersionKey,
  MAX_FEEDS_PER_MEMBER,
  shouldTouchLastUsed,
  vtimezone,
  webcalUrl,
  type FeedInput,
  type FeedTask,
  type FeedVersionParts,
} from "./calendar-feed";

const task = (over: Partial<FeedTask> = {}): FeedTask => ({
  id: "task-1",
  title: "Book the shuttle buses",
  description: null,
  dueDate: "2026-12-01",
  priority: "high",
  category: "logistics",
  status: "pending",
  assigneeName: "Maria Lopez",
  updatedAt: "2026-11-20T10:00:00.000Z",
  revision: 0,
  ...over,
});

const input = (over: Partial<FeedInput> = {}, workspace: Partial<FeedInput["workspace"]> = {}): FeedInput => ({
  origin: "https://cueboard.example",
  calendarName: "Harbour Lights: my tasks",
  workspace: {
    id: "ws-1",
    name: "Harbour Lights",
    eventName: "Harbour Lights Festival",
    eventDate: null,
    eventEndDate: null,
    timezone: "Europe/Berlin",
    planVersion: 7,
    ...workspace,
  },
  tasks: [task()],
  stamp: new Date("2026-11-21T08:00:00.000Z"),
  ...over,
});

/** Parses the feed with ical.js and registers its VTIMEZONEs, as a calendar app would. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  const events = calendar.getAllSubcomponents("vevent");
  const byUid = (uid: string) => {
    const found = events.find((event) => event.getFirstPropertyValue("uid") === uid);
    if (!found) throw new Error(`no event ${uid}`);
    return { component: found, event: new ICAL.Event(found) };
  };
  return { calendar, events, byUid };
}

describe("buildCalendarFeed", () => {
  it("writes a date-only task as an all-day event with its details", () => {
    const text = buildCalendarFeed(input());
    const { calendar, events, byUid } = parse(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(events).toHaveLength(1);
    const { component, event } = byUid("task-1@cueboard.example");
    expect(event.summary).toBe("Book the shuttle buses");
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2026-12-01");
    expect(event.endDate.toString()).toBe("2026-12-02");
    expect(event.sequence).toBe(0);
    expect(component.getFirstPropertyValue("dtstamp")!.toString()).toBe("2026-11-20T10:00:00Z");
    expect(component.getFirstPropertyValue("url")).toBe("https://cueboard.example/tasks/task-1");
    expect(component.getFirstPropertyValue("priority")).toBe(3);
    expect(component.getFirstPropertyValue("transp")).toBe("TRANSPARENT");
    expect(event.description).toContain("Priority: High");
    expect(event.description).toContain("Category: Logistics");
    expect(event.description).toContain("Owner: Maria Lopez");
    expect(event.description).toContain("https://cueboard.example/tasks/task-1");
    expect(text).not.toContain("RRULE");
  });

  it("writes a timed task on the workspace's clock with its TZID, right on both sides of a DST change", () => {
    const text = buildCalendarFeed(
      input({
        tasks: [
          task({ id: "before", dueDate: "2026-03-28T14:00" }),
          task({ id: "after", dueDate: "2026-03-30T14:00" }),
          task({ id: "autumn", dueDate: "2026-10-26T09:30" }),
        ],
      }),
    );
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20260328T140000");
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20260330T140000");
    expect(text).toContain("BEGIN:VTIMEZONE");
    const { byUid } = parse(text);
    const before = byUid("before@cueboard.example").event.startDate;
    expect(before.isDate).toBe(false);
    expect(before.zone.tzid).toBe("Europe/Berlin");
    // CET is UTC+1 before the last Sunday of March, CEST UTC+2 after it.
    expect(before.toJSDate().toISOString()).toBe("2026-03-28T13:00:00.000Z");
    expect(byUid("after@cueboard.example").event.startDate.toJSDate().toISOString()).toBe("2026-03-30T12:00:00.000Z");
    expect(byUid("autumn@cueboard.example").event.startDate.toJSDate().toISOString()).toBe("2026-10-26T08:30:00.000Z");
  });

  it("writes times in New York across its autumn change, and UTC workspaces without a VTIMEZONE", () => {
    const ny = parse(
      buildCalendarFeed(
        input(
          { tasks: [task({ id: "a", dueDate: "2026-10-31T18:00" }), task({ id: "b", dueDate: "2026-11-02T18:00" })] },
          { timezone: "America/New_York" },
        ),
      ),
    );
    expect(ny.byUid("a@cueboard.example").event.startDate.toJSDate().toISOString()).toBe("2026-10-31T22:00:00.000Z");
    expect(ny.byUid("b@cueboard.example").event.startDate.toJSDate().toISOString()).toBe("2026-11-02T23:00:00.000Z");

    const utc = buildCalendarFeed(input({ tasks: [task({ dueDate: "2026-12-01T09:15" })] }, { timezone: "UTC" }));
    expect(utc).toContain("DTSTART:20261201T091500Z");
    expect(utc).not.toContain("VTIMEZONE");
  });

  it("carries the task's revision as SEQUENCE", () => {
    const { byUid } = parse(buildCalendarFeed(input({ tasks: [task({ revision: 4 })] })));
    expect(byUid("task-1@cueboard.example").event.sequence).toBe(4);
  });

  it("passes a recurring task's RRULE through, for all-day and timed tasks", () => {
    const text = buildCalendarFeed(
      input({
        tasks: [
          task({ id: "weekly", recurrence: "FREQ=WEEKLY;BYDAY=FR" }),
          task({ id: "timed", dueDate: "2026-12-04T10:00", recurrence: "RRULE:FREQ=DAILY;INTERVAL=2;COUNT=5" }),
        ],
      }),
    );
    const { byUid } = parse(text);
    const weekly = byUid("weekly@cueboard.example").component.getFirstPropertyValue("rrule") as ICAL.Recur;
    expect(weekly.freq).toBe("WEEKLY");
    expect(weekly.parts.BYDAY).toEqual(["FR"]);
    const timed = byUid("timed@cueboard.example");
    expect(timed.event.isRecurring()).toBe(true);
    const iterator = timed.event.iterator();
    const second = iterator.next()!;
    expect(iterator.next()!.toJSDate().toISOString()).toBe("2026-12-06T09:00:00.000Z");
    expect(second.toJSDate().toISOString()).toBe("2026-12-04T09:00:00.000Z");
  });

  it("escapes commas, semicolons, backslashes and newlines in titles and descriptions", () => {
    const title = "Stage, lights; sound \\ check\nthen doors";
    const text = buildCalendarFeed(input({ tasks: [task({ title, description: "Line one\r\nLine, two" })] }));
    expect(text).toContain("SUMMARY:Stage\\, lights\\; sound \\\\ check\\nthen doors");
    const { event } = parse(text).byUid("task-1@cueboard.example");
    expect(event.summary).toBe(title);
    expect(event.description).toContain("Line one\nLine, two");
  });

  it("keeps a calendar name with line breaks on its line", () => {
    const text = buildCalendarFeed(input({ calendarName: "Fest, Inc\r\nBEGIN:VEVENT" }));
    const { calendar, events } = parse(text);
    expect(events).toHaveLength(1);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Fest\\, Inc BEGIN:VEVENT");
  });

  it("adds the show itself: all day across its days, or at its time", () => {
    const allDay = parse(
      buildCalendarFeed(input({}, { eventDate: "2026-12-04T23:00:00.000Z", eventEndDate: "2026-12-07" })),
    ).byUid("event-ws-1@cueboard.example");
    expect(allDay.event.summary).toBe("Harbour Lights Festival");
    expect(allDay.event.startDate.toString()).toBe("2026-12-05");
    expect(allDay.event.endDate.toString()).toBe("2026-12-08");
    expect(allDay.event.sequence).toBe(7);

    const timed = parse(buildCalendarFeed(input({}, { eventDate: "2026-12-05T17:30:00.000Z", eventName: null })));
    const show = timed.byUid("event-ws-1@cueboard.example").event;
    expect(show.summary).toBe("Harbour Lights");
    expect(show.startDate.zone.tzid).toBe("Europe/Berlin");
    expect(show.startDate.toString()).toBe("2026-12-05T18:30:00");
  });

  it("adds calls as timed events at their place, linking the day sheet", () => {
    const calls = [
      {
        id: "call-a",
        day: "2026-12-05",
        startTime: "09:00",
        endTime: "13:30",
        location: "Loading dock",
        stageName: "Main stage",
        notes: "Bring gloves",
        department: null,
        updatedAt: "2026-11-21T09:00:00.000Z",
      },
      {
        id: "call-b",
        day: "2026-12-06",
        startTime: "14:00",
        endTime: null,
        location: null,
        stageName: null,
        notes: null,
        department: "audio",
        updatedAt: "2026-11-21T09:00:00.000Z",
      },
    ];
    const { byUid } = parse(buildCalendarFeed(input({ tasks: [], calls })));
    const own = byUid("call-call-a@cueboard.example");
    expect(own.event.summary).toBe("Call: Loading dock · Main stage");
    expect(own.event.location).toBe("Loading dock · Main stage");
    expect(own.event.startDate.zone.tzid).toBe("Europe/Berlin");
    expect(own.event.startDate.toString()).toBe("2026-12-05T09:00:00");
    expect(own.event.endDate.toString()).toBe("2026-12-05T13:30:00");
    expect(own.event.description).toBe("Bring gloves\n\nYour day sheet: https://cueboard.example/day/2026-12-05");
    const department = byUid("call-call-b@cueboard.example").event;
    expect(department.summary).toBe("Call (audio)");
    expect(department.startDate.toString()).toBe("2026-12-06T14:00:00");
  });
});

describe("feedRecurrence", () => {
  it.each([
    ["FREQ=WEEKLY;BYDAY=FR", true, "FREQ=WEEKLY;BYDAY=FR"],
    ["RRULE:FREQ=MONTHLY;BYMONTHDAY=1", true, "FREQ=MONTHLY;BYMONTHDAY=1"],
    ["DTSTART:20261201T090000Z\nRRULE:FREQ=DAILY;COUNT=3", true, "FREQ=DAILY;COUNT=3"],
    ["FREQ=DAILY;UNTIL=20270320T225959Z", true, "FREQ=DAILY;UNTIL=20270320"],
    ["FREQ=DAILY;UNTIL=20270320T120000Z", false, "FREQ=DAILY;UNTIL=20270320T120000Z"],
    // The end of 20 March on Berlin's clock (CET) in UTC.
    ["FREQ=DAILY;UNTIL=20270320", false, "FREQ=DAILY;UNTIL=20270320T225900Z"],
    ["", true, null],
    ["BYDAY=FR", true, null],
    ["FREQ=DAILY\r\nBEGIN:VEVENT", true, null],
    ["FREQ=DAILY;X=<script>", true, null],
  ] as const)("%j (all day: %s) → %j", (rule, allDay, expected) => {
    expect(feedRecurrence(rule, allDay, "Europe/Berlin")).toBe(expected);
  });
});

describe("vtimezone", () => {
  it("lists Berlin's two changes of 2026 at 01:00 UTC", () => {
    const text = vtimezone("Europe/Berlin", 2026, 2026)!;
    expect(text).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200");
    expect(text).toContain("BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100");
  });

  it("has one observance for a zone without DST, none for UTC", () => {
    const tokyo = vtimezone("Asia/Tokyo", 2026, 2027)!;
    expect(tokyo.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(tokyo).toContain("TZOFFSETTO:+0900");
    expect(vtimezone("UTC", 2026, 2026)).toBeNull();
  });
});

describe("feed rules", () => {
  it("takes a scope of mine or workspace", () => {
    expect(feedCreateSchema.safeParse({ scope: "mine" }).success).toBe(true);
    expect(feedCreateSchema.safeParse({ scope: "workspace" }).success).toBe(true);
    expect(feedCreateSchema.safeParse({ scope: "all" }).success).toBe(false);
    expect(feedCreateSchema.safeParse({}).success).toBe(false);
  });

  it("refuses a feed past the limit", () => {
    expect(feedLimitRefusal(MAX_FEEDS_PER_MEMBER - 1)).toBeNull();
    expect(feedLimitRefusal(MAX_FEEDS_PER_MEMBER)).toMatch(/Revoke one/);
  });

  it("records a use at most once an hour", () => {
    const now = new Date("2026-11-21T12:00:00.000Z");
    expect(shouldTouchLastUsed(null, now)).toBe(true);
    expect(shouldTouchLastUsed("2026-11-21T11:00:00.001Z", now)).toBe(false);
    expect(shouldTouchLastUsed("2026-11-21T11:00:00.000Z", now)).toBe(true);
  });

  it("keys the version on everything the text shows besides the tasks", () => {
    const parts: FeedVersionParts = {
      feedId: "f",
      scope: "mine",
      ownerName: "Maria",
      planVersion: 3,
      workspaceName: "W",
      eventName: null,
      eventDate: null,
      eventEndDate: null,
      timezone: "UTC",
      today: "2026-11-21",
    };
    const key = feedVersionKey(parts);
    expect(feedVersionKey({ ...parts })).toBe(key);
    for (const change of [
      { planVersion: 4 },
      { today: "2026-11-22" },
      { workspaceName: "X" },
      { timezone: "Europe/Berlin" },
    ]) {
      expect(feedVersionKey({ ...parts, ...change })).not.toBe(key);
    }
  });

  it("turns the https URL into a webcal one", () => {
    expect(webcalUrl("https://x.example/calendar/t.ics")).toBe("webcal://x.example/calendar/t.ics");
  });
});

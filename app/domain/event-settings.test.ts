import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import {
  applyEventSettings,
  countdownTo,
  EVENT_SPAN_MAX_DAYS,
  eventDaysLabel,
  eventWallClock,
  showDaysLabel,
  type EventSettings,
} from "./event-settings";
import { eventSettingsSchema } from "./schemas";

const noDays = { eventEndDate: null, loadInDate: null, loadOutDate: null };
const london: EventSettings = {
  eventName: "Harbour Lights",
  eventDate: "2026-06-06T17:00:00.000Z",
  timezone: "Europe/London",
};

describe("eventWallClock", () => {
  it("reads the instant on the workspace's wall clock", () => {
    expect(eventWallClock(london.eventDate, "Europe/London")).toEqual({ date: "2026-06-06", time: "18:00" });
    expect(eventWallClock(london.eventDate, "America/New_York")).toEqual({ date: "2026-06-06", time: "13:00" });
    expect(eventWallClock(london.eventDate, "Pacific/Auckland")).toEqual({ date: "2026-06-07", time: "05:00" });
  });

  it("reads a plain date as a local day starting at midnight, and nothing as nothing", () => {
    expect(eventWallClock("2026-06-06", "Asia/Tokyo")).toEqual({ date: "2026-06-06", time: "00:00" });
    expect(eventWallClock(null, "UTC")).toBeNull();
    expect(eventWallClock("not a date", "UTC")).toBeNull();
  });
});

describe("applyEventSettings", () => {
  it("stores a date and time entered in the workspace timezone as the UTC instant", () => {
    const next = applyEventSettings(
      { eventName: null, eventDate: null, timezone: "UTC" },
      { eventName: "Harbour Lights", eventDate: "2026-06-06", eventTime: "18:00", timezone: "Europe/London" },
    );
    expect(next).toEqual({ ...london, ...noDays });
  });

  it("uses the timezone's offset on that date, across DST", () => {
    const winter = applyEventSettings(london, { eventDate: "2026-12-05", eventTime: "18:00" });
    expect(winter.eventDate).toBe("2026-12-05T18:00:00.000Z");
  });

  it("takes a missing time as the start of the day", () => {
    const next = applyEventSettings(london, { eventDate: "2026-07-01", eventTime: null });
    expect(next.eventDate).toBe("2026-06-30T23:00:00.000Z");
  });

  it("keeps the wall-clock time when only the date changes", () => {
    expect(applyEventSettings(london, { eventDate: "2026-06-13" }).eventDate).toBe("2026-06-13T17:00:00.000Z");
  });

  it("moves only the time when only the time changes", () => {
    expect(applyEventSettings(london, { eventTime: "09:30" }).eventDate).toBe("2026-06-06T08:30:00.000Z");
  });

  it("refuses a time without any event date", () => {
    expect(() => applyEventSettings({ ...london, eventDate: null }, { eventTime: "09:30" })).toThrow(AppError);
  });

  it("keeps the event's wall clock when the timezone is corrected", () => {
    const next = applyEventSettings(london, { timezone: "America/New_York" });
    expect(next.timezone).toBe("America/New_York");
    expect(next.eventDate).toBe("2026-06-06T22:00:00.000Z");
    expect(eventWallClock(next.eventDate, next.timezone)).toEqual({ date: "2026-06-06", time: "18:00" });
  });

  it("clears the event with a null date, and the name with a null name", () => {
    expect(applyEventSettings(london, { eventDate: null, eventTime: "10:00" }).eventDate).toBeNull();
    expect(applyEventSettings(london, { eventName: null }).eventName).toBeNull();
  });

  it("changes nothing for an empty update", () => {
    expect(applyEventSettings(london, {})).toEqual({ ...london, ...noDays });
  });
});

describe("countdownTo", () => {
  const event = Date.parse("2026-06-06T17:00:00Z");

  it("splits the time left into days, hours and minutes, rounded down", () => {
    expect(countdownTo(event, Date.parse("2026-06-04T14:29:30Z"))).toEqual({ days: 2, hours: 2, minutes: 30 });
    expect(countdownTo(event, Date.parse("2026-06-06T16:59:01Z"))).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it("is null from the moment the event starts", () => {
    expect(countdownTo(event, event)).toBeNull();
    expect(countdownTo(event, event + 1)).toBeNull();
    expect(countdownTo(Number.NaN, event)).toBeNull();
  });
});

describe("eventSettingsSchema", () => {
  it("keeps left-out fields undefined and turns blanks into null", () => {
    expect(eventSettingsSchema.parse({})).toEqual({});
    expect(eventSettingsSchema.parse({ eventName: " ", eventDate: "", eventTime: null, timezone: " UTC " })).toEqual({
      eventName: null,
      eventDate: null,
      eventTime: null,
      timezone: "UTC",
    });
    expect(
      eventSettingsSchema.parse({ eventName: "  Harbour Lights ", eventDate: "2026-06-06", eventTime: "18:00" }),
    ).toEqual({
      eventName: "Harbour Lights",
      eventDate: "2026-06-06",
      eventTime: "18:00",
    });
  });

  it.each([
    [{ eventDate: "2026-02-30" }, "eventDate", "Event date must be a real date (YYYY-MM-DD)"],
    [{ eventDate: "06/06/2026" }, "eventDate", "Event date must be a real date (YYYY-MM-DD)"],
    [{ eventTime: "24:00" }, "eventTime", "Event time must be a time of day (HH:MM)"],
    [{ eventTime: "6pm" }, "eventTime", "Event time must be a time of day (HH:MM)"],
    [{ timezone: "Mars/Olympus" }, "timezone", "Choose a timezone from the list, such as Europe/London"],
    [{ timezone: "+02:00" }, "timezone", "Choose a timezone from the list, such as Europe/London"],
    [{ eventName: "x".repeat(101) }, "eventName", "Event name must be at most 100 characters"],
    [{ eventName: 7 }, "eventName", "Event name must be text"],
  ])("rejects %j", (input, field, message) => {
    const result = eventSettingsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors).toEqual({ [field]: [message] });
  });
});

describe("eventDaysLabel", () => {
  // Doors at 19:00 in Berlin (18:00 UTC) on Saturday 19 December 2026.
  const event = Date.parse("2026-12-19T18:00:00Z");
  const tz = "Europe/Berlin";
  const at = (iso: string) => Date.parse(iso);

  it("counts the countdown's whole days, so the sentence and the countdown agree", () => {
    // 25 days 21 hours left; by the calendar the show is 26 days away, which read as a contradiction.
    const now = at("2026-11-23T21:00:00Z");
    expect(countdownTo(event, now)?.days).toBe(25);
    expect(eventDaysLabel(event, now, tz)).toBe("25 days until event");
    expect(eventDaysLabel(event, at("2026-11-23T17:00:00Z"), tz)).toBe("26 days until event");
    expect(eventDaysLabel(event, at("2026-12-17T17:59:00Z"), tz)).toBe("2 days until event");
    expect(eventDaysLabel(event, at("2026-12-17T18:01:00Z"), tz)).toBe("1 day until event");
  });

  it("says tomorrow with less than a day left on the day before, and today on the day", () => {
    expect(eventDaysLabel(event, at("2026-12-18T18:30:00Z"), tz)).toBe("The event is tomorrow");
    expect(eventDaysLabel(event, at("2026-12-18T23:30:00Z"), tz)).toBe("The event is today");
    expect(eventDaysLabel(event, at("2026-12-19T17:59:00Z"), tz)).toBe("The event is today");
  });

  it("says the event has started, then how many calendar days ago it was", () => {
    expect(eventDaysLabel(event, event, tz)).toBe("The event has started");
    expect(eventDaysLabel(event, at("2026-12-19T22:00:00Z"), tz)).toBe("The event has started");
    expect(eventDaysLabel(event, at("2026-12-20T09:00:00Z"), tz)).toBe("The event was 1 day ago");
    expect(eventDaysLabel(event, at("2026-12-25T09:00:00Z"), tz)).toBe("The event was 6 days ago");
  });

  it("reads the calendar in the workspace timezone", () => {
    // 23:30 UTC on the 18th is already the 19th in Berlin (the day of the show), still the 18th in New York.
    const now = at("2026-12-18T23:30:00Z");
    expect(eventDaysLabel(event, now, "America/New_York")).toBe("The event is tomorrow");
    expect(eventDaysLabel(Number.NaN, now, tz)).toBeNull();
  });
});

describe("applyEventSettings: the event's days", () => {
  // The show starts at 18:00 on Friday 6 March 2026 in London.
  const friday: EventSettings = {
    eventName: "Harbour Lights",
    eventDate: "2026-03-06T18:00:00.000Z",
    timezone: "Europe/London",
  };
  const fieldErrorsOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).extra?.fieldErrors;
    }
    throw new Error("expected a refusal");
  };

  it("keeps a last show day, load-in and load-out around the start", () => {
    const next = applyEventSettings(friday, {
      eventEndDate: "2026-03-08",
      loadInDate: "2026-03-05",
      loadOutDate: "2026-03-09",
    });
    expect(next).toMatchObject({
      eventDate: friday.eventDate,
      eventEndDate: "2026-03-08",
      loadInDate: "2026-03-05",
      loadOutDate: "2026-03-09",
    });
  });

  it("allows the edges: all on the start day, load-out on the start day of a one-day event", () => {
    const sameDay = { eventEndDate: "2026-03-06", loadInDate: "2026-03-06", loadOutDate: "2026-03-06" };
    expect(applyEventSettings(friday, sameDay)).toMatchObject(sameDay);
  });

  it("refuses a last day before the first, load-in after it, load-out before the last show day", () => {
    expect(fieldErrorsOf(() => applyEventSettings(friday, { eventEndDate: "2026-03-05" }))).toEqual({
      eventEndDate: ["The last show day cannot be before the first (2026-03-06)"],
    });
    expect(fieldErrorsOf(() => applyEventSettings(friday, { loadInDate: "2026-03-07" }))).toEqual({
      loadInDate: ["Load-in cannot be after the first show day (2026-03-06)"],
    });
    expect(
      fieldErrorsOf(() => applyEventSettings(friday, { eventEndDate: "2026-03-08", loadOutDate: "2026-03-07" })),
    ).toEqual({
      loadOutDate: ["Load-out cannot be before the last show day (2026-03-08)"],
    });
    // Without a last show day, load-out is measured from the start.
    expect(fieldErrorsOf(() => applyEventSettings(friday, { loadOutDate: "2026-03-05" }))).toEqual({
      loadOutDate: ["Load-out cannot be before the last show day (2026-03-06)"],
    });
  });

  it(`spans at most ${EVENT_SPAN_MAX_DAYS} days, load-in to load-out`, () => {
    const tooLong = [`The event can span at most ${EVENT_SPAN_MAX_DAYS} days, load-in to load-out`];
    expect(applyEventSettings(friday, { eventEndDate: "2026-04-05" }).eventEndDate).toBe("2026-04-05");
    expect(fieldErrorsOf(() => applyEventSettings(friday, { eventEndDate: "2026-04-06" }))).toEqual({
      eventEndDate: tooLong,
    });
    expect(
      fieldErrorsOf(() => applyEventSettings(friday, { eventEndDate: "2026-03-20", loadInDate: "2026-02-15" })),
    ).toEqual({
      loadInDate: tooLong,
    });
    expect(
      fieldErrorsOf(() => applyEventSettings(friday, { loadInDate: "2026-03-05", loadOutDate: "2026-04-10" })),
    ).toEqual({
      loadOutDate: tooLong,
    });
  });

  it("checks the kept days against a moved start", () => {
    const multiDay = { ...friday, eventEndDate: "2026-03-08", loadInDate: "2026-03-05", loadOutDate: null };
    expect(fieldErrorsOf(() => applyEventSettings(multiDay, { eventDate: "2026-03-10" }))).toEqual({
      eventEndDate: ["The last show day cannot be before the first (2026-03-10)"],
    });
    expect(fieldErrorsOf(() => applyEventSettings(multiDay, { eventDate: "2026-03-04" }))).toEqual({
      loadInDate: ["Load-in cannot be after the first show day (2026-03-04)"],
    });
    expect(
      applyEventSettings(multiDay, { eventDate: "2026-03-04", eventEndDate: "2026-03-06", loadInDate: null }),
    ).toMatchObject({
      eventEndDate: "2026-03-06",
      loadInDate: null,
    });
  });

  it("keeps the local days through a timezone change, as it keeps the start's wall clock", () => {
    const multiDay = { ...friday, eventEndDate: "2026-03-08", loadInDate: "2026-03-05", loadOutDate: "2026-03-09" };
    const next = applyEventSettings(multiDay, { timezone: "Pacific/Auckland" });
    expect(eventWallClock(next.eventDate, "Pacific/Auckland")).toEqual({ date: "2026-03-06", time: "18:00" });
    expect(next).toMatchObject({ eventEndDate: "2026-03-08", loadInDate: "2026-03-05", loadOutDate: "2026-03-09" });
  });

  it("clears the days with the event date, and refuses days without one", () => {
    const multiDay = { ...friday, eventEndDate: "2026-03-08", loadInDate: "2026-03-05", loadOutDate: "2026-03-09" };
    expect(applyEventSettings(multiDay, { eventDate: null })).toMatchObject({
      eventDate: null,
      eventEndDate: null,
      loadInDate: null,
      loadOutDate: null,
    });
    const message = "Set the event date (the first show day) first";
    expect(fieldErrorsOf(() => applyEventSettings(multiDay, { eventDate: null, eventEndDate: "2026-03-08" }))).toEqual({
      eventEndDate: [message],
    });
    expect(
      fieldErrorsOf(() =>
        applyEventSettings({ ...friday, eventDate: null }, { loadInDate: "2026-03-05", loadOutDate: "2026-03-09" }),
      ),
    ).toEqual({
      loadInDate: [message],
      loadOutDate: [message],
    });
    // Cleared fields are no refusal: an emptied form without an event date saves.
    expect(applyEventSettings({ ...friday, eventDate: null }, { eventEndDate: null, loadInDate: null })).toMatchObject(
      noDays,
    );
  });
});

describe("eventSettingsSchema: the event's days", () => {
  it("takes real local days, and blank as cleared", () => {
    const parsed = eventSettingsSchema.parse({ eventEndDate: "2026-03-08", loadInDate: "", loadOutDate: null });
    expect(parsed).toMatchObject({ eventEndDate: "2026-03-08", loadInDate: null, loadOutDate: null });
    const bad = eventSettingsSchema.safeParse({ eventEndDate: "2026-02-30", loadInDate: "5 March", loadOutDate: 5 });
    expect(bad.success).toBe(false);
    expect(bad.error?.flatten().fieldErrors).toEqual({
      eventEndDate: ["Last show day must be a real date (YYYY-MM-DD)"],
      loadInDate: ["Load-in date must be a real date (YYYY-MM-DD)"],
      loadOutDate: ["Load-out date must be text"],
    });
  });
});

describe("showDaysLabel", () => {
  it("says the show days and the load days beside the countdown", () => {
    expect(showDaysLabel("2026-03-06", { eventEndDate: "2026-03-08", loadInDate: "2026-03-05" })).toBe(
      "Show days: Fri 6 – Sun 8 Mar · Load-in Thu 5 Mar",
    );
    expect(showDaysLabel("2026-02-27", { eventEndDate: "2026-03-01", loadOutDate: "2026-03-02" })).toBe(
      "Show days: Fri 27 Feb – Sun 1 Mar · Load-out Mon 2 Mar",
    );
    expect(showDaysLabel("2025-12-31", { eventEndDate: "2026-01-02" })).toBe(
      "Show days: Wed 31 Dec 2025 – Fri 2 Jan 2026",
    );
    expect(showDaysLabel("2026-03-06", { loadInDate: "2026-03-05" })).toBe("Show day: Fri 6 Mar · Load-in Thu 5 Mar");
  });

  it("says nothing for a one-day event without load days, or without an event", () => {
    expect(showDaysLabel("2026-03-06", {})).toBeNull();
    expect(showDaysLabel("2026-03-06", { eventEndDate: "2026-03-06", loadInDate: null, loadOutDate: null })).toBeNull();
    expect(showDaysLabel(null, { eventEndDate: "2026-03-08" })).toBeNull();
  });
});

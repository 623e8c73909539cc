import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  formatActivityTime,
  formatDueDate,
  formatEventDate,
  formatEventInstant,
  formatShortDay,
  formatTimeAgo,
  formatUtcTimestamp,
  formatWeek,
  instantsInZone,
  isValidTimezone,
  monthFrom,
  normalizeDueDate,
  todayIn,
  wallClock,
  weekdayOf,
  weekStartOf,
  zonedTimeToInstant,
} from "./dates";

const at = (iso: string) => new Date(iso);

describe("todayIn", () => {
  it("gives each zone its own date at the same instant around midnight", () => {
    const now = at("2026-05-14T23:30:00Z");
    expect(todayIn("UTC", now)).toBe("2026-05-14");
    expect(todayIn("Europe/Berlin", now)).toBe("2026-05-15");
    expect(todayIn("America/Los_Angeles", now)).toBe("2026-05-14");
    expect(todayIn("Asia/Kolkata", now)).toBe("2026-05-15");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-05-15");
  });

  it("keeps the previous day west of UTC after UTC midnight", () => {
    const now = at("2026-05-15T06:30:00Z");
    expect(todayIn("UTC", now)).toBe("2026-05-15");
    expect(todayIn("America/Los_Angeles", now)).toBe("2026-05-14");
    expect(todayIn("Pacific/Honolulu", now)).toBe("2026-05-14");
    expect(todayIn("Pacific/Auckland", now)).toBe("2026-05-15");
  });

  it("turns the date exactly at local midnight", () => {
    // Berlin is on CEST (UTC+2) in May: local midnight is 22:00 UTC.
    expect(todayIn("Europe/Berlin", at("2026-05-14T21:59:59.999Z"))).toBe("2026-05-14");
    expect(todayIn("Europe/Berlin", at("2026-05-14T22:00:00Z"))).toBe("2026-05-15");
    expect(wallClock(at("2026-05-14T22:00:00Z"), "Europe/Berlin")).toEqual({ date: "2026-05-15", time: "00:00", second: 0 });
  });

  it("crosses the year end in the zone's own time", () => {
    const now = at("2026-12-31T23:30:00Z");
    expect(todayIn("Europe/Berlin", now)).toBe("2027-01-01");
    expect(todayIn("Pacific/Kiritimati", now)).toBe("2027-01-01");
    expect(todayIn("America/New_York", now)).toBe("2026-12-31");
  });
});

describe("zonedTimeToInstant", () => {
  it("converts ordinary wall-clock times with the offset in force that day", () => {
    expect(zonedTimeToInstant("2026-07-04", "09:00", "America/New_York").toISOString()).toBe("2026-07-04T13:00:00.000Z");
    expect(zonedTimeToInstant("2026-01-15", "09:00", "America/New_York").toISOString()).toBe("2026-01-15T14:00:00.000Z");
    expect(zonedTimeToInstant("2026-01-15", "09:00", "Europe/London").toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(zonedTimeToInstant("2026-07-15", "09:00", "Europe/London").toISOString()).toBe("2026-07-15T08:00:00.000Z");
    expect(zonedTimeToInstant("2026-05-15", "09:00", "Asia/Kolkata").toISOString()).toBe("2026-05-15T03:30:00.000Z");
  });

  it("moves a time skipped by the spring gap forward by the gap (New York, 2026-03-08)", () => {
    expect(zonedTimeToInstant("2026-03-08", "01:59", "America/New_York").toISOString()).toBe("2026-03-08T06:59:00.000Z");
    expect(zonedTimeToInstant("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedTimeToInstant("2026-03-08", "03:00", "America/New_York").toISOString()).toBe("2026-03-08T07:00:00.000Z");
  });

  it("moves a time skipped by the spring gap forward by the gap (London, 2026-03-29)", () => {
    expect(zonedTimeToInstant("2026-03-29", "00:59", "Europe/London").toISOString()).toBe("2026-03-29T00:59:00.000Z");
    expect(zonedTimeToInstant("2026-03-29", "01:30", "Europe/London").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(zonedTimeToInstant("2026-03-29", "02:00", "Europe/London").toISOString()).toBe("2026-03-29T01:00:00.000Z");
  });

  it("takes the earlier instant when the autumn overlap repeats a time (New York, 2026-11-01)", () => {
    expect(zonedTimeToInstant("2026-11-01", "00:30", "America/New_York").toISOString()).toBe("2026-11-01T04:30:00.000Z");
    expect(zonedTimeToInstant("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedTimeToInstant("2026-11-01", "02:00", "America/New_York").toISOString()).toBe("2026-11-01T07:00:00.000Z");
  });

  it("takes the earlier instant when the autumn overlap repeats a time (London, 2026-10-25)", () => {
    expect(zonedTimeToInstant("2026-10-25", "00:30", "Europe/London").toISOString()).toBe("2026-10-24T23:30:00.000Z");
    expect(zonedTimeToInstant("2026-10-25", "01:30", "Europe/London").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(zonedTimeToInstant("2026-10-25", "02:00", "Europe/London").toISOString()).toBe("2026-10-25T02:00:00.000Z");
  });

  it("handles the southern hemisphere's April overlap (Sydney, 2026-04-05)", () => {
    expect(zonedTimeToInstant("2026-04-05", "02:30", "Australia/Sydney").toISOString()).toBe("2026-04-04T15:30:00.000Z");
  });

  it("round-trips through wallClock for every time that exists", () => {
    const cases: [string, string, string][] = [
      ["2026-11-01", "01:30", "America/New_York"],
      ["2026-10-25", "01:30", "Europe/London"],
      ["2026-03-08", "03:15", "America/New_York"],
      ["2026-12-31", "23:59", "Pacific/Kiritimati"],
      ["2026-06-01", "00:00", "America/St_Johns"],
    ];
    for (const [date, time, tz] of cases) {
      expect(wallClock(zonedTimeToInstant(date, time, tz), tz), `${date} ${time} ${tz}`).toMatchObject({ date, time });
    }
  });
});

describe("instantsInZone", () => {
  // Zones with a spring gap and an autumn overlap, one changing by 30 minutes, one south of the equator, one
  // that skipped a whole day (Apia, 2011-12-30), and one without changes.
  const zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Santiago", "Pacific/Apia", "UTC"];
  const times = ["00:00", "00:30", "01:30", "02:00", "02:30", "03:00", "12:00", "23:59"];

  it("gives the instant zonedTimeToInstant gives, every day of a year and across the clock changes' hours", () => {
    for (const zone of zones) {
      const inZone = instantsInZone(zone);
      for (const year of ["2011-06-01", "2026-01-01"]) {
        for (let day = 0; day < 366; day++) {
          const date = addDays(year, day);
          for (const time of times) {
            const expected = zonedTimeToInstant(date, time, zone).toISOString();
            expect(inZone(date, time).toISOString(), `${zone} ${date} ${time}`).toBe(expected);
          }
        }
      }
    }
  });

  it("answers a day again from what it learnt, the same as the first time", () => {
    const inZone = instantsInZone("America/New_York");
    expect(inZone("2026-03-08", "02:30").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(inZone("2026-03-08", "02:30").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(inZone("2026-07-04", "09:00").toISOString()).toBe("2026-07-04T13:00:00.000Z");
    expect(inZone("2026-07-04", "21:15").toISOString()).toBe("2026-07-05T01:15:00.000Z");
  });
});

describe("daysBetween", () => {
  it("counts calendar days across DST changes as whole days", () => {
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
  });

  it("counts across month and year ends, leap years included", () => {
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2026-02-28", "2026-03-01")).toBe(1);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
  });

  it("is zero for the same day and negative backwards", () => {
    expect(daysBetween("2026-05-14", "2026-05-14")).toBe(0);
    expect(daysBetween("2027-01-01", "2026-12-31")).toBe(-1);
  });
});

describe("addDays", () => {
  it("moves across month, year and leap-day boundaries", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(addDays("2026-05-14", 0)).toBe("2026-05-14");
    expect(addDays("2026-01-01", 365)).toBe("2027-01-01");
  });
});

describe("normalizeDueDate", () => {
  it("keeps real calendar dates as they are", () => {
    expect(normalizeDueDate("2026-05-20", "UTC")).toBe("2026-05-20");
    expect(normalizeDueDate(" 2026-05-20 ", "Europe/Berlin")).toBe("2026-05-20");
    expect(normalizeDueDate("2028-02-29", "UTC")).toBe("2028-02-29");
    expect(normalizeDueDate("2026-12-31", "UTC")).toBe("2026-12-31");
  });

  it("rejects dates the calendar does not have", () => {
    for (const value of ["2026-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-05-00", "2026-05-32"]) {
      expect(normalizeDueDate(value, "UTC"), value).toBeNull();
    }
  });

  it("keeps a local time to the minute without touching the zone", () => {
    expect(normalizeDueDate("2026-05-20T14:30", "America/Los_Angeles")).toBe("2026-05-20T14:30");
    expect(normalizeDueDate("2026-05-20T14:30:45", "UTC")).toBe("2026-05-20T14:30");
    expect(normalizeDueDate("2026-05-20T14:30:45.123", "UTC")).toBe("2026-05-20T14:30");
    expect(normalizeDueDate("2026-05-20T00:00", "UTC")).toBe("2026-05-20T00:00");
    expect(normalizeDueDate("2026-05-20T23:59", "UTC")).toBe("2026-05-20T23:59");
  });

  it("rejects times the clock does not have", () => {
    for (const value of ["2026-05-20T24:00", "2026-05-20T12:60", "2026-05-20T12:00:60", "2026-05-20T12:00:99", "2026-02-29T10:00"]) {
      expect(normalizeDueDate(value, "UTC"), value).toBeNull();
    }
  });

  it("converts an instant with Z to the workspace's wall clock", () => {
    expect(normalizeDueDate("2026-05-20T12:00Z", "UTC")).toBe("2026-05-20T12:00");
    expect(normalizeDueDate("2026-05-20T12:00:00Z", "Europe/Berlin")).toBe("2026-05-20T14:00");
    expect(normalizeDueDate("2026-05-20T12:00:00.000Z", "America/Los_Angeles")).toBe("2026-05-20T05:00");
    expect(normalizeDueDate("2026-05-20T23:30:00Z", "Europe/Berlin")).toBe("2026-05-21T01:30");
    expect(normalizeDueDate("2026-05-20T12:00:00.123456789z", "Europe/Berlin")).toBe("2026-05-20T14:00");
  });

  it("converts an instant with a numeric offset to the workspace's wall clock", () => {
    expect(normalizeDueDate("2026-05-20T10:00+05:30", "UTC")).toBe("2026-05-20T04:30");
    expect(normalizeDueDate("2026-05-20T10:00:00+05:30", "Asia/Kolkata")).toBe("2026-05-20T10:00");
    expect(normalizeDueDate("2026-05-20T10:00:00.000+0530", "UTC")).toBe("2026-05-20T04:30");
    expect(normalizeDueDate("2026-01-01T02:00-08:00", "UTC")).toBe("2026-01-01T10:00");
    expect(normalizeDueDate("2026-01-01T00:30+01:00", "UTC")).toBe("2025-12-31T23:30");
    expect(normalizeDueDate("2026-03-08T07:30Z", "America/New_York")).toBe("2026-03-08T03:30");
  });

  it("rejects offsets no zone uses and offset instants on impossible dates", () => {
    for (const value of ["2026-05-20T10:00+15:00", "2026-05-20T10:00+05:60", "2026-02-30T10:00Z", "2026-05-20T25:00Z"]) {
      expect(normalizeDueDate(value, "UTC"), value).toBeNull();
    }
  });

  it("rejects anything else", () => {
    const garbage = [
      "",
      "   ",
      "tomorrow",
      "20-05-2026",
      "2026/05/20",
      "2026-5-20",
      "2026-05-20T",
      "2026-05-20 14:00",
      "2026-05-20T14",
      "2026-05-20T14:00 PST",
      "2026-05-20Z",
      "0000-00-00",
      "2026-05-20T14:00:00.1234",
      "1747742400000",
    ];
    for (const value of garbage) expect(normalizeDueDate(value, "UTC"), JSON.stringify(value)).toBeNull();
  });
});

describe("isValidTimezone", () => {
  it("accepts IANA zone names", () => {
    for (const tz of ["UTC", "Europe/Berlin", "America/Los_Angeles", "America/Argentina/Buenos_Aires", "Etc/GMT+5"]) {
      expect(isValidTimezone(tz), tz).toBe(true);
    }
  });

  it("rejects unknown names, fixed offsets and junk", () => {
    for (const tz of ["", "Mars/Olympus_Mons", "Europe/Berlinn", "+05:30", "-08:00", "Europe/Berlin; drop", "../etc"]) {
      expect(isValidTimezone(tz), tz).toBe(false);
    }
  });
});

describe("formatDueDate", () => {
  const today = "2026-11-21";

  it("names the nearby days", () => {
    expect(formatDueDate("2026-11-21", today)).toBe("Today");
    expect(formatDueDate("2026-11-22", today)).toBe("Tomorrow");
    expect(formatDueDate("2026-11-20", today)).toBe("Yesterday");
  });

  it("shows weekday and date within the year, and the year outside it", () => {
    expect(formatDueDate("2026-11-28", today)).toBe("Sat, Nov 28");
    expect(formatDueDate("2027-03-03", today)).toBe("Mar 3, 2027");
  });

  it("keeps the wall-clock time as stored, whatever the viewer's timezone", () => {
    expect(formatDueDate("2026-11-28T09:30", today)).toBe("Sat, Nov 28, 9:30 AM");
    expect(formatDueDate("2026-11-21T23:45", today)).toBe("Today, 11:45 PM");
  });
});

describe("formatEventDate", () => {
  it("writes the local date with its weekday and year, and the time when there is one", () => {
    expect(formatEventDate("2026-06-06", "18:00")).toBe("Sat, Jun 6, 2026 at 6:00 PM");
    expect(formatEventDate("2026-06-06", "09:05")).toBe("Sat, Jun 6, 2026 at 9:05 AM");
    expect(formatEventDate("2026-06-06", "00:00")).toBe("Sat, Jun 6, 2026");
  });
});

describe("formatWeek and formatActivityTime", () => {
  it("names a week by its Monday, with the year when asked", () => {
    expect(formatWeek("2026-06-08")).toBe("Jun 8");
    expect(formatWeek("2026-12-28", true)).toBe("Dec 28, 2026");
  });

  it("shows an activity's time in the workspace's time zone", () => {
    expect(formatActivityTime("2026-06-10T10:05:00.000Z", "Europe/Berlin")).toBe("Jun 10, 12:05 PM");
    expect(formatActivityTime("2026-06-10T02:00:00.000Z", "America/New_York")).toBe("Jun 9, 10:00 PM");
  });
});

describe("instants as shown", () => {
  it("says an event instant in the workspace zone, an admin timestamp in UTC, and a short UTC day", () => {
    expect(formatEventInstant(new Date("2026-11-22T00:00:00Z"), "America/New_York")).toBe("Sat, Nov 21, 7:00 PM");
    expect(formatUtcTimestamp("2026-11-03T14:05:09Z")).toBe("Nov 3, 2026, 14:05 UTC");
    expect(formatShortDay("2026-11-03T23:59:00Z")).toBe("Tue 3 Nov");
  });
});

describe("calendar arithmetic", () => {
  it("finds the weekday (Monday first) and the Monday of a week", () => {
    expect(weekdayOf("2026-06-08")).toBe(0);
    expect(weekdayOf("2026-06-14")).toBe(6);
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28");
  });

  it("moves by calendar months, clamping the day to the month's end", () => {
    expect(monthFrom("2026-01-31", 1, 31)).toBe("2026-02-28");
    expect(monthFrom("2026-11-15", 2, "last")).toBe("2027-01-31");
    expect(monthFrom("2028-01-10", 1, 29)).toBe("2028-02-29");
  });
});

describe("formatTimeAgo", () => {
  const now = at("2027-03-10T12:00:00Z");
  it.each([
    ["2027-03-10T11:59:30Z", "just now"],
    ["2027-03-10T11:55:00Z", "5 min ago"],
    ["2027-03-10T10:00:00Z", "2 h ago"],
    ["2027-03-09T11:00:00Z", "yesterday"],
    ["2027-03-07T12:00:00Z", "3 days ago"],
    ["2027-03-01T09:00:00Z", "Mar 1, 2027"],
  ])("says %s as %s", (iso, words) => {
    expect(formatTimeAgo(iso, now)).toBe(words);
  });
});

import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv";
import {
  CUE_CSV_COLUMNS,
  cueCsvRows,
  defaultShowDay,
  departmentTotals,
  describeDuration,
  eventDays,
  isCalendarDay,
  moveCue,
  parseDuration,
  planCues,
  readCueCsv,
  venueClock,
  type CueInput,
} from "./show";

let seq = 0;
function cue(partial: Partial<CueInput> & Pick<CueInput, "timing">): CueInput {
  seq += 1;
  return {
    id: partial.id ?? `c${seq}`,
    title: partial.title ?? `Cue ${seq}`,
    start: partial.start ?? null,
    duration: partial.duration ?? 600,
    timing: partial.timing,
    department: null,
    assigneeId: null,
    assigneeName: null,
    notes: null,
    taskIds: [],
    openTaskCount: partial.openTaskCount ?? 0,
    position: seq,
  };
}
const fixed = (id: string, start: string, minutes: number) =>
  cue({ id, timing: "fixed", start, duration: minutes * 60 });
const flex = (id: string, minutes: number, start: string | null = null) =>
  cue({ id, timing: "flexible", start, duration: minutes * 60 });

const times = (plan: ReturnType<typeof planCues>) => plan.cues.map((c) => [c.id, c.plannedStart, c.plannedEnd]);

describe("planCues", () => {
  it("keeps fixed starts and runs flexible cues on from the cue before", () => {
    const plan = planCues("2026-06-06", "UTC", [fixed("doors", "18:00", 30), flex("walk-in", 15), flex("welcome", 5)]);
    expect(times(plan)).toEqual([
      ["doors", "2026-06-06T18:00:00.000Z", "2026-06-06T18:30:00.000Z"],
      ["walk-in", "2026-06-06T18:30:00.000Z", "2026-06-06T18:45:00.000Z"],
      ["welcome", "2026-06-06T18:45:00.000Z", "2026-06-06T18:50:00.000Z"],
    ]);
    expect(plan.conflicts).toEqual([]);
    expect(plan.plannedEnd).toBe("2026-06-06T18:50:00.000Z");
  });

  it("reads the wall clock in the workspace timezone", () => {
    const plan = planCues("2026-06-06", "Europe/Berlin", [fixed("a", "20:00", 60)]);
    expect(plan.cues[0].plannedStart).toBe("2026-06-06T18:00:00.000Z");
  });

  it("starts a flexible first cue at its hint, else back-times it to the first fixed cue, else at midnight", () => {
    expect(planCues("2026-06-06", "UTC", [flex("a", 10, "17:00")]).cues[0].plannedStart).toBe(
      "2026-06-06T17:00:00.000Z",
    );
    const backTimed = planCues("2026-06-06", "UTC", [flex("a", 10), flex("b", 20), fixed("doors", "19:00", 30)]);
    expect(times(backTimed).slice(0, 2)).toEqual([
      ["a", "2026-06-06T18:30:00.000Z", "2026-06-06T18:40:00.000Z"],
      ["b", "2026-06-06T18:40:00.000Z", "2026-06-06T19:00:00.000Z"],
    ]);
    expect(backTimed.conflicts).toEqual([]);
    expect(planCues("2026-06-06", "UTC", [flex("a", 10)]).cues[0].plannedStart).toBe("2026-06-06T00:00:00.000Z");
  });

  it("runs past midnight: a fixed start earlier than the cue before belongs to the next day", () => {
    const plan = planCues("2026-06-06", "UTC", [
      fixed("late", "23:30", 30),
      fixed("after", "00:15", 30),
      flex("encore", 20),
    ]);
    expect(times(plan)).toEqual([
      ["late", "2026-06-06T23:30:00.000Z", "2026-06-07T00:00:00.000Z"],
      ["after", "2026-06-07T00:15:00.000Z", "2026-06-07T00:45:00.000Z"],
      ["encore", "2026-06-07T00:45:00.000Z", "2026-06-07T01:05:00.000Z"],
    ]);
    expect(plan.conflicts).toEqual([{ kind: "gap", cueId: "after", previousCueId: "late", seconds: 900 }]);
  });

  it("keeps counting days once flexible cues have crossed midnight", () => {
    const plan = planCues("2026-06-06", "UTC", [
      fixed("a", "23:00", 90),
      fixed("b", "00:30", 10),
      fixed("c", "01:00", 10),
    ]);
    expect(plan.cues.map((c) => c.plannedStart)).toEqual([
      "2026-06-06T23:00:00.000Z",
      "2026-06-07T00:30:00.000Z",
      "2026-06-07T01:00:00.000Z",
    ]);
  });

  it("flags gaps and overlaps only before fixed cues", () => {
    const plan = planCues("2026-06-06", "UTC", [
      fixed("a", "18:00", 30),
      fixed("b", "18:20", 30), // starts 10 minutes before a ends
      flex("c", 10),
      fixed("d", "19:30", 10), // c ends 19:00: a 30-minute gap
      fixed("e", "19:40", 10), // exactly on time
    ]);
    expect(plan.conflicts).toEqual([
      { kind: "overlap", cueId: "b", previousCueId: "a", seconds: 600 },
      { kind: "gap", cueId: "d", previousCueId: "c", seconds: 1800 },
    ]);
  });

  it("ends the day at the latest end, even when an earlier cue overruns a later one", () => {
    const plan = planCues("2026-06-06", "UTC", [fixed("long", "18:00", 120), fixed("short", "18:30", 10)]);
    expect(plan.plannedEnd).toBe("2026-06-06T20:00:00.000Z");
    expect(planCues("2026-06-06", "UTC", []).plannedEnd).toBeNull();
  });

  it("is right on the night the clocks go back (New York, 2026-11-01)", () => {
    // 01:00–02:00 happens twice; a flexible cue lasts its real seconds, a fixed cue keeps its wall clock.
    const plan = planCues("2026-10-31", "America/New_York", [
      fixed("a", "23:30", 120),
      flex("b", 60),
      fixed("c", "03:00", 10),
    ]);
    expect(times(plan)).toEqual([
      ["a", "2026-11-01T03:30:00.000Z", "2026-11-01T05:30:00.000Z"], // 23:30 EDT → 01:30 EDT
      ["b", "2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"], // 01:30 EDT → 01:30 EST
      ["c", "2026-11-01T08:00:00.000Z", "2026-11-01T08:10:00.000Z"], // 03:00 EST
    ]);
    expect(plan.conflicts).toEqual([{ kind: "gap", cueId: "c", previousCueId: "b", seconds: 5400 }]);
  });

  it("is right on the night the clocks go forward (Berlin, 2026-03-29)", () => {
    const plan = planCues("2026-03-28", "Europe/Berlin", [fixed("a", "23:00", 180), fixed("b", "03:00", 10)]);
    // 23:00 CET is 22:00Z; three real hours later is 01:00Z = 03:00 CEST, exactly b's start.
    expect(times(plan)).toEqual([
      ["a", "2026-03-28T22:00:00.000Z", "2026-03-29T01:00:00.000Z"],
      ["b", "2026-03-29T01:00:00.000Z", "2026-03-29T01:10:00.000Z"],
    ]);
    expect(plan.conflicts).toEqual([]);
  });

  it("marks a cue with open linked tasks as not ready", () => {
    const plan = planCues("2026-06-06", "UTC", [cue({ id: "x", timing: "flexible", openTaskCount: 2 }), flex("y", 5)]);
    expect(plan.cues.map((c) => c.ready)).toEqual([false, true]);
  });

  it("treats a fixed cue without a start as flexible", () => {
    const plan = planCues("2026-06-06", "UTC", [
      fixed("a", "18:00", 10),
      cue({ id: "b", timing: "fixed", start: null }),
    ]);
    expect(plan.cues[1].plannedStart).toBe("2026-06-06T18:10:00.000Z");
    expect(plan.conflicts).toEqual([]);
  });
});

const settings = {
  eventDate: "2026-06-05T22:00:00.000Z", // 2026-06-06 00:00 in Berlin
  eventEndDate: null as string | null,
  loadInDate: null as string | null,
  loadOutDate: null as string | null,
  timezone: "Europe/Berlin",
};

describe("eventDays", () => {
  it("is the event date's local day for a one-day event, and nothing without an event date", () => {
    expect(eventDays(settings)).toEqual([{ day: "2026-06-06", kind: "show" }]);
    expect(eventDays({ ...settings, eventDate: null })).toEqual([]);
  });

  it("runs from the show start to the end date with load-in before and load-out after", () => {
    expect(
      eventDays({ ...settings, eventEndDate: "2026-06-08", loadInDate: "2026-06-04", loadOutDate: "2026-06-09" }),
    ).toEqual([
      { day: "2026-06-04", kind: "load-in" },
      { day: "2026-06-06", kind: "show" },
      { day: "2026-06-07", kind: "show" },
      { day: "2026-06-08", kind: "show" },
      { day: "2026-06-09", kind: "load-out" },
    ]);
  });

  it("ignores an end before the start, load days inside the show, and bounds the show to 31 days", () => {
    expect(eventDays({ ...settings, eventEndDate: "2026-06-01", loadInDate: "2026-06-06" })).toEqual([
      { day: "2026-06-06", kind: "show" },
    ]);
    const long = eventDays({ ...settings, eventEndDate: "2027-06-06" });
    expect(long).toHaveLength(31);
    expect(long[30].day).toBe("2026-07-06");
  });
});

describe("defaultShowDay", () => {
  const multi = { ...settings, eventEndDate: "2026-06-08", loadInDate: "2026-06-04" };
  it("is today when today is an event day", () => {
    expect(defaultShowDay(multi, new Date("2026-06-04T10:00:00Z"))).toBe("2026-06-04");
    expect(defaultShowDay(multi, new Date("2026-06-07T10:00:00Z"))).toBe("2026-06-07");
  });
  it("is the first show day otherwise, and today without an event", () => {
    expect(defaultShowDay(multi, new Date("2026-05-01T10:00:00Z"))).toBe("2026-06-06");
    expect(defaultShowDay({ ...settings, eventDate: null }, new Date("2026-05-01T23:30:00Z"))).toBe("2026-05-02");
  });
});

describe("isCalendarDay", () => {
  it.each([
    ["2026-06-06", true],
    ["2026-02-29", false],
    ["2026-6-6", false],
    ["tomorrow", false],
  ])("%s → %s", (value, ok) => expect(isCalendarDay(value)).toBe(ok));
});

describe("parseDuration and describeDuration", () => {
  it.each([
    ["5", 300],
    [" 45 ", 2700],
    ["1:30", 90],
    ["90:00", 5400],
    ["1:05:00", 3900],
    ["0", 0],
    ["24:00:00", 86400],
    ["15 min", 900],
    ["15m", 900],
    ["15 minutes", 900],
    ["1 h 30 min", 5400],
    ["1h30m", 5400],
    ["2 hours", 7200],
    ["45 s", 45],
    ["90 sec", 90],
    ["1 min 30 s", 90],
    ["1 H 5 MIN", 3900],
  ])("%s is %i seconds", (text, seconds) => expect(parseDuration(text)).toBe(seconds));

  it.each(["", "five", "1:3", "1:60", "-5", "1.5", "24:00:01", "1:00:00:00", "min", "h", "25 h", "5 min 1 h", "5 x"])(
    "refuses %j",
    (text) => expect(parseDuration(text)).toBeNull(),
  );

  it("reads back what it writes, and writes units so that 15 minutes never looks like 15 hours", () => {
    for (const seconds of [90, 300, 900, 3900, 5400, 86400])
      expect(parseDuration(describeDuration(seconds))).toBe(seconds);
    expect(describeDuration(900)).toBe("15 min");
    expect(describeDuration(3900)).toBe("1 h 5 min");
    expect(describeDuration(90)).toBe("1 min 30 s");
    expect(describeDuration(0)).toBe("0 min");
  });

  it("takes a long run of spaces in linear time", () => {
    expect(parseDuration(`1${" ".repeat(50_000)}x`)).toBeNull();
    expect(parseDuration(`1 h${" ".repeat(50_000)}5 min`)).toBe(3900);
  });
});

describe("departmentTotals and moveCue", () => {
  it("adds up durations per department, no department last", () => {
    expect(
      departmentTotals([
        { department: null, duration: 60 },
        { department: "audio", duration: 300 },
        { department: "stage", duration: 120 },
        { department: "audio", duration: 30 },
      ]),
    ).toEqual([
      { department: "audio", seconds: 330 },
      { department: "stage", seconds: 120 },
      { department: null, seconds: 60 },
    ]);
  });

  it("swaps a cue with its neighbour, and leaves the ends alone", () => {
    expect(moveCue(["a", "b", "c"], "b", "up")).toEqual(["b", "a", "c"]);
    expect(moveCue(["a", "b", "c"], "b", "down")).toEqual(["a", "c", "b"]);
    expect(moveCue(["a", "b", "c"], "a", "up")).toEqual(["a", "b", "c"]);
    expect(moveCue(["a", "b", "c"], "c", "down")).toEqual(["a", "b", "c"]);
  });
});

describe("readCueCsv", () => {
  const read = (text: string) => {
    const parsed = parseCsv(text, 300);
    if (!parsed.ok) throw new Error(parsed.error);
    return readCueCsv(parsed.records);
  };

  it("reads cues in any column order, a blank timing fixed with a start", () => {
    const result = read(
      "Duration,Title,Start,Timing,Owner,Notes,Department\n5,Doors,18:00,,Maria,,stage\n1:30,Walk-in,,flexible,,Loop the playlist,audio\n",
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          title: "Doors",
          start: "18:00",
          duration: 300,
          timing: "fixed",
          department: "stage",
          owner: "Maria",
          notes: null,
        },
        {
          line: 3,
          title: "Walk-in",
          start: null,
          duration: 90,
          timing: "flexible",
          department: "audio",
          owner: null,
          notes: "Loop the playlist",
        },
      ],
    });
  });

  it("names every line that is wrong, and imports nothing", () => {
    const result = read(
      "title,start,duration,timing\nDoors,18:00,5,\n,19:00,5,fixed\nBand,25:00,five,\nEncore,,5,fixed\nBows,,5,soon\n",
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        "Line 3: title is required",
        "Line 4: start must be a time like 19:30",
        "Line 4: duration must be like 15 min, 1 h 30 min or 45 s (a plain number is minutes; 1:30 is 1 min 30 s)",
        "Line 5: a fixed cue needs a start time",
        "Line 6: timing must be fixed or flexible",
      ],
    });
  });

  it("needs a header naming known columns, title and duration among them", () => {
    expect(read("title,length\nDoors,5\n")).toEqual({
      ok: false,
      errors: ["Line 1: unknown column “length”", "Line 1: the “duration” column is missing"],
    });
    expect(read("")).toEqual({ ok: false, errors: ["The file is empty: the first line names the columns"] });
    expect(read("title,duration\n")).toEqual({ ok: false, errors: ["The file has no cues below its header"] });
  });

  it("round-trips an export, each sheet's cues naming their stage (ADR 037)", () => {
    const stages = [{ id: "tent", name: "Tent" }];
    const main = planCues("2026-06-06", "UTC", [fixed("a", "18:00", 5), flex("b", 65)]);
    const tent = planCues("2026-06-06", "UTC", [flex("c", 10)]);
    const csv = toCsv(
      CUE_CSV_COLUMNS,
      cueCsvRows(
        [
          { stageId: null, cues: main.cues },
          { stageId: "tent", cues: tent.cues },
        ],
        stages,
      ),
    );
    const parsed = parseCsv(csv, 10);
    const result = parsed.ok ? readCueCsv(parsed.records, stages) : null;
    expect(result?.ok && result.rows.map((r) => [r.title, r.start, r.duration, r.timing, r.stageId])).toEqual([
      ["Cue " + (seq - 2), "18:00", 300, "fixed", undefined],
      ["Cue " + (seq - 1), null, 3900, "flexible", undefined],
      ["Cue " + seq, null, 600, "flexible", "tent"],
    ]);
  });

  it("reads a stage by its name in any case, and refuses a name that is no stage with its line", () => {
    const stages = [{ id: "s1", name: "Main stage" }];
    const records = (text: string) => {
      const parsed = parseCsv(text, 10);
      return parsed.ok ? parsed.records : [];
    };
    expect(readCueCsv(records("title,duration,stage\nDoors,5,MAIN STAGE\nBand,5,no stage\n"), stages)).toMatchObject({
      ok: true,
      rows: [{ stageId: "s1" }, { stageId: null }],
    });
    expect(readCueCsv(records("title,duration,stage\nDoors,5,Arena\n"), stages)).toEqual({
      ok: false,
      errors: ["Line 2: no stage is named “Arena” (the stages are “Main stage”, “No stage”)"],
    });
    expect(readCueCsv(records("title,duration,stage\nDoors,5,Arena\n"))).toEqual({
      ok: false,
      errors: ["Line 2: no stage is named “Arena”: this workspace has no stages (name them in Settings)"],
    });
  });
});

describe("venueClock", () => {
  it("reads an instant on the venue's clock, counting days past the show day", () => {
    expect(venueClock("2026-06-06T16:00:00.000Z", "Europe/Berlin", "2026-06-06")).toEqual({
      time: "18:00",
      dayOffset: 0,
    });
    expect(venueClock("2026-06-06T22:30:00.000Z", "Europe/Berlin", "2026-06-06")).toEqual({
      time: "00:30",
      dayOffset: 1,
    });
  });
});

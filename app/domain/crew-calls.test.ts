import { describe, expect, it } from "vitest";
import {
  callCreateSchema,
  callerCallOf,
  callProblems,
  callSpan,
  crewCallWarnings,
  describeHours,
  END_BEFORE_START,
  type CallForRules,
  type CrewRulesInput,
  type CueForRules,
  type PersonForRules,
} from "./crew-calls";
import { zonedTimeToInstant } from "./dates";

const TZ = "Europe/London";
const sam: PersonForRules = { id: "p-sam", name: "Sam Okafor", department: "audio", userId: "u-sam" };
const jo: PersonForRules = { id: "p-jo", name: "Jo Park", department: null, userId: null };
const lee: PersonForRules = { id: "p-lee", name: "Lee Ward", department: "audio", userId: null };

let seq = 0;
function call(partial: Partial<CallForRules> & Pick<CallForRules, "start">): CallForRules {
  seq += 1;
  return {
    id: partial.id ?? `call${seq}`,
    day: partial.day ?? "2026-06-06",
    personId: partial.personId === undefined ? sam.id : partial.personId,
    department: partial.department ?? null,
    start: partial.start,
    end: partial.end ?? null,
  };
}

function cueAt(day: string, time: string, partial: Partial<CueForRules> = {}): CueForRules {
  seq += 1;
  return {
    id: partial.id ?? `cue${seq}`,
    title: partial.title ?? "Doors",
    plannedStart: zonedTimeToInstant(day, time, TZ).toISOString(),
    department: partial.department ?? null,
    assigneeId: partial.assigneeId ?? null,
    assigneeName: partial.assigneeName ?? null,
  };
}

function rules(partial: Partial<CrewRulesInput>): CrewRulesInput {
  return {
    day: "2026-06-06",
    timezone: TZ,
    calls: [],
    people: [sam, jo, lee],
    cues: [],
    eventDays: ["2026-06-05", "2026-06-06", "2026-06-07"],
    dayLimitHours: 12,
    restHours: 10,
    ...partial,
  };
}

const kinds = (input: Partial<CrewRulesInput>) => crewCallWarnings(rules(input)).map((w) => w.kind);
const messages = (input: Partial<CrewRulesInput>) => crewCallWarnings(rules(input)).map((w) => w.message);

describe("call schema", () => {
  const base = { day: "2026-06-06", personId: "p-sam", start: "14:00" };

  it("takes a call with blanks as nulls", () => {
    const parsed = callCreateSchema.parse({ ...base, end: "", department: "", location: " Stage door ", notes: "" });
    expect(parsed).toEqual({
      day: "2026-06-06",
      personId: "p-sam",
      department: null,
      start: "14:00",
      end: null,
      location: "Stage door",
      stageId: null,
      notes: null,
    });
  });

  it("refuses an end before or at the start on the end field", () => {
    for (const end of ["13:00", "14:00"]) {
      const result = callCreateSchema.safeParse({ ...base, end });
      expect(result.success).toBe(false);
      expect(result.error?.flatten().fieldErrors.end).toEqual([END_BEFORE_START]);
    }
  });

  it("wants a person or a department", () => {
    const result = callCreateSchema.safeParse({ day: "2026-06-06", start: "14:00" });
    expect(result.error?.flatten().fieldErrors.personId).toEqual(["Choose a person or a department"]);
    expect(callCreateSchema.safeParse({ day: "2026-06-06", start: "14:00", department: "Sound" }).success).toBe(true);
  });

  it("refuses times and days that are not real", () => {
    const result = callCreateSchema.safeParse({ ...base, day: "2026-02-30", start: "25:00", end: "9am" });
    const errors = result.error?.flatten().fieldErrors;
    expect(errors?.day).toEqual(["Day must be a real date like 2026-06-06"]);
    expect(errors?.start).toEqual(["Start must be a time like 14:00"]);
    expect(errors?.end).toEqual(["End must be a time like 14:00"]);
  });

  it("refuses wrong types with a message, not a crash", () => {
    const result = callCreateSchema.safeParse({ ...base, start: 1400, personId: ["x"] });
    expect(result.error?.flatten().fieldErrors.start).toEqual(["Start must be text"]);
  });

  it("callProblems checks merged values", () => {
    expect(callProblems({ personId: null, department: "Sound", start: "10:00", end: "09:59" })).toEqual({
      end: [END_BEFORE_START],
    });
    expect(callProblems({ personId: "p", department: null, start: "10:00", end: null })).toEqual({});
  });
});

describe("double calls", () => {
  it("warns when a person's calls overlap", () => {
    const calls = [call({ start: "13:00", end: "15:00" }), call({ start: "14:00", end: "16:00" })];
    expect(messages({ calls })).toEqual(["Sam Okafor is called twice at 14:00"]);
  });

  it("counts a call without an end as its minute: the same minute clashes, the next does not", () => {
    expect(kinds({ calls: [call({ start: "14:00" }), call({ start: "14:00" })] })).toEqual(["double-call"]);
    expect(kinds({ calls: [call({ start: "14:00" }), call({ start: "14:01" })] })).toEqual([]);
    // Back to back is no clash.
    expect(kinds({ calls: [call({ start: "10:00", end: "14:00" }), call({ start: "14:00" })] })).toEqual([]);
  });

  it("counts the person's department's calls with their own", () => {
    const calls = [
      call({ start: "09:00", end: "12:00", personId: null, department: "Audio" }),
      call({ start: "11:00", personId: sam.id }),
    ];
    const warnings = crewCallWarnings(rules({ calls }));
    expect(warnings.map((w) => w.message)).toEqual(["Sam Okafor is called twice at 11:00"]);
    expect(warnings[0].personId).toBe(sam.id);
  });

  it("says a clash of two department calls once, of the department", () => {
    const calls = [
      call({ start: "09:00", end: "12:00", personId: null, department: "audio" }),
      call({ start: "10:00", personId: null, department: "audio" }),
      call({ start: "18:00", personId: sam.id }),
    ];
    expect(messages({ calls })).toEqual(["Audio is called twice at 10:00"]);
  });

  it("only looks at the day asked for", () => {
    const calls = [
      call({ day: "2026-06-05", start: "14:00" }),
      call({ day: "2026-06-05", start: "14:00" }),
      call({ start: "20:00" }),
    ];
    expect(kinds({ calls, restHours: 0 })).toEqual([]);
  });
});

describe("cues without a call", () => {
  it("warns when the owner (a member) has no call before the cue", () => {
    const cues = [cueAt("2026-06-06", "18:30", { assigneeId: "u-sam", title: "Doors" })];
    expect(messages({ cues })).toEqual(["Sam Okafor has no call before “Doors” at 18:30"]);
    expect(kinds({ cues, calls: [call({ start: "18:30" })] })).toEqual([]);
    expect(kinds({ cues, calls: [call({ start: "18:31" })] })).toEqual(["no-call-before-cue"]);
  });

  it("finds an outside owner by name, in any case", () => {
    const cues = [cueAt("2026-06-06", "18:30", { assigneeName: "jo park" })];
    expect(kinds({ cues, calls: [call({ start: "17:00", personId: jo.id })] })).toEqual([]);
    expect(messages({ cues })).toEqual(["Jo Park has no call before “Doors” at 18:30"]);
  });

  it("names an owner missing from the directory as typed", () => {
    const cues = [cueAt("2026-06-06", "18:30", { assigneeName: "Ana Ruiz" })];
    expect(messages({ cues })).toEqual(["Ana Ruiz has no call before “Doors” at 18:30"]);
  });

  it("takes a department call, or a call of someone in the department, for the department", () => {
    const cues = [cueAt("2026-06-06", "18:30", { department: "sound", title: "Line check" })];
    expect(messages({ cues })).toEqual(["Sound has no call before “Line check” at 18:30"]);
    expect(kinds({ cues, calls: [call({ start: "12:00", personId: null, department: "Sound" })] })).toEqual([]);
    const audioCue = [cueAt("2026-06-06", "18:30", { department: "audio" })];
    expect(kinds({ cues: audioCue, calls: [call({ start: "12:00", personId: lee.id })] })).toEqual([]);
  });

  it("a call on another day does not count", () => {
    const cues = [cueAt("2026-06-06", "18:30", { assigneeId: "u-sam" })];
    expect(kinds({ cues, calls: [call({ day: "2026-06-05", start: "12:00" })] })).toEqual(["no-call-before-cue"]);
  });
});

describe("calls outside the event", () => {
  it("warns about each call on a day that is not an event day", () => {
    const calls = [call({ day: "2026-06-09", start: "09:00" })];
    expect(messages({ day: "2026-06-09", calls })).toEqual([
      "Sam Okafor's call at 09:00 on Tue 9 Jun is outside the event's days",
    ]);
    expect(kinds({ calls: [call({ start: "09:00" })] })).toEqual([]);
  });
});

describe("day length", () => {
  it("warns past the limit, first start to last end", () => {
    const calls = [call({ start: "08:00", end: "12:00" }), call({ start: "13:00", end: "21:30" })];
    expect(messages({ calls })).toEqual(["Sam Okafor's day on Sat 6 Jun is 13 h 30 min, over the 12-hour limit"]);
    expect(kinds({ calls, dayLimitHours: 14 })).toEqual([]);
  });

  it("exactly the limit is allowed", () => {
    expect(kinds({ calls: [call({ start: "08:00", end: "20:00" })] })).toEqual([]);
  });

  it("counts real hours across the spring-forward change (Europe/London 2026-03-29)", () => {
    // 00:30 to 13:00 on the wall clock is 11 h 30 min of real time: the clock skipped 01:00–02:00.
    const day = "2026-03-29";
    const calls = [call({ day, start: "00:30", end: "13:00" })];
    expect(kinds({ day, calls, eventDays: [day], dayLimitHours: 12 })).toEqual([]);
    expect(messages({ day, calls, eventDays: [day], dayLimitHours: 11 })).toEqual([
      "Sam Okafor's day on Sun 29 Mar is 11 h 30 min, over the 11-hour limit",
    ]);
  });

  it("counts real hours across the fall-back change (Europe/London 2026-10-25)", () => {
    // 00:30 to 12:00 on the wall clock is 12 h 30 min of real time: 01:00–02:00 happened twice.
    const day = "2026-10-25";
    const calls = [call({ day, start: "00:30", end: "12:00" })];
    expect(messages({ day, calls, eventDays: [day] })).toEqual([
      "Sam Okafor's day on Sun 25 Oct is 12 h 30 min, over the 12-hour limit",
    ]);
  });
});

describe("turnaround", () => {
  it("warns when the rest between two days is under the minimum, both ways from the day", () => {
    const calls = [
      call({ day: "2026-06-05", start: "14:00", end: "23:00" }),
      call({ day: "2026-06-06", start: "07:00", end: "12:00" }),
    ];
    expect(messages({ calls })).toEqual([
      "Sam Okafor has 8 h rest between Fri 5 Jun and Sat 6 Jun, under the 10-hour minimum",
    ]);
    expect(kinds({ day: "2026-06-05", calls })).toEqual(["short-rest"]);
    expect(kinds({ calls, restHours: 8 })).toEqual([]);
  });

  it("an open call ends a day a minute after its start", () => {
    const calls = [call({ day: "2026-06-05", start: "21:59" }), call({ day: "2026-06-06", start: "08:00" })];
    expect(kinds({ calls })).toEqual([]);
    expect(kinds({ calls, restHours: 10.5 })).toEqual(["short-rest"]);
  });

  it("counts the real rest over the spring-forward night (Europe/London 2026-03-29)", () => {
    // 22:00 on the 28th to 09:00 on the 29th is 11 hours on the wall clock but 10 of real time.
    const calls = [
      call({ day: "2026-03-28", start: "18:00", end: "22:00" }),
      call({ day: "2026-03-29", start: "09:00" }),
    ];
    const input = { day: "2026-03-29", calls, eventDays: ["2026-03-28", "2026-03-29"] };
    expect(kinds({ ...input, restHours: 10 })).toEqual([]);
    expect(messages({ ...input, restHours: 10.5 })).toEqual([
      "Sam Okafor has 10 h rest between Sat 28 Mar and Sun 29 Mar, under the 10.5-hour minimum",
    ]);
  });

  it("counts the real rest over the fall-back night (Europe/London 2026-10-25)", () => {
    // 23:00 on the 24th to 08:00 on the 25th is 9 hours on the wall clock but 10 of real time.
    const calls = [
      call({ day: "2026-10-24", start: "15:00", end: "23:00" }),
      call({ day: "2026-10-25", start: "08:00" }),
    ];
    const input = { day: "2026-10-25", calls, eventDays: ["2026-10-24", "2026-10-25"] };
    expect(kinds({ ...input, restHours: 10 })).toEqual([]);
    expect(kinds({ ...input, restHours: 10.25 })).toEqual(["short-rest"]);
  });

  it("says 'no rest' when the next day starts before the last one could end", () => {
    expect(describeHours(0)).toBe("0 min");
    const calls = [
      call({ day: "2026-06-05", start: "23:58" }),
      call({ day: "2026-06-06", start: "00:00", end: "02:00" }),
    ];
    expect(messages({ calls })[0]).toBe(
      "Sam Okafor has 1 min rest between Fri 5 Jun and Sat 6 Jun, under the 10-hour minimum",
    );
  });
});

describe("callSpan", () => {
  it("measures in real time", () => {
    const { start, end } = callSpan({ day: "2026-03-29", start: "00:00", end: "03:00" }, TZ);
    expect((end - start) / 3_600_000).toBe(2);
  });
});

describe("callerCallOf", () => {
  const dayCalls = [
    call({ id: "early", start: "09:00" }),
    call({ id: "late", start: "17:00" }),
    call({ id: "after", start: "20:00" }),
    call({ id: "dept", personId: null, department: "lighting", start: "16:00" }),
  ];

  it("is the owner's latest call at or before the cue", () => {
    const cue = cueAt("2026-06-06", "18:00", { assigneeId: "u-sam" });
    expect(callerCallOf(cue, [sam, jo], dayCalls, TZ)?.call?.id).toBe("late");
  });

  it("falls back to the department's call, and says when there is none", () => {
    const cue = cueAt("2026-06-06", "18:00", { department: "Lighting", assigneeName: "Jo Park" });
    expect(callerCallOf(cue, [sam, jo], dayCalls, TZ)?.call?.id).toBe("dept");
    const early = cueAt("2026-06-06", "08:00", { assigneeId: "u-sam" });
    expect(callerCallOf(early, [sam, jo], dayCalls, TZ)).toEqual({ call: null });
    expect(callerCallOf(cueAt("2026-06-06", "08:00"), [sam], dayCalls, TZ)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import {
  composeDaySheet,
  daySheetHasWork,
  daySheetSnapshot,
  describeDaySheetChanges,
  MAX_CHANGE_LINES,
  type DaySheetCallRow,
  type DaySheetCueRow,
  type DaySheetInput,
  type DaySheetPerson,
  type DaySheetSnapshot,
} from "./day-sheet";

const DAY = "2026-06-06";
const workspace = {
  eventName: "Summer Gala",
  venueAddress: "1 Harbour Road",
  eventDate: "2026-06-06T17:00:00.000Z",
  eventEndDate: null,
  loadInDate: "2026-06-05",
  loadOutDate: null,
  timezone: "Europe/London",
};

const ana: DaySheetPerson = {
  id: "p-ana",
  name: "Ana Lopez",
  role: "A1",
  department: "Audio",
  company: null,
  phone: "+44 7700 900001",
  email: "ana@example.com",
  userId: "u-ana",
};

const call = (partial: Partial<DaySheetCallRow> & Pick<DaySheetCallRow, "id" | "startTime">): DaySheetCallRow => ({
  day: DAY,
  personId: null,
  department: null,
  endTime: null,
  location: null,
  stageId: null,
  notes: null,
  ...partial,
});

let position = 0;
const cue = (partial: Partial<DaySheetCueRow> & Pick<DaySheetCueRow, "id">): DaySheetCueRow => ({
  title: partial.id,
  start: null,
  durationSeconds: 1800,
  timing: "flexible",
  department: null,
  assigneeId: null,
  assigneeName: null,
  stageId: null,
  position: ++position,
  ...partial,
});

function input(partial: Partial<DaySheetInput> = {}): DaySheetInput {
  return {
    workspace,
    day: DAY,
    person: ana,
    stages: [],
    calls: [],
    cues: [],
    tasks: [],
    keyContacts: [],
    ...partial,
  };
}

describe("composeDaySheet", () => {
  it("keeps the person's own calls and their department's, in call-time order, with stage names", () => {
    const sheet = composeDaySheet(
      input({
        stages: [{ id: "s1", name: "Main stage" }],
        calls: [
          call({ id: "c-dept", startTime: "14:00", department: "audio", location: "Dock" }),
          call({ id: "c-own", startTime: "09:00", personId: "p-ana", stageId: "s1", endTime: "17:00" }),
          call({ id: "c-other", startTime: "08:00", personId: "p-ben" }),
          call({ id: "c-light", startTime: "10:00", department: "Lighting" }),
          call({ id: "c-other-day", startTime: "07:00", personId: "p-ana", day: "2026-06-05" }),
        ],
      }),
    );
    expect(sheet.calls.map((c) => [c.id, c.stageName, c.department])).toEqual([
      ["c-own", "Main stage", null],
      ["c-dept", null, "audio"],
    ]);
  });

  it("keeps cues the person owns (by account or typed name) or their department runs, with planned times", () => {
    const sheet = composeDaySheet(
      input({
        cues: [
          cue({ id: "Walk-in", durationSeconds: 3600 }),
          cue({ id: "Doors", timing: "fixed", start: "19:00", assigneeId: "u-ana", assigneeName: "Ana Lopez" }),
          cue({ id: "Line check", department: "audio" }),
          cue({ id: "Speech", assigneeName: "ana lopez " }),
          cue({ id: "Not hers", assigneeId: "u-ben", assigneeName: "Ana Lopez" }),
        ],
      }),
    );
    expect(sheet.cues.map((c) => [c.title, c.start, c.end, c.reason])).toEqual([
      ["Doors", "19:00", "19:30", "owner"],
      ["Line check", "19:30", "20:00", "department"],
      ["Speech", "20:00", "20:30", "owner"],
    ]);
  });

  it("plans each stage's cues on their own and marks cues past midnight", () => {
    const sheet = composeDaySheet(
      input({
        stages: [
          { id: "s1", name: "Main" },
          { id: "s2", name: "Club" },
        ],
        cues: [
          cue({ id: "Main open", stageId: "s1", timing: "fixed", start: "20:00", department: "audio" }),
          cue({ id: "Club open", stageId: "s2", timing: "fixed", start: "23:45", department: "audio" }),
          cue({ id: "Club set", stageId: "s2", department: "audio" }),
        ],
      }),
    );
    expect(sheet.cues.map((c) => [c.title, c.start, c.stageName])).toEqual([
      ["Main open", "20:00", "Main"],
      ["Club open", "23:45", "Club"],
      ["Club set", "00:15 (+1)", "Club"],
    ]);
  });

  it("lists open tasks due that day, timed first, and counts past the limit", () => {
    const tasks = [
      { id: "t1", title: "Pack mics", priority: "high", dueDate: DAY },
      { id: "t2", title: "Sound check notes", priority: "medium", dueDate: `${DAY}T10:30` },
      { id: "t3", title: "Tomorrow's", priority: "low", dueDate: "2026-06-07" },
    ];
    const sheet = composeDaySheet(input({ tasks }));
    expect(sheet.tasks.map((t) => [t.title, t.dueTime])).toEqual([
      ["Sound check notes", "10:30"],
      ["Pack mics", null],
    ]);
    expect(sheet.taskTotal).toBe(2);
    const many = Array.from({ length: 35 }, (_, i) => ({ id: `m${i}`, title: `T${i}`, priority: "low", dueDate: DAY }));
    const long = composeDaySheet(input({ tasks: many }));
    expect([long.tasks.length, long.taskTotal]).toEqual([30, 35]);
  });

  it("lists key contacts but not the person among them, and says which event day it is", () => {
    const sheet = composeDaySheet(
      input({
        keyContacts: [
          { id: "p-ana", name: "Ana Lopez", role: null, department: null, phone: "1", email: null },
          { id: "p-pm", name: "Priya", role: "Production manager", department: null, phone: "2", email: null },
        ],
      }),
    );
    expect(sheet.keyContacts.map((c) => c.name)).toEqual(["Priya"]);
    expect(sheet.eventDay).toEqual({ day: DAY, kind: "show" });
    expect(sheet.eventDays.map((d) => d.day)).toEqual(["2026-06-05", DAY]);
    expect(composeDaySheet(input({ day: "2026-07-01" })).eventDay).toBeNull();
  });

  it("has work when there is a call, a cue or a task", () => {
    expect(daySheetHasWork(composeDaySheet(input()))).toBe(false);
    expect(
      daySheetHasWork(composeDaySheet(input({ calls: [call({ id: "c", startTime: "09:00", personId: "p-ana" })] }))),
    ).toBe(true);
    expect(
      daySheetHasWork(composeDaySheet(input({ tasks: [{ id: "t", title: "x", priority: "low", dueDate: DAY }] }))),
    ).toBe(true);
  });
});

describe("describeDaySheetChanges", () => {
  const before: DaySheetSnapshot = {
    calls: [
      { id: "c1", startTime: "14:00", endTime: "22:00", place: "Dock" },
      { id: "c2", startTime: "10:00", endTime: null, place: null },
    ],
    cues: [
      { id: "q1", title: "Doors", start: "19:00" },
      { id: "q2", title: "Speech", start: "20:00" },
    ],
  };

  it("says nothing when nothing changed", () => {
    expect(describeDaySheetChanges(before, before)).toEqual([]);
  });

  it.each([
    [
      "a call moved",
      { ...before, calls: [{ ...before.calls[0], startTime: "13:00" }, before.calls[1]] },
      ["Your call moved 14:00 → 13:00"],
    ],
    [
      "a call added",
      { ...before, calls: [...before.calls, { id: "c3", startTime: "09:00", endTime: null, place: "Load-in" }] },
      ["New call 09:00 Load-in"],
    ],
    ["a call removed", { ...before, calls: [before.calls[0]] }, ["Call at 10:00 removed"]],
    [
      "a call's end and place",
      { ...before, calls: [{ ...before.calls[0], endTime: "23:00", place: "Stage B" }, before.calls[1]] },
      ["Your 14:00 call now ends 23:00 (was 22:00)", "Your 14:00 call is now at Stage B"],
    ],
    [
      "a cue moved",
      { ...before, cues: [{ ...before.cues[0], start: "19:30" }, before.cues[1]] },
      ["Doors moved 19:00 → 19:30"],
    ],
    [
      "a cue renamed, one added, one gone",
      {
        ...before,
        cues: [
          { ...before.cues[0], title: "Doors open" },
          { id: "q3", title: "Encore", start: "22:00" },
        ],
      },
      ["Doors is now called Doors open", "New cue 22:00 Encore", "Speech (20:00) is no longer on your day"],
    ],
  ])("%s", (_, after, lines) => {
    expect(describeDaySheetChanges(before, after)).toEqual(lines);
  });

  it("keeps a long list short", () => {
    const after: DaySheetSnapshot = {
      calls: [],
      cues: Array.from({ length: 20 }, (_, i) => ({ id: `n${i}`, title: `Cue ${i}`, start: "10:00" })),
    };
    const lines = describeDaySheetChanges({ calls: [], cues: [] }, after);
    expect(lines).toHaveLength(MAX_CHANGE_LINES);
    expect(lines.at(-1)).toBe("and 9 more changes: open your day sheet");
  });

  it("reads a snapshot from a sheet", () => {
    const sheet = composeDaySheet(
      input({ calls: [call({ id: "c", startTime: "09:00", personId: "p-ana", location: "Dock", endTime: "12:00" })] }),
    );
    expect(daySheetSnapshot(sheet)).toEqual({
      calls: [{ id: "c", startTime: "09:00", endTime: "12:00", place: "Dock" }],
      cues: [],
    });
  });
});

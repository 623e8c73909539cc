import { describe, expect, it } from "vitest";
import {
  applyShowAction,
  formatCountdown,
  IDLE_SHOW,
  liveOffsetSeconds,
  nextCueOf,
  offsetLabel,
  parseShowState,
  idleShow,
  projectedStarts,
  remainingSeconds,
  type LiveCue,
  type ShowAction,
  type ShowLiveState,
} from "./show-live";

const DAY = "2026-06-12";
const at = (hhmmss: string) => new Date(`${DAY}T${hhmmss}Z`);
const iso = (hhmmss: string) => at(hhmmss).toISOString();

// Doors 19:00 (10 min, flexible), Welcome (5 min, flexible), Keynote fixed 19:20 (30 min), Break (15 min, flexible).
const cues: LiveCue[] = [
  { id: "doors", plannedStart: iso("19:00:00"), duration: 600, timing: "flexible" },
  { id: "welcome", plannedStart: iso("19:10:00"), duration: 300, timing: "flexible" },
  { id: "keynote", plannedStart: iso("19:20:00"), duration: 1800, timing: "fixed" },
  { id: "break", plannedStart: iso("19:50:00"), duration: 900, timing: "flexible" },
];

function run(steps: [ShowAction, string][], state: ShowLiveState = IDLE_SHOW) {
  for (const [action, time] of steps) state = applyShowAction(state, { action, day: DAY, cues, now: at(time) }).state;
  return state;
}

describe("applyShowAction", () => {
  it("starts at the first cue, behind by the late start", () => {
    const { applied, state } = applyShowAction(IDLE_SHOW, { action: "start", day: DAY, cues, now: at("19:02:00") });
    expect(applied).toBe(true);
    expect(state).toMatchObject({
      day: DAY,
      currentCueId: "doors",
      startedAt: iso("19:02:00"),
      cueStartedAt: iso("19:02:00"),
      offsetSeconds: 120,
      endedAt: null,
    });
  });

  it("GO moves to the next cue; the offset is by its actual start against its plan", () => {
    const state = run([
      ["start", "19:00:00"],
      ["go", "19:09:00"],
    ]);
    expect(state.currentCueId).toBe("welcome");
    expect(state.offsetSeconds).toBe(-60);
    expect(state.runs.map((r) => r.cueId)).toEqual(["doors", "welcome"]);
  });

  it("GO past the last cue ends the show with the final offset against the planned end", () => {
    const state = run([
      ["start", "19:00:00"],
      ["go", "19:10:00"],
      ["go", "19:15:00"],
      ["go", "19:50:00"],
      ["go", "20:08:00"],
    ]);
    expect(state).toMatchObject({
      currentCueId: null,
      cueStartedAt: null,
      endedAt: iso("20:08:00"),
      offsetSeconds: 180,
    });
    expect(state.startedAt).toBe(iso("19:00:00"));
  });

  it("Back returns to the previous cue with its actual start", () => {
    const state = run([
      ["start", "19:01:00"],
      ["go", "19:03:00"],
      ["back", "19:03:05"],
    ]);
    expect(state).toMatchObject({ currentCueId: "doors", cueStartedAt: iso("19:01:00"), offsetSeconds: 60 });
    expect(state.runs).toEqual([{ cueId: "doors", startedAt: iso("19:01:00") }]);
  });

  it.each<[string, ShowAction, ShowLiveState, string]>([
    ["Back at the first cue", "back", run([["start", "19:00:00"]]), "at_first"],
    ["GO with no show", "go", IDLE_SHOW, "not_running"],
    ["Stop with no show", "stop", IDLE_SHOW, "not_running"],
    ["Start while running", "start", run([["start", "19:00:00"]]), "already_running"],
  ])("%s changes nothing", (_, action, state, reason) => {
    const result = applyShowAction(state, { action, day: DAY, cues, now: at("19:05:00") });
    expect(result).toEqual({ applied: false, state, reason });
  });

  it("refuses to start a day without cues", () => {
    expect(applyShowAction(IDLE_SHOW, { action: "start", day: DAY, cues: [], now: at("19:00:00") })).toMatchObject({
      applied: false,
      reason: "no_cues",
    });
  });

  it("one writer wins: an action from a stale current cue changes nothing", () => {
    const running = run([["start", "19:00:00"]]);
    const first = applyShowAction(running, { action: "go", day: DAY, cues, now: at("19:10:00"), fromCueId: "doors" });
    const second = applyShowAction(first.state, {
      action: "go",
      day: DAY,
      cues,
      now: at("19:10:00"),
      fromCueId: "doors",
    });
    expect(first.applied).toBe(true);
    expect(second).toEqual({ applied: false, state: first.state, reason: "stale" });
    expect(
      applyShowAction(IDLE_SHOW, { action: "start", day: DAY, cues, now: at("19:00:00"), fromCueId: null }).applied,
    ).toBe(true);
  });

  it("Stop ends the show and keeps the offset; a new start begins afresh", () => {
    const stopped = run([
      ["start", "19:00:00"],
      ["go", "19:12:00"],
      ["stop", "19:13:00"],
    ]);
    expect(stopped).toMatchObject({ currentCueId: null, endedAt: iso("19:13:00"), offsetSeconds: 120 });
    const again = run([["start", "19:30:00"]], stopped);
    expect(again).toMatchObject({ currentCueId: "doors", endedAt: null, offsetSeconds: 1800 });
    expect(again.runs).toHaveLength(1);
  });

  it("a start more than an hour before the first cue is a rehearsal, timed against the plan moved to it (issue 33)", () => {
    // 40 days early: not "979 h ahead", and the next cue follows the one running, not its planned evening.
    const early = new Date(at("19:00:00").getTime() - 40 * 86_400_000);
    const begun = applyShowAction(IDLE_SHOW, { action: "start", day: DAY, cues, now: early }).state;
    expect(begun).toMatchObject({ rehearsal: true, currentCueId: "doors", offsetSeconds: 0 });
    const starts = projectedStarts(begun, cues, early.getTime());
    expect(starts.get("welcome")).toBe(early.getTime() + 600_000);
    // The fixed keynote moves with the rehearsal's plan: 20 minutes after its start.
    expect(starts.get("keynote")).toBe(early.getTime() + 1_200_000);
    const welcome = applyShowAction(begun, { action: "go", day: DAY, cues, now: new Date(early.getTime() + 660_000) });
    expect(welcome.state).toMatchObject({ currentCueId: "welcome", offsetSeconds: 60 });
    expect(offsetLabel(welcome.state.offsetSeconds)).toBe("1 min behind");
  });

  it("within the hour before the first cue, Start is the show, early against its plan", () => {
    const state = run([["start", "18:20:00"]]);
    expect(state).toMatchObject({ rehearsal: false, offsetSeconds: -2400 });
  });

  it("a rehearsal can be run at any time, and its end leaves no record of a show", () => {
    const shown = run([
      ["start", "19:00:00"],
      ["stop", "19:05:00"],
    ]);
    const rehearsing = run([["rehearse", "19:30:00"]], shown);
    expect(rehearsing).toMatchObject({ rehearsal: true, offsetSeconds: 0, endedAt: null });
    expect(run([["stop", "19:31:00"]], rehearsing)).toEqual(IDLE_SHOW);
    const through = run(
      [
        ["go", "19:40:00"],
        ["go", "19:45:00"],
        ["go", "20:15:00"],
        ["go", "20:30:00"],
      ],
      rehearsing,
    );
    expect(through).toEqual(IDLE_SHOW);
  });

  it("GO after the current cue was deleted runs the first cue not yet run", () => {
    const running = run([
      ["start", "19:00:00"],
      ["go", "19:10:00"],
    ]);
    const without = cues.filter((c) => c.id !== "welcome");
    const { state } = applyShowAction(running, { action: "go", day: DAY, cues: without, now: at("19:16:00") });
    expect(state.currentCueId).toBe("keynote");
  });
});

describe("remaining time and offsets", () => {
  const state = run([
    ["start", "19:00:00"],
    ["go", "19:12:00"],
  ]);

  it("counts the current cue down and goes negative once it overruns", () => {
    expect(remainingSeconds(state, cues, at("19:13:00").getTime())).toBe(240);
    expect(remainingSeconds(state, cues, at("19:17:00").getTime())).toBe(0);
    expect(remainingSeconds(state, cues, at("19:18:30").getTime())).toBe(-90);
    expect(remainingSeconds(IDLE_SHOW, cues, at("19:18:30").getTime())).toBeNull();
    // A page whose clock runs a little behind the server's still starts at the cue's length.
    expect(remainingSeconds(state, cues, at("19:11:59").getTime())).toBe(300);
  });

  it("an overrun adds to the offset as it grows", () => {
    expect(liveOffsetSeconds(state, cues, at("19:13:00").getTime())).toBe(120);
    expect(liveOffsetSeconds(state, cues, at("19:18:30").getTime())).toBe(210);
  });

  it.each([
    [0, "On time"],
    [29, "On time"],
    [-29, "On time"],
    [120, "2 min behind"],
    [-60, "1 min ahead"],
    [3900, "1 h 5 min behind"],
  ])("offsetLabel(%i) is %s", (offset, label) => {
    expect(offsetLabel(offset)).toBe(label);
  });

  it.each([
    [75, "1:15"],
    [0, "0:00"],
    [-5, "−0:05"],
    [3725, "1:02:05"],
  ])("formatCountdown(%i) is %s", (value, text) => {
    expect(formatCountdown(value)).toBe(text);
  });
});

describe("projectedStarts", () => {
  it("moves flexible cues with the show and keeps fixed cues", () => {
    const state = run([
      ["start", "19:00:00"],
      ["go", "19:14:00"],
    ]);
    const starts = projectedStarts(state, cues, at("19:15:00").getTime());
    expect(starts.get("doors")).toBe(at("19:00:00").getTime());
    expect(starts.get("welcome")).toBe(at("19:14:00").getTime());
    expect(starts.get("keynote")).toBe(at("19:20:00").getTime());
    expect(starts.get("break")).toBe(at("19:50:00").getTime());
  });

  it("an overrunning cue pushes the flexible cues after it to now", () => {
    const state = run([["start", "19:00:00"]]);
    const now = at("19:13:00").getTime();
    const starts = projectedStarts({ ...state }, cues.slice(0, 2), now);
    expect(starts.get("welcome")).toBe(now);
  });

  it("follows the plan when no show runs", () => {
    const starts = projectedStarts(IDLE_SHOW, cues, at("18:00:00").getTime());
    expect(starts.get("break")).toBe(at("19:50:00").getTime());
    expect(nextCueOf(IDLE_SHOW, cues)?.id).toBe("doors");
  });
});

describe("parseShowState", () => {
  it("reads a state kept from before rehearsals as a show", () => {
    const { rehearsal: _r, planShiftSeconds: _p, ...old } = run([["start", "19:00:00"]]);
    expect(parseShowState(old)).toMatchObject({ rehearsal: false, planShiftSeconds: 0, currentCueId: "doors" });
  });

  it("reads a state kept from before stages as the show of the cues on no stage (ADR 037)", () => {
    const { stageId: _s, ...old } = run([["start", "19:00:00"]]);
    expect(parseShowState(old)).toMatchObject({ stageId: null, currentCueId: "doors" });
    expect(parseShowState({ ...old, stageId: 4 })).toBeNull();
  });

  it("keeps a stage's show on its stage through a run, and a rehearsal's end leaves that stage idle", () => {
    const tent = { ...IDLE_SHOW, stageId: "tent" };
    const started = applyShowAction(tent, { action: "rehearse", day: DAY, cues, now: at("12:00:00") });
    expect(started.state).toMatchObject({ stageId: "tent", rehearsal: true });
    const stopped = applyShowAction(started.state, { action: "stop", day: DAY, cues, now: at("12:05:00") });
    expect(stopped.state).toEqual(idleShow("tent"));
  });

  it("accepts a state and refuses anything else", () => {
    expect(parseShowState(IDLE_SHOW)).toEqual(IDLE_SHOW);
    expect(parseShowState({ ...IDLE_SHOW, offsetSeconds: "1" })).toBeNull();
    expect(parseShowState(null)).toBeNull();
  });
});

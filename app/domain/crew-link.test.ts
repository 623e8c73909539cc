import { describe, expect, it } from "vitest";
import { crewLinkDay, deviceClock, followedStage, offlineLine, stateOffset } from "./crew-link";
import type { EventDay } from "./show";

const days: EventDay[] = [
  { day: "2026-06-11", kind: "load-in" },
  { day: "2026-06-12", kind: "show" },
  { day: "2026-06-13", kind: "show" },
];

describe("crewLinkDay", () => {
  it.each([
    ["an asked event day", "2026-06-12", "2026-06-13", "2026-06-13"],
    ["today when it is an event day", "2026-06-12", null, "2026-06-12"],
    ["an asked day outside the event falls back to today", "2026-06-12", "2026-07-01", "2026-06-12"],
    ["the next event day before the event", "2026-06-01", null, "2026-06-11"],
    ["the last event day after the event", "2026-06-20", null, "2026-06-13"],
  ])("%s", (_, today, asked, expected) => {
    expect(crewLinkDay(days, today, asked)).toBe(expected);
  });

  it("is today without event days", () => {
    expect(crewLinkDay([], "2026-06-01", "2026-06-12")).toBe("2026-06-01");
  });
});

describe("followedStage", () => {
  const stages = [{ id: "main" }, { id: "side" }];
  it("is none without stages", () => {
    expect(followedStage([{ stageId: null }], [{ stageId: "side" }], [])).toBeNull();
  });
  it("is the first cue's stage, even none", () => {
    expect(followedStage([{ stageId: "side" }], [], stages)).toBe("side");
    expect(followedStage([{ stageId: null }], [{ stageId: "side" }], stages)).toBeNull();
  });
  it("is the first call's known stage without cues, else the first stage", () => {
    expect(followedStage([], [{ stageId: null }, { stageId: "side" }], stages)).toBe("side");
    expect(followedStage([], [{ stageId: "gone" }], stages)).toBe("main");
  });
});

describe("the offline line and the clock offset", () => {
  it("says the device's wall clock of the last good state", () => {
    const at = Date.UTC(2026, 5, 12, 12, 32, 50);
    expect(offlineLine(at, "UTC")).toBe("Offline · updated 12:32");
    expect(offlineLine(at, "Europe/Berlin")).toBe("Offline · updated 14:32");
    expect(deviceClock(Date.UTC(2026, 5, 12, 0, 5), "UTC")).toBe("00:05");
  });
  it("is server minus device", () => {
    expect(stateOffset(10_000, 7_500)).toBe(2_500);
    expect(stateOffset(7_500, 10_000)).toBe(-2_500);
  });
});

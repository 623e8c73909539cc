import { describe, expect, it } from "vitest";
import { clockOffset, parseLiveMessage, parseShowSignal, reconnectDelay, versionAction } from "./live";

describe("versionAction", () => {
  it("adopts the first hello and resyncs when a later hello shows missed changes", () => {
    expect(versionAction(null, { type: "hello", version: 7 })).toBe("adopt");
    expect(versionAction(7, { type: "hello", version: 7 })).toBe("adopt");
    expect(versionAction(7, { type: "hello", version: 9 })).toBe("resync");
    // The object's storage was reset: a lower version also means our figures cannot be trusted.
    expect(versionAction(7, { type: "hello", version: 0 })).toBe("resync");
  });

  it("applies the next change, ignores old ones and resyncs on a gap", () => {
    expect(versionAction(3, { type: "task", version: 4 })).toBe("apply");
    expect(versionAction(3, { type: "task", version: 3 })).toBe("ignore");
    expect(versionAction(3, { type: "workspace", version: 2 })).toBe("ignore");
    expect(versionAction(3, { type: "task", version: 6 })).toBe("resync");
    expect(versionAction(null, { type: "task", version: 1 })).toBe("resync");
  });
});

describe("clockOffset", () => {
  it("takes the midpoint of the round trip", () => {
    expect(clockOffset(10_050, 1_000, 1_100)).toBe(9_000);
    expect(clockOffset(1_000, 1_000, 1_000)).toBe(0);
  });
});

describe("reconnectDelay", () => {
  it("grows exponentially with jitter in the upper half, capped at 30 s", () => {
    expect(reconnectDelay(0, 0)).toBe(250);
    expect(reconnectDelay(0, 0.999)).toBeLessThanOrEqual(500);
    expect(reconnectDelay(3, 0)).toBe(2000);
    expect(reconnectDelay(3, 0.5)).toBe(3000);
    expect(reconnectDelay(50, 0)).toBe(15_000);
    expect(reconnectDelay(50, 0.9999)).toBeLessThanOrEqual(30_000);
  });
});

describe("parseLiveMessage", () => {
  it("accepts our messages and rejects anything else without throwing", () => {
    expect(parseLiveMessage(JSON.stringify({ type: "hello", version: 1, serverTime: 5 }))).toEqual({
      type: "hello",
      version: 1,
      serverTime: 5,
    });
    expect(parseLiveMessage(JSON.stringify({ type: "rundown", day: "2026-06-06", version: 2 }))).toEqual({
      type: "rundown",
      day: "2026-06-06",
      version: 2,
    });
    expect(parseLiveMessage(JSON.stringify({ type: "comments", taskId: "t1", version: 3 }))).toEqual({
      type: "comments",
      taskId: "t1",
      version: 3,
    });
    expect(parseLiveMessage("pong")).toBeNull();
    expect(parseLiveMessage("{not json")).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: "other", version: 1 }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: "task", version: "1" }))).toBeNull();
    expect(parseLiveMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe("parseShowSignal", () => {
  it("reads the object's show state and nothing else", () => {
    const state = { day: null, currentCueId: null, startedAt: null, cueStartedAt: null, offsetSeconds: 0, endedAt: null, runs: [] };
    expect(parseShowSignal(JSON.stringify({ type: "show", state }))).toEqual({ type: "show", state });
    expect(parseShowSignal(JSON.stringify({ type: "show", state: {} }))).toBeNull();
    expect(parseShowSignal('{"type":"show",')).toBeNull();
    expect(parseShowSignal(JSON.stringify({ type: "task", state }))).toBeNull();
    expect(parseShowSignal(42)).toBeNull();
  });
});

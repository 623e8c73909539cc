import { describe, expect, it } from "vitest";
import { combineRounds, median } from "./bench-rounds.mjs";

const load = (rps: number, cpu: number | null = null, codes: Record<string, number> = { 200: rps }) => ({
  rps,
  p50: 1000 / rps,
  p99: 2000 / rps,
  requests: rps,
  bad: 0,
  codes,
  workerdCpuMs: cpu,
  wranglerCpuMs: null,
});

describe("median", () => {
  it("takes the middle value, or the mean of the middle two, leaving nulls out", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null, 5])).toBe(5);
    expect(median([])).toBeNull();
    expect(median([null])).toBeNull();
  });
});

describe("combineRounds", () => {
  it("divides each round by its own baseline, then reports the medians and the ratio's range", () => {
    const rounds = [
      { "/401": load(500, 2.5, { 401: 500 }), "/tasks": load(100, 10) },
      // A slower round: the baseline and the route both drop, and the ratio holds.
      { "/401": load(400, 3.0, { 401: 400 }), "/tasks": load(80, 12) },
      { "/401": load(520, 2.4, { 401: 520 }), "/tasks": load(130, 9) },
    ];
    const combined = combineRounds(rounds, "/401");
    expect(combined["/401"]).toMatchObject({ rps: 500, ratio: 1, ratioMin: 1, ratioMax: 1, rounds: 3 });
    expect(combined["/tasks"].rps).toBe(100);
    expect(combined["/tasks"].ratio).toBeCloseTo(0.2);
    expect(combined["/tasks"].ratioMin).toBeCloseTo(0.2);
    expect(combined["/tasks"].ratioMax).toBeCloseTo(0.25);
    expect(combined["/tasks"]).toMatchObject({ workerdCpuMs: 10, requests: 310, codes: { 200: 310 } });
    expect(combined["/401"].codes).toEqual({ 401: 1420 });
  });

  it("leaves the ratio unknown without a baseline", () => {
    const combined = combineRounds([{ "/tasks": load(100) }], "/401");
    expect(combined["/tasks"]).toMatchObject({ ratio: null, ratioMin: null, ratioMax: null, rps: 100 });
  });
});

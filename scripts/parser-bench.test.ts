import { describe, expect, it } from "vitest";
import { SENTENCES, summarize } from "./parser-bench.mjs";

describe("summarize", () => {
  it("gives the mean, the median and the 99th percentile by nearest rank", () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(summarize(samples)).toEqual({ mean: 50.5, p50: 50, p99: 99, count: 100 });
  });

  it("handles a single sample and refuses none", () => {
    expect(summarize([7])).toEqual({ mean: 7, p50: 7, p99: 7, count: 1 });
    expect(() => summarize([])).toThrow("no samples");
  });
});

describe("SENTENCES", () => {
  it("are single lines, so each timing is one task", () => {
    expect(SENTENCES.length).toBeGreaterThanOrEqual(20);
    for (const sentence of SENTENCES) expect(sentence).not.toMatch(/\n/);
  });
});

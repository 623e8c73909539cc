import { describe, expect, it } from "vitest";
import { d1Stats, meanOf, parseServerTiming } from "./server-timing.mjs";

describe("parseServerTiming", () => {
  it("reads names, durations and quoted descriptions, commas inside quotes included", () => {
    expect(parseServerTiming('d1;desc="2 round trips, 40 rows";dur=3.5, total;dur=12, cache')).toEqual([
      { name: "d1", params: { desc: "2 round trips, 40 rows", dur: "3.5" }, desc: "2 round trips, 40 rows", dur: 3.5 },
      { name: "total", params: { dur: "12" }, dur: 12 },
      { name: "cache", params: {} },
    ]);
  });

  it("is empty without a header", () => {
    expect(parseServerTiming(null)).toEqual([]);
    expect(parseServerTiming("")).toEqual([]);
  });
});

describe("d1Stats", () => {
  const none = { roundTrips: null, queries: null, rowsRead: null, durMs: null };

  it.each([
    ['d1;desc="1 round trip";dur=0.8', { ...none, roundTrips: 1, durMs: 0.8 }],
    ['total;dur=9, d1;desc="3 round trips";dur=2', { ...none, roundTrips: 3, durMs: 2 }],
    [
      'd1;desc="2 round trips, 5 queries, 1200 rows read";dur=4',
      { roundTrips: 2, queries: 5, rowsRead: 1200, durMs: 4 },
    ],
    ["d1;trips=2;queries=4;rows=310;dur=1.5", { roundTrips: 2, queries: 4, rowsRead: 310, durMs: 1.5 }],
    ["total;dur=9", none],
  ])("reads %s", (header, expected) => {
    expect(d1Stats(new Headers({ "server-timing": header }))).toEqual(expected);
  });

  it("takes rows read from x-d1-rows-read, from a Headers or a plain object", () => {
    const headers = { "Server-Timing": 'd1;desc="1 round trip";dur=1', "X-D1-Rows-Read": "77" };
    expect(d1Stats(headers)).toEqual({ roundTrips: 1, queries: null, rowsRead: 77, durMs: 1 });
    expect(d1Stats(new Headers({ "x-d1-rows-read": "5" }))).toEqual({ ...none, rowsRead: 5 });
  });

  it("says nothing for a response without them", () => {
    expect(d1Stats(new Headers())).toEqual(none);
  });
});

describe("meanOf", () => {
  it("averages the samples that have the field", () => {
    expect(meanOf([{ rowsRead: 10 }, { rowsRead: null }, { rowsRead: 20 }], "rowsRead")).toBe(15);
    expect(meanOf([{ rowsRead: null }], "rowsRead")).toBeNull();
  });
});

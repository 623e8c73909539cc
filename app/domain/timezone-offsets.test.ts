import { describe, expect, it } from "vitest";
import { offsetTable } from "./timezone-offsets";

describe("offsetTable", () => {
  it("lists a zone's offsets with the minute each change takes effect", () => {
    expect(offsetTable("Europe/Berlin", 2026, 2026)).toEqual({
      from: "2026-01-01T00:00:00.000Z",
      to: "2027-01-01T00:00:00.000Z",
      segments: [
        ["2026-01-01T00:00:00.000Z", 3600],
        ["2026-03-29T01:00:00.000Z", 7200],
        ["2026-10-25T01:00:00.000Z", 3600],
      ],
    });
    // Half-hour summer time; a zone without changes is one entry over the years.
    expect(offsetTable("Australia/Lord_Howe", 2026, 2026).segments).toEqual([
      ["2026-01-01T00:00:00.000Z", 39600],
      ["2026-04-04T15:00:00.000Z", 37800],
      ["2026-10-03T15:30:00.000Z", 39600],
    ]);
    expect(offsetTable("Asia/Kolkata", 2024, 2027).segments).toEqual([["2024-01-01T00:00:00.000Z", 19800]]);
  });

  it("merges years without a change at the new year", () => {
    const { segments } = offsetTable("America/New_York", 2025, 2026);
    expect(segments.map(([, seconds]) => seconds)).toEqual([-18000, -14400, -18000, -14400, -18000]);
  });
});

import { describe, expect, it } from "vitest";
import { parseOne } from "./test-helpers";

describe("estimates in hours", () => {
  it.each([
    ["Rig the truss 2h", 2],
    ["Rig the truss 2 h", 2],
    ["Rig the truss 2hr", 2],
    ["Rig the truss 3 hrs", 3],
    ["Rig the truss 1.5 hrs", 1.5],
    ["Rig the truss 1,5h", 1.5],
    ["Rig the truss ~4 hours", 4],
    ["Rig the truss approx. 4 hours", 4],
    ["Rig the truss, about 2 hours", 2],
    ["Rig the truss 30 min", 0.5],
    ["Rig the truss 45 mins", 0.75],
    ["Rig the truss 20 minutes", 0.33],
    ["Rig the truss 90m", 1.5],
    ["Rig the truss 1h30", 1.5],
    ["Rig the truss 1h 30m", 1.5],
    ["Rig the truss 1 hr 15 min", 1.25],
    ["Rig the truss, an hour", 1],
    ["Rig the truss, one hour", 1],
    ["Rig the truss, two hours", 2],
    ["Rig the truss in an hour and a half", null],
    ["Rig the truss, takes an hour and a half", 1.5],
    ["Rig the truss, 2 and a half hours", 2.5],
    ["Rig the truss, half an hour", 0.5],
    ["Rig the truss, half a day", 4],
    ["Rig the truss, half-day", 4],
    ["Rig the truss, full day", 8],
    ["Rig the truss (est. 3h)", 3],
    ["Rig the truss (3h est)", 3],
    ["Rig the truss, takes ~2h", 2],
    ["Rig the truss [2h]", 2],
    ["Rig the truss (1.5h) high", 1.5],
    ["Rig the truss (30 min) before doors", 0.5],
    ["Rig the truss 2m high", null],
    ["Rig the truss, estimate: 5 hours", 5],
    ["Rig the truss (2-3 hrs)", 3],
    ["Rig the truss, 2 to 3 hours", 3],
    ["Rig the truss, a couple of hours", 2],
    ["Rig the truss (2 days)", 16],
    ["Rig the truss, takes 2 days", 16],
    ["Rig the truss for 2 hours with the crew", 2],
    ["Rig the truss 2h, focus lights 1h", 3],
    ["Rig the truss", null],
  ])("%s → %s", (text, hours) => {
    expect(parseOne(text).estimatedHours).toBe(hours);
  });

  it("removes the estimate and its cue from the title", () => {
    expect(parseOne("Rig the truss (est. 3h) by Friday").title).toBe("Rig the truss");
    expect(parseOne("Rig the truss ~4 hours").title).toBe("Rig the truss");
    expect(parseOne("Rig the truss for 2 hours with the crew").title).toBe("Rig the truss with the crew");
  });

  it.each([
    ["Email the press in 2 hours", "2025-03-10T12:00"],
    ["Email the press within 30 min", "2025-03-10T10:30"],
  ])("reads '%s' as a deadline, not effort", (text, dueDate) => {
    expect(parseOne(text)).toMatchObject({ estimatedHours: null, dueDate });
  });

  it.each([
    "Open registration 2 hours before doors",
    "Check generator fuel every 2 hours",
    "Needs 48h notice for the forklift",
    "24h security on the compound",
    "Run 50m of cable to FOH",
    "Lay 10m cable to the desk",
    "Spend 2 days in Berlin",
  ])("does not read '%s' as effort", (text) => {
    expect(parseOne(text).estimatedHours).toBeNull();
  });
});

describe("producers' habits", () => {
  it("reads an estimate in brackets and a trailing priority after the owner, and both leave the title", () => {
    expect(parseOne("Book the shuttle buses (1.5h) @kim high")).toMatchObject({
      title: "Book the shuttle buses",
      estimatedHours: 1.5,
      assigneeName: "kim",
      priority: "high",
    });
    expect(parseOne("Print the lanyards (30 min) @sam")).toMatchObject({
      title: "Print the lanyards",
      estimatedHours: 0.5,
      assigneeName: "sam",
    });
  });
});

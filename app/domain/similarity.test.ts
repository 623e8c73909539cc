import { describe, expect, it } from "vitest";
import { findNearDuplicates, findNearNotSame, NEAR_DUPLICATE_THRESHOLD, titleSimilarity } from "./similarity";

/** Pairs a producer would call the same task. */
const TRUE_PAIRS: Array<[string, string]> = [
  ["Book shuttle buses", "Book the shuttle bus"],
  ["Confirm catering headcount", "confirm headcount for catering"],
  ["Print attendee badges", "Print badges for attendees"],
  ["Print badges", "Print attendee badges"],
  ["Order radios for the crew", "Order crew radios"],
  ["Send speaker invitations", "Send invites to speakers"],
  ["Reserve hotel rooms for speakers", "Book hotel rooms for the speakers"],
  ["Set up registration desk", "Setup registration desk"],
  ["Confirm head count with caterer", "Confirm catering headcount"],
  ["Schedule sound check", "Schedule soundcheck"],
  ["Arrange wi-fi for the press room", "Organise wifi in press room"],
  ["Finalise run of show", "Finalize the run of show"],
  ["Hire security staff", "Hiring security staff"],
  ["Book photographer", "Book a photographer for the event"],
  ["Verify stage power", "Confirm stage power"],
  ["Buy gaffer tape", "Purchase gaffer tape"],
  ["Email sponsors about logo placement", "E-mail sponsor re logo placement"],
  ["Call the venue about load-in time", "Call venue re load in time"],
  ["Confirm AV requirements with venue", "Confirm venue AV requirements"],
  ["Design event signage", "Design signs for the event"],
  ["Collect dietary requirements from guests", "Collect guest dietary requirements"],
  ["Test microphones before doors", "Test mics before doors"],
  ["Rent portable toilets", "Rent portable toilets for the festival"],
  ["Brief volunteers on evacuation plan", "Volunteer briefing on the evacuation plan"],
  ["Confrim catering headcount", "Confirm catering headcount"],
  ["Confirm cateirng headcount", "Confirm catering headcount"],
  ["Ship merch to venue", "Ship merchandise to the venue"],
  ["Book DJ for after party", "Book the DJ for the afterparty"],
  ["Update the floor plan", "Updated floor plan"],
  ["Send final run sheet to crew", "Send run sheet to crew"],
  ["Pay AV vendor invoice", "Pay the invoice from the AV supplier"],
  ["Arrange parking passes for vendors", "Organize vendor parking passes"],
  ["Lighting", "Lights"],
  ["Book shuttle buses for day 1", "Book shuttle bus day one"],
  ["Confirm 2nd stage lineup", "Confirm line-up for stage 2"],
];

/** Pairs that share words but are different tasks. */
const FALSE_PAIRS: Array<[string, string]> = [
  ["Book shuttle buses day 1", "Book shuttle buses day 2"],
  ["Confirm stage power", "Confirm stage lighting"],
  ["Send invoice to caterer", "Pay caterer invoice"],
  ["Book hotel rooms for speakers", "Book hotel rooms for crew"],
  ["Print attendee badges", "Print staff badges"],
  ["Confirm catering for day 1", "Confirm catering for day 2"],
  ["Book the venue", "Book the caterer"],
  ["Call the venue", "Email the venue"],
  ["Zone B load-in", "Zone C load-in"],
  ["Order T-shirts for volunteers", "Order T-shirts for staff"],
  ["Confirm flights for the headliner", "Confirm hotel for the headliner"],
  ["Test microphones on main stage", "Test lighting on main stage"],
  ["Book catering for crew", "Book catering for VIPs"],
  ["Design festival poster", "Print festival poster"],
  ["Send contracts to artists", "Collect contracts from artists"],
  ["Set up the stage", "Strike the stage"],
  ["Pay deposit for venue", "Pay balance for venue"],
  ["Rehearsal for the opening act", "Rehearsal for the closing act"],
  ["Send welcome email to attendees", "Send welcome email to speakers"],
  ["Book green room catering", "Book production office catering"],
  ["Print 200 programmes", "Print 250 programmes"],
  ["Call venue at 3pm", "Call venue at 5pm"],
  ["Hire forklift for load-in", "Hire forklift for load-out"],
  ["Confirm ticket prices", "Confirm ticket scanners"],
  ["Order extra chairs", "Order extra tables"],
  ["Book flights for speakers", "Book flights for the band"],
  ["Order chairs", "Order chains"],
  ["Confirm lights", "Confirm nights"],
  ["Book", "Book shuttle buses"],
  ["Set up stage A", "Set up stage B"],
  ["Check in speakers", "Check out speakers"],
];

describe("titleSimilarity", () => {
  it.each(TRUE_PAIRS)("%s ≈ %s", (a, b) => {
    expect(titleSimilarity(a, b)).toBeGreaterThanOrEqual(NEAR_DUPLICATE_THRESHOLD);
  });

  it.each(FALSE_PAIRS)("%s ≠ %s", (a, b) => {
    expect(titleSimilarity(a, b)).toBeLessThan(NEAR_DUPLICATE_THRESHOLD);
  });

  it("is symmetric", () => {
    for (const [a, b] of [...TRUE_PAIRS, ...FALSE_PAIRS]) {
      expect(titleSimilarity(a, b)).toBeCloseTo(titleSimilarity(b, a), 10);
    }
  });

  it("scores titles equal under the exact rule as 1", () => {
    expect(titleSimilarity("  Book the  shuttle buses!! ", "book the shuttle buses")).toBe(1);
  });

  it("scores titles with no words in common as 0", () => {
    expect(titleSimilarity("Book shuttle buses", "Print lanyards")).toBe(0);
  });

  it("scores a title made only of filler words as 0 against a different one", () => {
    expect(titleSimilarity("The", "For the")).toBe(0);
  });

  it("ranks a closer rewording above a looser one", () => {
    const close = titleSimilarity("Book shuttle buses", "Book the shuttle bus");
    const loose = titleSimilarity("Book shuttle buses", "Book shuttle buses from the airport");
    expect(close).toBeGreaterThan(loose);
  });
});

describe("findNearDuplicates", () => {
  const tasks = [
    { id: "t1", title: "Book the shuttle bus", status: "pending" },
    { id: "t2", title: "Book shuttle buses", status: "in_progress" },
    { id: "t3", title: "Book shuttle buses from the airport", status: "pending" },
    { id: "t4", title: "Book shuttle buses", status: "completed" },
    { id: "t5", title: "Book hotel rooms", status: "pending" },
    { id: "t6", title: "Book shuttle buses for the crew", status: "overdue" },
  ];

  it("returns open near-duplicates best first, ties in the candidates' order", () => {
    const found = findNearDuplicates("book shuttle buses", tasks, 10);
    expect(found.map((t) => t.id)).toEqual(["t1", "t2", "t6", "t3"]);
    expect(found.map((t) => t.score).slice(0, 2)).toEqual([1, 1]);
    for (const t of found) expect(t.score).toBeGreaterThanOrEqual(NEAR_DUPLICATE_THRESHOLD);
  });

  it("never offers a completed task", () => {
    expect(findNearDuplicates("Book shuttle buses", tasks, 10).map((t) => t.id)).not.toContain("t4");
  });

  it("keeps at most three by default", () => {
    expect(findNearDuplicates("Book shuttle buses", tasks)).toHaveLength(3);
  });

  it("keeps the candidates' own fields", () => {
    const candidate = { id: "h", title: "Book hotel rooms", status: "pending", dueDate: "2026-05-01" };
    const [first] = findNearDuplicates("Book hotel room", [candidate]);
    expect(first).toEqual({ id: "h", title: "Book hotel rooms", status: "pending", dueDate: "2026-05-01", score: 1 });
  });

  it("finds nothing when no title is close", () => {
    expect(findNearDuplicates("Print lanyards", tasks)).toEqual([]);
  });
});

describe("findNearNotSame", () => {
  const tasks = [
    { id: "t1", title: "Book the shuttle bus", status: "pending" },
    { id: "t2", title: "Book Shuttle Buses!", status: "in_progress" },
    { id: "t3", title: "Book shuttle buses from the airport", status: "pending" },
    { id: "t4", title: "Book hotel rooms", status: "pending" },
  ];

  it("leaves out the same title once normalised, which is the exact rule's", () => {
    expect(findNearNotSame("book shuttle buses", tasks).map((t) => t.id)).toEqual(["t1", "t3"]);
  });

  it("finds nothing when only the same title is open", () => {
    expect(findNearNotSame("Book shuttle buses", [tasks[1]])).toEqual([]);
  });
});

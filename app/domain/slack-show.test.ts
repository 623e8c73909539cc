import { describe, expect, it } from "vitest";
import type { PlannedCue } from "./show";
import { applyShowAction, IDLE_SHOW } from "./show-live";
import { cueStatusMessage, unknownStageMessage } from "./slack-show";

const DAY = "2026-06-06";
const cue = (
  id: string,
  title: string,
  start: string,
  duration: number,
  extra: Partial<PlannedCue> = {},
): PlannedCue => ({
  id,
  title,
  start: null,
  duration,
  timing: "flexible",
  department: null,
  assigneeId: null,
  assigneeName: null,
  notes: null,
  taskIds: [],
  openTaskCount: 0,
  position: 0,
  plannedStart: `${DAY}T${start}:00.000Z`,
  plannedEnd: new Date(Date.parse(`${DAY}T${start}:00.000Z`) + duration * 1000).toISOString(),
  ready: true,
  ...extra,
});

const cues = [
  cue("doors", "Doors <open>", "18:00", 1800, { assigneeName: "Sam" }),
  cue("keynote", "Keynote", "18:30", 2700, { timing: "fixed", start: "18:30", assigneeName: "Priya" }),
];
const at = (time: string) => new Date(`${DAY}T${time}:00.000Z`);

describe("cueStatusMessage", () => {
  it("says when the day has no cues", () => {
    const message = cueStatusMessage({
      sheets: [{ state: IDLE_SHOW, day: DAY, cues: [] }],
      today: DAY,
      timezone: "UTC",
      now: at("12:00"),
    });
    expect(message.text).toBe("No cues for today.");
    const later = cueStatusMessage({
      sheets: [{ state: IDLE_SHOW, day: DAY, cues: [] }],
      today: "2026-06-01",
      timezone: "UTC",
      now: at("12:00"),
    });
    expect(later.text).toMatch(/^No cues for .*2026\.$/);
  });

  it("says a rehearsal is one, before the cue it runs", () => {
    const state = applyShowAction(IDLE_SHOW, { action: "rehearse", day: DAY, cues, now: at("12:00") }).state;
    const message = cueStatusMessage({
      sheets: [{ state, day: DAY, cues }],
      today: DAY,
      timezone: "UTC",
      now: at("12:05"),
    });
    expect(message.text).toMatch(
      /^Rehearsal \(a practice run; the show has not started\) · Now: Doors .* · Next: Keynote at 12:30 \(planned 18:30\)/,
    );
  });

  it("names the first cue when no show runs, escaping titles", () => {
    const message = cueStatusMessage({
      sheets: [{ state: IDLE_SHOW, day: DAY, cues }],
      today: DAY,
      timezone: "UTC",
      now: at("12:00"),
    });
    expect(message.text).toBe("No show is running. Next: Doors &lt;open&gt; at 18:00, called by Sam");
    expect(message.blocks[0]).toMatchObject({
      text: { text: "No show is running. Next: *Doors &lt;open&gt;* at 18:00, called by Sam" },
    });
  });

  it("gives the current cue's time left, the next cue's expected start and how late the show runs", () => {
    const { state } = applyShowAction(IDLE_SHOW, { action: "start", day: DAY, cues, now: at("18:05") });
    const message = cueStatusMessage({
      sheets: [{ state, day: DAY, cues }],
      today: DAY,
      timezone: "UTC",
      now: at("18:20"),
    });
    expect(message.text).toBe(
      "Now: Doors &lt;open&gt; since 18:05, 15 min left, called by Sam · Next: Keynote at 18:30, called by Priya · 5 min behind",
    );
    const over = cueStatusMessage({
      sheets: [{ state, day: DAY, cues }],
      today: DAY,
      timezone: "Europe/Berlin",
      now: at("18:40"),
    });
    expect(over.text).toContain("since 20:05, 5 min over");
    expect(over.text).toContain("10 min behind");
  });

  it("says the last cue has nothing after it", () => {
    let { state } = applyShowAction(IDLE_SHOW, { action: "start", day: DAY, cues, now: at("18:00") });
    ({ state } = applyShowAction(state, { action: "go", day: DAY, cues, now: at("18:30") }));
    const message = cueStatusMessage({
      sheets: [{ state, day: DAY, cues }],
      today: DAY,
      timezone: "UTC",
      now: at("18:31"),
    });
    expect(message.text).toContain("Next: nothing, this is the last cue.");
    expect(message.text).toContain("On time");
  });

  it("names each stage's show when the workspace has stages (ADR 037)", () => {
    const running = applyShowAction(
      { ...IDLE_SHOW, stageId: "tent" },
      { action: "start", day: DAY, cues, now: at("18:00") },
    ).state;
    const message = cueStatusMessage({
      sheets: [
        { stageName: "Main stage", state: IDLE_SHOW, day: DAY, cues },
        { stageName: "Tent", state: running, day: DAY, cues },
      ],
      today: DAY,
      timezone: "UTC",
      now: at("18:05"),
    });
    expect(message.text).toMatch(/^Main stage: No show is running\. Next: Doors .* \| Tent: Now: Doors /);
    expect(message.blocks[0]).toMatchObject({
      text: { text: expect.stringMatching(/^\*Main stage\*\nNo show is running/) },
    });
    expect(message.blocks.some((b) => JSON.stringify(b).includes("Show running"))).toBe(true);
  });

  it("says which stages there are when /cue names none of them", () => {
    const message = unknownStageMessage("Arena", [{ id: "s1", name: "Main stage" }]);
    expect(message.text).toBe(
      "No stage is named “Arena”. Try /cue with one of: Main stage, No stage; or /cue alone for every stage.",
    );
  });
});

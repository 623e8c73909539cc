import { beforeEach, describe, expect, it } from "vitest";
import { call, setWorkspace, signUp, type Account } from "../worker/helpers";

/** Runs against the fake Workers AI of tests/fakes/workers-ai.js; markers such as [slow] script its answer. */

let owner: Account;
beforeEach(async () => {
  owner = await signUp("Maria Lopez");
  await setWorkspace(owner.user.id, { timezone: "America/New_York" });
});

// Monday 9 March 2026, 10:00 in New York (EDT since Sunday's clock change).
const NOW = "2026-03-09T14:00:00Z";

async function parse(text: string) {
  const res = await call("/api/tasks/parse", { method: "POST", token: owner.token, json: { text, now: NOW } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { source: string; tasks: Array<Record<string, unknown>> };
  return body;
}

describe("POST /api/tasks/parse with Workers AI", () => {
  it("takes the model's tasks, resolving its date words in the workspace timezone and keeping only known categories", async () => {
    const { source, tasks } = await parse(
      ["Book shuttle buses by next Friday 3pm @sam #Logistics (2h)", "Post lineup teaser! #astrology"].join("\n"),
    );
    expect(source).toBe("ai");
    expect(tasks).toEqual([
      {
        title: "Book shuttle buses",
        description: null,
        // The model only passed "next Friday 3pm" through; our date code read it: the coming Friday, wall clock.
        dueDate: "2026-03-13T15:00",
        // "sam" is nobody in this workspace: an outside person, with no question to ask.
        assigneeName: "sam",
        assigneeId: null,
        ownerNote: null,
        priority: "medium",
        category: "logistics",
        estimatedHours: 2,
        similar: [],
      },
      {
        title: "Post lineup teaser",
        description: null,
        dueDate: null,
        assigneeName: null,
        assigneeId: null,
        ownerNote: null,
        priority: "high",
        category: null,
        estimatedHours: null,
        similar: [],
      },
    ]);
  });

  // The 3 s limit on the model is held by app/services/parse.server.test.ts on a fake clock.
  it.each([
    ["malformed JSON", "[garbage]"],
    ["an error from the binding", "[error]"],
    ["an empty answer", "[empty]"],
  ])("falls back to the rules engine on %s", async (_, marker) => {
    const { source, tasks } = await parse(`${marker} Confirm generator hire tomorrow 10am, owner: Dev (~2h)`);
    expect(source).toBe("rules");
    expect(tasks[0]).toMatchObject({ dueDate: "2026-03-10T10:00", assigneeName: "Dev", estimatedHours: 2 });
  });
  it("reads repeat and reminder words with the rules engine's extractors, from the due phrase or the title", async () => {
    const { source, tasks } = await parse(
      ["Check the radios every Friday remind me 1 day before @sam", "Radio sweep due every other Monday"].join("\n"),
    );
    expect(source).toBe("ai");
    expect(tasks[0]).toMatchObject({
      title: "Check the radios",
      // No date given: due on the first occurrence from Monday 9 March.
      dueDate: "2026-03-13",
      recurrence: "FREQ=WEEKLY;BYDAY=FR",
      recurrenceText: "Every Friday",
      reminders: [1440],
      assigneeName: "sam",
    });
    expect(tasks[1]).toMatchObject({
      title: "Radio sweep",
      recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO",
      recurrenceText: "Every 2 weeks on Mon",
    });
  });
});

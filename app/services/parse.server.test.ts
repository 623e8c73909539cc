import { describe, expect, it, onTestFinished, vi } from "vitest";
import type { AiBinding } from "~/integrations/ai/task-extractor";
import { parseTaskText } from "./parse.server";

// Wednesday 10 June 2026, 09:00 in London.
const base = { now: new Date("2026-06-10T08:00:00Z"), timezone: "Europe/London", categories: ["logistics", "marketing"] };

/** A stand-in for the Workers AI binding that answers like the real one (JSON mode returns an object). */
function fakeAi(answer: () => Promise<unknown>): AiBinding & { calls: Array<{ model: string; input: Record<string, unknown> }> } {
  const calls: Array<{ model: string; input: Record<string, unknown> }> = [];
  return {
    calls,
    async run(model, input) {
      calls.push({ model, input });
      return answer();
    },
  };
}

describe("parseTaskText", () => {
  it("uses the rules engine when no AI is bound", async () => {
    const result = await parseTaskText("Book the shuttle buses for day 1 by Friday @maria", base);
    expect(result.source).toBe("rules");
    expect(result.tasks).toHaveLength(1);
    expect(result.tasks[0]).toMatchObject({ dueDate: "2026-06-12", assigneeName: "maria", category: "logistics" });
  });

  it("takes the model's drafts, resolving its date words in the workspace timezone and checking its category", async () => {
    const ai = fakeAi(async () => ({
      response: {
        tasks: [
          { title: "Book shuttle buses", due: "Friday 3pm", assignee: "@maria", priority: "high", category: "Logistics", estimatedHours: 2 },
          { title: "Post lineup teaser", due: null, assignee: null, priority: null, category: "astrology", estimatedHours: null },
        ],
      },
    }));
    const result = await parseTaskText("book buses friday 3pm @maria, teaser", { ...base, ai });
    expect(result.source).toBe("ai");
    expect(result.tasks).toEqual([
      { title: "Book shuttle buses", description: null, dueDate: "2026-06-12T15:00", assigneeName: "maria", priority: "high", category: "logistics", estimatedHours: 2 },
      { title: "Post lineup teaser", description: null, dueDate: null, assigneeName: null, priority: "medium", category: null, estimatedHours: null },
    ]);
    expect(ai.calls[0].input).toMatchObject({ response_format: { type: "json_schema" } });
  });

  it("accepts the answer as a JSON string, as some models return it", async () => {
    const ai = fakeAi(async () => ({ response: JSON.stringify({ tasks: [{ title: "Order radios", due: "tomorrow" }] }) }));
    const result = await parseTaskText("order radios tomorrow", { ...base, ai });
    expect(result).toMatchObject({ source: "ai", tasks: [{ title: "Order radios", dueDate: "2026-06-11" }] });
  });

  it.each([
    ["malformed JSON", async () => ({ response: "{not json" })],
    ["the wrong shape", async () => ({ response: { tasks: [{ name: "no title" }] } })],
    ["no tasks", async () => ({ response: { tasks: [] } })],
    ["an error", async () => Promise.reject(new Error("AI is down"))],
  ])("falls back to the rules engine on %s", async (_, answer) => {
    const result = await parseTaskText("Send press release next Tuesday #marketing", { ...base, ai: fakeAi(answer) });
    expect(result.source).toBe("rules");
    expect(result.tasks[0]).toMatchObject({ title: "Send press release", category: "marketing", dueDate: "2026-06-16" });
  });

  it("falls back to the rules engine when the model takes longer than 3 s", async () => {
    // The model never answers; the 3 s limit runs on a fake clock, moved on by the test.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    onTestFinished(() => void vi.useRealTimers());
    const silent = fakeAi(() => new Promise(() => {}));
    let result: Awaited<ReturnType<typeof parseTaskText>> | undefined;
    const parsing = parseTaskText("Confirm stage power tomorrow", { ...base, ai: silent }).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(2999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await parsing;
    expect(result?.source).toBe("rules");
    expect(silent.calls).toHaveLength(1);
  });
});

import { describe, expect, it, onTestFinished, vi } from "vitest";
import { phraseAnswer } from "./phrase-answer";
import type { AiBinding } from "./task-extractor";

describe("phraseAnswer", () => {
  it("gives up on a model that has not answered in 3 s, so the caller keeps its computed answer", async () => {
    // The model never answers; the limit runs on a fake clock, moved on by the test.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    onTestFinished(() => void vi.useRealTimers());
    const silent: AiBinding = { run: () => new Promise(() => {}) };
    let outcome: unknown;
    const phrasing = phraseAnswer(silent, "who carries most?", "Sam: 1 open task").catch((error) => (outcome = error));
    await vi.advanceTimersByTimeAsync(2999);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await phrasing;
    expect(outcome).toEqual(new Error("AI answer timed out"));
  });

  it("takes the model's wording when it answers in time", async () => {
    const ai: AiBinding = { run: async () => ({ response: "  Sam carries the most.  " }) };
    expect(await phraseAnswer(ai, "who carries most?", "Sam: 1 open task")).toBe("Sam carries the most.");
  });
});

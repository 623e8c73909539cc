import { beforeEach, describe, expect, it } from "vitest";
import { call, localDate, newTask, shiftDate, signUp, type Account } from "../worker/helpers";

let owner: Account;
beforeEach(async () => {
  owner = await signUp("Priya Shah");
});

async function ask(question: string) {
  const res = await call("/api/assistant", { method: "POST", token: owner.token, json: { question } });
  expect(res.status).toBe(200);
  return (await res.json()) as { answer: string; source: string; intent: string; tasks: Array<{ id: string }> };
}

describe("POST /api/assistant with Workers AI", () => {
  it("lets the model word the computed answer and returns the tasks it is about", async () => {
    const late = await newTask(owner.token, { title: "Submit noise permit", dueDate: shiftDate(localDate(new Date(), "UTC"), -2) });
    const body = await ask("What's overdue?");
    expect(body.source).toBe("ai");
    expect(body.intent).toBe("overdue");
    // The fake model repeats the facts it was given: the wording is the model's, the facts are ours.
    expect(body.answer).toMatch(/^Here is what I found:\n/);
    expect(body.answer).toContain("Submit noise permit · 2 days overdue");
    expect(body.tasks.map((t) => t.id)).toEqual([late.id]);
  });

  // The 3 s limit on the model is held by app/integrations/ai/phrase-answer.test.ts on a fake clock.
  it.each([
    ["answers nothing", "[empty]"],
    ["fails", "[error]"],
  ])("keeps the computed answer when the model %s", async (_, marker) => {
    await newTask(owner.token, { title: "Book hotel block", assigneeName: "Sam" });
    const body = await ask(`${marker} who carries most?`);
    expect(body.source).toBe("rules");
    expect(body.answer).toMatch(/^Sam carries the most, with 1 open task/);
  });
});

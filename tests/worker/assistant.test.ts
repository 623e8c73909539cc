import { beforeEach, describe, expect, it } from "vitest";
import { call, expectError, localDate, newTask, shiftDate, signUp, type Account } from "./helpers";

let owner: Account;
beforeEach(async () => {
  owner = await signUp("Priya Shah");
});

async function ask(question: unknown, account = owner) {
  return call("/api/assistant", { method: "POST", token: account.token, json: { question } });
}

describe("POST /api/assistant", () => {
  it("answers from this workspace's tasks only, with the tasks it talks about", async () => {
    const today = localDate(new Date(), "UTC");
    const late = await newTask(owner.token, { title: "Submit noise permit", dueDate: shiftDate(today, -2), assigneeName: "Ana" });
    await newTask(owner.token, { title: "Print lanyards", dueDate: shiftDate(today, 3) });
    const other = await signUp("Someone Else");
    await newTask(other.token, { title: "Their overdue thing", dueDate: shiftDate(today, -5) });

    const res = await ask("What's overdue?");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { answer: string; source: string; intent: string; tasks: Array<{ id: string }> };
    expect(body.source).toBe("rules");
    expect(body.intent).toBe("overdue");
    expect(body.tasks.map((t) => t.id)).toEqual([late.id]);
    expect(body.answer).toContain("Submit noise permit · 2 days overdue · owner Ana");
    expect(body.answer).not.toContain("Their overdue thing");
  });

  it("reports workload counted from open tasks", async () => {
    await newTask(owner.token, { title: "Book hotel block", assigneeName: "Sam" });
    await newTask(owner.token, { title: "Book artist flights", assigneeName: "Sam" });
    await newTask(owner.token, { title: "Confirm security", assigneeName: "Lee" });
    const body = (await (await ask("who carries most?")).json()) as { answer: string };
    expect(body.answer).toMatch(/^Sam carries the most, with 2 open tasks\./);
  });

  it("rejects blank, long and wrong-typed questions with 400, and needs a user", async () => {
    await expectError(await ask("   "), 400);
    await expectError(await ask("x".repeat(501)), 400);
    await expectError(await ask(42), 400);
    await expectError(await call("/api/assistant", { method: "POST", json: { question: "hi" } }), 401);
    await expectError(await call("/api/assistant", { token: owner.token }), 405);
  });
});

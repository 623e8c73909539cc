import { beforeEach, describe, expect, it } from "vitest";
import { call, db, expectError, listTasks, newTask, setWorkspace, signUp, type Account } from "./helpers";

let owner: Account;
beforeEach(async () => {
  owner = await signUp("Maria Lopez");
});

function parse(body: unknown, account = owner) {
  return call("/api/tasks/parse", { method: "POST", token: account.token, json: body });
}

interface ParseJson {
  source: string;
  tasks: Array<Record<string, unknown> & { similar: Array<{ id: string; title: string; score: number }> }>;
}

// Monday 9 March 2026, 10:00 in New York; the clocks go forward on Sunday 8 March, so this is EDT.
const NOW = "2026-03-09T14:00:00Z";

describe("POST /api/tasks/parse", () => {
  it("reads several lines with the rules engine in the workspace's timezone and saves nothing", async () => {
    await setWorkspace(owner.user.id, { timezone: "America/New_York" });
    const text = [
      "Book the shuttle buses for day 1 by Friday @maria",
      "URGENT: confirm generator hire with PowerCo tmrw 10am, owner: Dev (~2h)",
      "- Send press release to media list next Tuesday #marketing p2",
    ].join("\n");
    const res = await parse({ text, now: NOW });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ParseJson;
    expect(body.source).toBe("rules");
    expect(body.tasks).toEqual([
      {
        title: "Book the shuttle buses for day 1",
        description: null,
        dueDate: "2026-03-13",
        // Typed by Maria Lopez: her own first name is her.
        assigneeName: "Maria Lopez",
        assigneeId: owner.user.id,
        ownerNote: null,
        priority: "medium",
        category: "logistics",
        estimatedHours: null,
        similar: [],
      },
      {
        title: "Confirm generator hire with PowerCo",
        description: null,
        dueDate: "2026-03-10T10:00",
        assigneeName: "Dev",
        assigneeId: null,
        ownerNote: null,
        priority: "critical",
        category: "infrastructure",
        estimatedHours: 2,
        similar: [],
      },
      {
        title: "Send press release to media list",
        description: null,
        dueDate: "2026-03-17",
        assigneeName: null,
        assigneeId: null,
        ownerNote: null,
        priority: "high",
        category: "marketing",
        estimatedHours: null,
        similar: [],
      },
    ]);
    expect(await listTasks(owner.token)).toEqual([]);
  });

  it("reads dates against the timezone and instant sent, not the workspace's", async () => {
    // 23:30 on Friday 13 March in Los Angeles is already Saturday in UTC, the workspace's zone.
    const body = (await (await parse({ text: "Print lanyards tomorrow", now: "2026-03-14T06:30:00Z", timezone: "America/Los_Angeles" })).json()) as ParseJson;
    expect(body.tasks[0]).toMatchObject({ title: "Print lanyards", dueDate: "2026-03-14" });
  });

  it("matches categories against the workspace's own list", async () => {
    const added = await call("/api/categories", { method: "POST", token: owner.token, json: { name: "hospitality" } });
    expect(added.status).toBe(201);
    const body = (await (await parse({ text: "Green room riders for the band #hospitality", now: NOW })).json()) as ParseJson;
    expect(body.tasks[0]).toMatchObject({ title: "Green room riders for the band", category: "hospitality" });
  });

  it("flags near-duplicates among the open tasks only, best first", async () => {
    const buses = await newTask(owner.token, { title: "Book shuttle buses" });
    await newTask(owner.token, { title: "Book the shuttle bus", status: "completed" });
    await newTask(owner.token, { title: "Book hotel rooms" });
    const body = (await (await parse({ text: "book the shuttle buses friday\nConfirm catering headcount", now: NOW })).json()) as ParseJson;
    expect(body.tasks[0].similar).toEqual([{ id: buses.id, title: "Book shuttle buses", score: expect.any(Number) }]);
    expect(body.tasks[0].similar[0].score).toBeGreaterThanOrEqual(0.7);
    expect(body.tasks[1].similar).toEqual([]);
  });

  it("refuses blank, over-long and wrong-typed text, bad instants and unknown timezones with 400", async () => {
    await expectError(await parse({ text: "   \n  " }), 400);
    await expectError(await parse({}), 400);
    await expectError(await parse({ text: 42 }), 400);
    const long = await expectError(await parse({ text: "x".repeat(4001) }), 400);
    expect(long.error).toBe("Keep the text under 4,000 characters");
    expect((await parse({ text: `Book buses ${"x".repeat(3985)}` })).status).toBe(200);
    const tz = await expectError(await parse({ text: "Book buses", timezone: "Mars/Olympus" }), 400);
    expect(tz.fieldErrors?.timezone).toBeDefined();
    const now = await expectError(await parse({ text: "Book buses", now: "next tuesday" }), 400);
    expect(now.fieldErrors?.now).toBeDefined();
  });

  it("needs a signed-in user with AI in their plan, and POST", async () => {
    await expectError(await call("/api/tasks/parse", { method: "POST", json: { text: "Book buses" } }), 401);
    await expectError(await call("/api/tasks/parse", { token: owner.token }), 405);
    await db().prepare("UPDATE users SET tier = 'basic' WHERE id = ?").bind(owner.user.id).run();
    const locked = await expectError(await parse({ text: "Book buses" }), 403);
    expect(locked.error).toBe("Creating tasks from text needs the Premium plan ($49.99/month)");
    await db().prepare("UPDATE users SET tier = 'premium' WHERE id = ?").bind(owner.user.id).run();
    expect((await parse({ text: "Book buses" })).status).toBe(200);
  });
});

describe("GET /api/tasks/similar", () => {
  async function similar(title: string, account = owner) {
    const res = await call(`/api/tasks/similar?title=${encodeURIComponent(title)}`, { token: account.token });
    expect(res.status).toBe(200);
    return ((await res.json()) as { similar: Array<{ id: string; title: string; score: number }> }).similar;
  }

  it("lists this workspace's open near-duplicates and leaves unrelated, finished and others' tasks out", async () => {
    const headcount = await newTask(owner.token, { title: "Confirm catering headcount" });
    await newTask(owner.token, { title: "Confirm catering menu" });
    await newTask(owner.token, { title: "Confirm head count for catering", status: "completed" });
    const other = await signUp("Sam Other");
    await newTask(other.token, { title: "Confirm catering head count" });

    const found = await similar("confirm head count for catering");
    expect(found).toEqual([{ id: headcount.id, title: "Confirm catering headcount", score: expect.any(Number) }]);
    expect(await similar("Order radios for the stage crew")).toEqual([]);
  });

  it("refuses a missing or over-long title with 400 and needs a user", async () => {
    await expectError(await call("/api/tasks/similar", { token: owner.token }), 400);
    await expectError(await call(`/api/tasks/similar?title=${"x".repeat(201)}`, { token: owner.token }), 400);
    await expectError(await call("/api/tasks/similar?title=x"), 401);
    await expectError(await call("/api/tasks/similar?title=x", { method: "POST", token: owner.token, json: {} }), 405);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import {
  call,
  createTask,
  db,
  expectError,
  listTasks,
  newTask,
  setWorkspace,
  signUp,
  updateTask,
  type Account,
} from "./helpers";

/** The instant of a test's `minute`th step (the Worker's `ctx.now` for that request). */
const at = (minute: number) => new Date(Date.UTC(2026, 2, 9, 9, minute));

let owner: Account;
beforeEach(async () => {
  owner = await signUp();
});

describe("POST /api/tasks", () => {
  it("creates a task with every field and answers 201 with it", async () => {
    const before = Date.now();
    const { res, body } = await createTask(owner.token, {
      title: "Book the shuttle buses",
      description: "Two 50-seaters from the hotel",
      priority: "high",
      category: "logistics",
      dueDate: "2030-05-14T09:30",
      assigneeName: "Dana",
      status: "in_progress",
      estimatedHours: 2.5,
      isAiGenerated: true,
      originalPrompt: "book shuttles for day one",
    });
    expect(res.status).toBe(201);
    expect(body).toEqual({
      id: expect.any(String),
      title: "Book the shuttle buses",
      description: "Two 50-seaters from the hotel",
      priority: "high",
      category: "logistics",
      dueDate: "2030-05-14T09:30",
      assigneeName: "Dana",
      assigneeId: null,
      assigneeContact: null,
      status: "in_progress",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      completedAt: null,
      isAiGenerated: true,
      estimatedHours: 2.5,
      originalPrompt: "book shuttles for day one",
      createdBy: owner.user.id,
      dependsOn: [],
      recurrence: null,
      recurrenceText: null,
      occurrence: null,
      reminders: [],
      checklist: { done: 0, total: 0 },
    });
    expect(Date.parse(body.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    // The stored row reads back the same through GET, which also lists the checklist's items (ADR 035) and the
    // Slack message the task came from (ADR 040; none here).
    const got = await call(`/api/tasks/${body.id}`, { token: owner.token });
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual({ ...body, checklist: { done: 0, total: 0, items: [] }, slack: null });
  });

  it("gives opaque, distinct ids", async () => {
    const a = await newTask(owner.token, { title: "Print lanyards" });
    const b = await newTask(owner.token, { title: "Order badges" });
    expect(a.id).not.toBe(b.id);
    expect(a.id).not.toMatch(/^\d+$/);
    expect(a.id.length).toBeGreaterThanOrEqual(16);
  });

  it("applies defaults and stores empty optional fields as null", async () => {
    const task = await newTask(owner.token, {
      title: "  Confirm the caterer  ",
      description: "   ",
      category: "",
      dueDate: "",
      assigneeName: null,
      originalPrompt: "",
    });
    expect(task).toMatchObject({
      title: "Confirm the caterer",
      description: null,
      priority: "medium",
      category: null,
      dueDate: null,
      assigneeName: null,
      status: "pending",
      completedAt: null,
      isAiGenerated: false,
      estimatedHours: null,
      originalPrompt: null,
    });
  });

  it("requires a title of at most 200 characters", async () => {
    for (const body of [{}, { title: "" }, { title: "    " }]) {
      const err = await expectError(await createTask(owner.token, body), 400);
      expect(err.fieldErrors?.title).toEqual(["Title is required"]);
      expect(err.error).toBe("Title is required");
    }
    // A title of punctuation only normalises to nothing: not a title.
    const punct = await expectError(await createTask(owner.token, { title: "!!!" }), 400);
    expect(punct.fieldErrors?.title).toEqual(["Title is required"]);

    expect((await createTask(owner.token, { title: "x".repeat(200) })).res.status).toBe(201);
    const long = await expectError(await createTask(owner.token, { title: "y".repeat(201) }), 400);
    expect(long.fieldErrors?.title).toEqual(["Title must be at most 200 characters"]);
  });

  it("rejects wrong types with field errors", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ estimatedHours: "3" }, "estimatedHours"],
      [{ estimatedHours: -1 }, "estimatedHours"],
      [{ priority: "urgent" }, "priority"],
      [{ priority: 3 }, "priority"],
      [{ isAiGenerated: "yes" }, "isAiGenerated"],
      [{ allowDuplicate: 1 }, "allowDuplicate"],
      [{ description: 42 }, "description"],
      [{ category: ["a"] }, "category"],
      [{ assigneeName: { name: "Dana" } }, "assigneeName"],
      [{ dueDate: 20300101 }, "dueDate"],
      [{ status: "" }, "status"],
    ];
    for (const [extra, field] of cases) {
      const err = await expectError(await createTask(owner.token, { title: `Typed ${field}`, ...extra }), 400);
      expect(Object.keys(err.fieldErrors ?? {}), JSON.stringify(extra)).toEqual([field]);
    }
    expect(await listTasks(owner.token)).toEqual([]);
  });

  it("accepts zero estimated hours and a real leap day", async () => {
    const task = await newTask(owner.token, { title: "Leap day check", estimatedHours: 0, dueDate: "2028-02-29" });
    expect(task).toMatchObject({ estimatedHours: 0, dueDate: "2028-02-29" });
  });

  it("rejects due dates that are not real calendar dates", async () => {
    for (const dueDate of ["2026-02-30", "tomorrow", "2030-13-01", "2027-02-29", "2030-01-01T24:00", "2030-01-01T10:61", "01/02/2030", "2030-1-1"]) {
      const err = await expectError(await createTask(owner.token, { title: `Due ${dueDate}`, dueDate }), 400);
      expect(Object.keys(err.fieldErrors ?? {}), dueDate).toEqual(["dueDate"]);
    }
  });

  it("rejects an instant that lands outside four-digit years in the workspace timezone", async () => {
    const far = await createTask(owner.token, { title: "Far future", dueDate: "9999-12-31T23:59-12:00" });
    const err = await expectError(far, 400);
    expect(Object.keys(err.fieldErrors ?? {})).toEqual(["dueDate"]);
  });

  it("converts a due date with an offset to the workspace's wall clock", async () => {
    const utc = await newTask(owner.token, { title: "Offset in UTC", dueDate: "2030-06-01T09:30+02:00" });
    expect(utc.dueDate).toBe("2030-06-01T07:30");

    await setWorkspace(owner.user.id, { timezone: "America/New_York" });
    const ny = await newTask(owner.token, { title: "Offset in New York", dueDate: "2030-01-15T15:00:00Z" });
    expect(ny.dueDate).toBe("2030-01-15T10:00");

    await setWorkspace(owner.user.id, { timezone: "Asia/Tokyo" });
    const tokyo = await newTask(owner.token, { title: "Offset in Tokyo", dueDate: "2030-01-15T20:00:00.000Z" });
    expect(tokyo.dueDate).toBe("2030-01-16T05:00");
    // A wall-clock time without an offset is taken as is.
    const local = await newTask(owner.token, { title: "Local time in Tokyo", dueDate: "2030-01-15T20:00" });
    expect(local.dueDate).toBe("2030-01-15T20:00");
  });

  it("rejects an unknown status and accepts a known one in any case", async () => {
    const err = await expectError(await createTask(owner.token, { title: "Odd status", status: "someday" }), 400);
    expect(Object.keys(err.fieldErrors ?? {})).toEqual(["status"]);

    const done = await newTask(owner.token, { title: "Already done", status: "Completed" });
    expect(done.status).toBe("completed");
    expect(done.completedAt).toBe(done.createdAt);
  });

  it("adds a new category to the workspace's category list, once", async () => {
    await newTask(owner.token, { title: "Hire security", category: "Security" });
    await newTask(owner.token, { title: "Brief security", category: "security" });
    await newTask(owner.token, { title: "Book venue", category: "infrastructure" });
    const res = await call("/api/categories", { token: owner.token });
    const names = (await res.json()) as string[];
    expect(names).toEqual(["infrastructure", "marketing", "content", "production", "logistics", "Security"]);
  });
});

describe("duplicate prevention", () => {
  it("answers 409 with duplicateOf for the same normalised title", async () => {
    const first = await newTask(owner.token, { title: "Book the shuttle buses" });
    for (const title of ["book the shuttle buses", "  BOOK   the\tshuttle buses!! ", "...Book the shuttle buses?", "“Book the shuttle buses”"]) {
      const { res, body } = await createTask(owner.token, { title });
      expect(res.status, title).toBe(409);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(typeof body.error).toBe("string");
      expect(body.duplicateOf).toEqual(first);
    }
    expect(await listTasks(owner.token)).toHaveLength(1);
  });

  it("does not treat inner punctuation or different words as the same title", async () => {
    await newTask(owner.token, { title: "Book the shuttle buses" });
    expect((await createTask(owner.token, { title: "Book the shuttle-buses" })).res.status).toBe(201);
    expect((await createTask(owner.token, { title: "Book the shuttle bus" })).res.status).toBe(201);
  });

  it("lets a completed task's title be used again", async () => {
    const first = await newTask(owner.token, { title: "Walk the venue" });
    expect((await updateTask(owner.token, first.id, { status: "completed" })).res.status).toBe(200);
    const again = await createTask(owner.token, { title: "Walk the venue" });
    expect(again.res.status).toBe(201);
  });

  it("creates the duplicate anyway with allowDuplicate: true", async () => {
    const first = await newTask(owner.token, { title: "Send the run sheet" });
    const second = await newTask(owner.token, { title: "send the run sheet", allowDuplicate: true });
    expect(second.id).not.toBe(first.id);
    expect(await listTasks(owner.token)).toHaveLength(2);
  });

  it("only compares tasks within one workspace", async () => {
    const other = await signUp();
    await newTask(owner.token, { title: "Order the stage" });
    expect((await createTask(other.token, { title: "Order the stage" })).res.status).toBe(201);
  });
});

describe("GET /api/tasks", () => {
  it("pages with limit and offset in list order, and rejects bad paging values", async () => {
    for (const day of ["2030-01-03", "2030-01-01", "2030-01-02"]) await newTask(owner.token, { title: `Due ${day}`, dueDate: day });
    await newTask(owner.token, { title: "Undated" });
    const titles = async (query: string) => (await listTasks(owner.token, query)).map((t) => t.title);
    expect(await titles("?limit=2")).toEqual(["Due 2030-01-01", "Due 2030-01-02"]);
    expect(await titles("?limit=2&offset=2")).toEqual(["Due 2030-01-03", "Undated"]);
    expect(await titles("?limit=2&offset=4")).toEqual([]);
    expect(await titles("")).toHaveLength(4);
    for (const bad of ["limit=0", "limit=501", "limit=abc", "limit=1.5", "limit=2&offset=-1"]) {
      const body = await expectError(await call(`/api/tasks?${bad}`, { token: owner.token }), 400);
      expect(body.error).toMatch(/limit|offset/);
    }
  });

  it("orders dated tasks by due date first, then undated by creation", async () => {
    const undatedA = await newTask(owner.token, { title: "Undated A" }, at(1));
    const march = await newTask(owner.token, { title: "March", dueDate: "2030-03-01" }, at(2));
    const undatedB = await newTask(owner.token, { title: "Undated B" }, at(3));
    const janMorning = await newTask(owner.token, { title: "Jan morning", dueDate: "2030-01-01T09:00" }, at(4));
    const jan = await newTask(owner.token, { title: "Jan", dueDate: "2030-01-01" }, at(5));
    const past = await newTask(owner.token, { title: "Past", dueDate: "2020-07-04" }, at(6));
    const undatedC = await newTask(owner.token, { title: "Undated C" }, at(7));

    const ids = (await listTasks(owner.token)).map((t) => t.id);
    expect(ids).toEqual([past.id, jan.id, janMorning.id, march.id, undatedA.id, undatedB.id, undatedC.id]);
  });

  it("answers an empty array for a new workspace", async () => {
    expect(await listTasks(owner.token)).toEqual([]);
  });

  describe("filters", () => {
    let ids: Record<string, string>;
    beforeEach(async () => {
      const make = async (key: string, body: Record<string, unknown>) => [key, (await newTask(owner.token, body)).id];
      ids = Object.fromEntries(
        await Promise.all([
          make("stage", { title: "Build the stage", priority: "high", category: "production", assigneeName: "Dana", status: "in_progress" }),
          make("deposit", { title: "Pay 50% deposit", priority: "critical", category: "logistics", assigneeName: "Lee" }),
          make("fifty", { title: "Pay 505 invoice", priority: "low", category: "Logistics", description: "for the PA rental" }),
          make("loadIn", { title: "Schedule load_in crew", priority: "high", assigneeName: "dana" }),
          make("loadX", { title: "Schedule loadXin crew", priority: "medium", description: "Backstage path C:\\rigging" }),
          make("done", { title: "Sign the venue contract", status: "completed", category: "production" }),
        ]),
      );
    });

    const idsOf = async (query: string) => (await listTasks(owner.token, query)).map((t) => t.id).sort();
    const expected = (...keys: string[]) => keys.map((k) => ids[k]).sort();

    it("filters by status", async () => {
      expect(await idsOf("?status=in_progress")).toEqual(expected("stage"));
      expect(await idsOf("?status=completed")).toEqual(expected("done"));
      expect(await idsOf("?status=pending")).toEqual(expected("deposit", "fifty", "loadIn", "loadX"));
    });

    it("filters by priority and rejects an unknown one", async () => {
      expect(await idsOf("?priority=high")).toEqual(expected("stage", "loadIn"));
      await expectError(await call("/api/tasks?priority=urgent", { token: owner.token }), 400);
    });

    it("filters by category, ignoring case", async () => {
      expect(await idsOf("?category=logistics")).toEqual(expected("deposit", "fifty"));
      expect(await idsOf("?category=PRODUCTION")).toEqual(expected("stage", "done"));
    });

    it("filters by assignee, ignoring case", async () => {
      expect(await idsOf("?assignee=Dana")).toEqual(expected("stage", "loadIn"));
      expect(await idsOf("?assignee=nobody")).toEqual([]);
    });

    it("searches title and description, ignoring case", async () => {
      expect(await idsOf("?q=SCHEDULE")).toEqual(expected("loadIn", "loadX"));
      expect(await idsOf("?q=pa%20rental")).toEqual(expected("fifty"));
      expect(await idsOf("?q=%20%20venue%20")).toEqual(expected("done"));
    });

    it("matches LIKE metacharacters literally", async () => {
      expect(await idsOf("?q=50%25")).toEqual(expected("deposit"));
      expect(await idsOf("?q=load_in")).toEqual(expected("loadIn"));
      expect(await idsOf("?q=%25")).toEqual(expected("deposit"));
      expect(await idsOf("?q=_")).toEqual(expected("loadIn"));
      expect(await idsOf("?q=C%3A%5C")).toEqual(expected("loadX"));
      expect(await idsOf("?q=%5C")).toEqual(expected("loadX"));
    });

    it("combines filters and ignores empty ones", async () => {
      expect(await idsOf("?priority=high&assignee=dana&q=stage")).toEqual(expected("stage"));
      expect(await idsOf("?status=&priority=&q=")).toHaveLength(6);
    });

    it("rejects a search longer than 200 characters", async () => {
      const err = await expectError(await call(`/api/tasks?q=${"a".repeat(201)}`, { token: owner.token }), 400);
      expect(Object.keys(err.fieldErrors ?? {})).toEqual(["q"]);
    });
  });
});

describe("PUT /api/tasks/:id", () => {
  it("updates only the fields sent", async () => {
    const task = await newTask(owner.token, {
      title: "Print programmes",
      description: "500 copies",
      priority: "low",
      category: "content",
      dueDate: "2030-04-01",
      assigneeName: "Kim",
      estimatedHours: 3,
    }, at(1));
    const { res, body } = await updateTask(owner.token, task.id, { priority: "critical" }, at(2));
    expect(res.status).toBe(200);
    expect(body).toEqual({ ...task, priority: "critical", updatedAt: at(2).toISOString() });
    expect(await (await call(`/api/tasks/${task.id}`, { token: owner.token })).json()).toEqual({
      ...body,
      checklist: { ...body.checklist, items: [] },
      slack: null,
    });
  });

  it("clears optional fields sent empty or null and converts due dates", async () => {
    const task = await newTask(owner.token, { title: "Hire photographer", description: "Two days", dueDate: "2030-04-01", estimatedHours: 4, assigneeName: "Kim" });
    const { body } = await updateTask(owner.token, task.id, { description: "", dueDate: null, estimatedHours: null, assigneeName: "  " });
    expect(body).toMatchObject({ description: null, dueDate: null, estimatedHours: null, assigneeName: null });

    const { body: dated } = await updateTask(owner.token, task.id, { dueDate: "2030-04-02T18:00Z" });
    expect(dated.dueDate).toBe("2030-04-02T18:00");
    const bad = await updateTask(owner.token, task.id, { dueDate: "2030-02-30" });
    await expectError(bad, 400);
  });

  it("sets completedAt on completion, keeps it while completed and clears it on leaving", async () => {
    const task = await newTask(owner.token, { title: "Test the PA" }, at(1));
    expect(task.completedAt).toBeNull();

    const { body: done } = await updateTask(owner.token, task.id, { status: "completed" }, at(2));
    expect(done.status).toBe("completed");
    expect(done.completedAt).toBe(at(2).toISOString());

    const { body: again } = await updateTask(owner.token, task.id, { status: "completed", description: "Done twice" }, at(3));
    expect(again.completedAt).toBe(at(2).toISOString());
    const { body: edited } = await updateTask(owner.token, task.id, { priority: "high" }, at(4));
    expect(edited.completedAt).toBe(at(2).toISOString());

    const { body: reopened } = await updateTask(owner.token, task.id, { status: "in_progress" }, at(5));
    expect(reopened.completedAt).toBeNull();

    const { body: redone } = await updateTask(owner.token, task.id, { status: "completed" }, at(6));
    expect(redone.completedAt).toBe(at(6).toISOString());
  });

  it("accepts a custom status only once it is on the workspace's list", async () => {
    const task = await newTask(owner.token, { title: "Order risers" });
    const before = await updateTask(owner.token, task.id, { status: "on_hold" });
    const err = await expectError(before, 400);
    expect(Object.keys(err.fieldErrors ?? {})).toEqual(["status"]);

    expect((await call("/api/statuses", { method: "POST", token: owner.token, json: { name: "on_hold" } })).status).toBe(201);
    const { res, body } = await updateTask(owner.token, task.id, { status: "On_Hold" });
    expect(res.status).toBe(200);
    expect(body.status).toBe("on_hold");
    expect(body.completedAt).toBeNull();
    expect((await listTasks(owner.token, "?status=on_hold")).map((t) => t.id)).toEqual([task.id]);
  });

  it("refuses a title change that duplicates another open task", async () => {
    const a = await newTask(owner.token, { title: "Rent radios" });
    const b = await newTask(owner.token, { title: "Rent headsets" });
    const { res, body } = await updateTask(owner.token, b.id, { title: "RENT RADIOS." });
    expect(res.status).toBe(409);
    expect(typeof body.error).toBe("string");
    expect(body.duplicateOf).toEqual(a);

    const forced = await updateTask(owner.token, b.id, { title: "Rent radios", allowDuplicate: true });
    expect(forced.res.status).toBe(200);
  });

  it("allows re-casing a task's own title and reusing a completed task's title", async () => {
    const a = await newTask(owner.token, { title: "Rent radios" });
    expect((await updateTask(owner.token, a.id, { title: "Rent Radios!" })).res.status).toBe(200);
    await updateTask(owner.token, a.id, { status: "completed" });
    const b = await newTask(owner.token, { title: "Rent walkie-talkies" });
    expect((await updateTask(owner.token, b.id, { title: "rent radios" })).res.status).toBe(200);
  });

  it("refuses reopening into a duplicate title but lets a completed task take any title", async () => {
    const open = await newTask(owner.token, { title: "Load the truck" });
    const done = await newTask(owner.token, { title: "Unload the truck", status: "completed" });
    // Completed tasks never block, so renaming one that stays completed is fine.
    expect((await updateTask(owner.token, done.id, { title: "Load the truck" })).res.status).toBe(200);
    // Reopening it under that title would make two open tasks with one title.
    const reopened = await updateTask(owner.token, done.id, { status: "pending" });
    expect(reopened.res.status).toBe(409);
    expect(reopened.body.duplicateOf.id).toBe(open.id);
  });

  it("adds a new category given in an update to the list", async () => {
    const task = await newTask(owner.token, { title: "Book hotel" });
    await updateTask(owner.token, task.id, { category: "Travel" });
    const names = (await (await call("/api/categories", { token: owner.token })).json()) as string[];
    expect(names).toContain("Travel");
  });

  it("answers 400 for an empty or field-less body", async () => {
    const task = await newTask(owner.token, { title: "Check fire exits" });
    for (const body of [{}, { allowDuplicate: true }, { unknownField: 1 }]) {
      await expectError(await updateTask(owner.token, task.id, body), 400);
    }
    const empty = await call(`/api/tasks/${task.id}`, { method: "PUT", token: owner.token });
    await expectError(empty, 400);
    const title = await expectError(await updateTask(owner.token, task.id, { title: "  " }), 400);
    expect(title.fieldErrors?.title).toEqual(["Title is required"]);
  });

  it("answers 404 for an unknown id", async () => {
    await expectError(await updateTask(owner.token, "no-such-task", { priority: "low" }), 404);
  });
});

describe("DELETE /api/tasks/:id", () => {
  it("answers 204 then 404", async () => {
    const task = await newTask(owner.token, { title: "Throwaway" });
    const res = await call(`/api/tasks/${task.id}`, { method: "DELETE", token: owner.token });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    await expectError(await call(`/api/tasks/${task.id}`, { token: owner.token }), 404);
    await expectError(await call(`/api/tasks/${task.id}`, { method: "DELETE", token: owner.token }), 404);
    expect(await listTasks(owner.token)).toEqual([]);
  });
});

describe("another workspace", () => {
  it("cannot see, change or delete a task", async () => {
    const intruder = await signUp("Other Producer");
    const task = await newTask(owner.token, { title: "Secret headliner booking", category: "Talent" });

    await expectError(await call(`/api/tasks/${task.id}`, { token: intruder.token }), 404);
    await expectError(await updateTask(intruder.token, task.id, { title: "Hijacked", status: "completed" }), 404);
    await expectError(await call(`/api/tasks/${task.id}`, { method: "DELETE", token: intruder.token }), 404);

    expect(await listTasks(intruder.token)).toEqual([]);
    expect(await listTasks(intruder.token, "?q=headliner")).toEqual([]);
    const stats = (await (await call("/api/status", { token: intruder.token })).json()) as { totalTasks: number };
    expect(stats.totalTasks).toBe(0);

    const row = await db().prepare("SELECT title, status FROM tasks WHERE id = ?").bind(task.id).first();
    expect(row).toEqual({ title: "Secret headliner booking", status: "pending" });
    expect((await listTasks(owner.token)).map((t) => t.id)).toEqual([task.id]);
  });
});

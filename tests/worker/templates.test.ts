import { describe, expect, it } from "vitest";
import { getTemplate } from "~/domain/templates";
import {
  call,
  expectError,
  listTasks,
  localDate,
  newTask,
  shiftDate,
  signUp,
  updateTask,
  type TaskJson,
} from "./helpers";

const conference = getTemplate("industry-conference")!;
const festival = getTemplate("music-festival")!;

interface ApplyResult {
  created: TaskJson[];
  skipped: { title: string; duplicateOf: { id: string; title: string } }[];
}

function apply(token: string | undefined, id: string, body: unknown) {
  return call(`/api/templates/${id}/apply`, { method: "POST", token, json: body });
}

async function applyOk(token: string, id: string, indexes: number[]) {
  const res = await apply(token, id, { indexes });
  const body = (await res.json()) as ApplyResult;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

describe("POST /api/templates/{id}/apply", () => {
  it("creates the chosen tasks with the template's fields, undated without an event", async () => {
    const { token } = await signUp();
    const { created, skipped } = await applyOk(token, "30-day-fitness-challenge", [2, 0, 1, 0]);
    const fitness = getTemplate("30-day-fitness-challenge")!;
    expect(skipped).toEqual([]);
    expect(created.map((t) => t.title)).toEqual([0, 1, 2].map((i) => fitness.tasks[i].title));
    expect(created[0]).toMatchObject({
      description: fitness.tasks[0].description,
      priority: fitness.tasks[0].priority,
      category: fitness.tasks[0].category,
      estimatedHours: fitness.tasks[0].estimatedHours,
      status: "pending",
      dueDate: null,
      isAiGenerated: false,
      originalPrompt: "From the template “30-day fitness challenge”",
    });
    expect((await listTasks(token)).map((t) => t.title).sort()).toEqual(created.map((t) => t.title).sort());
    const categories = (await (await call("/api/categories", { token })).json()) as string[];
    expect(categories).toEqual(expect.arrayContaining(["planning", "setup"]));
  });

  it("skips tasks that match an open task and says which, but not ones matching completed tasks", async () => {
    const { token } = await signUp();
    const open = await newTask(token, { title: "book the AV production company!" });
    const done = await newTask(token, { title: conference.tasks[0].title });
    await updateTask(token, done.id, { status: "completed" });

    const { created, skipped } = await applyOk(token, "industry-conference", [0, 6, 7]);
    expect(created.map((t) => t.title)).toEqual([conference.tasks[0].title, conference.tasks[7].title]);
    expect(skipped).toEqual([{ title: conference.tasks[6].title, duplicateOf: { id: open.id, title: open.title } }]);

    const again = await applyOk(token, "industry-conference", [0, 6, 7]);
    expect(again.created).toEqual([]);
    expect(again.skipped.map((s) => s.title)).toEqual([0, 6, 7].map((i) => conference.tasks[i].title));
    expect(await listTasks(token)).toHaveLength(4);
  });

  it("plans due dates back from the event: preparation before it, show day and wrap-up after", async () => {
    const { token } = await signUp();
    const today = localDate(new Date(), "UTC");
    const eventDay = shiftDate(today, 60);
    const put = await call("/api/workspace", {
      method: "PUT",
      token,
      json: { eventDate: eventDay, eventTime: "09:00" },
    });
    expect(put.status).toBe(200);

    const all = conference.tasks.map((_, i) => i);
    const { created } = await applyOk(token, "industry-conference", all);
    expect(created).toHaveLength(conference.tasks.length);
    const prep = created.filter((_, i) => conference.tasks[i].daysAfterEvent === undefined);
    const dates = prep.map((t) => t.dueDate as string);
    expect(dates.every((d) => d >= today && d < eventDay)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    expect(dates.at(-1)).toBe(shiftDate(eventDay, -1));
    expect(new Set(dates).size).toBeGreaterThan(prep.length / 2);
    for (const [i, task] of conference.tasks.entries()) {
      if (task.daysAfterEvent !== undefined) expect(created[i].dueDate).toBe(shiftDate(eventDay, task.daysAfterEvent));
    }
  });

  it("keeps workspaces apart: another workspace's open tasks neither block nor receive the tasks", async () => {
    const a = await signUp();
    const b = await signUp();
    await applyOk(b.token, "industry-conference", [0, 1]);
    const { created, skipped } = await applyOk(a.token, "industry-conference", [0, 1]);
    expect(created).toHaveLength(2);
    expect(skipped).toEqual([]);
    expect(await listTasks(b.token)).toHaveLength(2);
    expect(await listTasks(a.token)).toHaveLength(2);
  });

  it("still accepts a template's former id", async () => {
    const { token } = await signUp();
    const { created } = await applyOk(token, "conference", [0]);
    expect(created.map((t) => t.title)).toEqual([conference.tasks[0].title]);
  });

  it("answers an unknown template with 404, no selection or a bad index with 400", async () => {
    const { token } = await signUp();
    expect((await expectError(await apply(token, "wedding", { indexes: [0] }), 404)).error).toBe("Template not found");
    const none = await expectError(await apply(token, "30-day-fitness-challenge", { indexes: [] }), 400);
    expect(none.error).toBe("No Tasks Selected – Please select at least one task to create.");
    await expectError(await apply(token, "30-day-fitness-challenge", {}), 400);
    await expectError(await apply(token, "30-day-fitness-challenge", { indexes: ["0"] }), 400);
    await expectError(await apply(token, "30-day-fitness-challenge", { indexes: [1.5] }), 400);
    const outOfRange = await expectError(await apply(token, "30-day-fitness-challenge", { indexes: [0, 13] }), 400);
    expect(outOfRange.error).toBe("Unknown task number: 13");
    expect(await listTasks(token)).toEqual([]);
  });

  it("requires a signed-in user and POST", async () => {
    await expectError(await apply(undefined, "30-day-fitness-challenge", { indexes: [0] }), 401);
    const { token } = await signUp();
    await expectError(await call("/api/templates/30-day-fitness-challenge/apply", { token }), 405);
  });
});

describe("applying a template with dependencies", () => {
  const retreat = getTemplate("micro-event-or-mini-retreat")!;
  const at = (title: string) => retreat.tasks.findIndex((t) => t.title === title);
  const purpose = at("Set the purpose, guest count and budget");
  const venue = at("Shortlist and book the venue");
  const sponsors = at("Secure partners or sponsors");
  const programme = at("Design the programme and schedule");
  const byTitle = (tasks: TaskJson[]) => new Map(tasks.map((t) => [t.title as string, t]));

  it("makes each task depend on the copies of the tasks its template says come first", async () => {
    const { token } = await signUp();
    const all = retreat.tasks.map((_, i) => i);
    const { created } = await applyOk(token, "micro-event-or-mini-retreat", all);
    const listed = byTitle(await listTasks(token));
    expect(listed.size).toBe(retreat.tasks.length);
    for (const [i, task] of retreat.tasks.entries()) {
      const expected = (task.after ?? []).map((title) => listed.get(title)!.id);
      expect([...listed.get(task.title)!.dependsOn].sort(), task.title).toEqual([...expected].sort());
      expect([...created[i].dependsOn].sort()).toEqual([...expected].sort());
    }
    expect(listed.get(retreat.tasks[programme].title)!.dependsOn).toEqual([listed.get(retreat.tasks[venue].title)!.id]);
  });

  it("links a prerequisite left unticked to the open task with its title, or leaves the dependency out", async () => {
    const { token } = await signUp();
    const openVenue = await newTask(token, { title: "shortlist and book the venue!" });
    const donePurpose = await newTask(token, { title: retreat.tasks[purpose].title });
    await updateTask(token, donePurpose.id, { status: "completed" });

    const { created } = await applyOk(token, "micro-event-or-mini-retreat", [sponsors, programme]);
    const made = byTitle(created);
    // Its venue is an open task of the workspace; its purpose exists only as a completed task.
    expect(made.get(retreat.tasks[programme].title)!.dependsOn).toEqual([openVenue.id]);
    expect(made.get(retreat.tasks[sponsors].title)!.dependsOn).toEqual([]);
    const listed = byTitle(await listTasks(token));
    expect(listed.get(retreat.tasks[programme].title)!.dependsOn).toEqual([openVenue.id]);
    expect(listed.get(retreat.tasks[sponsors].title)!.dependsOn).toEqual([]);
  });

  it("links to the open task a chosen prerequisite was skipped for", async () => {
    const { token } = await signUp();
    const openVenue = await newTask(token, { title: retreat.tasks[venue].title });
    const { created, skipped } = await applyOk(token, "micro-event-or-mini-retreat", [venue, programme]);
    expect(skipped.map((s) => s.duplicateOf.id)).toEqual([openVenue.id]);
    expect(created.map((t) => t.title)).toEqual([retreat.tasks[programme].title]);
    expect(created[0].dependsOn).toEqual([openVenue.id]);
  });

  it("never links to another workspace's tasks", async () => {
    const a = await signUp();
    const b = await signUp();
    await applyOk(b.token, "micro-event-or-mini-retreat", [purpose, venue]);
    const { created } = await applyOk(a.token, "micro-event-or-mini-retreat", [sponsors, programme]);
    expect(created.map((t) => t.dependsOn)).toEqual([[], []]);
    expect((await listTasks(a.token)).map((t) => t.dependsOn)).toEqual([[], []]);
  });

  it("shows each task's prerequisites in the preview", async () => {
    const { token } = await signUp();
    const html = (await (await call("/template/micro-event-or-mini-retreat", { token })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(html).toContain(`After: ${retreat.tasks[venue].title}`);
    expect(html).toContain("After: Open registration and payment; Arrange travel and accommodation guidance");
  });
});

describe("GET /template/{id}", () => {
  it("answers a former id with a permanent redirect to the current one, keeping the query", async () => {
    const { token } = await signUp();
    const res = await call("/template/festival?select=none", { token, redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/template/music-festival?select=none");
  });
});

describe("a template longer than the days left", () => {
  async function festivalIn26Days() {
    const account = await signUp();
    const today = localDate(new Date(), "UTC");
    const eventDay = shiftDate(today, 26);
    const put = await call("/api/workspace", {
      method: "PUT",
      token: account.token,
      // Doors at midnight: 26 calendar days away is 25 whole days and some hours at any time of today, so the
      // countdown's day count below does not depend on when the test runs.
      json: { eventName: "Harbour Lights Festival", eventDate: eventDay, eventTime: "00:00" },
    });
    expect(put.status).toBe(200);
    return { ...account, today, eventDay };
  }
  const licence = festival.tasks.findIndex((t) => t.title.startsWith("Apply for the event licence"));
  const all = festival.tasks.map((_, i) => i);

  it("compresses by default: every date between today and the event", async () => {
    const { token, today, eventDay } = await festivalIn26Days();
    const { created } = await applyOk(token, "music-festival", all);
    const prep = created.filter((_, i) => festival.tasks[i].daysAfterEvent === undefined);
    expect(prep.every((t) => t.dueDate! >= today && t.dueDate! < eventDay)).toBe(true);
  });

  it("keeps the usual lead times when asked: what has passed is due today", async () => {
    const { token, today, eventDay } = await festivalIn26Days();
    const res = await apply(token, "music-festival", { indexes: all, mode: "keep" });
    expect(res.status).toBe(201);
    const { created } = (await res.json()) as ApplyResult;
    expect(created[licence].dueDate).toBe(today);
    const prep = created.filter((_, i) => festival.tasks[i].daysAfterEvent === undefined);
    expect(prep.at(-1)!.dueDate).toBe(shiftDate(eventDay, -1));
    await expectError(await apply(token, "music-festival", { indexes: [0], mode: "stretch" }), 400);
  });

  it("previews each task's date, says it does not fit and offers both plans, without JavaScript", async () => {
    const { token } = await festivalIn26Days();
    // React separates interpolated text with comments; read the words as a person does.
    const page = async (path: string) => (await (await call(path, { token })).text()).replace(/<!-- -->/g, "");
    const compressed = await page("/template/music-festival");
    // The dashboard's countdown rule (issue 33: one day count everywhere), not 26 calendar days.
    expect(compressed).toContain("Music festival usually takes 180 days: 25 days until event.");
    expect(compressed).toContain("Compress into the time left");
    expect(compressed).toContain('href="/template/music-festival?plan=keep"');
    expect(compressed).toContain('name="mode" value="compress"');
    expect(compressed).not.toContain("already late");
    expect(compressed).toMatch(/Due (Today|Tomorrow|[A-Z][a-z]{2}, [A-Z][a-z]{2} \d+)/);

    const kept = await page("/template/music-festival?plan=keep");
    expect(kept).toContain('name="mode" value="keep"');
    expect(kept).toMatch(/Usually due \d+ days ago: already late/);
  });

  it("says nothing new was created when every chosen task is already open", async () => {
    const { token } = await festivalIn26Days();
    await applyOk(token, "music-festival", [0, 1]);
    const res = await call("/template/music-festival", {
      method: "POST",
      token,
      headers: {
        // Remix compares Origin with Host on form posts; a browser always sends both.
        origin: "http://localhost",
        host: "localhost",
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-mode": "navigate",
      },
      body: "intent=apply&task=0&task=1",
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    const flash = res.headers.getSetCookie().find((c) => c.startsWith("cb_flash="))!;
    const toast = JSON.parse(decodeURIComponent(flash.split(";")[0].slice("cb_flash=".length)));
    expect(toast).toMatchObject({
      title: "No New Tasks",
      description: "All 2 selected tasks from “Music festival” are already open on the board.",
    });
    expect(await listTasks(token)).toHaveLength(2);
  });
});

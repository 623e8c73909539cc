import { describe, expect, it } from "vitest";
import {
  call,
  connectLive,
  db,
  expectError,
  newTask,
  postForm,
  setWorkspace,
  signUp,
  updateTask,
  workspaceIdOf,
  type Account,
} from "./helpers";
import { setTier, team } from "./teams-helpers";

/** The run of show (issue 17): `/api/show` and the cue writes. */

interface ShowJson {
  day: string;
  cues: Array<Record<string, any>>;
  conflicts: Array<Record<string, any>>;
  plannedEnd: string | null;
  days: Array<{ day: string; kind: string }>;
}

async function getShow(account: Account, query = "") {
  const res = await call(`/api/show${query}`, { token: account.token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ShowJson;
}

/** Inserts a cue row straight into D1 (arranging state without the write API). */
async function insertCue(
  account: Account,
  values: {
    id: string;
    day: string;
    position: number;
    title: string;
    start?: string | null;
    duration: number;
    timing: "fixed" | "flexible";
  },
) {
  const workspaceId = await workspaceIdOf(account.user.id);
  const now = new Date().toISOString();
  await db()
    .prepare(
      "INSERT INTO cues (id, workspace_id, day, position, title, start, duration_seconds, timing, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(
      values.id,
      workspaceId,
      values.day,
      values.position,
      values.title,
      values.start ?? null,
      values.duration,
      values.timing,
      now,
      now,
    )
    .run();
  return workspaceId;
}

describe("GET /api/show", () => {
  it("plans a day's cues with their linked tasks and the event's days", async () => {
    const owner = await signUp("Maria Lopez");
    await setWorkspace(owner.user.id, { timezone: "Europe/Berlin", eventDate: "2026-06-06T16:00:00.000Z" });
    const workspaceId = await insertCue(owner, {
      id: `doors-${owner.user.id}`,
      day: "2026-06-06",
      position: 1,
      title: "Doors",
      start: "18:00",
      duration: 1800,
      timing: "fixed",
    });
    await insertCue(owner, {
      id: `walkin-${owner.user.id}`,
      day: "2026-06-06",
      position: 2,
      title: "Walk-in music",
      duration: 900,
      timing: "flexible",
    });
    const task = await newTask(owner.token, { title: "Clear the walk-in playlist" });
    await db()
      .prepare("INSERT INTO cue_tasks (workspace_id, cue_id, task_id) VALUES (?, ?, ?)")
      .bind(workspaceId, `walkin-${owner.user.id}`, task.id)
      .run();

    const show = await getShow(owner);
    expect(show.day).toBe("2026-06-06");
    expect(show.days).toEqual([{ day: "2026-06-06", kind: "show" }]);
    expect(show.cues.map((c) => [c.title, c.plannedStart, c.plannedEnd, c.ready, c.taskIds])).toEqual([
      ["Doors", "2026-06-06T16:00:00.000Z", "2026-06-06T16:30:00.000Z", true, []],
      ["Walk-in music", "2026-06-06T16:30:00.000Z", "2026-06-06T16:45:00.000Z", false, [task.id]],
    ]);
    expect(show.plannedEnd).toBe("2026-06-06T16:45:00.000Z");
    expect(Object.keys(show.cues[0]).sort()).toEqual([
      "assigneeId",
      "assigneeName",
      "department",
      "duration",
      "id",
      "notes",
      "plannedEnd",
      "plannedStart",
      "ready",
      "stageId",
      "start",
      "taskIds",
      "timing",
      "title",
    ]);
    // Another workspace sees none of it.
    const other = await signUp("Sam Okafor");
    expect((await getShow(other, "?day=2026-06-06")).cues).toEqual([]);
  });

  it("refuses a day that is not a date with fieldErrors", async () => {
    const owner = await signUp("Maria Lopez");
    for (const day of ["2026-02-30", "tomorrow"]) {
      const body = await expectError(await call(`/api/show?day=${day}`, { token: owner.token }), 400);
      expect(body.fieldErrors?.day).toBeDefined();
    }
    await expectError(await call("/api/show"), 401);
  });
});

const DAY = "2026-06-06";

async function addCue(account: Account, body: Record<string, unknown>) {
  const res = await call("/api/show/cues", { method: "POST", token: account.token, json: { day: DAY, ...body } });
  return { res, body: (await res.json()) as Record<string, any> };
}

async function newCue(account: Account, body: Record<string, unknown>) {
  const { res, body: cue } = await addCue(account, body);
  expect(res.status, JSON.stringify(cue)).toBe(201);
  return cue;
}

const titles = async (account: Account) => (await getShow(account, `?day=${DAY}`)).cues.map((c) => c.title);

describe("cue writes", () => {
  it("creates, edits, links tasks, reorders and deletes cues", async () => {
    const owner = await signUp("Maria Lopez");
    const task = await newTask(owner.token, { title: "Tune the PA" });
    const doors = await newCue(owner, {
      title: "Doors",
      start: "18:00",
      duration: 1800,
      timing: "fixed",
      department: "stage",
    });
    expect(doors).toMatchObject({ title: "Doors", start: "18:00", duration: 1800, timing: "fixed", taskIds: [] });
    const band = await newCue(owner, {
      title: "Band",
      duration: 2700,
      taskIds: [task.id, task.id],
      assigneeName: "PowerCo Sound",
    });
    expect(band).toMatchObject({
      timing: "flexible",
      taskIds: [task.id],
      assigneeId: null,
      assigneeName: "PowerCo Sound",
    });

    let show = await getShow(owner, `?day=${DAY}`);
    expect(show.cues.map((c) => [c.title, c.plannedStart, c.ready])).toEqual([
      ["Doors", "2026-06-06T18:00:00.000Z", true],
      ["Band", "2026-06-06T18:30:00.000Z", false],
    ]);
    // The linked task done, the cue is ready.
    expect((await updateTask(owner.token, task.id, { status: "completed" })).res.status).toBe(200);
    expect((await getShow(owner, `?day=${DAY}`)).cues[1].ready).toBe(true);

    const patched = await call(`/api/show/cues/${band.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { title: "Headliner", assigneeId: owner.user.id, taskIds: [] },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      title: "Headliner",
      assigneeId: owner.user.id,
      assigneeName: "Maria Lopez",
      taskIds: [],
    });

    const reorder = await call("/api/show/cues/reorder", {
      method: "POST",
      token: owner.token,
      json: { day: DAY, ids: [band.id, doors.id] },
    });
    expect(reorder.status, await reorder.clone().text()).toBe(200);
    expect(await titles(owner)).toEqual(["Headliner", "Doors"]);

    const deleted = await call(`/api/show/cues/${doors.id}`, { method: "DELETE", token: owner.token });
    expect(deleted.status).toBe(204);
    show = await getShow(owner, `?day=${DAY}`);
    expect(show.cues.map((c) => c.title)).toEqual(["Headliner"]);
    await expectError(await call(`/api/show/cues/${doors.id}`, { method: "DELETE", token: owner.token }), 404);
  });

  it("validates like tasks: fieldErrors, a start for fixed cues, limits", async () => {
    const owner = await signUp("Maria Lopez");
    let body = await expectError(await addCue(owner, { title: "", duration: -1, timing: "sometimes" }), 400);
    expect(Object.keys(body.fieldErrors ?? {}).sort()).toEqual(["duration", "timing", "title"]);
    body = await expectError(await addCue(owner, { title: "Doors", duration: 60, timing: "fixed" }), 400);
    expect(body.fieldErrors?.start).toEqual(["A fixed cue needs a start time"]);
    body = await expectError(await addCue(owner, { title: "Silence", duration: 0 }), 400);
    expect(body.fieldErrors?.duration).toEqual(["duration must be at least 1 second"]);
    body = await expectError(await addCue(owner, { title: "Doors", duration: 60, start: "25:00" }), 400);
    expect(body.fieldErrors?.start).toBeDefined();
    body = await expectError(
      await addCue(owner, { title: "x".repeat(201), duration: 60, notes: "n".repeat(2001) }),
      400,
    );
    expect(Object.keys(body.fieldErrors ?? {}).sort()).toEqual(["notes", "title"]);
    body = await expectError(
      await addCue(owner, { title: "Doors", duration: 60, taskIds: Array.from({ length: 21 }, (_, i) => `t${i}`) }),
      400,
    );
    expect(body.fieldErrors?.taskIds).toBeDefined();
    body = await expectError(await addCue(owner, { title: "Doors", duration: 60, day: "2026-13-01" }), 400);
    expect(body.fieldErrors?.day).toBeDefined();
    body = await expectError(await addCue(owner, { title: "Doors", duration: 60, assigneeId: "nobody" }), 400);
    expect(body.fieldErrors?.assigneeId).toBeDefined();
    const cue = await newCue(owner, { title: "Doors", duration: 60 });
    body = await expectError(
      await call(`/api/show/cues/${cue.id}`, { method: "PATCH", token: owner.token, json: { timing: "fixed" } }),
      400,
    );
    expect(body.fieldErrors?.start).toBeDefined();
    await expectError(await call("/api/show/cues", { method: "POST", token: owner.token, body: "title=x" }), 415);
    await expectError(await call("/api/show/cues", { method: "PUT", token: owner.token, json: {} }), 405);
  });

  it("keeps workspaces apart: others' cues are 404, others' tasks cannot be linked", async () => {
    const owner = await signUp("Maria Lopez");
    const stranger = await signUp("Eve Stranger");
    const cue = await newCue(owner, { title: "Doors", duration: 60 });
    const theirTask = await newTask(stranger.token, { title: "Their task" });
    await expectError(
      await call(`/api/show/cues/${cue.id}`, { method: "PATCH", token: stranger.token, json: { title: "Mine" } }),
      404,
    );
    await expectError(await call(`/api/show/cues/${cue.id}`, { method: "DELETE", token: stranger.token }), 404);
    const body = await expectError(await addCue(owner, { title: "Band", duration: 60, taskIds: [theirTask.id] }), 400);
    expect(body.fieldErrors?.taskIds?.[0]).toContain(theirTask.id);
    await expectError(
      await call("/api/show/cues/reorder", {
        method: "POST",
        token: stranger.token,
        json: { day: DAY, ids: [cue.id] },
      }),
      409,
    );
    expect(await titles(owner)).toEqual(["Doors"]);
    expect(await titles(stranger)).toEqual([]);
  });

  it("offers only the workspace's own tasks to link, searched on demand", async () => {
    const owner = await signUp("Maria Lopez");
    const stranger = await signUp("Eve Stranger");
    await newTask(owner.token, { title: "Charge the radios" });
    await newTask(stranger.token, { title: "Charge the radios elsewhere" });
    const search = async (account: Account, q: string) =>
      (
        (await (await call(`/api/show/task-choices?q=${q}`, { token: account.token })).json()) as {
          tasks: Array<{ title: string }>;
        }
      ).tasks.map((t) => t.title);
    expect(await search(owner, "radios")).toEqual(["Charge the radios"]);
    expect(await search(owner, "")).toEqual([]);
    await expectError(await call(`/api/show/task-choices?q=${"x".repeat(101)}`, { token: owner.token }), 400);
  });

  it("refuses a reorder that does not name every cue of the day once", async () => {
    const owner = await signUp("Maria Lopez");
    const a = await newCue(owner, { title: "A", duration: 60 });
    const b = await newCue(owner, { title: "B", duration: 60 });
    const reorder = (ids: string[]) =>
      call("/api/show/cues/reorder", { method: "POST", token: owner.token, json: { day: DAY, ids } });
    await expectError(await reorder([b.id]), 409);
    await expectError(await reorder([b.id, b.id]), 400);
    await expectError(await reorder([]), 400);
    expect(await titles(owner)).toEqual(["A", "B"]);
    expect((await reorder([b.id, a.id])).status).toBe(200);
    expect(await titles(owner)).toEqual(["B", "A"]);
  });

  it("lets members write too, with a member as the owner", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const [sam] = members;
    const cue = await newCue(sam, { title: "Soundcheck", duration: 600, assigneeId: sam.user.id });
    expect(cue.assigneeName).toBe("Sam Okafor");
    expect(await titles(owner)).toEqual(["Soundcheck"]);
  });

  it("holds a free workspace to 20 cues a day (402)", async () => {
    const owner = await signUp("Maria Lopez");
    await setTier(owner.user.id, "free");
    for (let i = 0; i < 20; i += 1) await newCue(owner, { title: `Cue ${i}`, duration: 60 });
    const body = await expectError(await addCue(owner, { title: "One more", duration: 60 }), 402);
    expect(body.error).toContain("20 cues");
    await newCue(owner, { title: "Another day", duration: 60, day: "2026-06-07" });
  });

  it("moves a cue to another day's end with a new day, within that day's limit", async () => {
    const owner = await signUp("Maria Lopez");
    await setTier(owner.user.id, "free");
    const soundcheck = await newCue(owner, { title: "Soundcheck", duration: 600 });
    await newCue(owner, { title: "Doors", duration: 60 });
    const NEXT = "2026-06-07";
    await newCue(owner, { title: "Load-out", duration: 60, day: NEXT });
    const moved = await call(`/api/show/cues/${soundcheck.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { day: NEXT },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await moved.json()).toMatchObject({ day: NEXT, title: "Soundcheck" });
    expect(await titles(owner)).toEqual(["Doors"]);
    expect((await getShow(owner, `?day=${NEXT}`)).cues.map((c) => c.title)).toEqual(["Load-out", "Soundcheck"]);
    const bad = await expectError(
      await call(`/api/show/cues/${soundcheck.id}`, {
        method: "PATCH",
        token: owner.token,
        json: { day: "2026-02-30" },
      }),
      400,
    );
    expect(bad.fieldErrors?.day).toBeDefined();
    // A full day takes no more cues by moving either.
    for (let i = 0; i < 19; i += 1) await newCue(owner, { title: `Cue ${i}`, duration: 60 });
    const full = await call(`/api/show/cues/${soundcheck.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { day: DAY },
    });
    expect((await expectError(full, 402)).error).toContain("20 cues");
    expect((await getShow(owner, `?day=${NEXT}`)).cues.map((c) => c.title)).toContain("Soundcheck");
  });

  it("concurrent moves to a day with one free place fill it and no more (the count is inside the update)", async () => {
    const owner = await signUp("Maria Lopez");
    await setTier(owner.user.id, "free");
    for (let i = 0; i < 19; i += 1) await newCue(owner, { title: `Cue ${i}`, duration: 60 });
    const NEXT = "2026-06-07";
    const movers = [];
    for (let i = 0; i < 6; i += 1) movers.push(await newCue(owner, { title: `Mover ${i}`, duration: 60, day: NEXT }));
    const task = await newTask(owner.token, { title: "Rig the truss" });
    const answers = await Promise.all(
      movers.map((cue) => {
        const json = { day: DAY, taskIds: [task.id] };
        return call(`/api/show/cues/${cue.id}`, { method: "PATCH", token: owner.token, json });
      }),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 402, 402, 402, 402, 402]);
    const day = await getShow(owner, `?day=${DAY}`);
    expect(day.cues).toHaveLength(20);
    // A refused move changes nothing else either: the cue keeps its day and gets no links.
    const stayed = (await getShow(owner, `?day=${NEXT}`)).cues;
    expect(stayed).toHaveLength(5);
    expect(stayed.every((cue) => cue.taskIds.length === 0)).toBe(true);
    expect(day.cues.filter((cue) => cue.taskIds.length > 0).map((cue) => cue.title)).toHaveLength(1);
  });

  it("tells open pages which day changed", async () => {
    const owner = await signUp("Maria Lopez");
    const live = await connectLive(owner);
    await live.receivedCount(1);
    await newCue(owner, { title: "Doors", duration: 60 });
    const [, event] = await live.receivedCount(2);
    expect(event).toMatchObject({ type: "rundown", day: DAY });
  });
});

describe("CSV", () => {
  const importCsv = (account: Account, csv: string, day = DAY) =>
    call(`/api/show/cues/import?day=${day}`, {
      method: "POST",
      token: account.token,
      body: csv,
      headers: { "content-type": "text/csv" },
    });

  it("imports all rows or none, naming the bad lines, and exports them back", async () => {
    const owner = await signUp("Maria Lopez");
    const bad = await expectError(
      await importCsv(owner, "title,start,duration\nDoors,18:00,5\nBand,,five\n,,5\nSilence,,0\n"),
      400,
    );
    expect(bad.fieldErrors?.csv).toEqual([
      "Line 3: duration must be like 15 min, 1 h 30 min or 45 s (a plain number is minutes; 1:30 is 1 min 30 s)",
      "Line 4: title is required",
      "Line 5: duration must be more than 0",
    ]);
    expect(await titles(owner)).toEqual([]);

    const ok = await importCsv(
      owner,
      'title,start,duration,timing,department,owner,notes\nDoors,18:00,30,fixed,stage,Maria Lopez,\nBand,,45,,audio,PowerCo,"Loud, then louder"\n',
    );
    expect(ok.status, await ok.clone().text()).toBe(201);
    const show = await getShow(owner, `?day=${DAY}`);
    expect(show.cues.map((c) => [c.title, c.timing, c.assigneeId, c.assigneeName])).toEqual([
      ["Doors", "fixed", owner.user.id, "Maria Lopez"],
      ["Band", "flexible", null, "PowerCo"],
    ]);

    const csv = await call(`/api/show/cues.csv?day=${DAY}`, { token: owner.token });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(await csv.text()).toBe(
      'title,start,duration,timing,department,owner,notes,stage\r\nDoors,18:00,30 min,fixed,stage,Maria Lopez,,\r\nBand,,45 min,flexible,audio,PowerCo,"Loud, then louder",\r\n',
    );
    await expectError(
      await call(`/api/show/cues/import?day=${DAY}`, { method: "POST", token: owner.token, json: {} }),
      415,
    );
  });
});

describe("the /show page's forms without JavaScript", () => {
  it("adds, edits, moves and deletes with one form per action", async () => {
    const owner = await signUp("Maria Lopez");
    const add = (title: string, extra: Record<string, string> = {}) =>
      postForm(owner.token, `/show?day=${DAY}`, {
        intent: "add",
        day: DAY,
        title,
        duration: "5",
        timing: "flexible",
        ...extra,
      });
    expect((await add("Doors", { start: "18:00", timing: "fixed" })).status).toBe(303);
    expect((await add("Band", { duration: "1:30" })).status).toBe(303);
    const refused = await add("Bad", { duration: "soon" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Duration must be like 15 min, 1 h 30 min or 45 s");
    const zero = await add("Silence", { duration: "0" });
    expect(zero.status).toBe(400);
    expect(await zero.text()).toContain("Duration must be more than 0");

    let show = await getShow(owner, `?day=${DAY}`);
    expect(show.cues.map((c) => [c.title, c.duration])).toEqual([
      ["Doors", 300],
      ["Band", 90],
    ]);
    const [doors, band] = show.cues;
    expect(
      (await postForm(owner.token, `/show?day=${DAY}`, { intent: "move", cueId: band.id, direction: "up" })).status,
    ).toBe(303);
    expect(await titles(owner)).toEqual(["Band", "Doors"]);
    const edit = await postForm(owner.token, `/show?day=${DAY}`, {
      intent: "edit",
      cueId: doors.id,
      title: "Doors open",
      start: "18:15",
      duration: "10",
      timing: "fixed",
      department: "stage",
    });
    expect(edit.status).toBe(303);
    show = await getShow(owner, `?day=${DAY}`);
    expect(show.cues[1]).toMatchObject({ title: "Doors open", start: "18:15", duration: 600, department: "stage" });
    // The row's Delete asks first: a link to the same page with the question and a form.
    const asking = (await (await call(`/show?day=${DAY}&delete=${band.id}`, { token: owner.token })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(asking).toContain("Delete “Band”? Its notes and task links go with it");
    expect(await titles(owner)).toEqual(["Band", "Doors open"]);
    expect(
      (await postForm(owner.token, `/show?day=${DAY}&delete=${band.id}`, { intent: "delete", cueId: band.id })).status,
    ).toBe(303);
    expect(await titles(owner)).toEqual(["Doors open"]);
    // The edit form's Day moves the cue, and the page follows it there.
    const move = await postForm(owner.token, `/show?day=${DAY}`, {
      intent: "edit",
      cueId: doors.id,
      day: "2026-06-07",
      title: "Doors open",
      start: "18:15",
      duration: "10",
      timing: "fixed",
    });
    expect(move.status).toBe(303);
    expect(move.headers.get("location")).toContain("day=2026-06-07");
    expect(await titles(owner)).toEqual([]);
    expect((await getShow(owner, "?day=2026-06-07")).cues.map((c) => c.title)).toEqual(["Doors open"]);
  });

  it("renders the sheet with planned times, flags and the not-ready badge", async () => {
    const owner = await signUp("Maria Lopez");
    await setWorkspace(owner.user.id, { timezone: "UTC", eventDate: `${DAY}T17:00:00.000Z` });
    const t1 = await newTask(owner.token, { title: "Print the setlist" });
    const t2 = await newTask(owner.token, { title: "Tape the stage" });
    await newCue(owner, { title: "Doors", start: "18:00", duration: 1800, timing: "fixed" });
    await newCue(owner, { title: "Walk-in music", duration: 600, taskIds: [t1.id, t2.id] });
    await newCue(owner, { title: "Band", start: "19:00", duration: 3600, timing: "fixed" });
    const res = await call("/show", { token: owner.token });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Walk-in music");
    expect(html).toContain("Not ready · 2 open tasks");
    expect(html).toContain(`/tasks/${t1.id}`);
    expect(html).toContain("Gap: 20 min before “Band”");
  });
});

import { describe, expect, it } from "vitest";
import { call, db, expectError, postForm, signUp, workspaceIdOf, type Account } from "./helpers";
import { team } from "./teams-helpers";

/** Calls (issue 35, ADR 043): the calls API, its scoping and field errors, the day's warnings, the crew rules. */

type Json = Record<string, any>;

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as Json;
}

/** An owner whose event runs load-in Fri 5 Jun, show Sat 6 – Sun 7 Jun, load-out Mon 8 Jun 2026, in London. */
async function eventOwner(name = "Maria Lopez") {
  const owner = await signUp(name);
  await ok(
    await call("/api/workspace", {
      method: "PUT",
      token: owner.token,
      json: {
        timezone: "Europe/London",
        eventDate: "2026-06-06",
        eventTime: "19:00",
        eventEndDate: "2026-06-07",
        loadInDate: "2026-06-05",
        loadOutDate: "2026-06-08",
      },
    }),
  );
  return { owner, workspaceId: await workspaceIdOf(owner.user.id) };
}

async function addPerson(workspaceId: string, name: string, department: string | null = null) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db()
    .prepare(
      "INSERT INTO crew_people (id, workspace_id, name, department, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(id, workspaceId, name, department, now, now)
    .run();
  return id;
}

const postCall = (account: Account, body: Json) =>
  call("/api/calls", { method: "POST", token: account.token, json: body });

const getDay = async (account: Account, day: string) =>
  ok(await call(`/api/calls?day=${day}`, { token: account.token }));

describe("calls API", () => {
  it("adds, reads, changes and deletes a call", async () => {
    const { owner, workspaceId } = await eventOwner();
    const sam = await addPerson(workspaceId, "Sam Okafor", "audio");
    const created = await ok(
      await postCall(owner, {
        day: "2026-06-06",
        personId: sam,
        start: "13:00",
        end: "17:00",
        location: " Stage door ",
        notes: "",
      }),
      201,
    );
    expect(created).toMatchObject({
      day: "2026-06-06",
      personId: sam,
      personName: "Sam Okafor",
      department: null,
      start: "13:00",
      end: "17:00",
      location: "Stage door",
      notes: null,
    });

    expect(await ok(await call(`/api/calls/${created.id}`, { token: owner.token }))).toMatchObject({ id: created.id });

    const moved = await ok(
      await call(`/api/calls/${created.id}`, {
        method: "PATCH",
        token: owner.token,
        json: { start: "12:00", end: null, day: "2026-06-07" },
      }),
    );
    expect(moved).toMatchObject({ day: "2026-06-07", start: "12:00", end: null, location: "Stage door" });

    const day = await getDay(owner, "2026-06-07");
    expect(day.calls.map((c: Json) => c.id)).toEqual([created.id]);
    expect((await getDay(owner, "2026-06-06")).calls).toEqual([]);

    const res = await call(`/api/calls/${created.id}`, { method: "DELETE", token: owner.token });
    expect(res.status).toBe(204);
    await expectError(await call(`/api/calls/${created.id}`, { token: owner.token }), 404);
  });

  it("a department's call", async () => {
    const { owner } = await eventOwner();
    const created = await ok(await postCall(owner, { day: "2026-06-05", department: "Lighting", start: "08:00" }), 201);
    expect(created).toMatchObject({ personId: null, department: "Lighting", end: null });
  });

  it("gives field errors: an end before the start, a day outside the event, an unknown person or stage", async () => {
    const { owner, workspaceId } = await eventOwner();
    const sam = await addPerson(workspaceId, "Sam Okafor");
    const base = { day: "2026-06-06", personId: sam, start: "14:00" };

    expect((await expectError(await postCall(owner, { ...base, end: "13:00" }), 400)).fieldErrors).toEqual({
      end: ["The end must be after the start"],
    });
    expect((await expectError(await postCall(owner, { ...base, day: "2026-06-10" }), 400)).fieldErrors).toEqual({
      day: ["Choose one of the event's days (Fri 5 Jun – Mon 8 Jun)"],
    });
    expect((await expectError(await postCall(owner, { ...base, personId: "nobody" }), 400)).fieldErrors).toEqual({
      personId: ["Choose someone from the crew directory"],
    });
    expect((await expectError(await postCall(owner, { ...base, stageId: "nowhere" }), 400)).fieldErrors).toHaveProperty(
      "stageId",
    );
    expect((await expectError(await postCall(owner, { day: "2026-06-06", start: "09:00" }), 400)).fieldErrors).toEqual({
      personId: ["Choose a person or a department"],
    });
    // Wrong types, malformed and oversized bodies are 400s, never 500s.
    expect((await expectError(await postCall(owner, { ...base, start: 1400 }), 400)).fieldErrors).toHaveProperty(
      "start",
    );
    const malformed = await call("/api/calls", {
      method: "POST",
      token: owner.token,
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    await expectError(malformed, 400);
    const huge = await call("/api/calls", {
      method: "POST",
      token: owner.token,
      json: { ...base, notes: "x".repeat(70 * 1024) },
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);

    // A change is checked as the whole call it makes.
    const created = await ok(await postCall(owner, { ...base, end: "18:00" }), 201);
    const patch = (json: Json) => call(`/api/calls/${created.id}`, { method: "PATCH", token: owner.token, json });
    expect((await expectError(await patch({ start: "19:00" }), 400)).fieldErrors).toEqual({
      end: ["The end must be after the start"],
    });
    expect((await expectError(await patch({ day: "2026-06-04" }), 400)).fieldErrors).toHaveProperty("day");
    expect((await expectError(await patch({ personId: "nobody" }), 400)).fieldErrors).toEqual({
      personId: ["Choose someone from the crew directory"],
    });
    await expectError(await patch({ colour: "red" }), 400);
  });

  it("GET needs a day", async () => {
    const { owner } = await eventOwner();
    const body = await expectError(await call("/api/calls", { token: owner.token }), 400);
    expect(body.fieldErrors).toHaveProperty("day");
  });

  it("keeps workspaces apart: another workspace's calls and people are unknown", async () => {
    const { owner, workspaceId } = await eventOwner();
    const other = await eventOwner("Ana Ruiz");
    const sam = await addPerson(workspaceId, "Sam Okafor");
    const created = await ok(await postCall(owner, { day: "2026-06-06", personId: sam, start: "10:00" }), 201);

    await expectError(await call(`/api/calls/${created.id}`, { token: other.owner.token }), 404);
    await expectError(
      await call(`/api/calls/${created.id}`, { method: "PATCH", token: other.owner.token, json: { start: "11:00" } }),
      404,
    );
    await expectError(await call(`/api/calls/${created.id}`, { method: "DELETE", token: other.owner.token }), 404);
    expect((await getDay(other.owner, "2026-06-06")).calls).toEqual([]);
    // Someone of another workspace's directory cannot be called here.
    expect(
      (await expectError(await postCall(other.owner, { day: "2026-06-06", personId: sam, start: "10:00" }), 400))
        .fieldErrors,
    ).toEqual({ personId: ["Choose someone from the crew directory"] });
    // The call is still there, unchanged.
    expect(await ok(await call(`/api/calls/${created.id}`, { token: owner.token }))).toMatchObject({ start: "10:00" });
  });

  it("answers the day's warnings", async () => {
    const { owner, workspaceId } = await eventOwner();
    const sam = await addPerson(workspaceId, "Sam Okafor", "audio");
    await ok(await postCall(owner, { day: "2026-06-06", personId: sam, start: "13:00", end: "17:00" }), 201);
    await ok(await postCall(owner, { day: "2026-06-06", department: "audio", start: "14:00" }), 201);
    await ok(await postCall(owner, { day: "2026-06-05", personId: sam, start: "12:00", end: "23:30" }), 201);
    await ok(
      await call("/api/show/cues", {
        method: "POST",
        token: owner.token,
        json: {
          day: "2026-06-06",
          title: "Doors",
          start: "18:30",
          timing: "fixed",
          duration: 600,
          department: "Sound",
        },
      }),
      201,
    );
    const day = await getDay(owner, "2026-06-06");
    expect(day.warnings.map((w: Json) => w.message)).toEqual([
      "Sam Okafor is called twice at 14:00",
      "Sound has no call before “Doors” at 18:30",
    ]);
    expect(day.cues).toEqual([expect.objectContaining({ title: "Doors", time: "18:30", department: "Sound" })]);

    // Stricter rules in Settings: 14 hours of rest, a 3-hour day at most.
    await ok(
      await call("/api/workspace", {
        method: "PUT",
        token: owner.token,
        json: { crewRestHours: 14, crewDayLimitHours: 3 },
      }),
    );
    const stricter = await getDay(owner, "2026-06-06");
    expect(stricter.warnings.map((w: Json) => w.kind)).toEqual([
      "double-call",
      "no-call-before-cue",
      "long-day",
      "short-rest",
    ]);
    expect(stricter.warnings.at(-1).message).toBe(
      "Sam Okafor has 13 h 30 min rest between Fri 5 Jun and Sat 6 Jun, under the 14-hour minimum",
    );
  });

  it("warns about calls left outside the event when its dates move", async () => {
    const { owner, workspaceId } = await eventOwner();
    const sam = await addPerson(workspaceId, "Sam Okafor");
    await ok(await postCall(owner, { day: "2026-06-08", personId: sam, start: "09:00" }), 201);
    await ok(await call("/api/workspace", { method: "PUT", token: owner.token, json: { loadOutDate: null } }));
    const day = await getDay(owner, "2026-06-08");
    expect(day.warnings.map((w: Json) => w.message)).toEqual([
      "Sam Okafor's call at 09:00 on Mon 8 Jun is outside the event's days",
    ]);
  });

  it("shows each cue's caller's call on the cue sheet", async () => {
    const { owner, workspaceId } = await eventOwner();
    const ownerEntry = await db()
      .prepare("SELECT id FROM crew_people WHERE workspace_id = ? AND user_id = ?")
      .bind(workspaceId, owner.user.id)
      .first<{ id: string }>();
    await ok(
      await postCall(owner, { day: "2026-06-06", personId: ownerEntry!.id, start: "13:00", location: "Stage door" }),
      201,
    );
    await ok(
      await call("/api/show/cues", {
        method: "POST",
        token: owner.token,
        json: {
          day: "2026-06-06",
          title: "Doors",
          start: "18:30",
          timing: "fixed",
          duration: 600,
          assigneeId: owner.user.id,
        },
      }),
      201,
    );
    await ok(
      await call("/api/show/cues", {
        method: "POST",
        token: owner.token,
        json: {
          day: "2026-06-06",
          title: "Walk-in",
          start: "19:00",
          timing: "fixed",
          duration: 600,
          department: "video",
        },
      }),
      201,
    );
    const page = await call("/show?day=2026-06-06", { token: owner.token });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Call 13:00 · Stage door");
    expect(html).toContain("No call before this cue");
  });

  it("crew rules are validated and owner-only", async () => {
    const { owner } = await eventOwner();
    const put = (json: Json, token = owner.token) => call("/api/workspace", { method: "PUT", token, json });
    expect((await expectError(await put({ crewDayLimitHours: 0 }), 400)).fieldErrors).toEqual({
      crewDayLimitHours: ["Longest day must be at least 1 hour"],
    });
    expect((await expectError(await put({ crewRestHours: 25 }), 400)).fieldErrors).toEqual({
      crewRestHours: ["Shortest rest must be at most 24 hours"],
    });
    expect((await expectError(await put({ crewRestHours: "ten" }), 400)).fieldErrors).toHaveProperty("crewRestHours");
    expect(await ok(await put({ crewDayLimitHours: 14, crewRestHours: 0 }))).toMatchObject({
      crewDayLimitHours: 14,
      crewRestHours: 0,
    });
    // The settings page's form, without JavaScript.
    const saved = await postForm(owner.token, "/settings", {
      intent: "crew-rules",
      crewDayLimitHours: "11",
      crewRestHours: "9.5",
    });
    expect(saved.status).toBe(303);
    expect(await ok(await call("/api/workspace", { token: owner.token }))).toMatchObject({
      crewDayLimitHours: 11,
      crewRestHours: 9.5,
    });
    const refused = await postForm(owner.token, "/settings", { intent: "crew-rules", crewDayLimitHours: "30" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Longest day must be at most 24 hours");

    const { members } = await team(["Sam Okafor"]);
    await expectError(await put({ crewRestHours: 8 }, members[0].token), 403);
  });

  it("works without JavaScript: the /calls page's forms add, change and delete a call", async () => {
    const { owner, workspaceId } = await eventOwner();
    const sam = await addPerson(workspaceId, "Sam Okafor");
    const added = await postForm(owner.token, "/calls?day=2026-06-06", {
      intent: "add",
      day: "2026-06-06",
      personId: sam,
      department: "",
      start: "10:00",
      end: "12:00",
      location: "Loading bay",
      stageId: "",
      notes: "",
    });
    expect(added.status).toBe(303);
    const [created] = (await getDay(owner, "2026-06-06")).calls;
    expect(created).toMatchObject({ personName: "Sam Okafor", start: "10:00", end: "12:00", location: "Loading bay" });

    const refused = await postForm(owner.token, "/calls?day=2026-06-06", {
      intent: "add",
      day: "2026-06-06",
      personId: sam,
      start: "10:00",
      end: "09:00",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The end must be after the start");

    const edited = await postForm(owner.token, "/calls?day=2026-06-06", {
      intent: "edit",
      callId: created.id,
      day: "2026-06-06",
      personId: sam,
      start: "11:00",
      end: "",
    });
    expect(edited.status).toBe(303);
    expect((await getDay(owner, "2026-06-06")).calls[0]).toMatchObject({ start: "11:00", end: null, location: null });

    const deleted = await postForm(owner.token, "/calls?day=2026-06-06", { intent: "delete", callId: created.id });
    expect(deleted.status).toBe(303);
    expect((await getDay(owner, "2026-06-06")).calls).toEqual([]);
  });
});

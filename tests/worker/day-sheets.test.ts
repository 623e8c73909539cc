import { describe, expect, it } from "vitest";
import type { DaySheetDmJob } from "~/services/day-sheet-dms.server";
import { deliverDaySheetCheck } from "~/services/day-sheet-dms.server";
import type { QueueJob } from "~/services/queue.server";
import { call, ctxAt, db, expectError, localDate, postForm, shiftDate, signUp, workspaceIdOf } from "./helpers";
import { runCron, runQueue } from "./queue-helpers";
import { installSlack, readableText, recorded, type Installation } from "./slack-helpers";
import { team } from "./teams-helpers";

/**
 * Day sheets (issue 35, ADR 044): `/day/{date}` shows a person's calls, cues and tasks to them and to owners only;
 * the evening DM goes once per person and day; changes to a sent sheet reach its person as one DM a minute after the
 * last of them.
 */

const MINUTE = 60_000;
const today = () => localDate(new Date(), "UTC");

async function setEvent(workspaceId: string, values: { day: string; daySheetTime?: string; venue?: string }) {
  await db()
    .prepare(
      "UPDATE workspaces SET timezone = 'UTC', event_date = ?, day_sheet_time = ?, venue_address = ? WHERE id = ?",
    )
    .bind(`${values.day}T18:00:00.000Z`, values.daySheetTime ?? "18:00", values.venue ?? null, workspaceId)
    .run();
}

async function personOf(workspaceId: string, userId: string) {
  const row = await db()
    .prepare("SELECT id FROM crew_people WHERE workspace_id = ? AND user_id = ?")
    .bind(workspaceId, userId)
    .first<{ id: string }>();
  return row!.id;
}

async function addPerson(
  workspaceId: string,
  values: { name: string; department?: string; phone?: string; keyContact?: boolean },
) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db()
    .prepare(
      "INSERT INTO crew_people (id, workspace_id, name, department, phone, key_contact, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(
      id,
      workspaceId,
      values.name,
      values.department ?? null,
      values.phone ?? null,
      values.keyContact ? 1 : 0,
      now,
      now,
    )
    .run();
  return id;
}

async function addCall(
  workspaceId: string,
  values: { day: string; start: string; personId?: string; department?: string; location?: string; updatedAt?: string },
) {
  const id = crypto.randomUUID();
  const at = values.updatedAt ?? new Date().toISOString();
  await db()
    .prepare(
      "INSERT INTO crew_calls (id, workspace_id, day, person_id, department, start_time, location, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(
      id,
      workspaceId,
      values.day,
      values.personId ?? null,
      values.department ?? null,
      values.start,
      values.location ?? null,
      at,
      at,
    )
    .run();
  return id;
}

async function addCue(token: string, body: Record<string, unknown>) {
  const res = await call("/api/show/cues", { method: "POST", token, json: { duration: 1800, ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string };
}

const pageText = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

describe("/day/{date}", () => {
  it("shows a member their own calls, cues, tasks and the key contacts, and no one else's", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const [sam] = members;
    const day = shiftDate(today(), 20);
    await setEvent(workspaceId, { day, venue: "1 Harbour Road" });
    const samId = await personOf(workspaceId, sam.user.id);
    await db()
      .prepare("UPDATE crew_people SET department = 'Audio', phone = '+44 7700 900123' WHERE id = ?")
      .bind(samId)
      .run();
    await addPerson(workspaceId, { name: "Priya Shah", phone: "+44 7700 900999", keyContact: true });
    const dana = await addPerson(workspaceId, { name: "Dana Outside", phone: "+44 7700 900555" });
    await addCall(workspaceId, { day, start: "09:00", personId: samId, location: "Loading dock" });
    await addCall(workspaceId, { day, start: "13:00", department: "audio", location: "FOH" });
    await addCall(workspaceId, { day, start: "07:00", personId: dana, location: "Dana's gate" });
    await addCue(owner.token, { day, title: "Doors", timing: "fixed", start: "19:00", assigneeId: sam.user.id });
    await addCue(owner.token, { day, title: "Line check", department: "audio" });
    await addCue(owner.token, { day, title: "Lighting focus", department: "lighting" });
    await call("/api/tasks", {
      method: "POST",
      token: owner.token,
      json: { title: "Tape the cables", dueDate: day, assigneeId: sam.user.id },
    });

    const res = await call(`/day/${day}`, { token: sam.token });
    expect(res.status).toBe(200);
    const html = await pageText(res);
    for (const text of [
      "Loading dock",
      "FOH",
      "Doors",
      "19:00",
      "Line check",
      "Tape the cables",
      "1 Harbour Road",
      "Priya Shah",
      "+44 7700 900999",
      "+44 7700 900123",
    ]) {
      expect(html).toContain(text);
    }
    for (const text of ["Dana&#x27;s gate", "Dana's gate", "Lighting focus", "+44 7700 900555"])
      expect(html).not.toContain(text);

    // A member may not open another's sheet; an owner may, and gets the directory to choose from.
    expect((await call(`/day/${day}?person=${dana}`, { token: sam.token })).status).toBe(403);
    const danaSheet = await pageText(await call(`/day/${day}?person=${dana}`, { token: owner.token }));
    expect(danaSheet).toContain("Dana&#x27;s gate");
    expect(danaSheet).toContain("Whose day");
  });

  it("keeps workspaces apart and says kindly when a day is not an event day", async () => {
    const other = await signUp("Other Owner");
    const otherPerson = await personOf(await workspaceIdOf(other.user.id), other.user.id);
    const owner = await signUp("Maria Lopez");
    const workspaceId = await workspaceIdOf(owner.user.id);
    const day = shiftDate(today(), 20);
    await setEvent(workspaceId, { day });

    expect((await call(`/day/${day}?person=${otherPerson}`, { token: owner.token })).status).toBe(404);
    expect((await call("/day/not-a-day", { token: owner.token })).status).toBe(400);
    const outside = await pageText(await call(`/day/${shiftDate(day, 5)}`, { token: owner.token }));
    expect(outside).toContain("is not one of the event&#x27;s days");
    expect(outside).toContain(`href="/day/${day}"`);
    const index = await call("/day", { token: owner.token, redirect: "manual" });
    expect(index.headers.get("location")).toBe(`/day/${day}`);
  });
});

const dayJobsOf = (jobs: QueueJob[], workspaceId: string) =>
  jobs.filter((j): j is DaySheetDmJob => "kind" in j && j.kind === "day-sheet-dm" && j.workspaceId === workspaceId);

const dmsTo = async (inst: Installation) =>
  (await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).filter(
    (r) => r.body.channel === inst.slackUserId,
  );

/** A Slack-linked owner whose event day is tomorrow, with the day sheet time already passed today. */
async function eveningBefore() {
  const inst = await installSlack("Maria Lopez");
  const day = shiftDate(today(), 1);
  await setEvent(inst.workspaceId, { day, daySheetTime: "00:00", venue: "1 Harbour Road" });
  const personId = await personOf(inst.workspaceId, inst.account.user.id);
  return { inst, day, personId };
}

describe("the evening day sheet DM", () => {
  it("goes once to a member with something on the day, with calls, cues and Open", async () => {
    const { inst, day, personId } = await eveningBefore();
    await addCall(inst.workspaceId, { day, start: "09:00", personId, location: "Loading dock" });
    await addCue(inst.account.token, {
      day,
      title: "Doors",
      timing: "fixed",
      start: "19:00",
      assigneeId: inst.account.user.id,
    });

    const jobs = dayJobsOf(await runCron(), inst.workspaceId);
    expect(jobs).toEqual([{ kind: "day-sheet-dm", workspaceId: inst.workspaceId, userId: inst.account.user.id, day }]);
    await runQueue([...jobs, ...jobs]);
    const dms = await dmsTo(inst);
    expect(dms).toHaveLength(1);
    const text = readableText(dms[0].body);
    expect(text).toContain("Your day");
    expect(text).toContain("09:00");
    expect(text).toContain("Loading dock");
    expect(text).toContain("Doors");

    // Sent: the cron queues no more, and the queue sends no second.
    expect(dayJobsOf(await runCron(), inst.workspaceId)).toEqual([]);
    await runQueue(jobs);
    expect(await dmsTo(inst)).toHaveLength(1);
  });

  it("waits for the day sheet time and sends nothing for an empty day", async () => {
    const { inst, day } = await eveningBefore();
    await db().prepare("UPDATE workspaces SET day_sheet_time = '23:59' WHERE id = ?").bind(inst.workspaceId).run();
    const noon = Date.parse(`${shiftDate(day, -1)}T12:00:00.000Z`);
    expect(dayJobsOf(await runCron(noon), inst.workspaceId)).toEqual([]);
    await db().prepare("UPDATE workspaces SET day_sheet_time = '00:00' WHERE id = ?").bind(inst.workspaceId).run();
    await runQueue(dayJobsOf(await runCron(), inst.workspaceId));
    expect(await dmsTo(inst)).toEqual([]);
  });
});

describe("the change DM", () => {
  it("tells the person once what changed, after the changes have settled", async () => {
    const { inst, day, personId } = await eveningBefore();
    const callId = await addCall(inst.workspaceId, { day, start: "14:00", personId, location: "Dock" });
    const doors = await addCue(inst.account.token, {
      day,
      title: "Doors",
      timing: "fixed",
      start: "19:00",
      assigneeId: inst.account.user.id,
    });
    await runQueue(dayJobsOf(await runCron(), inst.workspaceId));
    expect(await dmsTo(inst)).toHaveLength(1);

    // Two changes within a minute, each through the API: the call moves, the cue moves.
    const changedAt = new Date();
    const moved = await call(`/api/calls/${callId}`, {
      method: "PATCH",
      token: inst.account.token,
      json: { start: "13:00" },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const patched = await call(`/api/show/cues/${doors.id}`, {
      method: "PATCH",
      token: inst.account.token,
      json: { start: "19:30" },
    });
    expect(patched.status).toBe(200);

    const job = { kind: "day-sheet-check" as const, workspaceId: inst.workspaceId, day };
    // Too soon after the last change: the check waits.
    const early = await deliverDaySheetCheck(ctxAt(new Date(changedAt.getTime() + 10_000)), job);
    expect(early.kind).toBe("retry");
    expect(await dmsTo(inst)).toHaveLength(1);

    const later = new Date(Date.now() + 2 * MINUTE);
    expect(await deliverDaySheetCheck(ctxAt(later), job)).toEqual({ kind: "sent" });
    expect(await deliverDaySheetCheck(ctxAt(later), job)).toEqual({ kind: "skipped", reason: "unchanged" });
    const dms = await dmsTo(inst);
    expect(dms).toHaveLength(2);
    const text = readableText(dms[1].body);
    expect(text).toContain("Your call moved 14:00 → 13:00");
    expect(text).toContain("Doors moved 19:00 → 19:30");
  });

  it("does nothing for a day whose sheets were not sent", async () => {
    const { inst, day } = await eveningBefore();
    const job = { kind: "day-sheet-check" as const, workspaceId: inst.workspaceId, day };
    expect(await deliverDaySheetCheck(ctxAt(new Date()), job)).toEqual({ kind: "skipped", reason: "none_sent" });
  });
});

describe("calls in the calendar feed", () => {
  it("puts the member's own and department's calls in their feed, and a moved call changes the ETag", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const [sam] = members;
    const day = shiftDate(today(), 20);
    await setEvent(workspaceId, { day });
    const samId = await personOf(workspaceId, sam.user.id);
    await db()
      .prepare("UPDATE crew_people SET department = 'Audio', phone = '+44 7700 900123' WHERE id = ?")
      .bind(samId)
      .run();
    const own = await addCall(workspaceId, { day, start: "09:00", personId: samId, location: "Loading dock" });
    await addCall(workspaceId, { day, start: "13:00", department: "audio", location: "FOH" });
    await addCall(workspaceId, {
      day,
      start: "07:00",
      personId: await personOf(workspaceId, owner.user.id),
      location: "Office",
    });

    const created = await call("/api/calendar/feeds", { method: "POST", token: sam.token, json: { scope: "mine" } });
    expect(created.status).toBe(201);
    const { pathname } = new URL(((await created.json()) as { url: string }).url);
    const first = await call(pathname);
    expect(first.status).toBe(200);
    const text = await first.text();
    expect(text).toContain(`UID:call-${own}@`);
    expect(text).toContain("SUMMARY:Call: Loading dock");
    expect(text).toContain("SUMMARY:Call: FOH (audio)");
    expect(text).not.toContain("Office");
    expect(text).not.toContain("7700");
    const etag = first.headers.get("etag")!;
    expect((await call(pathname, { headers: { "If-None-Match": etag } })).status).toBe(304);

    await db()
      .prepare("UPDATE crew_calls SET start_time = '08:30', updated_at = ? WHERE id = ?")
      .bind(new Date(Date.now() + 1000).toISOString(), own)
      .run();
    const moved = await call(pathname, { headers: { "If-None-Match": etag } });
    expect(moved.status).toBe(200);
    expect(moved.headers.get("etag")).not.toBe(etag);
    expect(await moved.text()).toContain("T083000");
  });
});

describe("day sheet settings", () => {
  it("saves the venue address and the evening DM through the API and the settings form, owners only", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const put = (token: string, json: unknown) => call("/api/workspace", { method: "PUT", token, json });
    const saved = await put(owner.token, {
      venueAddress: "1 Harbour Road",
      daySheetTime: "19:30",
      daySheetEnabled: false,
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      venueAddress: "1 Harbour Road",
      daySheetTime: "19:30",
      daySheetEnabled: false,
    });
    const badTime = await expectError(await put(owner.token, { daySheetTime: "7pm" }), 400);
    expect(badTime.fieldErrors).toEqual({ daySheetTime: ["Day sheet time must be a time of day (HH:MM)"] });
    await expectError(await put(owner.token, { daySheetEnabled: "yes" }), 400);
    await expectError(await put(members[0].token, { venueAddress: "Elsewhere" }), 403);

    const form = await postForm(owner.token, "/settings", {
      intent: "day-sheets",
      venueAddress: "",
      daySheetTime: "18:15",
      daySheetEnabled: "on",
    });
    expect(form.status).toBeLessThan(400);
    const after = (await (await call("/api/workspace", { token: owner.token })).json()) as Record<string, unknown>;
    expect(after).toMatchObject({ venueAddress: null, daySheetTime: "18:15", daySheetEnabled: true });
    const refused = await postForm(owner.token, "/settings", { intent: "day-sheets", daySheetTime: "25:00" });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain("Day sheet time must be a time of day (HH:MM)");
  });
});

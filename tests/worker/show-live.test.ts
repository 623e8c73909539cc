import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { todayIn } from "~/domain/dates";
import { CLOSE_SHARE_REVOKED, MAX_CREW_SOCKETS_PER_WORKSPACE, MAX_DEVICES_PER_SHARE_LINK } from "~/domain/live";
import {
  acceptSocket,
  call,
  db,
  expectError,
  newTask,
  ORIGIN,
  postForm,
  setWorkspace,
  signUp,
  workspaceIdOf,
  type Account,
} from "./helpers";
import { readableText, waitForRecorded, installSlack, slashCommand } from "./slack-helpers";
import { createShare, memberSocket, shareSocket } from "./show-helpers";
import { team } from "./teams-helpers";

/** Show mode, live and crew share links (issue 17, ADR 025): the API, the object's one-writer rule, the sockets, /cue. */

type Message = Record<string, any>;
const DAY = "2026-06-06";

/** Inserts a day's cues straight into D1 (the rundown's write API is another branch's); ids are made unique. */
async function insertCues(
  account: Account,
  cues: Array<{
    key: string;
    title: string;
    start?: string;
    duration: number;
    timing?: "fixed" | "flexible";
    department?: string;
    notes?: string;
    assigneeName?: string;
  }>,
  day = DAY,
) {
  const workspaceId = await workspaceIdOf(account.user.id);
  const now = new Date().toISOString();
  const ids: Record<string, string> = {};
  let position = 0;
  for (const cue of cues) {
    const id = `${cue.key}-${crypto.randomUUID()}`;
    ids[cue.key] = id;
    position += 1;
    await db()
      .prepare(
        `INSERT INTO cues (id, workspace_id, day, position, title, start, duration_seconds, timing, department, notes,
          assignee_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        id,
        workspaceId,
        day,
        position,
        cue.title,
        cue.start ?? null,
        cue.duration,
        cue.timing ?? "flexible",
        cue.department ?? null,
        cue.notes ?? null,
        cue.assigneeName ?? null,
        now,
        now,
      )
      .run();
  }
  return { workspaceId, ids };
}

const RUNDOWN = [
  { key: "doors", title: "Doors open", start: "18:00", duration: 1800, timing: "fixed" as const, department: "security" },
  { key: "walkin", title: "Walk-in music", duration: 900, department: "audio", notes: "Secret playlist note", assigneeName: "Sam" },
  { key: "keynote", title: "Keynote", start: "18:45", duration: 2700, timing: "fixed" as const, department: "lighting" },
];

function live(account: Account, body: Record<string, unknown>) {
  return call("/api/show/live", { method: "POST", token: account.token, json: body });
}

async function expectState(res: Response, status = 200) {
  const body = (await res.json()) as Message;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}


describe("POST /api/show/live", () => {
  it("starts, moves on, goes back and stops, each answer the new state; GET reads it", async () => {
    const owner = await signUp();
    const { ids } = await insertCues(owner, RUNDOWN);

    const idle = await expectState(await call("/api/show/live", { token: owner.token }));
    expect(idle).toMatchObject({ currentCueId: null, startedAt: null });

    const started = await expectState(await live(owner, { action: "start", day: DAY }));
    expect(started).toMatchObject({ applied: true, day: DAY, currentCueId: ids.doors });
    expect(started.startedAt).toBe(started.cueStartedAt);
    expect(typeof started.offsetSeconds).toBe("number");

    const went = await expectState(await live(owner, { action: "go", fromCueId: ids.doors }));
    expect(went).toMatchObject({ applied: true, currentCueId: ids.walkin });

    const back = await expectState(await live(owner, { action: "back", fromCueId: ids.walkin }));
    expect(back).toMatchObject({ applied: true, currentCueId: ids.doors, cueStartedAt: started.cueStartedAt });

    // Back on the first cue changes nothing, and is no error.
    const still = await expectState(await live(owner, { action: "back" }));
    expect(still).toMatchObject({ applied: false, currentCueId: ids.doors });

    expect(await expectState(await call("/api/show/live", { token: owner.token }))).toMatchObject({ currentCueId: ids.doors });

    const stopped = await expectState(await live(owner, { action: "stop" }));
    expect(stopped).toMatchObject({ applied: true, currentCueId: null });
    expect(stopped.endedAt).toEqual(expect.any(String));
  });

  it("a rehearsal runs the day's cues and leaves the show's record as it was (issue 33)", async () => {
    const owner = await signUp();
    const { ids } = await insertCues(owner, RUNDOWN);
    const rehearsing = await expectState(await live(owner, { action: "rehearse", day: DAY }));
    expect(rehearsing).toMatchObject({ applied: true, rehearsal: true, currentCueId: ids.doors, offsetSeconds: 0 });
    const stopped = await expectState(await live(owner, { action: "stop" }));
    expect(stopped).toMatchObject({ applied: true, rehearsal: false, currentCueId: null, startedAt: null, endedAt: null });
    expect(await expectError(await live(owner, { action: "practise", day: DAY }), 400)).toMatchObject({
      fieldErrors: { action: ["action must be start, rehearse, go, back or stop"] },
    });
  });

  it("GO past the last cue ends the show", async () => {
    const owner = await signUp();
    const { ids } = await insertCues(owner, RUNDOWN.slice(0, 1));
    await expectState(await live(owner, { action: "start", day: DAY }));
    const ended = await expectState(await live(owner, { action: "go", fromCueId: ids.doors }));
    expect(ended).toMatchObject({ applied: true, currentCueId: null, day: DAY });
    expect(ended.endedAt).toEqual(expect.any(String));
  });

  it("refuses what does not apply now with 409 and the current state", async () => {
    const owner = await signUp();
    await insertCues(owner, RUNDOWN);
    const noShow = await expectError(await live(owner, { action: "go" }), 409);
    expect(noShow).toMatchObject({ reason: "not_running", state: { currentCueId: null } });
    await expectError(await live(owner, { action: "start", day: "2026-06-07" }), 409);
    await expectState(await live(owner, { action: "start", day: DAY }));
    expect(await expectError(await live(owner, { action: "start", day: DAY }), 409)).toMatchObject({ reason: "already_running" });
  });

  it("checks the body, the session and the workspace", async () => {
    const owner = await signUp();
    const body = await expectError(await live(owner, { action: "jump" }), 400);
    expect(body.fieldErrors?.action).toBeDefined();
    await expectError(await live(owner, { action: "start", day: "2026-02-30" }), 400);
    await expectError(await call("/api/show/live", { method: "POST", json: { action: "start" } }), 401);
    await expectError(await call("/api/show/live"), 401);
    // Another workspace's show is untouched by this one's actions.
    const other = await signUp("Sam Other");
    await insertCues(other, RUNDOWN);
    await insertCues(owner, RUNDOWN);
    await expectState(await live(owner, { action: "start", day: DAY }));
    expect(await expectState(await call("/api/show/live", { token: other.token }))).toMatchObject({ currentCueId: null });
  });

  it("one writer wins: two GOs from the same cue at once advance exactly one cue, the other sees the result", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const { ids } = await insertCues(owner, RUNDOWN);
    await expectState(await live(owner, { action: "start", day: DAY }));
    const [a, b] = await Promise.all([
      live(owner, { action: "go", fromCueId: ids.doors }),
      live(members[0], { action: "go", fromCueId: ids.doors }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = (await (a.status === 409 ? a : b).json()) as Message;
    expect(loser).toMatchObject({ reason: "stale", state: { currentCueId: ids.walkin } });
    expect(await expectState(await call("/api/show/live", { token: members[0].token }))).toMatchObject({
      currentCueId: ids.walkin,
    });
  });

  it("members run the show too, and every open page hears each change", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const { ids } = await insertCues(owner, RUNDOWN);
    const page = acceptSocket(await memberSocket(owner));
    const hello = await page.nextOf("hello");
    expect(hello.show).toMatchObject({ currentCueId: null });
    await expectState(await live(members[0], { action: "start", day: DAY }));
    const pushed = await page.nextOf("show");
    expect(pushed.state).toMatchObject({ day: DAY, currentCueId: ids.doors });
  });

  it("the presenter's forms post without JavaScript and land back on the page", async () => {
    const owner = await signUp();
    const { ids } = await insertCues(owner, RUNDOWN);
    const res = await postForm(owner.token, "/show/live", { intent: "show", action: "start", day: DAY });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/show/live");
    const page = await call("/show/live", { token: owner.token });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Doors open");
    expect(html).toMatch(/data-show-status="Live"/);
    const went = await postForm(owner.token, "/show/live", { intent: "show", action: "go", fromCueId: ids.doors, day: DAY });
    expect(went.status).toBe(303);
    // A second GO from the same page (stale) is refused with a toast, the show moved once.
    const stale = await postForm(owner.token, "/show/live", { intent: "show", action: "go", fromCueId: ids.doors, day: DAY });
    expect(stale.status).toBe(303);
    expect(await expectState(await call("/api/show/live", { token: owner.token }))).toMatchObject({ currentCueId: ids.walkin });
  });
});

describe("crew share links", () => {
  it("creates a link shown once, lists links without tokens, and stores only the token's hash", async () => {
    const owner = await signUp();
    const share = await createShare(owner, { departments: ["Audio", "lighting"], label: "Sound and light" });
    expect(share.url).toMatch(/^http:\/\/localhost\/show\/share\/[A-Za-z0-9_-]{43}$/);
    const list = (await (await call("/api/show/shares", { token: owner.token })).json()) as Message;
    expect(list.shares).toEqual([
      expect.objectContaining({ id: share.id, label: "Sound and light", departments: ["audio", "lighting"] }),
    ]);
    expect(JSON.stringify(list)).not.toContain(share.token);
    const row = await db().prepare("SELECT token_hash FROM show_shares WHERE id = ?").bind(share.id).first<{ token_hash: string }>();
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(share.token);
    await expectError(await call("/api/show/shares", { method: "POST", token: owner.token, json: { label: "x".repeat(81) } }), 400);
  });

  it("shows crew the link's departments' cues without notes or task titles", async () => {
    const owner = await signUp();
    await setWorkspace(owner.user.id, { timezone: "UTC", eventDate: `${DAY}T18:00:00.000Z` });
    const { workspaceId, ids } = await insertCues(owner, RUNDOWN);
    const task = await newTask(owner.token, { title: "Hidden task title" });
    await db()
      .prepare("INSERT INTO cue_tasks (workspace_id, cue_id, task_id) VALUES (?, ?, ?)")
      .bind(workspaceId, ids.walkin, task.id)
      .run();
    const share = await createShare(owner, { departments: ["audio"] });
    const res = await call(`/show/share/${share.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).toContain("Walk-in music");
    expect(html).toContain("called by Sam");
    expect(html).toContain("1 of 1 tasks open");
    for (const hidden of ["Doors open", "Keynote", "Secret playlist note", "Hidden task title"]) expect(html).not.toContain(hidden);
  });

  it("follows show mode over a socket the token opens, hearing nothing else", async () => {
    const owner = await signUp();
    const { ids } = await insertCues(owner, RUNDOWN);
    const share = await createShare(owner);
    const crew = acceptSocket(await shareSocket(share.token));
    expect((await crew.nextOf("hello")).show).toMatchObject({ currentCueId: null });
    await newTask(owner.token, { title: "Not for crew" });
    await expectState(await live(owner, { action: "start", day: DAY }));
    expect((await crew.nextOf("show")).state).toMatchObject({ currentCueId: ids.doors });
    expect(crew.received.map((m) => m.type)).toEqual(["hello", "show"]);
  });

  it("revoking answers 204, the link is a 404 at once and its open pages close; other workspaces cannot revoke it", async () => {
    const owner = await signUp();
    const stranger = await signUp("Sam Other");
    const share = await createShare(owner);
    const crew = acceptSocket(await shareSocket(share.token));
    await crew.nextOf("hello");
    await expectError(await call(`/api/show/shares/${share.id}`, { method: "DELETE", token: stranger.token }), 404);

    const res = await call(`/api/show/shares/${share.id}`, { method: "DELETE", token: owner.token });
    expect(res.status).toBe(204);
    expect((await crew.closed).code).toBe(4404);
    expect((await call(`/show/share/${share.token}`)).status).toBe(404);
    await expectError(await shareSocket(share.token), 404);
    await expectError(await call(`/api/show/shares/${share.id}`, { method: "DELETE", token: owner.token }), 404);
    const list = (await (await call("/api/show/shares", { token: owner.token })).json()) as Message;
    expect(list.shares).toEqual([]);
  });

  it("tells crew pages that their day's rundown changed, with no more than the day", async () => {
    const owner = await signUp();
    const share = await createShare(owner);
    const crew = acceptSocket(await shareSocket(share.token));
    await crew.nextOf("hello");
    const res = await call("/api/show/cues", {
      method: "POST",
      token: owner.token,
      json: { day: DAY, title: "Walk-in music", duration: 600, timing: "flexible" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const changed = await crew.nextOf("rundown");
    expect(changed).toEqual({ type: "rundown", day: DAY, version: expect.any(Number) });
  });

  it("the show page's card creates and revokes links without JavaScript", async () => {
    const owner = await signUp();
    const created = await postForm(owner.token, `/show?day=${DAY}`, [
      ["intent", "share-create"],
      ["label", "Audio crew"],
      ["departments", "audio"],
    ]);
    expect(created.status).toBe(200);
    const html = await created.text();
    const url = /http:\/\/localhost\/show\/share\/[A-Za-z0-9_-]{43}/.exec(html)?.[0];
    expect(url).toBeDefined();
    expect((await call(new URL(url!).pathname)).status).toBe(200);
    const list = (await (await call("/api/show/shares", { token: owner.token })).json()) as Message;
    expect(list.shares).toEqual([expect.objectContaining({ label: "Audio crew", departments: ["audio"] })]);
    // The page lists it (never its URL again) with a revoke form.
    const page = await (await call(`/show?day=${DAY}`, { token: owner.token })).text();
    expect(page).toContain("Audio crew");
    expect(page).not.toContain(url!);
    const revoked = await postForm(owner.token, `/show?day=${DAY}`, { intent: "share-revoke", shareId: list.shares[0].id });
    expect(revoked.status).toBe(303);
    expect((await call(new URL(url!).pathname)).status).toBe(404);
  });

  it("the workspace's object admits a crew socket only for an active link of its own workspace", async () => {
    const owner = await signUp();
    const stranger = await signUp("Sam Other");
    const workspaceId = await workspaceIdOf(owner.user.id);
    const mine = await createShare(owner);
    const theirs = await createShare(stranger);
    // Straight to the object, as a request that slipped past the Worker would reach it.
    const stub = env.WORKSPACE_LIVE!.get(env.WORKSPACE_LIVE!.idFromName(workspaceId));
    const direct = (shareId: string) =>
      stub.fetch(new Request(`${ORIGIN}/api/live`, { headers: { upgrade: "websocket", "x-live-share": shareId } }));
    await expectError(await direct("anything"), 404);
    await expectError(await direct(theirs.id), 404);
    const crew = acceptSocket(await direct(mine.id));
    await crew.nextOf("hello");
    expect((await call(`/api/show/shares/${mine.id}`, { method: "DELETE", token: owner.token })).status).toBe(204);
    expect((await crew.closed).code).toBe(CLOSE_SHARE_REVOKED);
    await expectError(await direct(mine.id), 404);
  });

  it("crew cannot take the members' sockets: links fill the crew slots and a member still connects", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const links = [];
    const linksToFill = MAX_CREW_SOCKETS_PER_WORKSPACE / MAX_DEVICES_PER_SHARE_LINK;
    for (let i = 0; i < linksToFill; i += 1) links.push(await createShare(owner));
    for (const link of links) {
      for (let i = 0; i < MAX_DEVICES_PER_SHARE_LINK; i += 1) acceptSocket(await shareSocket(link.token));
    }
    const overLink = await expectError(await shareSocket(links[0]!.token), 429);
    expect(overLink.error).toContain(`up to ${MAX_DEVICES_PER_SHARE_LINK} devices`);
    const another = await createShare(owner);
    const overCrew = await expectError(await shareSocket(another.token), 429);
    expect(overCrew.error).toContain(`limit ${MAX_CREW_SOCKETS_PER_WORKSPACE}`);
    // The members' own slots are untouched.
    await acceptSocket(await memberSocket(owner)).nextOf("hello");
    await acceptSocket(await memberSocket(members[0]!)).nextOf("hello");
  });

  it("the share card says how many devices a link may hold", async () => {
    const owner = await signUp();
    const page = await (await call(`/show?day=${DAY}`, { token: owner.token })).text();
    expect(page).toContain(`up to ${MAX_DEVICES_PER_SHARE_LINK} devices`);
  });

  it("answers 404 for a token that is no link's", async () => {
    expect((await call(`/show/share/${"a".repeat(43)}`)).status).toBe(404);
    expect((await call("/show/share/short")).status).toBe(404);
    await expectError(await shareSocket("a".repeat(43)), 404);
  });
});

describe("Slack /cue", () => {
  async function cue(inst: Awaited<ReturnType<typeof installSlack>>) {
    const { res, hook } = await slashCommand(inst, "/cue");
    expect(res.status).toBe(200);
    const [reply] = await waitForRecorded({ path: hook });
    const body = reply.body as { response_type: string; text: string; blocks: any[] };
    expect(body.response_type).toBe("ephemeral");
    return body;
  }

  it("says when today has no cues", async () => {
    const inst = await installSlack();
    await setWorkspace(inst.account.user.id, { timezone: "UTC", eventDate: null });
    expect(readableText(await cue(inst))).toContain("No cues for today");
  });

  it("names the next cue when no show runs, then the current and next with their callers while one does", async () => {
    const inst = await installSlack();
    await setWorkspace(inst.account.user.id, { timezone: "UTC", eventDate: null });
    const today = todayIn("UTC", new Date());
    // Doors at midnight, so Start is the show at any hour of the test (earlier it would be a rehearsal).
    const rundown = [{ ...RUNDOWN[0], start: "00:00" }, RUNDOWN[1], { ...RUNDOWN[2], start: "23:59" }];
    const { ids } = await insertCues(inst.account, rundown, today);
    const before = readableText(await cue(inst));
    expect(before).toContain("No show is running. Next:");
    expect(before).toContain("Doors open");

    await expectState(await live(inst.account, { action: "start", day: today }));
    await expectState(await live(inst.account, { action: "go", fromCueId: ids.doors }));
    const running = await cue(inst);
    const text = readableText(running);
    expect(text).toMatch(/Now:.*Walk-in music.*called by Sam/);
    expect(text).toContain("*Next:* *Keynote* at 23:59");
    expect(running.text).toMatch(/^Now: Walk-in music since \d\d:\d\d, \d+ min left, called by Sam · Next: Keynote at 23:59, no caller set · /);
    expect(running.text).toMatch(/behind|ahead|On time/);
  });
});

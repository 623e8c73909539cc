import { describe, expect, it } from "vitest";
import { MAX_STAGES } from "~/domain/stages";
import { todayIn } from "~/domain/dates";
import {
  acceptSocket,
  call,
  connectLive,
  db,
  expectError,
  postForm,
  setWorkspace,
  signUp,
  workspaceIdOf,
  type Account,
} from "./helpers";
import { createShare, shareSocket } from "./show-helpers";
import { installSlack, readableText, slashCommand, waitForRecorded } from "./slack-helpers";
import { team } from "./teams-helpers";

/** Stages and rooms (issue 33, ADR 037): the stages API and page, a cue sheet per stage, show mode per stage. */

const DAY = "2026-06-06";
type Json = Record<string, any>;

async function ok(res: Response, status = 200) {
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

const addStage = async (account: Account, name: string) =>
  ok(await call("/api/show/stages", { method: "POST", token: account.token, json: { name } }), 201);

const addCue = async (account: Account, body: Json) =>
  ok(
    await call("/api/show/cues", {
      method: "POST",
      token: account.token,
      json: { day: DAY, duration: 600, ...body },
    }),
    201,
  );

const getShow = async (account: Account, query: string) =>
  ok(await call(`/api/show?${query}`, { token: account.token }));

const live = (account: Account, body: Json) =>
  call("/api/show/live", { method: "POST", token: account.token, json: body });

describe("stages API", () => {
  it("adds, lists in order, renames, moves and removes stages; names are trimmed, required, bounded and unique", async () => {
    const owner = await signUp();
    const main = await addStage(owner, "  Main   stage ");
    expect(main).toMatchObject({ name: "Main stage", position: 1 });
    const tent = await addStage(owner, "Tent");
    const list = await ok(await call("/api/show/stages", { token: owner.token }));
    expect(list.stages.map((s: Json) => s.name)).toEqual(["Main stage", "Tent"]);

    const post = (name: unknown) => call("/api/show/stages", { method: "POST", token: owner.token, json: { name } });
    expect((await expectError(await post("MAIN STAGE"), 400)).fieldErrors).toEqual({
      name: ["A stage named “Main stage” already exists"],
    });
    expect((await expectError(await post("   "), 400)).fieldErrors).toEqual({ name: ["Stage name is required"] });
    expect((await expectError(await post("x".repeat(41)), 400)).error).toBe("Stage name must be at most 40 characters");
    expect((await expectError(await post(7), 400)).fieldErrors).toEqual({ name: ["Stage name must be text"] });
    await expectError(
      await call("/api/show/stages", {
        method: "POST",
        token: owner.token,
        body: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
    );

    const patch = (id: string, json: unknown) =>
      call(`/api/show/stages/${id}`, { method: "PATCH", token: owner.token, json });
    expect(await ok(await patch(tent.id, { name: "Big top" }))).toEqual({ id: tent.id, name: "Big top" });
    expect((await expectError(await patch(tent.id, { name: "main stage" }), 400)).error).toBe(
      "A stage named “Main stage” already exists",
    );
    await ok(await patch(tent.id, { direction: "up" }));
    const moved = await ok(await call("/api/show/stages", { token: owner.token }));
    expect(moved.stages.map((s: Json) => s.name)).toEqual(["Big top", "Main stage"]);
    expect((await expectError(await patch(tent.id, {}), 400)).error).toBe("Send a name or a direction");

    expect((await call(`/api/show/stages/${tent.id}`, { method: "DELETE", token: owner.token })).status).toBe(204);
    await expectError(await call(`/api/show/stages/${tent.id}`, { method: "DELETE", token: owner.token }), 404);
  });

  it("keeps at most 12 stages, and workspaces apart", async () => {
    const owner = await signUp();
    const ids: string[] = [];
    for (let i = 1; i <= MAX_STAGES; i += 1) ids.push((await addStage(owner, `Room ${i}`)).id);
    const full = await expectError(
      await call("/api/show/stages", { method: "POST", token: owner.token, json: { name: "One more" } }),
      409,
    );
    expect(full.error).toBe("A workspace has at most 12 stages; remove one first");

    const other = await signUp("Sam Okafor");
    expect((await ok(await call("/api/show/stages", { token: other.token }))).stages).toEqual([]);
    await expectError(
      await call(`/api/show/stages/${ids[0]}`, { method: "PATCH", token: other.token, json: { name: "Mine" } }),
      404,
    );
    await expectError(await call(`/api/show/stages/${ids[0]}`, { method: "DELETE", token: other.token }), 404);
    // Another workspace's stage is as unknown to cues as a made-up one.
    const refused = await expectError(
      await call("/api/show/cues", {
        method: "POST",
        token: other.token,
        json: { day: DAY, title: "X", duration: 60, stageId: ids[0] },
      }),
      400,
    );
    expect(refused.fieldErrors).toEqual({ stageId: [`Unknown stage id: ${ids[0]}`] });
    await expectError(await call(`/api/show?day=${DAY}&stage=${ids[0]}`, { token: other.token }), 400);
    await expectError(await call(`/api/show/live?stage=${ids[0]}`, { token: other.token }), 400);
  });

  it("refuses to remove a stage that has cues, naming how many", async () => {
    const owner = await signUp();
    const tent = await addStage(owner, "Tent");
    await addCue(owner, { title: "Soundcheck", stageId: tent.id });
    await addCue(owner, { title: "Set", stageId: tent.id });
    const refused = await expectError(
      await call(`/api/show/stages/${tent.id}`, { method: "DELETE", token: owner.token }),
      409,
    );
    expect(refused.error).toBe("“Tent” still has 2 cues: move them to another stage or delete them first");
    expect((await ok(await call("/api/show/stages", { token: owner.token }))).stages).toHaveLength(1);
  });
});

describe("a cue sheet per stage", () => {
  it("keeps each stage's cues, order and plan apart; without a stage, the cues on none as before", async () => {
    const owner = await signUp();
    const main = await addStage(owner, "Main stage");
    const tent = await addStage(owner, "Tent");
    const a = await addCue(owner, { title: "Doors", start: "18:00", timing: "fixed", stageId: main.id });
    const b = await addCue(owner, { title: "Headliner", stageId: main.id });
    const c = await addCue(owner, { title: "DJ set", start: "18:00", timing: "fixed", stageId: tent.id });
    const loose = await addCue(owner, { title: "Gates" });
    expect(a).toMatchObject({ stageId: main.id, position: 1 });
    expect(c).toMatchObject({ stageId: tent.id, position: 1 });
    expect(loose).toMatchObject({ stageId: null, position: 1 });

    const mainSheet = await getShow(owner, `day=${DAY}&stage=${main.id}`);
    expect(mainSheet.stageId).toBe(main.id);
    expect(mainSheet.cues.map((x: Json) => x.title)).toEqual(["Doors", "Headliner"]);
    expect(mainSheet.cues[1].plannedStart).toBe(`${DAY}T18:10:00.000Z`);
    expect(mainSheet.stages.map((s: Json) => s.name)).toEqual(["Main stage", "Tent"]);
    expect((await getShow(owner, `day=${DAY}&stage=${tent.id}`)).cues.map((x: Json) => x.title)).toEqual(["DJ set"]);
    expect((await getShow(owner, `day=${DAY}`)).cues.map((x: Json) => x.title)).toEqual(["Gates"]);
    expect((await getShow(owner, `day=${DAY}&stage=none`)).cues.map((x: Json) => x.title)).toEqual(["Gates"]);

    // Reorder is per sheet: the main stage's cues alone.
    const reorder = (json: Json) => call("/api/show/cues/reorder", { method: "POST", token: owner.token, json });
    await ok(await reorder({ day: DAY, stageId: main.id, ids: [b.id, a.id] }));
    await expectError(await reorder({ day: DAY, stageId: main.id, ids: [b.id, a.id, c.id] }), 409);
    await expectError(await reorder({ day: DAY, stageId: "nope", ids: [c.id] }), 400);

    // Moving a cue to another stage puts it at the end of that stage's sheet.
    const moved = await ok(
      await call(`/api/show/cues/${b.id}`, { method: "PATCH", token: owner.token, json: { stageId: tent.id } }),
    );
    expect(moved).toMatchObject({ stageId: tent.id, position: 2 });
    expect((await getShow(owner, `day=${DAY}&stage=${tent.id}`)).cues.map((x: Json) => x.title)).toEqual([
      "DJ set",
      "Headliner",
    ]);
    await expectError(
      await call(`/api/show/cues/${b.id}`, { method: "PATCH", token: owner.token, json: { stageId: 5 } }),
      400,
    );
    const back = await ok(
      await call(`/api/show/cues/${b.id}`, { method: "PATCH", token: owner.token, json: { stageId: null } }),
    );
    expect(back).toMatchObject({ stageId: null, position: 2 });
  });

  it("exports every sheet with a stage column and imports rows onto the stages they name", async () => {
    const owner = await signUp();
    const tent = await addStage(owner, "Tent");
    const imported = await ok(
      await call(`/api/show/cues/import?day=${DAY}`, {
        method: "POST",
        token: owner.token,
        headers: { "content-type": "text/csv" },
        body: "title,duration,stage\nGates,5,\nDJ set,30,tent\n",
      }),
      201,
    );
    expect(imported).toEqual({ day: DAY, imported: 2 });
    const csv = await (await call(`/api/show/cues.csv?day=${DAY}`, { token: owner.token })).text();
    expect(csv).toBe(
      "title,start,duration,timing,department,owner,notes,stage\r\nDJ set,,30 min,flexible,,,,Tent\r\nGates,,5 min,flexible,,,,\r\n",
    );
    const tentOnly = await (
      await call(`/api/show/cues.csv?day=${DAY}&stage=${tent.id}`, { token: owner.token })
    ).text();
    expect(tentOnly.split("\r\n").filter(Boolean)).toHaveLength(2);

    const refused = await expectError(
      await call(`/api/show/cues/import?day=${DAY}`, {
        method: "POST",
        token: owner.token,
        headers: { "content-type": "text/csv" },
        body: "title,duration,stage\nLate act,5,Arena\n",
      }),
      400,
    );
    expect(refused.fieldErrors).toEqual({
      csv: ["Line 2: no stage is named “Arena” (the stages are “Tent”, “No stage”)"],
    });
  });

  it("the page shows every stage side by side, or one at a time, and adds a cue to a stage without JavaScript", async () => {
    const owner = await signUp();
    const main = await addStage(owner, "Main stage");
    const tent = await addStage(owner, "Tent");
    const added = await postForm(owner.token, `/show?day=${DAY}&stage=all`, {
      intent: "add",
      day: DAY,
      title: "Opening act",
      duration: "20 min",
      timing: "flexible",
      stageId: tent.id,
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(`/show?day=${DAY}&stage=all`);
    await addCue(owner, { title: "Headliner", stageId: main.id });

    const all = await (await call(`/show?day=${DAY}&stage=all`, { token: owner.token })).text();
    expect(all).toContain('aria-label="Cue sheet: Main stage"');
    expect(all).toContain('aria-label="Cue sheet: Tent"');
    expect(all).toContain("Opening act");
    expect(all).toContain("Headliner");

    const one = await (await call(`/show?day=${DAY}&stage=${tent.id}`, { token: owner.token })).text();
    expect(one).toContain('aria-label="Cue sheet: Tent"');
    expect(one).not.toContain('aria-label="Cue sheet: Main stage"');
    expect(one).toContain("Opening act");
    expect(one).not.toContain("Headliner");
  });

  it("names stages in Settings with plain forms, refusing a taken name under the form", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0]!;
    expect((await postForm(owner.token, "/settings", { intent: "stage-add", name: "Main stage" })).status).toBe(303);
    // Members name stages too.
    expect((await postForm(sam.token, "/settings", { intent: "stage-add", name: "Tent" })).status).toBe(303);
    const taken = await postForm(owner.token, "/settings", { intent: "stage-add", name: "tent" });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("A stage named “Tent” already exists");
    const page = await (await call("/settings", { token: owner.token })).text();
    expect(page).toContain("Stages and rooms");
    expect(page).toContain('value="Main stage"');
    const [tent] = (await ok(await call("/api/show/stages", { token: owner.token }))).stages.filter(
      (s: Json) => s.name === "Tent",
    );
    expect(
      (await postForm(owner.token, "/settings", { intent: "stage-move", stageId: tent.id, direction: "up" })).status,
    ).toBe(303);
    expect(
      (await postForm(owner.token, "/settings", { intent: "stage-rename", stageId: tent.id, name: "Big top" })).status,
    ).toBe(303);
    expect((await ok(await call("/api/show/stages", { token: owner.token }))).stages.map((s: Json) => s.name)).toEqual([
      "Big top",
      "Main stage",
    ]);
    expect((await postForm(owner.token, "/settings", { intent: "stage-delete", stageId: tent.id })).status).toBe(303);
    expect((await ok(await call("/api/show/stages", { token: owner.token }))).stages).toHaveLength(1);
  });
});

describe("show mode per stage", () => {
  it("runs two stages at once, each with its own state; the other stage and the cues on none stay idle", async () => {
    const owner = await signUp();
    const main = await addStage(owner, "Main stage");
    const tent = await addStage(owner, "Tent");
    const doors = await addCue(owner, { title: "Doors", start: "00:00", timing: "fixed", stageId: main.id });
    await addCue(owner, { title: "Headliner", stageId: main.id });
    const dj = await addCue(owner, { title: "DJ set", start: "00:00", timing: "fixed", stageId: tent.id });
    const socket = await connectLive(owner);
    await socket.nextOf("hello");

    const started = await ok(await live(owner, { action: "start", day: DAY, stageId: main.id }));
    expect(started).toMatchObject({ applied: true, stageId: main.id, currentCueId: doors.id });
    expect((await socket.nextOf("show")).state).toMatchObject({ stageId: main.id, currentCueId: doors.id });
    const tentIdle = await ok(await call(`/api/show/live?stage=${tent.id}`, { token: owner.token }));
    expect(tentIdle).toMatchObject({ stageId: tent.id, currentCueId: null });
    expect(await ok(await call("/api/show/live", { token: owner.token }))).toMatchObject({
      stageId: null,
      currentCueId: null,
    });

    // GO on the tent is refused while only the main stage runs; then the tent starts on its own.
    expect((await expectError(await live(owner, { action: "go", stageId: tent.id }), 409)).reason).toBe("not_running");
    const tentStarted = await ok(await live(owner, { action: "start", day: DAY, stageId: tent.id }));
    expect(tentStarted).toMatchObject({ stageId: tent.id, currentCueId: dj.id });
    await ok(await live(owner, { action: "go", stageId: main.id, fromCueId: doors.id }));
    expect(await ok(await call(`/api/show/live?stage=${tent.id}`, { token: owner.token }))).toMatchObject({
      currentCueId: dj.id,
    });
    await expectError(await live(owner, { action: "start", day: DAY, stageId: "nope" }), 400);

    // The presenter view follows the stage in its address.
    const page = await (await call(`/show/live?stage=${tent.id}`, { token: owner.token })).text();
    expect(page).toContain("DJ set");
    expect(page).toMatch(/data-testid="show-stage"[^>]*>Tent</);
    const form = await postForm(owner.token, "/show/live", {
      intent: "show",
      action: "stop",
      day: DAY,
      stageId: tent.id,
    });
    expect(form.headers.get("location")).toBe(`/show/live?stage=${tent.id}`);
    expect(await ok(await call(`/api/show/live?stage=${tent.id}`, { token: owner.token }))).toMatchObject({
      currentCueId: null,
    });
    expect(await ok(await call(`/api/show/live?stage=${main.id}`, { token: owner.token }))).toMatchObject({
      currentCueId: expect.any(String),
    });
  });

  it("a show started before any stage existed is still the cues on no stage's once stages are named", async () => {
    const owner = await signUp();
    const gates = await addCue(owner, { title: "Gates", start: "00:00", timing: "fixed" });
    await ok(await live(owner, { action: "start", day: DAY }));
    await addStage(owner, "Main stage");
    expect(await ok(await call("/api/show/live", { token: owner.token }))).toMatchObject({
      stageId: null,
      currentCueId: gates.id,
    });
    const workspaceId = await workspaceIdOf(owner.user.id);
    const row = await db()
      .prepare("SELECT count(*) AS n FROM cues WHERE workspace_id = ? AND stage_id IS NULL")
      .bind(workspaceId)
      .first<{ n: number }>();
    expect(row?.n).toBe(1);
  });
});

describe("crew links limited to stages", () => {
  it("show only their stages' cues and shows, whatever the page asks for", async () => {
    const owner = await signUp();
    await setWorkspace(owner.user.id, { timezone: "UTC", eventDate: `${DAY}T18:00:00.000Z` });
    const main = await addStage(owner, "Main stage");
    const tent = await addStage(owner, "Tent");
    const doors = await addCue(owner, { title: "Doors", start: "00:00", timing: "fixed", stageId: main.id });
    const dj = await addCue(owner, { title: "DJ set", start: "00:00", timing: "fixed", stageId: tent.id });
    await addCue(owner, { title: "Gates", start: "00:00", timing: "fixed" });
    await expectError(
      await call("/api/show/shares", { method: "POST", token: owner.token, json: { stageIds: ["nope"] } }),
      400,
    );
    const share = await createShare(owner, { stageIds: [tent.id], label: "Tent crew" });
    expect(share.stageIds).toEqual([tent.id]);
    const listed = await ok(await call("/api/show/shares", { token: owner.token }));
    expect(listed.shares[0]).toMatchObject({ stageIds: [tent.id] });

    for (const query of ["", `?stage=${main.id}`, "?stage=none"]) {
      const html = await (await call(`/show/share/${share.token}${query}`)).text();
      expect(html).toContain("DJ set");
      expect(html).not.toContain("Doors");
      expect(html).not.toContain("Gates");
    }

    const crew = acceptSocket(await shareSocket(share.token));
    const hello = await crew.nextOf("hello");
    expect(hello.show).toBeUndefined();
    await ok(await live(owner, { action: "start", day: DAY, stageId: main.id }));
    await ok(await live(owner, { action: "start", day: DAY }));
    await ok(await live(owner, { action: "start", day: DAY, stageId: tent.id }));
    expect((await crew.nextOf("show")).state).toMatchObject({ stageId: tent.id, currentCueId: dj.id });
    // The main stage's and the no-stage show's starts went out first, and never to this link.
    expect(crew.received.map((m) => m.type)).toEqual(["hello", "show"]);
    const again = acceptSocket(await shareSocket(share.token));
    const rehello = await again.nextOf("hello");
    expect(rehello.show).toBeUndefined();
    expect(rehello.shows).toEqual([expect.objectContaining({ stageId: tent.id, currentCueId: dj.id })]);
    expect(JSON.stringify(rehello)).not.toContain(doors.id);

    // A link for every stage picks its sheet with ?stage=.
    const everyStage = await createShare(owner);
    const mainPage = await (await call(`/show/share/${everyStage.token}?stage=${main.id}`)).text();
    expect(mainPage).toContain("Doors");
    expect(mainPage).not.toContain("DJ set");
  });
});

describe("Slack /cue with stages", () => {
  async function cue(inst: Awaited<ReturnType<typeof installSlack>>, text = "") {
    const { res, hook } = await slashCommand(inst, "/cue", text);
    expect(res.status).toBe(200);
    const [reply] = await waitForRecorded({ path: hook });
    return reply.body as { text: string; blocks: any[] };
  }

  it("answers for one named stage, for every stage, and says which stages there are", async () => {
    const inst = await installSlack();
    await setWorkspace(inst.account.user.id, { timezone: "UTC", eventDate: null });
    const today = todayIn("UTC", new Date());
    const main = await addStage(inst.account, "Main stage");
    const tent = await addStage(inst.account, "Tent");
    await addCue(inst.account, { day: today, title: "Doors", start: "00:00", timing: "fixed", stageId: main.id });
    const dj = await addCue(inst.account, {
      day: today,
      title: "DJ set",
      start: "00:00",
      timing: "fixed",
      stageId: tent.id,
    });
    await ok(await live(inst.account, { action: "start", day: today, stageId: tent.id }));

    const tentOnly = await cue(inst, "tent");
    expect(tentOnly.text).toMatch(/^Tent: Now: DJ set since/);
    expect(readableText(tentOnly)).not.toContain("Doors");
    expect(dj.stageId).toBe(tent.id);

    const every = await cue(inst);
    expect(every.text).toMatch(/^Main stage: No show is running\. Next: Doors .* \| Tent: Now: DJ set/);
    expect(readableText(every)).toContain("*Main stage*");

    const unknown = await cue(inst, "Arena");
    expect(unknown.text).toBe(
      "No stage is named “Arena”. Try /cue with one of: Main stage, Tent, No stage; or /cue alone for every stage.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { CLOSE_SHARE_REVOKED } from "~/domain/live";
import { acceptSocket, call, db, expectError, ORIGIN, postForm, signUp, workspaceIdOf, type Account } from "./helpers";
import { team } from "./teams-helpers";

/** Personal crew links (issue 35, ADR 045): the owner's API and page, the token, the state, the socket, the ends. */

type Message = Record<string, any>;
const DAY = "2026-06-06";

/** A directory entry straight into D1 (the directory's API is another branch's). */
async function addPerson(
  workspaceId: string,
  person: { name: string; phone?: string; email?: string; department?: string; keyContact?: boolean },
) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db()
    .prepare(
      `INSERT INTO crew_people (id, workspace_id, name, phone, email, department, key_contact, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      id,
      workspaceId,
      person.name,
      person.phone ?? null,
      person.email ?? null,
      person.department ?? null,
      person.keyContact ? 1 : 0,
      now,
      now,
    )
    .run();
  return id;
}

async function addCall(workspaceId: string, personId: string, startTime: string, location: string) {
  const now = new Date().toISOString();
  await db()
    .prepare(
      `INSERT INTO crew_calls (id, workspace_id, day, person_id, start_time, location, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(crypto.randomUUID(), workspaceId, DAY, personId, startTime, location, now, now)
    .run();
}

async function setEventDay(workspaceId: string) {
  await db()
    .prepare("UPDATE workspaces SET event_date = ?, timezone = 'UTC' WHERE id = ?")
    .bind(`${DAY}T18:00:00.000Z`, workspaceId)
    .run();
}

async function createLink(account: Account, personId: string) {
  const res = await call(`/api/crew/${personId}/link`, { method: "POST", token: account.token });
  const body = (await res.json()) as Message;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { ...body, token: new URL(body.url as string).pathname.split("/").pop()! } as Message & { token: string };
}

const crewSocket = (token: string) => call(`/api/live?crew=${token}`, { headers: { upgrade: "websocket" } });

async function ownerWithPerson() {
  const owner = await signUp("Maria Lopez");
  const workspaceId = await workspaceIdOf(owner.user.id);
  const personId = await addPerson(workspaceId, {
    name: "Ben Cole",
    phone: "+44 7700 900111",
    email: "ben@example.com",
    department: "audio",
  });
  return { owner, workspaceId, personId };
}

describe("making and revoking a personal link", () => {
  it("answers 201 with the URL once, stores only its SHA-256, and shows when it was made", async () => {
    const { owner, personId } = await ownerWithPerson();
    const link = await createLink(owner, personId);
    expect(link.url).toMatch(/^http:\/\/localhost\/c\/[A-Za-z0-9_-]{43}$/);
    const row = await db()
      .prepare("SELECT token_hash, revoked_at FROM crew_links WHERE id = ?")
      .bind(link.id)
      .first<{ token_hash: string; revoked_at: string | null }>();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(link.token)));
    expect(row).toEqual({
      token_hash: [...digest].map((b) => b.toString(16).padStart(2, "0")).join(""),
      revoked_at: null,
    });
    const status = (await (await call(`/api/crew/${personId}/link`, { token: owner.token })).json()) as Message;
    expect(status.person).toMatchObject({ id: personId, name: "Ben Cole" });
    expect(status.link).toMatchObject({ id: link.id, createdByName: "Maria Lopez", lastUsedAt: null });
    expect(JSON.stringify(status)).not.toContain(link.token);
  });

  it("a new link replaces the old one, whose open page closes", async () => {
    const { owner, personId } = await ownerWithPerson();
    const first = await createLink(owner, personId);
    const page = acceptSocket(await crewSocket(first.token));
    await page.nextOf("hello");
    const second = await createLink(owner, personId);
    expect((await page.closed).code).toBe(CLOSE_SHARE_REVOKED);
    expect((await call(`/c/${first.token}/state`)).status).toBe(404);
    expect((await call(`/c/${second.token}/state`)).status).toBe(200);
  });

  it("revoking answers 204; the page, state, manifest and socket are 404 from then on and the open page closes", async () => {
    const { owner, personId } = await ownerWithPerson();
    const link = await createLink(owner, personId);
    const page = acceptSocket(await crewSocket(link.token));
    await page.nextOf("hello");
    expect((await call(`/c/${link.token}`)).status).toBe(200);

    const res = await call(`/api/crew/${personId}/link`, { method: "DELETE", token: owner.token });
    expect(res.status).toBe(204);
    expect((await page.closed).code).toBe(CLOSE_SHARE_REVOKED);
    const gone = await call(`/c/${link.token}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("This link does not work");
    await expectError(await call(`/c/${link.token}/state`), 404);
    await expectError(await call(`/c/${link.token}/manifest.webmanifest`), 404);
    await expectError(await crewSocket(link.token), 404);
    await expectError(await call(`/api/crew/${personId}/link`, { method: "DELETE", token: owner.token }), 404);
    const status = (await (await call(`/api/crew/${personId}/link`, { token: owner.token })).json()) as Message;
    expect(status.link).toBeNull();
  });

  it("ends when the person leaves the directory, and their open page closes", async () => {
    const { owner, personId } = await ownerWithPerson();
    const link = await createLink(owner, personId);
    const page = acceptSocket(await crewSocket(link.token));
    await page.nextOf("hello");
    const deleted = await call(`/api/crew/${personId}`, { method: "DELETE", token: owner.token });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);
    expect((await page.closed).code).toBe(CLOSE_SHARE_REVOKED);
    await expectError(await call(`/c/${link.token}/state`), 404);
    expect((await call(`/c/${link.token}`)).status).toBe(404);
    const rows = await db()
      .prepare("SELECT count(*) AS n FROM crew_links WHERE id = ?")
      .bind(link.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("ends when its maker is removed from the team, and their open pages close", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const [sam] = members;
    const promoted = await call(`/api/workspace/members/${sam.user.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { role: "owner" },
    });
    expect(promoted.status, await promoted.clone().text()).toBe(200);
    const personId = await addPerson(workspaceId, { name: "Ben Cole" });
    const link = await createLink(sam, personId);
    const page = acceptSocket(await crewSocket(link.token));
    await page.nextOf("hello");

    const removed = await call(`/api/workspace/members/${sam.user.id}`, {
      method: "DELETE",
      token: owner.token,
      json: {},
    });
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect((await page.closed).code).toBe(CLOSE_SHARE_REVOKED);
    await expectError(await call(`/c/${link.token}/state`), 404);
    const rows = await db()
      .prepare("SELECT count(*) AS n FROM crew_links WHERE id = ?")
      .bind(link.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("another workspace's person is a 404, members who are not owners get a 403, signed-out callers a 401", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const personId = await addPerson(workspaceId, { name: "Ben Cole" });
    const stranger = await signUp("Kim Other");
    for (const method of ["GET", "POST", "DELETE"]) {
      await expectError(await call(`/api/crew/${personId}/link`, { method, token: stranger.token }), 404);
      await expectError(await call(`/api/crew/${personId}/link`, { method, token: members[0].token }), 403);
      await expectError(await call(`/api/crew/${personId}/link`, { method }), 401);
    }
    await expectError(await call(`/api/crew/${"x".repeat(300)}/link`, { method: "POST", token: owner.token }), 404);
    await expectError(await call(`/api/crew/${personId}/link`, { method: "PUT", token: owner.token }), 405);
    const count = await db()
      .prepare("SELECT count(*) AS n FROM crew_links WHERE person_id = ?")
      .bind(personId)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it("refuses a cross-site post from a signed-in browser", async () => {
    const { owner, personId } = await ownerWithPerson();
    const cookie = /cb_session=([^;]+)/.exec(owner.setCookie)?.[1];
    expect(cookie).toBeTruthy();
    const res = await call(`/api/crew/${personId}/link`, {
      method: "POST",
      cookie,
      headers: { origin: "https://evil.example" },
    });
    await expectError(res, 403);
  });

  it("the owner page creates and revokes without JavaScript, and another workspace's person is a 404 page", async () => {
    const { owner, personId } = await ownerWithPerson();
    const page = await call(`/crew/${personId}/link`, { token: owner.token });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("has no personal link");
    const created = await postForm(owner.token, `/crew/${personId}/link`, { intent: "link-create" });
    expect(created.status).toBe(200);
    const html = await created.text();
    const url = /http:\/\/localhost\/c\/[A-Za-z0-9_-]{43}/.exec(html)?.[0];
    expect(url).toBeTruthy();
    expect((await call(new URL(url!).pathname)).status).toBe(200);
    const revoked = await postForm(owner.token, `/crew/${personId}/link`, { intent: "link-revoke" });
    expect(revoked.status).toBe(303);
    expect((await call(new URL(url!).pathname)).status).toBe(404);
    const stranger = await signUp("Kim Other");
    expect((await call(`/crew/${personId}/link`, { token: stranger.token })).status).toBe(404);
  });
});

describe("what a personal link shows", () => {
  it("the person's own contact details, calls and cues, the key contacts, and nobody else's details", async () => {
    const { owner, workspaceId, personId } = await ownerWithPerson();
    await setEventDay(workspaceId);
    await addPerson(workspaceId, {
      name: "Dana Stage",
      phone: "+1 555 0100",
      email: "dana@example.com",
      keyContact: true,
    });
    await addPerson(workspaceId, { name: "Eve Hidden", phone: "+1 555 0199", email: "eve@example.com" });
    await addCall(workspaceId, personId, "14:00", "Loading dock");
    const cueAt = new Date().toISOString();
    for (const [title, department, assignee] of [
      ["Line check", "audio", null],
      ["Haze on", "lighting", "Eve Hidden"],
    ] as const) {
      await db()
        .prepare(
          `INSERT INTO cues (id, workspace_id, day, position, title, start, duration_seconds, timing, department,
            assignee_name, assignee_contact, notes, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, '17:00', 600, 'fixed', ?, ?, ?, 'Cue note', ?, ?)`,
        )
        .bind(
          crypto.randomUUID(),
          workspaceId,
          DAY,
          title === "Line check" ? 1 : 2,
          title,
          department,
          assignee,
          assignee ? "eve-cue@example.com" : null,
          cueAt,
          cueAt,
        )
        .run();
    }
    const link = await createLink(owner, personId);
    const res = await call(`/c/${link.token}/state`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const state = (await res.json()) as Message;
    expect(state.day).toBe(DAY);
    const { sheet } = state;
    expect(sheet.person).toMatchObject({ name: "Ben Cole", phone: "+44 7700 900111", email: "ben@example.com" });
    expect(sheet.calls).toEqual([expect.objectContaining({ startTime: "14:00", location: "Loading dock" })]);
    expect(sheet.cues.map((c: Message) => c.title)).toEqual(["Line check"]);
    expect(sheet.keyContacts).toEqual([expect.objectContaining({ name: "Dana Stage", phone: "+1 555 0100" })]);
    expect(state.show.titles.map((c: Message) => c.title)).toEqual(["Line check", "Haze on"]);
    expect(state.serverTime).toEqual(expect.any(Number));
    const text = JSON.stringify(state);
    for (const hidden of [
      "Eve Hidden",
      "+1 555 0199",
      "eve@example.com",
      "eve-cue@example.com",
      "Cue note",
      "Maria Lopez",
    ]) {
      expect(text).not.toContain(hidden);
    }
    const html = await (await call(`/c/${link.token}`)).text();
    expect(html).toContain("Loading dock");
    expect(html).toContain(`/c/${link.token}/manifest.webmanifest`);
    for (const hidden of ["+1 555 0199", "eve@example.com", "eve-cue@example.com"]) expect(html).not.toContain(hidden);

    const manifest = (await (await call(`/c/${link.token}/manifest.webmanifest`)).json()) as Message;
    expect(manifest).toMatchObject({ start_url: `/c/${link.token}`, scope: "/c/", display: "standalone" });

    const status = (await (await call(`/api/crew/${personId}/link`, { token: owner.token })).json()) as Message;
    expect(status.link.lastUsedAt).toEqual(expect.any(String));
  });

  it("a malformed or unknown token is a plain 404", async () => {
    for (const token of ["nope", "A".repeat(43), "%00".repeat(20)]) {
      expect((await call(`/c/${token}`)).status).toBe(404);
      await expectError(await call(`/c/${token}/state`), 404);
    }
    await expectError(
      await call(`/api/live?crew=${"A".repeat(43)}`, { headers: { upgrade: "websocket", origin: ORIGIN } }),
      404,
    );
  });
});

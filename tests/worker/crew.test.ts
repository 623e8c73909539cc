import { describe, expect, it } from "vitest";
import crewMigration from "../../drizzle/0024_crew.sql?raw";
import { call, db, expectError, newTask, ORIGIN, postForm, signUp, workspaceIdOf, type Account } from "./helpers";
import { createShare } from "./show-helpers";
import { team } from "./teams-helpers";

/** The crew directory (issue 35, ADR 042): `/api/crew`, the `/crew` page's forms, typed names, contact privacy. */

type Json = Record<string, any>;

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as Json;
}

const addPerson = async (account: Account, body: Json) =>
  ok(await call("/api/crew", { method: "POST", token: account.token, json: body }), 201);

const listCrew = async (account: Account, query = "") => ok(await call(`/api/crew${query}`, { token: account.token }));

const importCsv = (account: Account, csv: string) =>
  call("/api/crew/import", {
    method: "POST",
    token: account.token,
    headers: { "content-type": "text/csv" },
    body: csv,
  });

const entriesOf = async (workspaceId: string) =>
  (
    await db()
      .prepare(
        "SELECT name, phone, email, notes FROM crew_people WHERE workspace_id = ? AND user_id IS NULL ORDER BY name",
      )
      .bind(workspaceId)
      .all<{ name: string; phone: string | null; email: string | null; notes: string | null }>()
  ).results;

describe("crew API", () => {
  it("adds, reads, filters, edits and removes people", async () => {
    const owner = await signUp("Maria Lopez");
    const sam = await addPerson(owner, {
      name: " Sam  Okafor ",
      role: "A1",
      department: "Audio",
      phone: "+44 20 7946 0000",
      email: "sam@example.com",
    });
    expect(sam).toMatchObject({
      id: expect.any(String),
      name: "Sam Okafor",
      role: "A1",
      department: "Audio",
      company: null,
      phone: "+44 20 7946 0000",
      email: "sam@example.com",
      keyContact: false,
      member: false,
    });
    await addPerson(owner, { name: "Lena Berg", department: "lighting" });

    const all = await listCrew(owner);
    expect(all.people.map((p: Json) => p.name)).toEqual(["Lena Berg", "Maria Lopez", "Sam Okafor"]);
    expect(all.people.find((p: Json) => p.name === "Maria Lopez").member).toBe(true);
    expect(all.departments).toEqual(["Audio", "lighting"]);
    expect((await listCrew(owner, "?department=AUDIO")).people.map((p: Json) => p.name)).toEqual(["Sam Okafor"]);
    expect((await listCrew(owner, "?q=berg")).people.map((p: Json) => p.name)).toEqual(["Lena Berg"]);

    const edited = await ok(
      await call(`/api/crew/${sam.id}`, {
        method: "PATCH",
        token: owner.token,
        json: { company: "Northside Audio", phone: null, keyContact: true },
      }),
    );
    expect(edited).toMatchObject({ company: "Northside Audio", phone: null, keyContact: true, role: "A1" });
    expect(await ok(await call(`/api/crew/${sam.id}`, { token: owner.token }))).toEqual(edited);

    expect((await call(`/api/crew/${sam.id}`, { method: "DELETE", token: owner.token })).status).toBe(204);
    await expectError(await call(`/api/crew/${sam.id}`, { token: owner.token }), 404);
  });

  it("refuses bad input with field errors, and a name already listed in any case", async () => {
    const owner = await signUp("Maria Lopez");
    await addPerson(owner, { name: "Sam Okafor" });
    const clash = await expectError(
      await call("/api/crew", { method: "POST", token: owner.token, json: { name: "SAM okafor" } }),
      400,
    );
    expect(clash.fieldErrors?.name).toEqual(["“SAM okafor” is already in the directory"]);
    const bad = await expectError(
      await call("/api/crew", {
        method: "POST",
        token: owner.token,
        json: { name: "", email: "not an address", phone: "call me" },
      }),
      400,
    );
    expect(bad.fieldErrors).toMatchObject({
      name: ["Name is required"],
      email: ["Email is not an address (like sam@example.com)"],
      phone: [expect.stringMatching(/^Phone is not a phone number/)],
    });
    await expectError(await call("/api/crew", { method: "POST", token: owner.token, json: { name: 7 } }), 400);
    await expectError(
      await call("/api/crew", {
        method: "POST",
        token: owner.token,
        body: "{nope",
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    const lena = await addPerson(owner, { name: "Lena Berg" });
    const renamed = await expectError(
      await call(`/api/crew/${lena.id}`, { method: "PATCH", token: owner.token, json: { name: "sam okafor" } }),
      400,
    );
    expect(renamed.fieldErrors?.name).toEqual(["“sam okafor” is already in the directory"]);
    await expectError(
      await call(`/api/crew/${lena.id}`, { method: "PATCH", token: owner.token, json: { shoeSize: 44 } }),
      400,
    );
  });

  it("keeps each workspace's directory to itself", async () => {
    const maria = await signUp("Maria Lopez");
    const other = await signUp("Olu Adeyemi");
    const theirs = await addPerson(other, { name: "Kim Ito", phone: "+1 555 0100" });
    await expectError(await call(`/api/crew/${theirs.id}`, { token: maria.token }), 404);
    await expectError(
      await call(`/api/crew/${theirs.id}`, { method: "PATCH", token: maria.token, json: { role: "x" } }),
      404,
    );
    await expectError(await call(`/api/crew/${theirs.id}`, { method: "DELETE", token: maria.token }), 404);
    await expectError(await call(`/api/crew/${"x".repeat(500)}`, { token: maria.token }), 404);
    expect((await listCrew(maria)).people.map((p: Json) => p.name)).toEqual(["Maria Lopez"]);
    await expectError(await call("/api/crew"), 401);
  });

  it("lets members add and edit; only owners remove and mark key contacts; a member's entry stays", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const [sam] = members;
    const kim = await addPerson(sam, { name: "Kim Ito" });
    await ok(await call(`/api/crew/${kim.id}`, { method: "PATCH", token: sam.token, json: { role: "Rigger" } }));
    const star = await expectError(
      await call(`/api/crew/${kim.id}`, { method: "PATCH", token: sam.token, json: { keyContact: true } }),
      403,
    );
    expect(star.error).toBe("Only a workspace owner can mark key contacts");
    await expectError(await call(`/api/crew/${kim.id}`, { method: "DELETE", token: sam.token }), 403);

    const samEntry = (await listCrew(owner)).people.find((p: Json) => p.name === "Sam Okafor");
    expect(samEntry.member).toBe(true);
    const rename = await expectError(
      await call(`/api/crew/${samEntry.id}`, { method: "PATCH", token: owner.token, json: { name: "Samuel" } }),
      400,
    );
    expect(rename.fieldErrors?.name).toEqual(["Sam Okafor is a member: their name follows their account"]);
    await ok(
      await call(`/api/crew/${samEntry.id}`, {
        method: "PATCH",
        token: owner.token,
        json: { name: "Sam Okafor", phone: "+44 7700 900000" },
      }),
    );
    const kept = await expectError(
      await call(`/api/crew/${samEntry.id}`, { method: "DELETE", token: owner.token }),
      409,
    );
    expect(kept.error).toMatch(/^Sam Okafor is a member of this workspace/);
  });
});

describe("crew CSV import", () => {
  it("imports all or nothing, naming every bad line", async () => {
    const owner = await signUp("Maria Lopez");
    const refused = await expectError(
      await importCsv(owner, "Name,Email,Phone\r\nSam Okafor,sam@example.com,\r\nLena Berg,lena at example,\r\n,,\r\n"),
      400,
    );
    expect(refused.error).toBe("Line 3: email is not an address (like sam@example.com) (and 1 more problems)");
    expect(refused.fieldErrors?.csv).toEqual([
      "Line 3: email is not an address (like sam@example.com)",
      "Line 4: name is required",
    ]);
    expect(await entriesOf(await workspaceIdOf(owner.user.id))).toEqual([]);
  });

  it("adds new names and fills only the blanks of people already listed", async () => {
    const owner = await signUp("Maria Lopez");
    await addPerson(owner, { name: "Sam Okafor", phone: "+44 1111 111111" });
    const res = await importCsv(
      owner,
      "name,department,phone,email\nsam okafor,Audio,+44 2222 222222,sam@example.com\nLena Berg,Lighting,,\n",
    );
    expect(await ok(res, 201)).toEqual({
      added: 1,
      filled: 1,
      unchanged: 0,
      names: { added: ["Lena Berg"], filled: ["Sam Okafor"], unchanged: [] },
    });
    const people = (await listCrew(owner)).people;
    expect(people.find((p: Json) => p.name === "Sam Okafor")).toMatchObject({
      department: "Audio",
      phone: "+44 1111 111111",
      email: "sam@example.com",
    });
    expect(people.find((p: Json) => p.name === "Lena Berg")).toMatchObject({ department: "Lighting" });
  });

  it("wants CSV, and a file within its bounds", async () => {
    const owner = await signUp("Maria Lopez");
    await expectError(await call("/api/crew/import", { method: "POST", token: owner.token, json: {} }), 415);
    const tooMany = ["name", ...Array.from({ length: 501 }, (_, i) => `Person ${i}`)].join("\n");
    const refused = await expectError(await importCsv(owner, tooMany), 400);
    expect(refused.error).toMatch(/^Line 502: at most 501 rows/);
  });
});

describe("/crew page without JavaScript", () => {
  it("adds, edits, stars, imports and removes with plain posts", async () => {
    const owner = await signUp("Maria Lopez");
    const added = await postForm(owner.token, "/crew", {
      intent: "add",
      name: "Sam Okafor",
      role: "A1",
      department: "Audio",
      phone: "",
      email: "",
      company: "",
      notes: "",
    });
    expect(added.status).toBe(303);
    const page = await call("/crew", { token: owner.token });
    const html = await page.text();
    expect(html).toContain("Sam Okafor");
    expect(html).toContain("Personal link");

    const sam = (await listCrew(owner)).people.find((p: Json) => p.name === "Sam Okafor");
    const refused = await postForm(owner.token, "/crew", {
      intent: "edit",
      personId: sam.id,
      name: "Sam Okafor",
      email: "sam at example",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Email is not an address (like sam@example.com)");

    expect(
      (
        await postForm(owner.token, "/crew", {
          intent: "edit",
          personId: sam.id,
          name: "Sam Okafor",
          email: "s@example.com",
        })
      ).status,
    ).toBe(303);
    expect(
      (await postForm(owner.token, "/crew", { intent: "key-contact", personId: sam.id, keyContact: "true" })).status,
    ).toBe(303);
    expect((await listCrew(owner)).people.find((p: Json) => p.name === "Sam Okafor")).toMatchObject({
      email: "s@example.com",
      role: null,
      keyContact: true,
    });
    const form = new FormData();
    form.set("intent", "import");
    form.set("file", new File(["name,role\nLena Berg,LD\n"], "crew.csv", { type: "text/csv" }));
    const imported = await call("/crew", {
      method: "POST",
      token: owner.token,
      headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "sec-fetch-mode": "navigate" },
      body: form,
      redirect: "manual",
    });
    expect(imported.status).toBe(303);
    expect((await listCrew(owner)).people.find((p: Json) => p.name === "Lena Berg")).toMatchObject({ role: "LD" });
    expect((await postForm(owner.token, "/crew", { intent: "delete", personId: sam.id })).status).toBe(303);
    expect((await listCrew(owner)).people.map((p: Json) => p.name)).toEqual(["Lena Berg", "Maria Lopez"]);
  });

  it("shows members no remove, star or personal link", async () => {
    const { members } = await team(["Sam Okafor"]);
    const html = await (await call("/crew", { token: members[0].token })).text();
    expect(html).toContain("Sam Okafor");
    expect(html).not.toContain("Personal link");
    expect(html).not.toContain("Mark Sam Okafor as a key contact");
  });
});

describe("typed owner names", () => {
  it("become directory entries when a task or a cue is saved for an outside person", async () => {
    const owner = await signUp("Maria Lopez");
    const workspaceId = await workspaceIdOf(owner.user.id);
    await newTask(owner.token, {
      title: "Hire the PA",
      assigneeName: "Pat Rivera",
      assigneeContact: "pat@example.com",
    });
    const task = await newTask(owner.token, { title: "Order risers" });
    await call(`/api/tasks/${task.id}`, {
      method: "PUT",
      token: owner.token,
      json: { assigneeName: "Jo Chen", assigneeContact: "+1 (555) 010-0200" },
    });
    const cue = await call("/api/show/cues", {
      method: "POST",
      token: owner.token,
      json: { day: "2026-06-06", title: "Doors", duration: 600, assigneeName: "pat rivera" },
    });
    expect(cue.status, await cue.clone().text()).toBe(201);
    await newTask(owner.token, { title: "Call the venue", assigneeName: "Maria Lopez" });
    expect(await entriesOf(workspaceId)).toEqual([
      { name: "Jo Chen", phone: "+1 (555) 010-0200", email: null, notes: null },
      { name: "Pat Rivera", phone: null, email: "pat@example.com", notes: null },
    ]);
  });

  it("were moved into the directory by the migration, their contact note split", async () => {
    const owner = await signUp("Maria Lopez");
    const workspaceId = await workspaceIdOf(owner.user.id);
    const contacts = {
      "Ana Phone": "+44 20 7946 0000",
      "Ben Mail": "ben@example.com",
      "Cy Note": "ask at the gate",
      "Di None": "",
    };
    for (const [name, contact] of Object.entries(contacts)) {
      await newTask(owner.token, { title: `Task for ${name}`, assigneeName: name, assigneeContact: contact || null });
    }
    // As before the migration: the typed names were on tasks only.
    await db().prepare("DELETE FROM crew_people WHERE workspace_id = ? AND user_id IS NULL").bind(workspaceId).run();
    const moveTypedNames = crewMigration
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes("Outside people typed as task and cue owners"));
    expect(moveTypedNames).toBeDefined();
    await db().prepare(moveTypedNames!).run();
    expect(await entriesOf(workspaceId)).toEqual([
      { name: "Ana Phone", phone: "+44 20 7946 0000", email: null, notes: null },
      { name: "Ben Mail", phone: null, email: "ben@example.com", notes: null },
      { name: "Cy Note", phone: null, email: null, notes: "ask at the gate" },
      { name: "Di None", phone: null, email: null, notes: null },
    ]);
  });
});

describe("contact privacy", () => {
  it("keeps phone numbers and emails out of crew share links and calendar feeds", async () => {
    const owner = await signUp("Maria Lopez");
    const { day } = await ok(await call("/api/show", { token: owner.token }));
    await addPerson(owner, { name: "Kim Ito", phone: "+44 7700 900123", email: "kim@example.com" });
    const cue = await call("/api/show/cues", {
      method: "POST",
      token: owner.token,
      json: {
        day,
        title: "Doors open",
        duration: 600,
        assigneeName: "Pat Rivera",
        assigneeContact: "pat.rivera@example.com",
      },
    });
    expect(cue.status, await cue.clone().text()).toBe(201);
    await newTask(owner.token, {
      title: "Confirm the riggers",
      dueDate: "2099-01-10",
      assigneeName: "Jo Chen",
      assigneeContact: "+1 555 010 0299",
    });

    const share = await createShare(owner);
    const sharePage = await call(`/show/share/${share.token}`);
    expect(sharePage.status).toBe(200);
    const shareHtml = await sharePage.text();
    expect(shareHtml).toContain("Doors open");
    expect(shareHtml).toContain("Pat Rivera");
    for (const secret of ["pat.rivera@example.com", "kim@example.com", "+44 7700 900123"]) {
      expect(shareHtml).not.toContain(secret);
    }

    const feed = await ok(
      await call("/api/calendar/feeds", { method: "POST", token: owner.token, json: { scope: "workspace" } }),
      201,
    );
    const ics = await (await call(new URL(feed.url).pathname)).text();
    expect(ics).toContain("Confirm the riggers");
    for (const secret of ["+1 555 010 0299", "kim@example.com", "pat.rivera@example.com"]) {
      expect(ics).not.toContain(secret);
    }
  });
});

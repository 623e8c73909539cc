import { describe, expect, it } from "vitest";
import { call, db, expectError, listTasks, newTask, signUp, updateTask, workspaceIdOf, type Account } from "./helpers";
import { acceptInvite, createInvite, team } from "./teams-helpers";

/** Two teams: A (Maria and Sam) and B (Lee, with a task, a category, an invitation and a member). */
async function twoTeams() {
  const a = await team(["Sam Okafor"]);
  const b = await team(["Kim Tanaka"]);
  const [bOwner, bMember] = [b.owner, b.members[0]];
  const bTask = await newTask(bOwner.token, {
    title: "Book the B stage crew",
    category: "b-only",
    assigneeId: bMember.user.id,
  });
  const bInvite = await createInvite(bOwner);
  return { a, aMember: a.members[0], bOwner, bMember, bTask, bInvite, bWorkspaceId: b.workspaceId };
}

function json(account: Account, path: string, method: string, body?: unknown) {
  return call(path, { method, token: account.token, ...(body === undefined ? {} : { json: body }) });
}

describe("a member of workspace A and workspace B's data", () => {
  it("cannot read, change or delete B's task by id, nor find it in any list", async () => {
    const { aMember, bOwner, bTask } = await twoTeams();
    await expectError(await json(aMember, `/api/tasks/${bTask.id}`, "GET"), 404);
    for (const method of ["PUT", "PATCH"]) {
      await expectError(await json(aMember, `/api/tasks/${bTask.id}`, method, { status: "completed" }), 404);
    }
    await expectError(await json(aMember, `/api/tasks/${bTask.id}`, "DELETE"), 404);

    expect((await listTasks(aMember.token)).map((t) => t.id)).not.toContain(bTask.id);
    expect(await listTasks(aMember.token, "?q=B%20stage")).toEqual([]);
    const similar = await (
      await json(aMember, `/api/tasks/similar?title=${encodeURIComponent("Book the B stage crew")}`, "GET")
    ).json();
    expect(similar).toEqual({ similar: [] });
    expect(await (await json(aMember, "/api/status", "GET")).json()).toMatchObject({ totalTasks: 0 });
    for (const path of ["/api/critical-path", "/api/risks"]) {
      expect(await (await json(aMember, path, "GET")).text()).not.toContain(bTask.id);
    }
    const answer = await (await json(aMember, "/api/assistant", "POST", { question: "what is open?" })).text();
    expect(answer).not.toContain("B stage");

    const unchanged = await (await json(bOwner, `/api/tasks/${bTask.id}`, "GET")).json();
    expect(unchanged).toMatchObject({ title: "Book the B stage crew", status: "pending" });
  });

  it("cannot point a task at B's tasks or B's people", async () => {
    const { aMember, bMember, bTask } = await twoTeams();
    const dep = await expectError(
      await json(aMember, "/api/tasks", "POST", { title: "Rig lights", dependsOn: [bTask.id] }),
      400,
    );
    expect(dep.fieldErrors).toHaveProperty("dependsOn");
    const who = await expectError(
      await json(aMember, "/api/tasks", "POST", { title: "Rig lights", assigneeId: bMember.user.id }),
      400,
    );
    expect(who.fieldErrors).toHaveProperty("assigneeId");
    const own = await newTask(aMember.token, { title: "Rig lights" });
    await expectError(await json(aMember, `/api/tasks/${own.id}`, "PATCH", { assigneeId: bMember.user.id }), 400);
  });

  it("cannot change B's lists, settings, members or invitations", async () => {
    const { aMember, bOwner, bMember, bInvite, bWorkspaceId } = await twoTeams();
    expect((await json(aMember, "/api/categories/b-only", "DELETE")).status).toBe(404);
    const bCategories = await (await json(bOwner, "/api/categories", "GET")).json();
    expect(JSON.stringify(bCategories)).toContain("b-only");

    expect(await (await json(aMember, "/api/workspace", "GET")).json()).not.toMatchObject({ id: bWorkspaceId });
    await expectError(await json(aMember, "/api/workspaces/switch", "POST", { workspaceId: bWorkspaceId }), 404);
    await expectError(
      await json(aMember, `/api/workspace/members/${bMember.user.id}`, "PATCH", { role: "owner" }),
      403,
    );
    await expectError(await json(aMember, `/api/workspace/invites/${bInvite.invite.id}`, "DELETE"), 403);
    const members = await (await json(aMember, "/api/workspace/members", "GET")).json();
    expect(JSON.stringify(members)).not.toContain(bMember.user.id);
  });

  it("an owner of A cannot touch B's members or invitations either: 404", async () => {
    const { a, bMember, bInvite, bOwner } = await twoTeams();
    await expectError(
      await json(a.owner, `/api/workspace/members/${bMember.user.id}`, "PATCH", { role: "owner" }),
      404,
    );
    await expectError(await json(a.owner, `/api/workspace/members/${bMember.user.id}`, "DELETE"), 404);
    await expectError(await json(a.owner, `/api/workspace/invites/${bInvite.invite.id}`, "DELETE"), 404);
    const { invites } = (await (await json(bOwner, "/api/workspace/invites", "GET")).json()) as {
      invites: Array<{ id: string; state: string }>;
    };
    expect(invites.find((i) => i.id === bInvite.invite.id)).toMatchObject({ state: "active" });
  });

  it("cannot open B's live updates", async () => {
    const { aMember, bWorkspaceId } = await twoTeams();
    const res = await call(`/api/live?workspace=${bWorkspaceId}`, {
      token: aMember.token,
      headers: { upgrade: "websocket" },
    });
    await expectError(res, 403);
  });

  it("someone in both teams acts only on the current one until they switch", async () => {
    const { a, bOwner, bTask, bWorkspaceId } = await twoTeams();
    const { token } = await createInvite(bOwner);
    const both = a.members[0];
    expect((await acceptInvite(both, token)).status).toBe(200);
    expect((await json(both, "/api/workspaces/switch", "POST", { workspaceId: a.workspaceId })).status).toBe(200);
    await expectError(await json(both, `/api/tasks/${bTask.id}`, "GET"), 404);
    expect((await json(both, "/api/workspaces/switch", "POST", { workspaceId: bWorkspaceId })).status).toBe(200);
    expect((await json(both, `/api/tasks/${bTask.id}`, "GET")).status).toBe(200);
    // The socket may follow either workspace of theirs.
    const live = await call(`/api/live?workspace=${a.workspaceId}`, { token: both.token });
    expect(live.status).toBe(426);
  });
});

describe("a member and the owner's actions", () => {
  it("is refused settings, Slack setup, digest, members and invitations with 403", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const member = members[0];
    const refused: Array<[string, string, unknown?]> = [
      ["/api/workspace", "PUT", { eventName: "Takeover" }],
      [
        "/api/slack/setup-credentials",
        "POST",
        { slackClientId: "1.2", slackClientSecret: "s", slackSigningSecret: "s" },
      ],
      ["/api/slack/digest", "PUT", { channel: "#crew", time: "08:00", enabled: true }],
      ["/api/slack/install", "GET"],
      ["/api/workspace/invites", "GET"],
      ["/api/workspace/invites", "POST", {}],
      [`/api/workspace/members/${owner.user.id}`, "PATCH", { role: "member" }],
      [`/api/workspace/members/${owner.user.id}`, "DELETE"],
      [`/api/workspace/members/${member.user.id}`, "PATCH", { role: "owner" }],
    ];
    for (const [path, method, body] of refused) {
      const error = await expectError(await json(member, path, method, body), 403);
      expect(error.error, `${method} ${path}`).toMatch(/owner/i);
    }
    const { invite } = await createInvite(owner);
    await expectError(await json(member, `/api/workspace/invites/${invite.id}`, "DELETE"), 403);
  });

  it("is refused the dashboard's settings form too", async () => {
    const { members } = await team(["Sam Okafor"]);
    const res = await call("/dashboard?settings=1", {
      method: "POST",
      token: members[0].token,
      body: new URLSearchParams({ intent: "settings", eventName: "Takeover" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(403);
  });

  it("works on the team's tasks like the owner", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const task = await newTask(members[0].token, { title: "Confirm the rigging plan" });
    const { res } = await updateTask(owner.token, task.id, { status: "completed" });
    expect(res.status).toBe(200);
    expect((await listTasks(members[0].token)).map((t) => t.status)).toEqual(["completed"]);
    const settings = await (await json(members[0], "/api/workspace", "GET")).json();
    expect(settings).toMatchObject({ id: await workspaceIdOf(owner.user.id) });
  });
});

describe("members and roles", () => {
  it("lists members with roles; only owners see email addresses", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const asOwner = (await (await json(owner, "/api/workspace/members", "GET")).json()) as any;
    expect(asOwner.members.map((m: any) => [m.name, m.role, m.you])).toEqual([
      ["Maria Lopez", "owner", true],
      ["Sam Okafor", "member", false],
    ]);
    expect(asOwner.members[1].email).toMatch(/@example\.com$/);
    expect(asOwner.seats).toEqual({ tier: "beta", limit: null, count: 2 });
    const asMember = (await (await json(members[0], "/api/workspace/members", "GET")).json()) as any;
    expect(asMember.members.every((m: any) => m.email === null)).toBe(true);
  });

  it("promotes and demotes, but never the last owner", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0];
    const last = await expectError(
      await json(owner, `/api/workspace/members/${owner.user.id}`, "PATCH", { role: "member" }),
      409,
    );
    expect(last.error).toMatch(/at least one owner/);
    await expectError(await json(owner, `/api/workspace/members/${owner.user.id}`, "DELETE"), 409);
    expect((await json(owner, `/api/workspace/members/${sam.user.id}`, "PATCH", { role: "owner" })).status).toBe(200);
    expect((await json(sam, "/api/workspace/invites", "GET")).status).toBe(200);
    expect((await json(sam, `/api/workspace/members/${owner.user.id}`, "PATCH", { role: "member" })).status).toBe(200);
    await expectError(await json(owner, "/api/workspace/invites", "GET"), 403);
    await expectError(await json(owner, `/api/workspace/members/${sam.user.id}`, "PATCH", { role: "boss" }), 400);
    await expectError(await json(sam, "/api/workspace/members/nobody", "PATCH", { role: "member" }), 404);
  });

  it("removing a member keeps their tasks, unassigned by default", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0];
    const mine = await newTask(sam.token, { title: "Confirm the rigging plan", assigneeId: sam.user.id });
    const done = await newTask(owner.token, {
      title: "Hang the banners",
      assigneeId: sam.user.id,
      status: "completed",
    });
    const res = await json(owner, `/api/workspace/members/${sam.user.id}`, "DELETE");
    expect(await res.json()).toMatchObject({ tasksReassigned: 2, reassignedTo: null });
    const tasks = await listTasks(owner.token);
    expect(tasks.map((t) => [t.id, t.assigneeId, t.assigneeName, t.createdBy])).toEqual(
      expect.arrayContaining([
        [mine.id, null, null, sam.user.id],
        [done.id, null, null, owner.user.id],
      ]),
    );
  });

  it("removing a member can hand their tasks to another member", async () => {
    const { owner, members } = await team(["Sam Okafor", "Priya Natarajan"]);
    const [sam, priya] = members;
    const task = await newTask(owner.token, { title: "Confirm the rigging plan", assigneeId: sam.user.id });
    const bad = await expectError(
      await json(owner, `/api/workspace/members/${sam.user.id}`, "DELETE", { reassignTo: sam.user.id }),
      400,
    );
    expect(bad.fieldErrors).toHaveProperty("reassignTo");
    const stranger = await signUp("Stranger Danger");
    await expectError(
      await json(owner, `/api/workspace/members/${sam.user.id}`, "DELETE", { reassignTo: stranger.user.id }),
      400,
    );
    const res = await json(owner, `/api/workspace/members/${sam.user.id}`, "DELETE", { reassignTo: priya.user.id });
    expect(await res.json()).toMatchObject({
      tasksReassigned: 1,
      reassignedTo: { id: priya.user.id, name: "Priya Natarajan" },
    });
    const [moved] = await listTasks(priya.token, "?mine=1");
    expect(moved).toMatchObject({ id: task.id, assigneeId: priya.user.id, assigneeName: "Priya Natarajan" });
  });

  it("a removed member's session moves to their own workspace and sees nothing of the team", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const sam = members[0];
    const task = await newTask(owner.token, { title: "Confirm the rigging plan" });
    expect((await json(sam, `/api/tasks/${task.id}`, "GET")).status).toBe(200);
    expect((await json(owner, `/api/workspace/members/${sam.user.id}`, "DELETE")).status).toBe(200);
    await expectError(await json(sam, `/api/tasks/${task.id}`, "GET"), 404);
    const settings = (await (await json(sam, "/api/workspace", "GET")).json()) as { id: string };
    expect(settings.id).toBe(await workspaceIdOf(sam.user.id));
    expect(settings.id).not.toBe(workspaceId);
    const session = await db()
      .prepare("SELECT workspace_id FROM sessions WHERE user_id = ?")
      .bind(sam.user.id)
      .first<{ workspace_id: string }>();
    expect(session!.workspace_id).toBe(settings.id);
    await expectError(await json(sam, "/api/workspaces/switch", "POST", { workspaceId }), 404);
  });
});

import { describe, expect, it } from "vitest";
import { call, db, expectError, listTasks, newTask, signUp, updateTask, workspaceIdOf, type Account } from "./helpers";
import {
  installSlack,
  linkThroughSlack,
  readableText,
  slackEvent,
  slashCommand,
  waitForRecorded,
} from "./slack-helpers";
import { acceptInvite, createInvite, team } from "./teams-helpers";

/** Typed owners resolve to people: the API, the parse preview, and outside names taken once someone joins. */

/** A plain (no-JavaScript) form post to a page as the browser sends it. */
function postPage(account: Account, path: string, fields: Record<string, string>) {
  return call(path, {
    method: "POST",
    cookie: account.token,
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-mode": "navigate",
      origin: "http://localhost",
      host: "localhost",
    },
    redirect: "manual",
  });
}

const toastOf = (res: Response) => decodeURIComponent(res.headers.get("set-cookie") ?? "");

async function assigneeOf(taskId: string) {
  return db()
    .prepare("SELECT assignee_id AS assigneeId, assignee_name AS assigneeName FROM tasks WHERE id = ?")
    .bind(taskId)
    .first<{ assigneeId: string | null; assigneeName: string | null }>();
}

describe("typed owners through the API", () => {
  it("a first name is the one member who has it, shown by their full name", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const task = await newTask(members[0].token, { title: "Book the buses", assigneeName: "Maria" });
    expect(task).toMatchObject({ assigneeId: owner.user.id, assigneeName: "Maria Lopez" });
  });

  it("me and the author's own handle are the author", async () => {
    const { members } = await team(["Léna Müller"]);
    const lena = members[0];
    expect(await newTask(lena.token, { title: "Print lanyards", assigneeName: "me" })).toMatchObject({
      assigneeId: lena.user.id,
      assigneeName: "Léna Müller",
    });
    expect(await newTask(lena.token, { title: "Order radios", assigneeName: "@lena" })).toMatchObject({
      assigneeId: lena.user.id,
    });
  });

  it("a Slack handle of this workspace's link is that member", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor", "Sam Lee"]);
    await db()
      .prepare(
        "INSERT INTO slack_links (workspace_id, slack_team_id, slack_user_id, user_id, slack_name, slack_handle, created_at) VALUES (?, 'T1', 'U1', ?, 'Sammy O', 'samo', ?)",
      )
      .bind(workspaceId, members[0].user.id, new Date().toISOString())
      .run();
    const task = await newTask(owner.token, { title: "Rig the truss", assigneeName: "@samo" });
    expect(task).toMatchObject({ assigneeId: members[0].user.id, assigneeName: "Sam Okafor" });
  });

  it("a name several members share is a 400 asking which, on create and update", async () => {
    const { owner } = await team(["Sam Patel", "Sam Lee"]);
    const created = await call("/api/tasks", {
      method: "POST",
      token: owner.token,
      json: { title: "Tune the PA", assigneeName: "sam" },
    });
    const error = await expectError(created, 400);
    expect(error.fieldErrors).toEqual({ assigneeName: ["Which Sam? Sam Patel or Sam Lee"] });

    const task = await newTask(owner.token, { title: "Tune the PA" });
    const updated = await updateTask(owner.token, task.id, { assigneeName: "@Sam" });
    expect(updated.res.status).toBe(400);
    expect(updated.body).toMatchObject({ fieldErrors: { assigneeName: ["Which Sam? Sam Patel or Sam Lee"] } });
    expect(await assigneeOf(task.id)).toEqual({ assigneeId: null, assigneeName: null });
  });
});

describe("the parse preview", () => {
  function parse(account: Account, text: string) {
    return call("/api/tasks/parse", { method: "POST", token: account.token, json: { text } });
  }

  it("shows the member a typed owner means, and asks about an ambiguous one instead of picking", async () => {
    const { owner, members } = await team(["Sam Patel", "Sam Lee"]);
    const res = await parse(
      members[0],
      "Book the buses owner: Maria\nTune the PA @sam\nCall the florist, assign to me",
    );
    expect(res.status).toBe(200);
    const { tasks } = (await res.json()) as { tasks: Array<Record<string, unknown>> };
    expect(tasks[0]).toMatchObject({ assigneeName: "Maria Lopez", assigneeId: owner.user.id, ownerNote: null });
    // Sam Patel typed it: his own name is him, so this one needs no question.
    expect(tasks[1]).toMatchObject({ assigneeName: "Sam Patel", assigneeId: members[0].user.id });
    expect(tasks[2]).toMatchObject({ assigneeName: "Sam Patel", assigneeId: members[0].user.id });

    const asked = (await (await parse(owner, "Tune the PA @sam")).json()) as { tasks: Array<Record<string, unknown>> };
    expect(asked.tasks[0]).toMatchObject({
      assigneeName: "sam",
      assigneeId: null,
      ownerNote: "Which Sam? Sam Patel or Sam Lee",
    });
  });
});

describe("pages without JavaScript", () => {
  it("the task form shows the question on its owner field", async () => {
    const { owner } = await team(["Sam Patel", "Sam Lee"]);
    const res = await postPage(owner, "/tasks?new=1", { intent: "create", title: "Tune the PA", assigneeName: "Sam" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Which Sam? Sam Patel or Sam Lee");
    expect(await listTasks(owner.token)).toEqual([]);
  });

  it("previews an ambiguous owner with its question, and refuses to create it until it is clear", async () => {
    const { owner } = await team(["Sam Patel", "Sam Lee"]);
    const preview = await postPage(owner, "/tasks/ai", {
      intent: "preview",
      text: "Tune the PA @sam\nBook the buses owner: me",
    });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("Which Sam? Sam Patel or Sam Lee");
    expect(html).toContain('value="Maria Lopez"');

    const confirm = await postPage(owner, "/tasks/ai", {
      intent: "create",
      prompt: "Tune the PA @sam",
      "tasks[0].title": "Tune the PA",
      "tasks[0].assigneeName": "sam",
      "tasks[0].priority": "medium",
    });
    expect(confirm.status).toBe(400);
    expect(await confirm.text()).toContain("“Tune the PA”: Which Sam? Sam Patel or Sam Lee. Write the owner");
    expect(await listTasks(owner.token)).toEqual([]);
  });
});

describe("Slack's /new", () => {
  async function newFromSlack(inst: Awaited<ReturnType<typeof installSlack>>, text: string) {
    const { res, hook } = await slashCommand(inst, "/new", text);
    expect(res.status).toBe(200);
    const [reply] = await waitForRecorded({ path: hook });
    return readableText(reply.body);
  }

  it("assigns a typed owner who is a member, and asks about an ambiguous one instead of creating", async () => {
    const inst = await installSlack("Maria Lopez");
    for (const name of ["Sam Patel", "Sam Lee"]) {
      const member = await signUp(name);
      const { token } = await createInvite(inst.account);
      expect((await acceptInvite(member, token)).status).toBe(200);
    }
    expect(await newFromSlack(inst, "Tune the PA @sam")).toContain("Which Sam? Sam Patel or Sam Lee");
    expect(await listTasks(inst.account.token)).toEqual([]);

    expect(await newFromSlack(inst, "Tune the PA, owner: Sam Lee")).toContain("Task created");
    expect(await newFromSlack(inst, "Book the buses, assign to me")).toContain("Task created");
    const tasks = await listTasks(inst.account.token);
    expect(tasks.map((t) => [t.title, t.assigneeName])).toEqual(
      expect.arrayContaining([
        ["Tune the PA", "Sam Lee"],
        ["Book the buses", "Maria Lopez"],
      ]),
    );
  });
});

describe("a Slack mention", () => {
  it("of a linked member is that member, even where the team has another of the same first name", async () => {
    const inst = await installSlack("Maria Lopez");
    const sams: Account[] = [];
    for (const name of ["Sam Patel", "Sam Lee"]) {
      const member = await signUp(name);
      const { token } = await createInvite(inst.account);
      expect((await acceptInvite(member, token)).status).toBe(200);
      sams.push(member);
    }
    await linkThroughSlack(inst, sams[1], "USAMLEE");
    await slackEvent(inst, {
      type: "app_mention",
      user: inst.slackUserId,
      text: `<@${inst.botUserId}> Tune the PA <@USAMLEE>`,
      ts: "1700000000.000300",
      channel: "CPRODUCTION",
      event_ts: "1700000000.000300",
    });
    const [post] = await waitForRecorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    expect(readableText(post.body)).toContain("Task created");
    const [task] = await listTasks(inst.account.token);
    expect(task).toMatchObject({ title: "Tune the PA", assigneeId: sams[1].user.id, assigneeName: "Sam Lee" });
  });
});

describe("outside names offered to someone who joins", () => {
  it("counts only this workspace's open tasks typed for them, and 'They're mine' links exactly those", async () => {
    const owner = await signUp("Maria Lopez");
    const workspaceId = await workspaceIdOf(owner.user.id);
    const mine = [
      await newTask(owner.token, { title: "Tune the PA", assigneeName: "Sam" }),
      await newTask(owner.token, { title: "Check the monitors", assigneeName: "Sam" }),
    ];
    const done = await newTask(owner.token, { title: "Book the desk", assigneeName: "Sam", status: "completed" });
    const vendor = await newTask(owner.token, { title: "Deliver the generator", assigneeName: "PowerCo" });
    const other = await signUp("Dana Reyes");
    const elsewhere = await newTask(other.token, { title: "Tune the PA", assigneeName: "Sam" });

    const sam = await signUp("Sam Patel");
    const { token } = await createInvite(owner);
    const joined = await acceptInvite(sam, token);
    expect(await joined.json()).toMatchObject({ workspaceId, alreadyMember: false, tasksTypedForYou: 2 });
    // Offered, never linked silently.
    expect(await assigneeOf(mine[0].id)).toEqual({ assigneeId: null, assigneeName: "Sam" });

    const page = await (await call("/team", { cookie: sam.token })).text();
    expect(page).toContain("Tasks typed for you");
    expect(page).toContain("2 open tasks");
    expect(page).not.toContain("PowerCo");

    const res = await postPage(sam, "/team", { intent: "link-outside", name: "Sam", userId: sam.user.id });
    expect(res.status, await res.clone().text()).toBe(303);
    expect(toastOf(res)).toContain("2 open tasks typed for “Sam” are now yours.");
    for (const task of mine)
      expect(await assigneeOf(task.id)).toEqual({ assigneeId: sam.user.id, assigneeName: "Sam Patel" });
    // Recorded like any change (the list's bulk 'Assign'), so the task's history says who took it.
    const history = await call(`/api/tasks/${mine[0].id}/history`, { token: sam.token });
    expect(await history.text()).toContain("Sam Patel");
    expect(await assigneeOf(done.id)).toEqual({ assigneeId: null, assigneeName: "Sam" });
    expect(await assigneeOf(vendor.id)).toEqual({ assigneeId: null, assigneeName: "PowerCo" });
    expect(await assigneeOf(elsewhere.id)).toEqual({ assigneeId: null, assigneeName: "Sam" });
    expect(await (await call("/team", { cookie: sam.token })).text()).not.toContain("Tasks typed for you");
  });

  it("the join page lands a new member on /team saying how many tasks may be theirs", async () => {
    const owner = await signUp("Maria Lopez");
    await newTask(owner.token, { title: "Tune the PA", assigneeName: "@sam" });
    const sam = await signUp("Sam Patel");
    const { token } = await createInvite(owner);
    const res = await call(`/join/${token}`, {
      method: "POST",
      token: sam.token,
      body: new URLSearchParams({ intent: "join" }),
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" },
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/team");
    expect(toastOf(res)).toContain("1 task may be yours");
  });

  it("a member may not take a name that is not theirs, nor link one for someone else; an owner may", async () => {
    const { owner, members } = await team(["Sam Patel"]);
    const task = await newTask(owner.token, { title: "Deliver the generator", assigneeName: "PowerCo" });
    const sam = members[0];
    expect(
      toastOf(await postPage(sam, "/team", { intent: "link-outside", name: "PowerCo", userId: sam.user.id })),
    ).toContain("does not look like your name");
    expect(
      toastOf(await postPage(sam, "/team", { intent: "link-outside", name: "PowerCo", userId: owner.user.id })),
    ).toContain("Only a workspace owner");
    expect(await assigneeOf(task.id)).toEqual({ assigneeId: null, assigneeName: "PowerCo" });

    const page = await (await call("/team", { cookie: owner.token })).text();
    expect(page).toContain("Outside names on open tasks");
    const res = await postPage(owner, "/team", { intent: "link-outside", name: "PowerCo", userId: sam.user.id });
    expect(toastOf(res)).toContain("1 open task typed for “PowerCo” is now Sam Patel's.");
    expect(await assigneeOf(task.id)).toEqual({ assigneeId: sam.user.id, assigneeName: "Sam Patel" });
  });
});

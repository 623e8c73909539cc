import { describe, expect, it } from "vitest";
import { call, expectError, newTask, updateTask, type Account } from "./helpers";
import { team } from "./teams-helpers";

// Issue 33: being given a task, or someone joining the team, told nobody.

async function notificationsOf(account: Account) {
  const res = await call("/api/notifications", { token: account.token });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    unread: number;
    notifications: Array<{ kind: string; text: string; taskId: string | null; read: boolean }>;
  };
}

const assigned = async (account: Account) =>
  (await notificationsOf(account)).notifications.filter((n) => n.kind === "assigned");

function bulk(token: string, json: Record<string, unknown>) {
  return call("/api/tasks/bulk", { method: "POST", token, json });
}

describe("assignment notices", () => {
  it("a member given a task by someone else hears it, linked to the task; nobody hears of their own", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const [sam] = members;
    const task = await newTask(owner.token, { title: "Book the shuttle buses", assigneeId: sam.user.id });
    expect(await assigned(sam)).toEqual([
      expect.objectContaining({
        text: "Maria Lopez assigned you “Book the shuttle buses”",
        taskId: task.id,
        read: false,
      }),
    ]);
    // Taking a task oneself, or a change that leaves the assignee as they were, says nothing.
    await newTask(sam.token, { title: "Tune the PA", assigneeId: sam.user.id });
    await updateTask(owner.token, task.id, { assigneeId: sam.user.id, title: "Book the shuttle buses for day 1" });
    expect(await assigned(sam)).toHaveLength(1);
    // Given back by an edit: a second notice, with the task's new title.
    await updateTask(owner.token, task.id, { assigneeId: null });
    await updateTask(owner.token, task.id, { assigneeId: sam.user.id });
    const notices = await assigned(sam);
    expect(notices).toHaveLength(2);
    expect(notices[0].text).toBe("Maria Lopez assigned you “Book the shuttle buses for day 1”");
    expect(await assigned(owner)).toEqual([]);
  });

  it("a bulk assign is one notice for all the tasks, naming two and counting the rest", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const [sam] = members;
    const ids: string[] = [];
    for (const title of ["Rig the truss", "Focus the lights", "Patch the desk", "Walk the stage"])
      ids.push((await newTask(owner.token, { title })).id);
    const res = await bulk(owner.token, { action: "assign", ids, assigneeId: sam.user.id });
    expect(res.status).toBe(200);
    expect(await assigned(sam)).toEqual([
      expect.objectContaining({
        text: "Maria Lopez assigned you 4 tasks: “Rig the truss”, “Focus the lights” and 2 more",
        taskId: null,
      }),
    ]);
    expect((await notificationsOf(sam)).unread).toBe(1);
  });

  it("the owners hear that someone joined; the one who joined does not", async () => {
    const { owner, members } = await team(["Sam Okafor", "Ana Ruiz"]);
    const joined = (await notificationsOf(owner)).notifications.filter((n) => n.kind === "joined");
    expect(joined.map((n) => n.text)).toEqual(["Ana Ruiz joined the team", "Sam Okafor joined the team"]);
    // Members are not told of each other, and nobody of their own joining.
    for (const member of members)
      expect((await notificationsOf(member)).notifications.filter((n) => n.kind === "joined")).toEqual([]);
  });

  it("a removed member's tasks handed to another member: one notice to the heir", async () => {
    const { owner, members } = await team(["Sam Okafor", "Ana Ruiz"]);
    const [sam, ana] = members;
    await newTask(owner.token, { title: "Load the van", assigneeId: sam.user.id });
    await newTask(owner.token, { title: "Return the radios", assigneeId: sam.user.id });
    const res = await call(`/api/workspace/members/${sam.user.id}`, {
      method: "DELETE",
      token: owner.token,
      json: { reassignTo: ana.user.id },
    });
    expect(res.status).toBe(200);
    const [notice] = await assigned(ana);
    expect(notice.text).toMatch(/^Maria Lopez assigned you 2 tasks: “(Load the van|Return the radios)”, “/);
  });
});

describe("bulk assign to someone outside the team", () => {
  it("assigns by name, keeps each task's contact note for the same person, and lists the names on open tasks", async () => {
    const { owner } = await team([]);
    const noted = await newTask(owner.token, {
      title: "Deliver the generator",
      assigneeName: "PowerCo",
      assigneeContact: "Dana, 555",
    });
    const other = await newTask(owner.token, { title: "Fuel the generator" });
    const res = await bulk(owner.token, {
      action: "assign",
      ids: [noted.id, other.id],
      assigneeId: "outside",
      assigneeName: "powerco",
    });
    expect(res.status).toBe(200);
    const tasks = (await (await call("/api/tasks", { token: owner.token })).json()) as Array<Record<string, unknown>>;
    const byId = new Map(tasks.map((t) => [t.id, t]));
    // The same person (any case) keeps their note; the newly assigned task has none.
    expect(byId.get(noted.id)).toMatchObject({
      assigneeId: null,
      assigneeName: "powerco",
      assigneeContact: "Dana, 555",
    });
    expect(byId.get(other.id)).toMatchObject({ assigneeId: null, assigneeName: "powerco", assigneeContact: null });

    const names = await call("/api/workspace/outside-names", { token: owner.token });
    expect(await names.json()).toEqual({ names: [{ name: "powerco", openTasks: 2 }] });
  });

  it("a name that is a member's means the member; an over-long name is a 400 with the field", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const task = await newTask(owner.token, { title: "Rig the truss" });
    expect((await bulk(owner.token, { action: "assign", ids: [task.id], assigneeName: "Sam Okafor" })).status).toBe(
      200,
    );
    const tasks = (await (await call("/api/tasks", { token: owner.token })).json()) as Array<Record<string, unknown>>;
    expect(tasks[0]).toMatchObject({ assigneeId: members[0].user.id });
    const error = await expectError(
      await bulk(owner.token, { action: "assign", ids: [task.id], assigneeName: "x".repeat(101) }),
      400,
    );
    expect(error.fieldErrors).toHaveProperty("assigneeName");
    // "Someone outside the team" without a name (a form sent without JavaScript) is refused, not an unassign.
    const unnamed = await expectError(
      await bulk(owner.token, { action: "assign", ids: [task.id], assigneeId: "outside", assigneeName: " " }),
      400,
    );
    expect(unnamed.fieldErrors).toEqual({ assigneeName: ["Name the person outside the team"] });
    await expectError(await call("/api/workspace/outside-names"), 401);
  });
});

import { describe, expect, it } from "vitest";
import { call, expectError, listTasks, newTask, updateTask } from "./helpers";
import { team } from "./teams-helpers";

describe("task assignees", () => {
  it("a member by id: their name is the display name, a contact note is dropped", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0];
    const task = await newTask(owner.token, {
      title: "Rig the truss",
      assigneeId: sam.user.id,
      assigneeName: "ignored",
      assigneeContact: "x",
    });
    expect(task).toMatchObject({ assigneeId: sam.user.id, assigneeName: "Sam Okafor", assigneeContact: null });
  });

  it("an outside person by name, with an optional contact note", async () => {
    const { owner } = await team([]);
    const task = await newTask(owner.token, {
      title: "Deliver the generator",
      assigneeName: "PowerCo",
      assigneeContact: "Dana, +44 20 7946 0000",
    });
    expect(task).toMatchObject({
      assigneeId: null,
      assigneeName: "PowerCo",
      assigneeContact: "Dana, +44 20 7946 0000",
    });
    const error = await expectError(
      await call("/api/tasks", {
        method: "POST",
        token: owner.token,
        json: { title: "Orphan note", assigneeContact: "555" },
      }),
      400,
    );
    expect(error.fieldErrors).toHaveProperty("assigneeContact");
  });

  it("a name that is one member's name or first name (any case) is that member", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const task = await newTask(owner.token, { title: "Rig the truss", assigneeName: "sam okafor" });
    expect(task).toMatchObject({ assigneeId: members[0].user.id, assigneeName: "Sam Okafor" });
    const byFirstName = await newTask(owner.token, { title: "Tune the PA", assigneeName: "Sam" });
    expect(byFirstName).toMatchObject({ assigneeId: members[0].user.id, assigneeName: "Sam Okafor" });
    const outsider = await newTask(owner.token, { title: "Hang the banners", assigneeName: "Samira" });
    expect(outsider).toMatchObject({ assigneeId: null, assigneeName: "Samira" });
  });

  it("an unknown member id is a 400 with the field", async () => {
    const { owner } = await team([]);
    for (const assigneeId of ["nobody", "x".repeat(64)]) {
      const error = await expectError(
        await call("/api/tasks", { method: "POST", token: owner.token, json: { title: "Rig", assigneeId } }),
        400,
      );
      expect(error.fieldErrors).toEqual({ assigneeId: [expect.any(String)] });
    }
    await expectError(
      await call("/api/tasks", { method: "POST", token: owner.token, json: { title: "Rig", assigneeId: 7 } }),
      400,
    );
  });

  it("updates: to a member, to an outsider, a note alone, and unassigned", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0];
    const task = await newTask(owner.token, { title: "Rig the truss" });
    let { body } = await updateTask(owner.token, task.id, { assigneeId: sam.user.id });
    expect(body).toMatchObject({ assigneeId: sam.user.id, assigneeName: "Sam Okafor" });
    ({ body } = await updateTask(owner.token, task.id, {
      assigneeName: "TrussWorks Ltd",
      assigneeContact: "ops@trussworks.test",
    }));
    expect(body).toMatchObject({
      assigneeId: null,
      assigneeName: "TrussWorks Ltd",
      assigneeContact: "ops@trussworks.test",
    });
    ({ body } = await updateTask(owner.token, task.id, { assigneeName: "Trussworks Ltd" }));
    expect(body).toMatchObject({ assigneeName: "Trussworks Ltd", assigneeContact: "ops@trussworks.test" });
    ({ body } = await updateTask(owner.token, task.id, { assigneeContact: "Jo on site" }));
    expect(body).toMatchObject({ assigneeName: "Trussworks Ltd", assigneeContact: "Jo on site" });
    ({ body } = await updateTask(owner.token, task.id, { assigneeId: null }));
    expect(body).toMatchObject({ assigneeId: null, assigneeName: null, assigneeContact: null });
    const result = await updateTask(owner.token, task.id, { assigneeContact: "nobody to note" });
    expect((await expectError(result, 400)).fieldErrors).toHaveProperty("assigneeContact");
  });

  it("'My tasks': mine=1 and assignee=me list the caller's tasks only, not a namesake outsider's", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0];
    const samTask = await newTask(owner.token, { title: "Rig the truss", assigneeId: sam.user.id });
    await newTask(owner.token, { title: "Tune the PA", assigneeId: owner.user.id });
    await newTask(owner.token, { title: "Unassigned job" });
    for (const query of ["?mine=1", "?assignee=me", "?mine=true&q=truss"]) {
      expect((await listTasks(sam.token, query)).map((t) => t.id)).toEqual([samTask.id]);
    }
    expect(await listTasks(sam.token, "?mine=0")).toHaveLength(3);
    expect((await listTasks(owner.token, "?assignee=Sam%20Okafor")).map((t) => t.id)).toEqual([samTask.id]);
    await expectError(await call("/api/tasks?mine=maybe", { token: sam.token }), 400);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import {
  call,
  expectError,
  listTasks,
  newTask,
  postForm,
  setWorkspace,
  signUp,
  updateTask,
  type Account,
  type TaskJson,
} from "./helpers";
import { buttonsOf, clickButton, installSlack, readableText, slashCommand, waitForRecorded } from "./slack-helpers";

/** Recurring tasks (ADR 021): the rule on the API, the next occurrence made once per completion, series deletes. */

let owner: Account;
beforeEach(async () => {
  owner = await signUp();
});

const patch = (account: Account, id: string, body: unknown) =>
  call(`/api/tasks/${id}`, { method: "PATCH", token: account.token, json: body });

/** The tasks of one title, oldest due date first. */
async function series(account: Account, title: string) {
  return (await listTasks(account.token)).filter((t) => t.title === title);
}

async function history(account: Account, id: string) {
  const res = await call(`/api/tasks/${id}/history`, { token: account.token });
  expect(res.status).toBe(200);
  return (await res.json()) as { history: Array<{ kind: string; occurrenceOf: { id: string; title: string } | null }> };
}

describe("recurrence on the API", () => {
  it("stores the rule in canonical form and says it in words", async () => {
    const task = await newTask(owner.token, {
      title: "Send the weekly update",
      dueDate: "2030-03-01",
      recurrence: "RRULE:freq=weekly;byday=th,mo;interval=2",
    });
    expect(task.recurrence).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH");
    expect(task.recurrenceText).toBe("Every 2 weeks on Mon, Thu");
    expect(task.occurrence).toBe(1);
    const got = await (await call(`/api/tasks/${task.id}`, { token: owner.token })).json();
    expect(got).toMatchObject({ recurrence: task.recurrence, recurrenceText: task.recurrenceText });
  });

  it("dates a recurring task without a due date on its first occurrence", async () => {
    const task = await newTask(owner.token, { title: "Check the radios", recurrence: "FREQ=DAILY" });
    expect(task.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(task.recurrenceText).toBe("Daily");
  });

  it("refuses a rule it cannot keep with a field error, on create and update", async () => {
    const created = await call("/api/tasks", {
      method: "POST",
      token: owner.token,
      json: { title: "Yearly audit", recurrence: "FREQ=YEARLY" },
    });
    const body = await expectError(created, 400);
    expect(body.fieldErrors?.recurrence?.[0]).toContain("FREQ must be DAILY, WEEKLY or MONTHLY");
    const task = await newTask(owner.token, { title: "Count the lanyards" });
    const updated = await expectError(await patch(owner, task.id, { recurrence: "FREQ=DAILY;COUNT=0" }), 400);
    expect(updated.fieldErrors?.recurrence?.[0]).toContain("COUNT must be");
    const both = await expectError(
      await patch(owner, task.id, { recurrence: "FREQ=DAILY;COUNT=2;UNTIL=20300101" }),
      400,
    );
    expect(both.fieldErrors?.recurrence?.[0]).toContain("not both");
  });

  it("adds and clears a rule on update, recorded in the history", async () => {
    const task = await newTask(owner.token, { title: "Water the plants", dueDate: "2030-03-01" });
    const { body } = await updateTask(owner.token, task.id, { recurrence: "FREQ=WEEKLY;BYDAY=FR" });
    expect(body.recurrenceText).toBe("Every Friday");
    const cleared = (await (await patch(owner, task.id, { recurrence: null })).json()) as TaskJson;
    expect(cleared.recurrence).toBeNull();
    expect(cleared.recurrenceText).toBeNull();
  });
});

describe("completing an occurrence", () => {
  it("creates exactly one next occurrence with the same fields and the next due date", async () => {
    const task = await newTask(owner.token, {
      title: "Weekly production meeting",
      description: "Agenda in the drive",
      priority: "high",
      category: "Production",
      assigneeName: "Sam Carter",
      estimatedHours: 1.5,
      dueDate: "2030-03-01T09:00",
      recurrence: "FREQ=WEEKLY;BYDAY=FR",
    });
    expect((await patch(owner, task.id, { status: "completed" })).status).toBe(200);
    const tasks = await series(owner, "Weekly production meeting");
    expect(tasks).toHaveLength(2);
    const next = tasks.find((t) => t.id !== task.id)!;
    expect(next).toMatchObject({
      description: "Agenda in the drive",
      priority: "high",
      category: "Production",
      assigneeName: "Sam Carter",
      estimatedHours: 1.5,
      dueDate: "2030-03-08T09:00",
      status: "pending",
      completedAt: null,
      recurrence: "FREQ=WEEKLY;BYDAY=FR",
      occurrence: 2,
    });
    const { history: entries } = await history(owner, next.id);
    expect(entries[0]).toMatchObject({
      kind: "created",
      occurrenceOf: { id: task.id, title: "Weekly production meeting" },
    });
  });

  it("creates nothing more when the occurrence is reopened and completed again", async () => {
    const task = await newTask(owner.token, {
      title: "Daily radio check",
      dueDate: "2030-03-01",
      recurrence: "FREQ=DAILY",
    });
    await patch(owner, task.id, { status: "completed" });
    await patch(owner, task.id, { status: "pending" });
    await patch(owner, task.id, { status: "completed" });
    const tasks = await series(owner, "Daily radio check");
    expect(tasks.map((t) => t.dueDate).sort()).toEqual(["2030-03-01", "2030-03-02"]);
  });

  it("creates one next occurrence when two clients complete it at once", async () => {
    const task = await newTask(owner.token, { title: "Site walk", dueDate: "2030-03-01", recurrence: "FREQ=DAILY" });
    const results = await Promise.all([
      patch(owner, task.id, { status: "completed" }),
      patch(owner, task.id, { status: "completed" }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await series(owner, "Site walk")).toHaveLength(2);
  });

  it("creates one next occurrence through the list's bulk status too", async () => {
    const task = await newTask(owner.token, { title: "Bulk check", dueDate: "2030-03-01", recurrence: "FREQ=DAILY" });
    const bulk = () =>
      call("/api/tasks/bulk", {
        method: "POST",
        token: owner.token,
        json: { action: "status", ids: [task.id], status: "completed" },
      });
    const results = await Promise.all([bulk(), bulk()]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const tasks = await series(owner, "Bulk check");
    expect(tasks.map((t) => t.dueDate).sort()).toEqual(["2030-03-01", "2030-03-02"]);
  });

  it("creates nothing after the last occurrence (COUNT), past UNTIL or past the show", async () => {
    const counted = await newTask(owner.token, {
      title: "Twice",
      dueDate: "2030-03-01",
      recurrence: "FREQ=DAILY;COUNT=2",
    });
    await patch(owner, counted.id, { status: "completed" });
    const second = (await series(owner, "Twice")).find((t) => t.id !== counted.id)!;
    expect(second.occurrence).toBe(2);
    await patch(owner, second.id, { status: "completed" });
    expect(await series(owner, "Twice")).toHaveLength(2);

    const until = await newTask(owner.token, {
      title: "Until",
      dueDate: "2030-03-20",
      recurrence: "FREQ=DAILY;UNTIL=20300320",
    });
    await patch(owner, until.id, { status: "completed" });
    expect(await series(owner, "Until")).toHaveLength(1);

    await setWorkspace(owner.user.id, { eventDate: "2030-03-05T18:00:00.000Z" });
    const show = await newTask(owner.token, {
      title: "Before the show",
      dueDate: "2030-03-01",
      recurrence: "FREQ=WEEKLY;BYDAY=FR",
    });
    await patch(owner, show.id, { status: "completed" });
    expect(await series(owner, "Before the show")).toHaveLength(1);
  });

  it("creates one next occurrence when Slack's 'Mark done' arrives twice", async () => {
    const inst = await installSlack();
    const task = await newTask(inst.account.token, {
      title: "Slack standup",
      dueDate: "2030-03-01",
      recurrence: "FREQ=DAILY",
    });
    const { hook } = await slashCommand(inst, "/tasks");
    const [list] = await waitForRecorded({ path: hook });
    const markDone = buttonsOf(list.body as { blocks: any[] }).find(
      (b) => b.text.text === "Mark done" && b.value.includes(task.id),
    )!;
    const clicks = await Promise.all([clickButton(inst, markDone), clickButton(inst, markDone)]);
    for (const click of clicks) await waitForRecorded({ path: click.hook });
    const tasks = (await listTasks(inst.account.token)).filter((t) => t.title === "Slack standup");
    expect(tasks.map((t: TaskJson) => [t.dueDate, t.status]).sort()).toEqual([
      ["2030-03-01", "completed"],
      ["2030-03-02", "pending"],
    ]);
    expect(readableText((await waitForRecorded({ path: clicks[0].hook }))[0].body as { blocks: any[] })).toContain(
      "Slack standup",
    );
  });
});

describe("deleting a recurring task", () => {
  async function threeOccurrences(title: string) {
    const first = await newTask(owner.token, { title, dueDate: "2030-03-01", recurrence: "FREQ=DAILY" });
    await patch(owner, first.id, { status: "completed" });
    const second = (await series(owner, title)).find((t) => t.occurrence === 2)!;
    await patch(owner, second.id, { status: "completed" });
    const third = (await series(owner, title)).find((t) => t.occurrence === 3)!;
    return { first, second, third };
  }

  it("'this and the following' deletes the later occurrences and stops the series; undo brings them back", async () => {
    const { first, second } = await threeOccurrences("Gate check");
    const res = await call(`/api/tasks/${second.id}?series=following`, { method: "DELETE", token: owner.token });
    expect(res.status).toBe(204);
    expect((await series(owner, "Gate check")).map((t) => t.id)).toEqual([first.id]);
    // The series stopped: completing the first again makes nothing.
    await patch(owner, first.id, { status: "pending" });
    await patch(owner, first.id, { status: "completed" });
    expect(await series(owner, "Gate check")).toHaveLength(1);

    const undo = await call("/api/tasks/undo", {
      method: "POST",
      token: owner.token,
      json: { at: res.headers.get("X-Undo-At") },
    });
    expect(undo.status).toBe(200);
    expect((await series(owner, "Gate check")).map((t) => t.occurrence).sort()).toEqual([1, 2, 3]);
  });

  it("'this one' on the latest occurrence skips it: the series goes on with the next", async () => {
    const task = await newTask(owner.token, { title: "Skip me", dueDate: "2030-03-01", recurrence: "FREQ=DAILY" });
    const res = await call(`/api/tasks/${task.id}`, { method: "DELETE", token: owner.token });
    expect(res.status).toBe(204);
    const tasks = await series(owner, "Skip me");
    expect(tasks.map((t) => [t.dueDate, t.occurrence])).toEqual([["2030-03-02", 2]]);
  });

  it("undoing a skip and completing the occurrence makes no second next occurrence", async () => {
    const task = await newTask(owner.token, {
      title: "Skip and back",
      dueDate: "2030-03-01",
      recurrence: "FREQ=DAILY",
    });
    const res = await call(`/api/tasks/${task.id}`, { method: "DELETE", token: owner.token });
    const at = res.headers.get("X-Undo-At");
    expect((await call("/api/tasks/undo", { method: "POST", token: owner.token, json: { at } })).status).toBe(200);
    expect((await patch(owner, task.id, { status: "completed" })).status).toBe(200);
    const tasks = await series(owner, "Skip and back");
    expect(tasks.map((t) => [t.dueDate, t.occurrence]).sort()).toEqual([
      ["2030-03-01", 1],
      ["2030-03-02", 2],
    ]);
  });

  it("refuses an unknown series choice", async () => {
    const task = await newTask(owner.token, { title: "Unknown choice", recurrence: "FREQ=DAILY" });
    const body = await expectError(
      await call(`/api/tasks/${task.id}?series=all`, { method: "DELETE", token: owner.token }),
      400,
    );
    expect(body.fieldErrors?.series).toBeDefined();
  });
});

describe("the task forms without JavaScript", () => {
  it("creates a recurring task from the create form's Repeats fields", async () => {
    const res = await postForm(owner.token, "/tasks", [
      ["intent", "create"],
      ["title", "Friday settlement"],
      ["priority", "medium"],
      ["dueDate", "2030-03-01"],
      ["repeat", "weekly"],
      ["repeatDays", "FR"],
      ["repeatEvery", "2"],
      ["repeatMonthDay", "1"],
      ["repeatEnd", "count"],
      ["repeatCount", "4"],
      ["repeatUntil", ""],
    ]);
    expect(res.status).toBe(303);
    const [task] = await series(owner, "Friday settlement");
    expect(task).toMatchObject({ recurrence: "FREQ=WEEKLY;BYDAY=FR;COUNT=4", recurrenceText: "Every Friday, 4 times" });
  });

  it("saves the editor's Repeats fields, shows the words, and refuses a bad choice on the field", async () => {
    const task = await newTask(owner.token, { title: "Site meeting", dueDate: "2030-03-04" });
    const editor = {
      intent: "save",
      title: "Site meeting",
      status: "pending",
      priority: "medium",
      dueDate: "2030-03-04",
      repeat: "interval",
      repeatEvery: "2",
      repeatMonthDay: "1",
      repeatEnd: "never",
      repeatCount: "5",
      repeatUntil: "",
    };
    const saved = await postForm(owner.token, `/tasks/${task.id}`, [
      ...Object.entries(editor),
      ["repeatDays", "MO"],
      ["repeatDays", "TH"],
    ]);
    expect(saved.status).toBe(303);
    const html = (await (await call(`/tasks/${task.id}`, { token: owner.token })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Every 2 weeks on Mon, Thu");
    const confirm = await (await call(`/tasks/${task.id}?confirm=delete`, { token: owner.token })).text();
    expect(confirm).toContain("This and the following");

    const bad = await postForm(owner.token, `/tasks/${task.id}`, { ...editor, repeatEvery: "0" });
    expect(bad.status).toBe(400);
    expect((await bad.text()).replaceAll("<!-- -->", "")).toContain("Repeat every 1 to 99 weeks");
    const kept = (await (await call(`/api/tasks/${task.id}`, { token: owner.token })).json()) as TaskJson;
    expect(kept.recurrence).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH");
  });

  it("keeps a rule the form cannot say when the editor saves other fields", async () => {
    const task = await newTask(owner.token, {
      title: "Every third day",
      dueDate: "2030-03-04",
      recurrence: "FREQ=DAILY;INTERVAL=3",
    });
    const html = await (await call(`/tasks/${task.id}`, { token: owner.token })).text();
    expect(html).toContain("As set: Every 3 days");
    const saved = await postForm(owner.token, `/tasks/${task.id}`, {
      intent: "save",
      title: "Every third day, renamed",
      status: "pending",
      priority: "medium",
      dueDate: "2030-03-04",
      repeat: "keep",
    });
    expect(saved.status).toBe(303);
    const kept = (await (await call(`/api/tasks/${task.id}`, { token: owner.token })).json()) as TaskJson;
    expect(kept).toMatchObject({ title: "Every third day, renamed", recurrence: "FREQ=DAILY;INTERVAL=3" });
  });

  it("deletes this and the following from the task page's form", async () => {
    const first = await newTask(owner.token, { title: "Form series", dueDate: "2030-03-01", recurrence: "FREQ=DAILY" });
    await patch(owner, first.id, { status: "completed" });
    const second = (await series(owner, "Form series")).find((t) => t.occurrence === 2)!;
    const res = await postForm(owner.token, `/tasks/${first.id}`, { intent: "delete", series: "following" });
    expect(res.status).toBe(303);
    expect((await series(owner, "Form series")).map((t) => t.id)).not.toContain(second.id);
    expect(await series(owner, "Form series")).toHaveLength(0);
  });
});

describe("repeats read from text", () => {
  it("shows the rule in words in the 'Add with AI' preview, due on the first occurrence", async () => {
    await setWorkspace(owner.user.id, { timezone: "Europe/London", eventDate: "2026-03-20T18:00:00.000Z" });
    // Monday 9 March 2026, 10:00 in London.
    const res = await call("/api/tasks/parse", {
      method: "POST",
      token: owner.token,
      json: {
        text: "Send the settlement every Friday\nWalk the site daily until the show",
        now: "2026-03-09T10:00:00Z",
      },
    });
    expect(res.status).toBe(200);
    const { tasks } = (await res.json()) as { tasks: TaskJson[] };
    expect(tasks.map((t) => [t.title, t.recurrence, t.recurrenceText, t.dueDate])).toEqual([
      ["Send the settlement", "FREQ=WEEKLY;BYDAY=FR", "Every Friday", "2026-03-13"],
      ["Walk the site", "FREQ=DAILY;UNTIL=20260320", "Daily until Mar 20", "2026-03-09"],
    ]);
  });

  it("creates a repeating task from Slack's /new and says the rule in the reply", async () => {
    const inst = await installSlack();
    const { hook } = await slashCommand(inst, "/new", "Check the radios every other Monday @sam");
    const [reply] = await waitForRecorded({ path: hook });
    expect(readableText(reply.body as { blocks: any[] })).toContain("Every 2 weeks on Mon");
    const [task] = (await listTasks(inst.account.token)).filter((t) => t.title === "Check the radios");
    expect(task).toMatchObject({ recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", occurrence: 1 });
    expect(task.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("the 'Add with AI' page", () => {
  it("shows the rule in words in the server-rendered preview and carries it to the confirm", async () => {
    const res = await postForm(owner.token, "/tasks/ai", {
      intent: "preview",
      text: "Check the radios every other Monday",
    });
    expect(res.status).toBe(200);
    const html = (await res.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Repeats: Every 2 weeks on Mon");
    expect(html).toContain('value="FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"');
  });

  it("creates a confirmed row with its repeat rule", async () => {
    const res = await postForm(owner.token, "/tasks/ai", {
      intent: "create",
      prompt: "Send the settlement every Friday",
      "tasks[0].title": "Send the settlement",
      "tasks[0].dueDay": "2030-03-01",
      "tasks[0].priority": "medium",
      "tasks[0].recurrence": "FREQ=WEEKLY;BYDAY=FR",
      "tasks[0].recurrenceText": "Every Friday",
    });
    expect(res.status).toBe(303);
    const [task] = await series(owner, "Send the settlement");
    expect(task).toMatchObject({
      recurrence: "FREQ=WEEKLY;BYDAY=FR",
      recurrenceText: "Every Friday",
      isAiGenerated: true,
    });
  });
});

import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/domain/dates";
import { call, listTasks, newTask, signUp } from "./helpers";
import {
  buttonsOf,
  clickButton,
  installSlack,
  interaction,
  readableText,
  recorded,
  responseUrl,
  slashCommand,
  waitForRecorded,
  type Installation,
} from "./slack-helpers";

const today = () => todayIn("UTC", new Date());

async function replyAt(hook: string, count = 1) {
  const replies = await waitForRecorded({ path: hook }, count);
  return replies[count - 1].body as { replace_original: boolean; text: string; blocks: any[] };
}

/** Runs /tasks and returns the buttons of the task with this title. */
async function buttonsFor(inst: Installation, title: string) {
  const { hook } = await slashCommand(inst, "/tasks");
  const reply = await replyAt(hook);
  const index = reply.blocks.findIndex((b) => b.block_id?.startsWith("task:") && b.text.text.includes(title));
  const actions = reply.blocks[index + 1];
  return Object.fromEntries(actions.elements.map((e: any) => [e.text.text, e])) as Record<string, { action_id: string; value: string }>;
}

describe("task buttons", () => {
  it("'Mark done' completes the task and redraws the list without it", async () => {
    const inst = await installSlack();
    const task = await newTask(inst.account.token, { title: "Confirm stage plot" });
    await newTask(inst.account.token, { title: "Other work" });
    const buttons = await buttonsFor(inst, "Confirm stage plot");

    const { res, hook } = await clickButton(inst, buttons["Mark done"]);
    expect(res.status).toBe(200);
    const reply = await replyAt(hook);
    expect(reply.replace_original).toBe(true);
    expect(readableText(reply)).toContain('Maria Lopez marked "Confirm stage plot" done.');
    expect(readableText(reply)).toContain("Open tasks, most urgent first* (1)");
    const [updated] = (await listTasks(inst.account.token)).filter((t) => t.id === task.id);
    expect(updated.status).toBe("completed");
    expect(updated.completedAt).not.toBeNull();
  });

  it("'Snooze 1 day' moves an overdue task to tomorrow, keeping its time", async () => {
    const inst = await installSlack();
    const task = await newTask(inst.account.token, { title: "Call the venue", dueDate: `${addDays(today(), -3)}T14:30` });
    const { hook } = await clickButton(inst, (await buttonsFor(inst, "Call the venue"))["Snooze 1 day"]);
    const reply = await replyAt(hook);
    expect(readableText(reply)).toMatch(/snoozed "Call the venue" to/);
    const [updated] = (await listTasks(inst.account.token)).filter((t) => t.id === task.id);
    expect(updated.dueDate).toBe(`${addDays(today(), 1)}T14:30`);
  });

  it("'Assign to me' assigns the clicking member", async () => {
    const inst = await installSlack("Jordan Reyes");
    const task = await newTask(inst.account.token, { title: "Print lanyards" });
    const { hook } = await clickButton(inst, (await buttonsFor(inst, "Print lanyards"))["Assign to me"]);
    expect(readableText(await replyAt(hook))).toContain('"Print lanyards" is now assigned to Jordan Reyes.');
    const [updated] = (await listTasks(inst.account.token)).filter((t) => t.id === task.id);
    expect(updated.assigneeName).toBe("Jordan Reyes");
  });

  it("redraws a single task card after a button on it", async () => {
    const inst = await installSlack();
    const { hook: created } = await slashCommand(inst, "/new", "Send rider to band");
    const card = await replyAt(created);
    const markDone = buttonsOf(card).find((b) => b.text.text === "Mark done")!;
    const { hook } = await clickButton(inst, markDone);
    const reply = await replyAt(hook);
    expect(reply.replace_original).toBe(true);
    expect(readableText(reply)).toContain("~Send rider to band~");
    expect(buttonsOf(reply)).toEqual([]);
  });

  it("says so when the task was deleted meanwhile", async () => {
    const inst = await installSlack();
    const task = await newTask(inst.account.token, { title: "Gone soon" });
    const buttons = await buttonsFor(inst, "Gone soon");
    const { call } = await import("./helpers");
    expect((await call(`/api/tasks/${task.id}`, { method: "DELETE", token: inst.account.token })).status).toBe(204);
    const { hook } = await clickButton(inst, buttons["Mark done"]);
    expect(readableText(await replyAt(hook))).toContain("That task no longer exists.");
  });

  it("cannot reach another workspace's task by editing the button value", async () => {
    const inst = await installSlack();
    const stranger = await signUp("Someone Else");
    const foreign = await newTask(stranger.token, { title: "Not yours" });
    const { hook } = await clickButton(inst, { action_id: "task_mark_done", value: JSON.stringify({ id: foreign.id, v: "single" }) });
    expect(readableText(await replyAt(hook))).toContain("That task no longer exists.");
    expect((await listTasks(stranger.token))[0].status).toBe("pending");
  });

  it("answers an unknown clicker with the link message and changes nothing", async () => {
    const inst = await installSlack();
    const task = await newTask(inst.account.token, { title: "Guarded" });
    const { hook } = await clickButton(inst, (await buttonsFor(inst, "Guarded"))["Mark done"], "USOMEONE");
    expect(readableText(await replyAt(hook))).toContain("not linked to Cueboard");
    expect((await listTasks(inst.account.token)).find((t) => t.id === task.id)!.status).toBe("pending");
  });
});

describe("'Delete' and its 'Undo'", () => {
  it("deletes as the linked member, answers with an 'Undo' that restores it, and the history says Slack", async () => {
    const inst = await installSlack();
    const plot = await newTask(inst.account.token, { title: "Stage plot" });
    const task = await newTask(inst.account.token, { title: "Build the stage", dependsOn: [plot.id] });
    const { hook } = await clickButton(inst, (await buttonsFor(inst, "Build the stage"))["Delete"]);
    const reply = await replyAt(hook);
    expect(reply.replace_original).toBe(true);
    expect(readableText(reply)).toContain("Deleted “Build the stage”");
    expect(readableText(reply)).toContain("Open tasks, most urgent first* (1)");
    expect((await listTasks(inst.account.token)).map((t) => t.title)).toEqual(["Stage plot"]);

    const undo = buttonsOf(reply).find((b) => b.text.text === "Undo")!;
    const { hook: undone } = await clickButton(inst, undo);
    expect(readableText(await replyAt(undone))).toContain('Maria Lopez restored "Build the stage".');
    expect((await listTasks(inst.account.token)).find((t) => t.id === task.id)).toMatchObject({ dependsOn: [plot.id] });
    const history = (await (await call(`/api/tasks/${task.id}/history`, { token: inst.account.token })).json()) as {
      history: Array<{ kind: string; source: string }>;
    };
    expect(history.history.map((e) => [e.kind, e.source])).toEqual([
      ["restored", "slack"],
      ["deleted", "slack"],
      ["created", "api"],
    ]);

    // A second 'Undo' finds nothing left to restore and says so.
    const { hook: again } = await clickButton(inst, undo);
    expect(readableText(await replyAt(again))).toContain("no longer in the recently deleted");
  });

  it("replaces a single task card with the notice and its 'Undo'", async () => {
    const inst = await installSlack();
    const { hook: created } = await slashCommand(inst, "/new", "Send rider to band");
    const remove = buttonsOf(await replyAt(created)).find((b) => b.text.text === "Delete")!;
    const reply = await replyAt((await clickButton(inst, remove)).hook);
    expect(reply.text).toBe("Deleted “Send rider to band”");
    expect(buttonsOf(reply).map((b) => b.text.text)).toEqual(["Undo"]);
    expect(await listTasks(inst.account.token)).toEqual([]);
  });

  it("leaves the task alone for an unknown clicker", async () => {
    const inst = await installSlack();
    await newTask(inst.account.token, { title: "Guarded" });
    const { hook } = await clickButton(inst, (await buttonsFor(inst, "Guarded"))["Delete"], "USOMEONE");
    expect(readableText(await replyAt(hook))).toContain("not linked to Cueboard");
    expect(await listTasks(inst.account.token)).toHaveLength(1);
  });
});

describe("'Create anyway'", () => {
  it("creates the duplicate once, however often it is clicked", async () => {
    const inst = await installSlack();
    await newTask(inst.account.token, { title: "Book the shuttle buses" });
    const { hook } = await slashCommand(inst, "/new", "Book the shuttle buses @dana 2026-12-01");
    const createAnyway = buttonsOf(await replyAt(hook)).find((b) => b.text.text === "Create anyway")!;

    const first = await clickButton(inst, createAnyway);
    const reply = await replyAt(first.hook);
    expect(reply.replace_original).toBe(true);
    expect(readableText(reply)).toContain("Task created");
    await clickButton(inst, createAnyway);
    await clickButton(inst, createAnyway);

    // The repeated clicks must not create it again: each click resolved after its deferred work had finished.
    const tasks = await listTasks(inst.account.token);
    expect(tasks).toHaveLength(2);
    expect(tasks.find((t) => t.assigneeName === "dana")).toMatchObject({ title: "Book the shuttle buses", dueDate: "2026-12-01" });
  });
});

describe("'Create task from message' shortcut", () => {
  it("creates a task from the message that links back to it (its permalink)", async () => {
    const inst = await installSlack();
    const hook = responseUrl();
    const res = await interaction(inst, {
      type: "message_action",
      callback_id: "create_task_from_message",
      trigger_id: "1.2.3",
      user: { id: inst.slackUserId },
      channel: { id: "CLOGISTICS", name: "logistics" },
      message_ts: "1700000000.000100",
      response_url: hook,
      message: { type: "message", user: "UWHOEVER", ts: "1700000000.000100", text: "Order &amp; collect the walkie-talkies 2026-11-30" },
    });
    expect(res.status).toBe(200);
    const reply = await replyAt(new URL(hook).pathname);
    expect(readableText(reply)).toContain("Task created");

    const [task] = await listTasks(inst.account.token);
    expect(task.title).toBe("Order & collect the walkie-talkies");
    expect(task.dueDate).toBe("2026-11-30");
    expect(task.description).toBeNull();
    const detail = (await (await call(`/api/tasks/${task.id}`, { token: inst.account.token })).json()) as { slack: unknown };
    expect(detail.slack).toEqual({
      channelId: "CLOGISTICS",
      channelName: "logistics",
      url: "https://fake.slack.test/archives/CLOGISTICS/p1700000000000100",
    });
    const [permalink] = await recorded({ token: inst.botToken, path: "/api/chat.getPermalink" });
    expect(permalink.body).toEqual({ channel: "CLOGISTICS", message_ts: "1700000000.000100" });
  });
});

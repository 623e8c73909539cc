import { describe, expect, it } from "vitest";
import type { ReminderJob } from "~/services/reminders.server";
import type { MorningDmJob } from "~/services/morning-dm.server";
import type { QueueJob } from "~/services/queue.server";
import { call, connectLive, createTask, db, expectError, localDate, newTask, postForm, setWorkspace, shiftDate, signUp, updateTask, type Account } from "./helpers";
import { runCron, runQueue } from "./queue-helpers";
import { team } from "./teams-helpers";
import { buttonsOf, clickButton, installSlack, readableText, recorded, scriptFake, slashCommand, type Installation } from "./slack-helpers";

/**
 * Reminders and the personal morning DM (ADR 022): cron → queue → in-app notification and Slack DM, each exactly
 * once. Every test reads only its own workspace's jobs: the cron claims what is due everywhere.
 */

const MINUTE = 60_000;
const inDays = (days: number) => shiftDate(localDate(new Date(), "UTC"), days);

async function remindersOf(inst: { workspaceId: string }) {
  const { results } = await db()
    .prepare("SELECT id, fire_at, delivered_at, offset_minutes FROM task_reminders WHERE workspace_id = ? ORDER BY fire_at")
    .bind(inst.workspaceId)
    .all<{ id: string; fire_at: string; delivered_at: string | null; offset_minutes: number | null }>();
  return results;
}

async function notificationsOf(account: Account) {
  const res = await call("/api/notifications", { token: account.token });
  expect(res.status).toBe(200);
  return (await res.json()) as { unread: number; notifications: Array<{ id: string; text: string; taskId: string; read: boolean }> };
}

const reminderJobsOf = (jobs: QueueJob[], workspaceId: string) =>
  jobs.filter((j): j is ReminderJob => "kind" in j && j.kind === "reminder" && j.workspaceId === workspaceId);
const morningJobsOf = (jobs: QueueJob[], workspaceId: string) =>
  jobs.filter((j): j is MorningDmJob => "kind" in j && j.kind === "morning-dm" && j.workspaceId === workspaceId);

const dmsTo = async (inst: Installation) =>
  (await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).filter((r) => r.body.channel === inst.slackUserId);

async function setUp() {
  const inst = await installSlack();
  await setWorkspace(inst.account.user.id, { timezone: "UTC" });
  return inst;
}

describe("reminders: cron → queue → notification and DM", () => {
  it("delivers a reminder once: a notification in the app and a DM with Mark done, Snooze 1 day and Open", async () => {
    const inst = await setUp();
    const day = inDays(10);
    const task = await newTask(inst.account.token, { title: "Book the buses", dueDate: `${day}T09:00`, assigneeId: inst.account.user.id, reminders: [60] });
    expect(task.reminders).toEqual([60]);
    const [pending] = await remindersOf(inst);
    expect(pending.fire_at).toBe(`${day}T08:00:00.000Z`);

    // Before its time nothing is claimed.
    expect(reminderJobsOf(await runCron(Date.parse(pending.fire_at) - MINUTE), inst.workspaceId)).toEqual([]);
    const jobs = reminderJobsOf(await runCron(Date.parse(pending.fire_at) + MINUTE), inst.workspaceId);
    expect(jobs).toEqual([{ kind: "reminder", reminderId: pending.id, workspaceId: inst.workspaceId }]);

    const live = await connectLive(inst.account);
    await live.receivedCount(1);
    const result = await runQueue(jobs);
    expect(result.explicitAcks).toHaveLength(1);

    const [dm] = await dmsTo(inst);
    expect(readableText(dm.body)).toContain("Book the buses");
    expect(buttonsOf(dm.body).map((b) => b.text.text)).toEqual(["Mark done", "Snooze 1 day", "Open"]);
    expect((buttonsOf(dm.body)[2] as { url?: string }).url).toBe(`http://localhost/tasks/${task.id}`);

    const list = await notificationsOf(inst.account);
    expect(list.unread).toBe(1);
    expect(list.notifications).toEqual([expect.objectContaining({ taskId: task.id, read: false, text: expect.stringContaining("Book the buses") })]);
    // The member's own page hears the count, and only the count.
    const [, signal] = await live.receivedCount(2);
    expect(signal).toEqual({ type: "notifications", unread: 1 });

    // The queue delivering it again, and later cron runs, send nothing more.
    await runQueue(jobs, 2);
    expect(reminderJobsOf(await runCron(Date.parse(pending.fire_at) + 30 * MINUTE), inst.workspaceId)).toEqual([]);
    expect(await dmsTo(inst)).toHaveLength(1);
    expect((await notificationsOf(inst.account)).notifications).toHaveLength(1);
  });

  it("retries after Slack's Retry-After on a 429 and still sends once", async () => {
    const inst = await setUp();
    await newTask(inst.account.token, { title: "Confirm the caterer", dueDate: inDays(12), assigneeId: inst.account.user.id, reminders: [1440] });
    const [pending] = await remindersOf(inst);
    // A date-only task is due at 17:00: a day before is 17:00 the day before.
    expect(pending.fire_at).toBe(`${inDays(11)}T17:00:00.000Z`);
    const jobs = reminderJobsOf(await runCron(Date.parse(pending.fire_at)), inst.workspaceId);
    expect(jobs).toHaveLength(1);

    await scriptFake({ path: "/api/chat.postMessage", token: inst.botToken, status: 429, headers: { "retry-after": "7" }, body: { ok: false, error: "ratelimited" } });
    const limited = await runQueue(jobs);
    expect(limited.retryDelays).toEqual([7]);
    expect(limited.explicitAcks).toEqual([]);
    const delivered = await runQueue(jobs, 2);
    expect(delivered.explicitAcks).toHaveLength(1);
    expect(delivered.retryMessages).toEqual([]);

    // One refused post, one delivered; the notification was written once.
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toHaveLength(2);
    expect(await dmsTo(inst)).toHaveLength(2);
    expect((await notificationsOf(inst.account)).notifications).toHaveLength(1);
    await runQueue(jobs, 3);
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toHaveLength(2);
  });

  it("catches up after missed cron runs without sending twice", async () => {
    const inst = await setUp();
    await newTask(inst.account.token, { title: "Print the badges", dueDate: `${inDays(9)}T12:00`, assigneeId: inst.account.user.id, reminders: [0] });
    const [pending] = await remindersOf(inst);
    // Two 15-minute runs did not happen: the third finds it due and claims it once.
    const late = Date.parse(pending.fire_at) + 44 * MINUTE;
    const jobs = reminderJobsOf(await runCron(late), inst.workspaceId);
    expect(jobs).toHaveLength(1);
    expect(reminderJobsOf(await runCron(late + 15 * MINUTE), inst.workspaceId)).toEqual([]);
    await runQueue(jobs);
    expect(await dmsTo(inst)).toHaveLength(1);
  });

  it("fires at the new time only when the due date moves after scheduling", async () => {
    const inst = await setUp();
    const task = await newTask(inst.account.token, { title: "Walk the site", dueDate: `${inDays(8)}T10:00`, assigneeId: inst.account.user.id, reminders: [120] });
    const [before] = await remindersOf(inst);
    expect((await updateTask(inst.account.token, task.id, { dueDate: `${inDays(11)}T10:00` })).res.status).toBe(200);
    const [after, ...rest] = await remindersOf(inst);
    expect(rest).toEqual([]);
    expect(after.fire_at).toBe(`${inDays(11)}T08:00:00.000Z`);

    expect(reminderJobsOf(await runCron(Date.parse(before.fire_at) + MINUTE), inst.workspaceId)).toEqual([]);
    const jobs = reminderJobsOf(await runCron(Date.parse(after.fire_at) + MINUTE), inst.workspaceId);
    expect(jobs).toHaveLength(1);
    await runQueue(jobs);
    expect(await dmsTo(inst)).toHaveLength(1);
  });

  it("sends nothing for a completed task, even one completed after its reminder was claimed", async () => {
    const inst = await setUp();
    const done = await newTask(inst.account.token, { title: "Order the lanyards", dueDate: inDays(7), assigneeId: inst.account.user.id, reminders: [0] });
    const late = await newTask(inst.account.token, { title: "Order the radios", dueDate: inDays(7), assigneeId: inst.account.user.id, reminders: [0] });
    await updateTask(inst.account.token, done.id, { status: "completed" });
    const jobs = reminderJobsOf(await runCron(Date.parse(`${inDays(7)}T17:00:00Z`)), inst.workspaceId);
    expect(jobs).toHaveLength(1);
    await updateTask(inst.account.token, late.id, { status: "completed" });
    await runQueue(jobs);
    expect(await dmsTo(inst)).toEqual([]);
    expect((await notificationsOf(inst.account)).notifications).toEqual([]);
  });

  it("reminds the new assignee, and snoozes a reminder by a day from the DM", async () => {
    const inst = await setUp();
    const other = await signUp("Sam Patel");
    const task = await newTask(inst.account.token, { title: "Call the florist", dueDate: `${inDays(6)}T15:00`, assigneeName: "Dana", reminders: [60] });
    // An outside person gets no reminder.
    expect(await remindersOf(inst)).toEqual([]);
    await updateTask(inst.account.token, task.id, { assigneeId: inst.account.user.id });
    const [pending] = await remindersOf(inst);
    const jobs = reminderJobsOf(await runCron(Date.parse(pending.fire_at)), inst.workspaceId);
    await runQueue(jobs);
    const [dm] = await dmsTo(inst);
    const snooze = buttonsOf(dm.body).find((b) => b.text.text === "Snooze 1 day")!;
    await clickButton(inst, snooze);
    const [, snoozed] = await remindersOf(inst);
    expect(snoozed.offset_minutes).toBeNull();
    expect(Date.parse(snoozed.fire_at)).toBeGreaterThanOrEqual(Date.parse(pending.fire_at) + 24 * 60 * MINUTE);
    // Another account sees none of it.
    expect((await notificationsOf(other)).notifications).toEqual([]);
  });

  it("takes reminders in the API, refuses bad ones on `reminders`, and applies the workspace default to dated tasks", async () => {
    const inst = await setUp();
    const bad = await expectError(await createTask(inst.account.token, { title: "Bad", dueDate: inDays(3), reminders: [-5] }), 400);
    expect(bad.fieldErrors?.reminders).toBeDefined();
    const many = await expectError(await createTask(inst.account.token, { title: "Many", reminders: [1, 2, 3, 4, 5, 6] }), 400);
    expect(many.fieldErrors?.reminders).toBeDefined();

    const res = await call("/api/workspace", { method: "PUT", token: inst.account.token, json: { defaultReminders: [1440] } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { defaultReminders: number[] }).defaultReminders).toEqual([1440]);
    expect((await newTask(inst.account.token, { title: "Dated", dueDate: inDays(5) })).reminders).toEqual([1440]);
    expect((await newTask(inst.account.token, { title: "Undated" })).reminders).toEqual([]);
    expect((await newTask(inst.account.token, { title: "Chosen", dueDate: inDays(5), reminders: [] })).reminders).toEqual([]);
  });

  it("plans pending reminders again when the workspace's timezone changes", async () => {
    const inst = await setUp();
    await newTask(inst.account.token, { title: "Book the ferry", dueDate: `${inDays(20)}T09:00`, assigneeId: inst.account.user.id, reminders: [60] });
    expect((await remindersOf(inst))[0].fire_at).toBe(`${inDays(20)}T08:00:00.000Z`);
    const res = await call("/api/workspace", { method: "PUT", token: inst.account.token, json: { timezone: "Asia/Tokyo" } });
    expect(res.status).toBe(200);
    // 09:00 in Tokyo (UTC+9) is 00:00 UTC; an hour before is 23:00 the day before.
    expect((await remindersOf(inst)).map((r) => r.fire_at)).toEqual([`${inDays(19)}T23:00:00.000Z`]);
  });

  it("hands a removed member's reminders to the member who takes their tasks", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const [sam] = members;
    await newTask(owner.token, { title: "Hire the generator", dueDate: `${inDays(15)}T11:00`, assigneeId: sam.user.id, reminders: [60] });
    const userOf = async () =>
      (await db().prepare("SELECT user_id FROM task_reminders WHERE workspace_id = ? AND delivered_at IS NULL").bind(workspaceId).all<{ user_id: string }>()).results.map((r) => r.user_id);
    expect(await userOf()).toEqual([sam.user.id]);
    const res = await call(`/api/workspace/members/${sam.user.id}`, { method: "DELETE", token: owner.token, json: { reassignTo: owner.user.id } });
    expect(res.status).toBe(200);
    expect(await userOf()).toEqual([owner.user.id]);
  });

  it("tells only the reminded member's pages, with a count and no text", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const [sam] = members;
    await newTask(owner.token, { title: "Secret surprise party", dueDate: `${inDays(5)}T18:00`, assigneeId: owner.user.id, reminders: [0] });
    const mine = await connectLive(owner);
    const theirs = await connectLive(sam);
    await mine.receivedCount(1);
    await theirs.receivedCount(1);
    // The owner already has one unread notice: "Sam Okafor joined the team".
    expect((await notificationsOf(owner)).unread).toBe(1);
    await runQueue(reminderJobsOf(await runCron(Date.parse(`${inDays(5)}T18:00:00Z`)), workspaceId));
    const [, signal] = await mine.receivedCount(2);
    expect(signal).toEqual({ type: "notifications", unread: 2 });
    // A later workspace-wide change reaches both: Sam's page got nothing before it.
    await newTask(owner.token, { title: "Anything else" });
    await mine.receivedCount(3);
    const seen = await theirs.receivedCount(2);
    expect(seen.map((m) => m.type)).toEqual(["hello", "task"]);
    expect(JSON.stringify(seen)).not.toContain("Secret surprise party");
    expect((await notificationsOf(sam)).notifications).toEqual([]);
  });

  it("takes the workspace's default reminders from the settings form", async () => {
    const inst = await setUp();
    const res = await postForm(inst.account.token, "/dashboard", [
      ["intent", "settings"],
      ["name", "Harbour Lights"],
      ["timezone", "UTC"],
      ["assumedEstimateHours", "8"],
      ["defaultReminders", "1440"],
      ["defaultReminders", "60"],
    ]);
    expect(res.status, await res.clone().text()).toBe(303);
    const settings = (await (await call("/api/workspace", { token: inst.account.token })).json()) as { defaultReminders: number[] };
    expect(settings.defaultReminders).toEqual([1440, 60]);
  });

  it("reads a reminder phrase in Slack's /new", async () => {
    const inst = await setUp();
    const { res } = await slashCommand(inst, "/new", `Book the buses ${inDays(9)} remind me 2 days before`);
    expect(res.status).toBe(200);
    const [task] = (await (await call("/api/tasks", { token: inst.account.token })).json()) as Array<{ title: string; reminders: number[] }>;
    expect(task).toEqual(expect.objectContaining({ title: "Book the buses", reminders: [2880] }));
  });

  it("marks notifications read: all, or some", async () => {
    const inst = await setUp();
    for (const title of ["Hire the PA", "Hire the lights"]) {
      await newTask(inst.account.token, { title, dueDate: `${inDays(4)}T10:00`, assigneeId: inst.account.user.id, reminders: [0] });
    }
    await runQueue(reminderJobsOf(await runCron(Date.parse(`${inDays(4)}T10:00:00Z`)), inst.workspaceId));
    const { notifications } = await notificationsOf(inst.account);
    expect(notifications).toHaveLength(2);
    // Every page's header carries the count, read with the page, so the bell shows it without a fetch or JavaScript.
    const bellOf = async (path: string) => {
      const html = await (await call(path, { token: inst.account.token })).text();
      const link = /<a [^>]*href="\/notifications"[^>]*>/.exec(html)?.[0] ?? "";
      return /aria-label="([^"]*)"/.exec(link)?.[1];
    };
    expect(await bellOf("/dashboard")).toBe("Notifications, 2 unread");
    expect(await bellOf("/tasks")).toBe("Notifications, 2 unread");
    const some = await call("/api/notifications/read", { method: "POST", token: inst.account.token, json: { ids: [notifications[0].id] } });
    expect(await some.json()).toEqual({ marked: 1 });
    expect((await notificationsOf(inst.account)).unread).toBe(1);
    const page = await postForm(inst.account.token, "/notifications", { intent: "read-all" });
    expect(page.status).toBe(303);
    expect((await notificationsOf(inst.account)).unread).toBe(0);
    expect(await bellOf("/analytics")).toBe("Notifications");
  });
});

describe("the personal morning DM", () => {
  async function optIn(inst: Installation, fields: Record<string, string>) {
    const res = await postForm(inst.account.token, "/team", { intent: "morning-dm", enabled: "on", hour: "0", timezone: "UTC", ...fields });
    expect(res.status, await res.clone().text()).toBe(303);
  }

  it("sends the member's morning once a day", async () => {
    const inst = await setUp();
    await newTask(inst.account.token, { title: "Sign the venue contract", dueDate: inDays(-2), assigneeId: inst.account.user.id });
    await newTask(inst.account.token, { title: "Send the call sheet", dueDate: inDays(0), assigneeId: inst.account.user.id });
    await newTask(inst.account.token, { title: "Book the rehearsal room", dueDate: inDays(2), assigneeId: inst.account.user.id });
    await newTask(inst.account.token, { title: "Someone else's task", dueDate: inDays(0), assigneeName: "Dana" });
    await optIn(inst, {});

    const jobs = morningJobsOf(await runCron(), inst.workspaceId);
    expect(jobs).toEqual([{ kind: "morning-dm", workspaceId: inst.workspaceId, userId: inst.account.user.id, localDate: inDays(0) }]);
    await runQueue(jobs);
    const [dm] = await dmsTo(inst);
    const text = readableText(dm.body);
    expect(text).toContain("Sign the venue contract");
    expect(text).toContain("Send the call sheet");
    expect(text).toContain("Book the rehearsal room");
    expect(text).not.toContain("Someone else's task");

    await runQueue(jobs);
    expect(morningJobsOf(await runCron(), inst.workspaceId)).toEqual([]);
    expect(await dmsTo(inst)).toHaveLength(1);
  });

  it("sends nothing on an empty day unless asked to", async () => {
    const quiet = await setUp();
    await optIn(quiet, {});
    await runQueue(morningJobsOf(await runCron(), quiet.workspaceId));
    expect(await dmsTo(quiet)).toEqual([]);
    // The day is claimed all the same: nothing later today either.
    expect(morningJobsOf(await runCron(), quiet.workspaceId)).toEqual([]);

    const always = await setUp();
    await optIn(always, { evenWhenEmpty: "on" });
    await runQueue(morningJobsOf(await runCron(), always.workspaceId));
    const [dm] = await dmsTo(always);
    expect(readableText(dm.body)).toContain("Nothing of yours is due or at risk");
  });
});

describe("the 'Add with AI' page", () => {
  it("reads a reminder in the preview, shows it in words and carries it to the created task", async () => {
    const owner = await signUp("Maria Lopez");
    const preview = await postForm(owner.token, "/tasks/ai", {
      intent: "preview",
      text: "Book the crane for 2030-03-01 remind me 2 days before",
    });
    expect(preview.status).toBe(200);
    const html = (await preview.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Remind: 2 days before");
    expect(html).toContain('name="tasks[0].reminders" value="2880"');

    const created = await postForm(owner.token, "/tasks/ai", {
      intent: "create",
      prompt: "Book the crane for 2030-03-01 remind me 2 days before",
      "tasks[0].title": "Book the crane",
      "tasks[0].dueDay": "2030-03-01",
      "tasks[0].priority": "medium",
      "tasks[0].reminders": "2880",
    });
    expect(created.status).toBe(303);
    const res = await call("/api/tasks", { token: owner.token });
    const [task] = ((await res.json()) as Array<{ title: string; reminders: number[] }>).filter(
      (t) => t.title === "Book the crane",
    );
    expect(task.reminders).toEqual([2880]);
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client";
import { findTaskByThread, insertTaskSlackMessageStatement } from "~/models/task-slack-messages";
import { createTask } from "~/services/task-commands.server";
import { deleteTask, purgeDeletedTasks, restoreTasks } from "~/services/task-deletion.server";
import { getTask } from "~/services/task-queries.server";
import { isCaptureConflict } from "~/services/slack/messages.server";
import { actorCtxOf, call, db, expectError, listTasks, postForm, signUp } from "./helpers";
import {
  buttonsOf,
  clickButton,
  fakeUrl,
  installSlack,
  interaction,
  linkThroughSlack,
  postSigned,
  readableText,
  recorded,
  responseUrl,
  slackEvent,
  slashCommand,
  uniqueCode,
  waitForRecorded,
  type Installation,
} from "./slack-helpers";
import { acceptInvite, createInvite } from "./teams-helpers";

/** Puts a message in a channel as the installation's bot can read it (tests/fakes/slack-api.ts). */
async function postInSlack(
  inst: Installation,
  message: { channel: string; ts: string; text: string; user?: string; thread_ts?: string },
) {
  const res = await fetch(`${fakeUrl()}/__messages`, {
    method: "POST",
    body: JSON.stringify({ token: inst.botToken, user: "UWRITER", ...message }),
  });
  expect(res.status).toBe(200);
}

let tsCounter = 0;
/** A message ts unique to the test run. */
const newTs = () => `17${String(Date.now()).slice(-8)}.${String(++tsCounter).padStart(6, "0")}`;

const reaction = (user: string, channel: string, ts: string, emoji = "memo") => ({
  type: "reaction_added",
  user,
  reaction: emoji,
  item: { type: "message", channel, ts },
  item_user: "UWRITER",
  event_ts: newTs(),
});

/** The task's Slack message as the JSON API gives it. */
async function slackOf(inst: Installation, taskId: string) {
  const res = await call(`/api/tasks/${taskId}`, { token: inst.account.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { slack: unknown }).slack;
}

async function messageRows(workspaceId: string) {
  const { results } = await db()
    .prepare(
      "SELECT task_id, team_id, channel_id, channel_name, message_ts, thread_ts, permalink, via FROM task_slack_messages WHERE workspace_id = ?",
    )
    .bind(workspaceId)
    .all();
  return results;
}

describe("tasks remember the Slack message they came from", () => {
  it("the message shortcut: the message, its thread and channel; the API and the task page link back", async () => {
    const inst = await installSlack();
    const hook = responseUrl();
    await interaction(inst, {
      type: "message_action",
      callback_id: "create_task_from_message",
      trigger_id: "1.2.3",
      user: { id: inst.slackUserId },
      channel: { id: "CLOGISTICS", name: "logistics" },
      message_ts: "1700000000.000300",
      response_url: hook,
      message: {
        type: "message",
        user: "UWHOEVER",
        ts: "1700000000.000300",
        thread_ts: "1700000000.000100",
        text: "Order the walkie-talkies 2026-11-30",
      },
    });
    const [reply] = await waitForRecorded({ path: new URL(hook).pathname });
    expect(readableText(reply.body)).toContain("Task created");
    const [task] = await listTasks(inst.account.token);
    expect(task.description).toBeNull();
    const permalink = "https://fake.slack.test/archives/CLOGISTICS/p1700000000000300";
    expect(await slackOf(inst, task.id)).toEqual({ channelId: "CLOGISTICS", channelName: "logistics", url: permalink });
    expect(await messageRows(inst.workspaceId)).toEqual([
      {
        task_id: task.id,
        team_id: inst.teamId,
        channel_id: "CLOGISTICS",
        channel_name: "logistics",
        message_ts: "1700000000.000300",
        thread_ts: "1700000000.000100",
        permalink,
        via: "shortcut",
      },
    ]);
    // The shortcut's payload named the channel: Slack was not asked.
    expect(await recorded({ token: inst.botToken, path: "/api/conversations.info" })).toEqual([]);

    const page = await call(`/tasks/${task.id}`, { cookie: inst.account.token });
    const html = await page.text();
    expect(html).toContain("From Slack · #logistics");
    expect(html).toContain(`href="${permalink}"`);
  });

  it("a mention: its task remembers the mention and its thread; the channel is named by Slack", async () => {
    const inst = await installSlack();
    await slackEvent(inst, {
      type: "app_mention",
      user: inst.slackUserId,
      text: `<@${inst.botUserId}> Book the caterer`,
      ts: "1700000001.000200",
      thread_ts: "1700000001.000001",
      channel: "CPRODUCTION",
      event_ts: "1700000001.000200",
    });
    await waitForRecorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    const tasks = await listTasks(inst.account.token);
    expect(tasks.map((t) => t.title)).toEqual(["Book the caterer"]);
    expect(await messageRows(inst.workspaceId)).toEqual([
      expect.objectContaining({
        channel_id: "CPRODUCTION",
        channel_name: "production",
        message_ts: "1700000001.000200",
        thread_ts: "1700000001.000001",
        via: "mention",
      }),
    ]);
    expect(await slackOf(inst, tasks[0].id)).toMatchObject({
      channelName: "production",
      url: "https://fake.slack.test/archives/CPRODUCTION/p1700000001000200",
    });

    // The later two-way sync finds a thread's task (the first made in it), and only in its own workspace.
    const drizzleDb = createDb(env.DB);
    const found = await findTaskByThread(drizzleDb, inst.workspaceId, "CPRODUCTION", "1700000001.000001");
    expect(found?.taskId).toBe(tasks[0].id);
    expect(await findTaskByThread(drizzleDb, inst.workspaceId, "CPRODUCTION", "1700000001.999999")).toBeUndefined();
    const other = await installSlack("Dana Whitfield");
    expect(await findTaskByThread(drizzleDb, other.workspaceId, "CPRODUCTION", "1700000001.000001")).toBeUndefined();
  });

  it("a mention that makes no task (a question) remembers nothing and asks Slack nothing more", async () => {
    const inst = await installSlack();
    await slackEvent(inst, {
      type: "app_mention",
      user: inst.slackUserId,
      text: `<@${inst.botUserId}> what is overdue?`,
      ts: "1700000002.000200",
      channel: "CPRODUCTION",
    });
    await waitForRecorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    expect(await messageRows(inst.workspaceId)).toEqual([]);
    expect(await recorded({ token: inst.botToken, path: "/api/chat.getPermalink" })).toEqual([]);
  });

  it("/new sent in a thread: Slack sends no message or thread with a command, so the task has no Slack link", async () => {
    const inst = await installSlack();
    const { hook } = await slashCommand(inst, "/new", "Confirm the generator 2026-12-01");
    await waitForRecorded({ path: hook });
    const [task] = await listTasks(inst.account.token);
    expect(await slackOf(inst, task.id)).toBeNull();
    expect(await messageRows(inst.workspaceId)).toEqual([]);
  });

  it("a task made in Cueboard has no Slack link in the API or on its page", async () => {
    const account = await signUp();
    const res = await call("/api/tasks", { method: "POST", token: account.token, json: { title: "Print the passes" } });
    const task = (await res.json()) as { id: string };
    const got = (await (await call(`/api/tasks/${task.id}`, { token: account.token })).json()) as { slack: unknown };
    expect(got.slack).toBeNull();
    expect(await (await call(`/tasks/${task.id}`, { cookie: account.token })).text()).not.toContain("From Slack");
  });
});

describe("the capture emoji", () => {
  it("makes one task from the message through the parser and replies in its thread with the task and 'Open'", async () => {
    const inst = await installSlack("Dana Whitfield");
    const ts = newTs();
    await postInSlack(inst, {
      channel: "CPRODUCTION",
      ts,
      text: `Confirm the load-in crew <@${inst.slackUserId}> 2026-12-04 high priority`,
    });
    expect((await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts))).status).toBe(200);

    const [task] = await listTasks(inst.account.token);
    expect(task).toMatchObject({
      title: "Confirm the load-in crew",
      assigneeName: "Dana Whitfield",
      dueDate: "2026-12-04",
      priority: "high",
    });
    const [post] = await recorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    expect(post.body).toMatchObject({ channel: "CPRODUCTION", thread_ts: ts });
    expect(readableText(post.body)).toContain("Task created from this message, captured by Dana Whitfield");
    const open = buttonsOf(post.body).find((b) => b.text.text === "Open") as { url?: string } | undefined;
    expect(open?.url).toBe(`http://localhost/tasks/${task.id}`);
    expect(await slackOf(inst, task.id)).toEqual({
      channelId: "CPRODUCTION",
      channelName: "production",
      url: `https://fake.slack.test/archives/CPRODUCTION/p${ts.replace(".", "")}`,
    });
    const [read] = await recorded({ token: inst.botToken, path: "/api/conversations.replies" });
    expect(read.body).toMatchObject({ channel: "CPRODUCTION", ts });
  });

  it("on a reply in a thread: the task belongs to the thread and the reply goes there", async () => {
    const inst = await installSlack();
    const parent = newTs();
    const child = newTs();
    await postInSlack(inst, { channel: "CPRODUCTION", ts: parent, text: "Load-in plan", thread_ts: parent });
    await postInSlack(inst, { channel: "CPRODUCTION", ts: child, text: "Rent two more forklifts", thread_ts: parent });
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", child));
    const [task] = await listTasks(inst.account.token);
    expect(task.title).toBe("Rent two more forklifts");
    const [post] = await recorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    expect(post.body.thread_ts).toBe(parent);
    expect(await messageRows(inst.workspaceId)).toEqual([
      expect.objectContaining({ message_ts: child, thread_ts: parent, via: "reaction" }),
    ]);
    expect((await findTaskByThread(createDb(env.DB), inst.workspaceId, "CPRODUCTION", parent))?.taskId).toBe(task.id);
  });

  it("creates one task however often Slack retries the event", async () => {
    const inst = await installSlack();
    const ts = newTs();
    await postInSlack(inst, { channel: "CPRODUCTION", ts, text: "Order the stage barriers" });
    const eventId = `Ev${uniqueCode()}`;
    const event = reaction(inst.slackUserId, "CPRODUCTION", ts);
    for (const retry of [null, "1", "2"]) {
      const headers: Record<string, string> = retry
        ? { "x-slack-retry-num": retry, "x-slack-retry-reason": "http_timeout" }
        : {};
      expect((await slackEvent(inst, event, { eventId, headers })).status).toBe(200);
    }
    // Each delivery resolved after its deferred work: the retries' would have posted by now.
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toHaveLength(1);
    expect(await listTasks(inst.account.token)).toHaveLength(1);
  });

  it("never makes a second task of a message: a second person reacting is told privately, with 'Open'", async () => {
    const inst = await installSlack("Maria Lopez");
    const sam = await signUp("Sam Okafor");
    const { token } = await createInvite(inst.account);
    expect((await acceptInvite(sam, token)).status).toBe(200);
    await linkThroughSlack(inst, sam, "USAM");
    const ts = newTs();
    await postInSlack(inst, { channel: "CPRODUCTION", ts, text: "Book the hotel rooms" });
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts));
    // Slack sends each person's reaction as its own event.
    await slackEvent(inst, reaction("USAM", "CPRODUCTION", ts));
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts));
    const tasks = await listTasks(inst.account.token);
    expect(tasks).toHaveLength(1);
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toHaveLength(1);
    const notices = await recorded({ token: inst.botToken, path: "/api/chat.postEphemeral" });
    expect(notices.filter((n) => readableText(n.body).includes("already a task"))).toHaveLength(2);
    const toSam = notices.filter((n) => n.body.user === "USAM" && readableText(n.body).includes("already a task"));
    expect(toSam).toHaveLength(1);
    expect(readableText(toSam[0].body)).toContain("This message is already a task: *Book the hotel rooms*");
    expect((buttonsOf(toSam[0].body)[0] as { url?: string }).url).toBe(`http://localhost/tasks/${tasks[0].id}`);
  });

  it("two people reacting at the same moment still make one task, and one reply", async () => {
    const inst = await installSlack("Maria Lopez");
    const sam = await signUp("Sam Okafor");
    const { token } = await createInvite(inst.account);
    expect((await acceptInvite(sam, token)).status).toBe(200);
    await linkThroughSlack(inst, sam, "USAMTOO");
    const ts = newTs();
    await postInSlack(inst, { channel: "CPRODUCTION", ts, text: "Book the shuttle buses" });
    await Promise.all([
      slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts)),
      slackEvent(inst, reaction("USAMTOO", "CPRODUCTION", ts)),
    ]);
    expect(await listTasks(inst.account.token)).toHaveLength(1);
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toHaveLength(1);
    expect(await messageRows(inst.workspaceId)).toHaveLength(1);
  });

  it("a message like an open task asks first; 'Create anyway' makes the task, which still remembers the message", async () => {
    const inst = await installSlack();
    await call("/api/tasks", { method: "POST", token: inst.account.token, json: { title: "Book the shuttle buses" } });
    const ts = newTs();
    await postInSlack(inst, { channel: "CPRODUCTION", ts, text: "Book the shuttle buses" });
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts));
    const [warning] = await recorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    expect(warning.body.thread_ts).toBe(ts);
    expect(readableText(warning.body)).toContain("Possible duplicate");
    const createAnyway = buttonsOf(warning.body).find((b) => b.text.text === "Create anyway")!;
    const { hook } = await clickButton(inst, createAnyway);
    const [reply] = await waitForRecorded({ path: hook });
    expect(readableText(reply.body)).toContain("Task created");
    const tasks = await listTasks(inst.account.token);
    expect(tasks).toHaveLength(2);
    expect(await messageRows(inst.workspaceId)).toEqual([
      expect.objectContaining({ message_ts: ts, thread_ts: ts, via: "reaction", channel_name: "production" }),
    ]);
    // Now the message has its task: another reaction makes none.
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts));
    expect(await listTasks(inst.account.token)).toHaveLength(2);
  });

  it("a message whose captured task was deleted can be captured again", async () => {
    const inst = await installSlack();
    const ts = newTs();
    await postInSlack(inst, { channel: "CPRODUCTION", ts, text: "Hire the runners" });
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts));
    const [first] = await listTasks(inst.account.token);
    expect((await call(`/api/tasks/${first.id}`, { method: "DELETE", token: inst.account.token })).status).toBe(204);
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts));
    const [second] = await listTasks(inst.account.token);
    expect(second.id).not.toBe(first.id);
    expect(await messageRows(inst.workspaceId)).toEqual([expect.objectContaining({ task_id: second.id })]);
  });

  it("someone not linked gets the link message privately and no task is made", async () => {
    const inst = await installSlack();
    const ts = newTs();
    await postInSlack(inst, { channel: "CPRODUCTION", ts, text: "Book the hotel rooms" });
    await slackEvent(inst, reaction("UNOBODY", "CPRODUCTION", ts));
    const [ephemeral] = await recorded({ token: inst.botToken, path: "/api/chat.postEphemeral" });
    expect(ephemeral.body).toMatchObject({ channel: "CPRODUCTION", user: "UNOBODY" });
    expect(readableText(ephemeral.body)).toContain("not linked to Cueboard");
    expect(await listTasks(inst.account.token)).toHaveLength(0);
    expect(await recorded({ token: inst.botToken, path: "/api/conversations.replies" })).toEqual([]);
  });

  it("another emoji, or a reaction on a file, does nothing and is not even recorded", async () => {
    const inst = await installSlack();
    const ts = newTs();
    await postInSlack(inst, { channel: "CPRODUCTION", ts, text: "Book the hotel rooms" });
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts, "eyes"));
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts, "memo_pad"));
    await slackEvent(inst, { ...reaction(inst.slackUserId, "CPRODUCTION", ts), item: { type: "file", file: "F123" } });
    expect(await listTasks(inst.account.token)).toHaveLength(0);
    expect(await recorded({ token: inst.botToken })).toEqual([]);
    const processed = await db()
      .prepare("SELECT count(*) AS n FROM slack_processed WHERE workspace_id = ?")
      .bind(inst.workspaceId)
      .first<{ n: number }>();
    expect(processed?.n).toBe(0);
  });

  it("refuses another team: an event naming a team that is not the app's installation is 401 and does nothing", async () => {
    const inst = await installSlack();
    const other = await installSlack("Dana Whitfield");
    const ts = newTs();
    await postInSlack(inst, { channel: "CPRODUCTION", ts, text: "Book the hotel rooms" });
    // Signed with this app's secret but naming the other installation's team.
    const body = JSON.stringify({
      team_id: other.teamId,
      api_app_id: inst.appId,
      type: "event_callback",
      event_id: `Ev${uniqueCode()}`,
      event: reaction(inst.slackUserId, "CPRODUCTION", ts),
    });
    const res = await postSigned(`/api/slack/events?workspace=${inst.workspaceId}`, body, "application/json", inst);
    expect(res.status).toBe(401);
    expect(await listTasks(inst.account.token)).toHaveLength(0);
    expect(await listTasks(other.account.token)).toHaveLength(0);
    expect(await recorded({ token: inst.botToken })).toEqual([]);
  });

  it("a message only another workspace's bot can read makes nothing here or there", async () => {
    const inst = await installSlack();
    const other = await installSlack("Dana Whitfield");
    const ts = newTs();
    // The message is in the other team's channel: this installation's bot cannot read it.
    await postInSlack(other, { channel: "CTHEIRS", ts, text: "Their private plans" });
    await slackEvent(inst, reaction(inst.slackUserId, "CTHEIRS", ts));
    expect(await listTasks(inst.account.token)).toHaveLength(0);
    expect(await listTasks(other.account.token)).toHaveLength(0);
    expect(await messageRows(inst.workspaceId)).toEqual([]);
    expect(await messageRows(other.workspaceId)).toEqual([]);
    const [notice] = await recorded({ token: inst.botToken, path: "/api/chat.postEphemeral" });
    expect(readableText(notice.body)).toContain("Cueboard cannot read that message");
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toEqual([]);
  });
});

describe("GET/PUT /api/slack/capture", () => {
  it("is memo until the owner changes it; the new emoji captures and the old one no longer does", async () => {
    const inst = await installSlack();
    const { token } = inst.account;
    expect(await (await call("/api/slack/capture", { token })).json()).toEqual({ emoji: "memo" });
    const res = await call("/api/slack/capture", { method: "PUT", token, json: { emoji: " :White_Check_Mark: " } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ emoji: "white_check_mark" });
    expect(await (await call("/api/slack/capture", { token })).json()).toEqual({ emoji: "white_check_mark" });

    const ts = newTs();
    await postInSlack(inst, { channel: "CPRODUCTION", ts, text: "Print the wristbands" });
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts, "memo"));
    expect(await listTasks(token)).toHaveLength(0);
    await slackEvent(inst, reaction(inst.slackUserId, "CPRODUCTION", ts, "white_check_mark::skin-tone-2"));
    expect(await listTasks(token)).toHaveLength(1);
  });

  it("answers a name that is not an emoji with a field error, and a non-JSON body with the usual error", async () => {
    const { token } = await signUp();
    for (const emoji of ["", "memo pad", "📝", ":me:mo:", "x".repeat(200), 7, null]) {
      const res = await call("/api/slack/capture", { method: "PUT", token, json: { emoji } });
      const body = await expectError(res, 400);
      expect(body.fieldErrors).toEqual({ emoji: ["Capture emoji must be an emoji name such as memo or :memo:"] });
    }
    const bad = await call("/api/slack/capture", {
      method: "PUT",
      token,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(await (await call("/api/slack/capture", { token })).json()).toEqual({ emoji: "memo" });
  });

  it("only the owner may change it", async () => {
    const owner = await signUp("Maria Lopez");
    const sam = await signUp("Sam Okafor");
    const { token } = await createInvite(owner);
    expect((await acceptInvite(sam, token)).status).toBe(200);
    const res = await call("/api/slack/capture", { method: "PUT", token: sam.token, json: { emoji: "eyes" } });
    await expectError(res, 403);
    expect(await (await call("/api/slack/capture", { token: owner.token })).json()).toEqual({ emoji: "memo" });
  });

  it("the /slack-setup form sets it without JavaScript, and says what is wrong with a bad one", async () => {
    const { token } = await signUp();
    const saved = await postForm(token, "/slack-setup", { intent: "capture", emoji: ":eyes:" });
    expect(saved.status).toBe(303);
    expect(flashOf(saved)).toMatchObject({
      title: "Capture Emoji Saved",
      description: "React with :eyes: to a message in a channel Cueboard is in to make it a task.",
    });
    expect(await (await call("/api/slack/capture", { token })).json()).toEqual({ emoji: "eyes" });
    const refused = await postForm(token, "/slack-setup", { intent: "capture", emoji: "not an emoji" });
    expect(refused.status).toBe(303);
    expect(flashOf(refused)).toMatchObject({
      title: "Capture Emoji Not Saved",
      description: "Capture emoji must be an emoji name such as memo or :memo:",
    });
    expect(await (await call("/api/slack/capture", { token })).json()).toEqual({ emoji: "eyes" });
  });
});

/** The flash message a redirect carries (app/lib/flash.server.ts). */
function flashOf(res: Response) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("cb_flash="));
  return cookie ? JSON.parse(decodeURIComponent(cookie.split(";")[0].slice("cb_flash=".length))) : null;
}

describe("the stored message", () => {
  const input = {
    priority: "medium" as const,
    description: null,
    category: null,
    dueDate: null,
    estimatedHours: null,
    isAiGenerated: false,
    originalPrompt: null,
    allowDuplicate: true,
    assigneeName: null,
  };
  const message = (via: "reaction" | "mention") => ({
    teamId: "TSTORED",
    channelId: "CPRODUCTION",
    channelName: "production",
    messageTs: "1700000009.000100",
    threadTs: "1700000009.000100",
    permalink: null,
    via,
  });

  it("goes into the task's batch: a second capture of the message writes neither its row nor its task", async () => {
    const ctx = await actorCtxOf(await signUp(), { now: new Date("2027-01-01T10:00:00.000Z") });
    const workspaceId = ctx.actor.workspace.id;
    const alongside = (via: "reaction" | "mention") => (taskId: string) => [
      insertTaskSlackMessageStatement(ctx.db, { ...message(via), workspaceId, taskId }, ctx.now.toISOString()),
    ];
    await createTask(ctx, { ...input, title: "First" }, { alongside: alongside("reaction") });
    const second = await createTask(ctx, { ...input, title: "Second" }, { alongside: alongside("reaction") }).catch(
      (err: unknown) => err,
    );
    expect(isCaptureConflict(second)).toBe(true);
    // A mention may make several tasks of one message.
    await createTask(ctx, { ...input, title: "Third" }, { alongside: alongside("mention") });
    const titles = await db()
      .prepare("SELECT title FROM tasks WHERE workspace_id = ? ORDER BY title")
      .bind(workspaceId)
      .all<{ title: string }>();
    expect(titles.results.map((r) => r.title)).toEqual(["First", "Third"]);
    expect(await messageRows(workspaceId)).toHaveLength(2);
  });

  it("survives a delete for its undo, and goes with the purge", async () => {
    const ctx = await actorCtxOf(await signUp(), { now: new Date("2027-01-01T10:00:00.000Z") });
    const workspaceId = ctx.actor.workspace.id;
    const task = await createTask(
      ctx,
      { ...input, title: "Kept link" },
      {
        alongside: (taskId) => [
          insertTaskSlackMessageStatement(
            ctx.db,
            { ...message("mention"), workspaceId, taskId },
            ctx.now.toISOString(),
          ),
        ],
      },
    );
    await deleteTask(ctx, task.id);
    await restoreTasks(ctx, [task.id]);
    expect((await getTask(ctx, task.id)).slack).toEqual({
      channelId: "CPRODUCTION",
      channelName: "production",
      url: "https://slack.com/app_redirect?team=TSTORED&channel=CPRODUCTION",
    });
    await deleteTask(ctx, task.id);
    await purgeDeletedTasks({ ...ctx, now: new Date("2027-03-01T10:00:00.000Z") });
    expect(await messageRows(workspaceId)).toEqual([]);
  });
});

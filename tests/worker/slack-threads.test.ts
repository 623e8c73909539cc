import { describe, expect, it } from "vitest";
import { call, db, ORIGIN, signUp, type Account, type TaskJson } from "./helpers";
import {
  fakeUrl,
  fetchSettled,
  installSlack,
  interaction,
  linkThroughSlack,
  recorded,
  scriptFake,
  slackEvent,
  type Installation,
} from "./slack-helpers";
import { acceptInvite, createInvite } from "./teams-helpers";

/**
 * A task's Slack thread in sync both ways (ADR 041), against the Slack fake: thread replies become comments, comments
 * are posted into the thread as the bot, edits and deletions follow, files shared in the thread are attached.
 */

const CHANNEL = "CPRODUCTION";
let tsCounter = 0;
/** A message ts unique to the test run. */
const newTs = () => `17${String(Date.now()).slice(-8)}.${String(++tsCounter).padStart(6, "0")}`;

/** A task of the installation's workspace that remembers a Slack message starting a thread (as a capture would). */
async function taskInThread(inst: Installation, title = "Confirm the backline") {
  const res = await call("/api/tasks", { method: "POST", token: inst.account.token, json: { title } });
  const task = (await res.json()) as TaskJson;
  expect(res.status, JSON.stringify(task)).toBe(201);
  const threadTs = newTs();
  await db()
    .prepare(
      `INSERT INTO task_slack_messages (workspace_id, task_id, team_id, channel_id, channel_name, message_ts, thread_ts, permalink, via, created_at)
       VALUES (?, ?, ?, ?, 'production', ?, ?, NULL, 'reaction', ?)`,
    )
    .bind(inst.workspaceId, task.id, inst.teamId, CHANNEL, threadTs, threadTs, new Date().toISOString())
    .run();
  return { taskId: task.id as string, threadTs };
}

const reply = (user: string, threadTs: string, text: string, extra: Record<string, unknown> = {}) => ({
  type: "message",
  channel: CHANNEL,
  channel_type: "channel",
  user,
  text,
  ts: newTs(),
  thread_ts: threadTs,
  ...extra,
});

interface CommentRow {
  id: string;
  author_user_id: string | null;
  author_name: string;
  body: string;
  source: string;
  slack_ts: string | null;
}

async function commentsOf(taskId: string) {
  const { results } = await db()
    .prepare(
      "SELECT id, author_user_id, author_name, body, source, slack_ts FROM task_comments WHERE task_id = ? ORDER BY created_at, id",
    )
    .bind(taskId)
    .all<CommentRow>();
  return results;
}

/** Maria installed Slack (and is linked); Sam joined her workspace and linked his Slack user USAM…. */
async function teamWithSlack() {
  const inst = await installSlack("Maria Lopez");
  const sam = await signUp("Sam Okafor");
  const { token } = await createInvite(inst.account);
  expect((await acceptInvite(sam, token)).status).toBe(200);
  const samSlack = `USAM${inst.code}`;
  await linkThroughSlack(inst, sam, samSlack);
  return { inst, sam, samSlack };
}

/** A request through the Worker, settled: the work it left after the response (the Slack posts) has finished. */
async function apiSettled(account: Account, method: string, path: string, json?: unknown) {
  return fetchSettled(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { "x-demo-token": account.token, "content-type": "application/json" },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    }),
  );
}

async function commentOnCueboard(account: Account, taskId: string, body: string) {
  const res = await apiSettled(account, "POST", `/api/tasks/${taskId}/comments`, { body });
  const json = (await res.json()) as TaskJson;
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json;
}

const postsInto = async (inst: Installation, threadTs: string) =>
  (await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).filter(
    (r) => r.body.thread_ts === threadTs,
  );

describe("a reply in the task's thread becomes a comment", () => {
  it("by the linked member, with a linked member's mention as @Their Name, who is notified; nothing is echoed", async () => {
    const { inst, sam, samSlack } = await teamWithSlack();
    const { taskId, threadTs } = await taskInThread(inst);
    const event = reply(inst.slackUserId, threadTs, `Backline is confirmed\n<@${samSlack}> can you sign &amp; send?`);
    expect((await slackEvent(inst, event)).status).toBe(200);

    const [comment] = await commentsOf(taskId);
    expect(comment).toMatchObject({
      author_user_id: inst.account.user.id,
      author_name: "Maria Lopez",
      body: "Backline is confirmed\n@Sam Okafor can you sign & send?",
      source: "slack",
      slack_ts: event.ts,
    });
    const { results } = await db()
      .prepare("SELECT kind FROM notifications WHERE user_id = ? AND task_id = ?")
      .bind(sam.user.id, taskId)
      .all<{ kind: string }>();
    expect(results.map((r) => r.kind)).toEqual(["mentioned"]);
    // The API shows it as a comment from Slack.
    const listed = (await (
      await call(`/api/tasks/${taskId}/comments`, { token: inst.account.token })
    ).json()) as TaskJson;
    expect(listed.comments[0]).toMatchObject({ author: { name: "Maria Lopez" }, source: "slack" });
    // Already in the thread, where Slack told Sam: neither posted back nor DMed.
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toEqual([]);
  });

  it("by the Slack display name when the Slack user is not linked", async () => {
    const inst = await installSlack();
    const { taskId, threadTs } = await taskInThread(inst);
    await slackEvent(inst, reply("UGUEST", threadTs, "Truck arrives at 7"));
    expect(await commentsOf(taskId)).toEqual([
      expect.objectContaining({ author_user_id: null, author_name: "Slack UGUEST", body: "Truck arrives at 7" }),
    ]);
    const [info] = await recorded({ token: inst.botToken, path: "/api/users.info" });
    expect(info.body).toMatchObject({ user: "UGUEST" });
  });

  it("a reply longer than a comment may be is kept cut short, not lost", async () => {
    const inst = await installSlack();
    const { taskId, threadTs } = await taskInThread(inst);
    await slackEvent(inst, reply(inst.slackUserId, threadTs, "a".repeat(10_050)));
    const [comment] = await commentsOf(taskId);
    expect(comment.body).toHaveLength(10_000);
    expect(comment.body.endsWith("a…")).toBe(true);
  });

  it("crosses once: a retried event and the same reply under another event id add one comment", async () => {
    const inst = await installSlack();
    const { taskId, threadTs } = await taskInThread(inst);
    const event = reply(inst.slackUserId, threadTs, "Stage plot is final");
    await slackEvent(inst, event, { eventId: `EvSAME${inst.code}` });
    await slackEvent(inst, event, {
      eventId: `EvSAME${inst.code}`,
      headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" },
    });
    await slackEvent(inst, event, { eventId: `EvOTHER${inst.code}` });
    expect((await commentsOf(taskId)).map((c) => c.body)).toEqual(["Stage plot is final"]);
  });

  it("ignores the thread's first message, top-level messages, other bots and threads of no task", async () => {
    const inst = await installSlack();
    const { taskId, threadTs } = await taskInThread(inst);
    await slackEvent(inst, {
      type: "message",
      channel: CHANNEL,
      user: inst.slackUserId,
      text: "Parent",
      ts: threadTs,
      thread_ts: threadTs,
    });
    await slackEvent(inst, {
      type: "message",
      channel: CHANNEL,
      user: inst.slackUserId,
      text: "Top level",
      ts: newTs(),
    });
    await slackEvent(inst, reply("UOTHERBOT", threadTs, "Beep", { bot_id: "BOTHER" }));
    await slackEvent(inst, reply(inst.slackUserId, newTs(), "In another thread"));
    expect(await commentsOf(taskId)).toEqual([]);
  });

  it("a reply under another workspace's thread does nothing", async () => {
    const inst = await installSlack("Maria Lopez");
    const other = await installSlack("Dana Whitfield");
    const { taskId, threadTs } = await taskInThread(inst);
    // The same channel and thread ts, delivered by the other workspace's installation (its team, its app).
    expect((await slackEvent(other, reply(other.slackUserId, threadTs, "Not yours"))).status).toBe(200);
    expect(await commentsOf(taskId)).toEqual([]);
    // Signed by the other app but naming this team: refused before anything runs.
    const forged = await slackEvent(
      { ...other, teamId: inst.teamId },
      reply(other.slackUserId, threadTs, "Still not yours"),
    );
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(await commentsOf(taskId)).toEqual([]);
  });
});

describe("a comment on Cueboard goes into the thread", () => {
  it("as the bot, once; the posted ts is kept and the bot's echo event adds no second comment", async () => {
    const inst = await installSlack("Maria Lopez");
    const { taskId, threadTs } = await taskInThread(inst);
    const comment = await commentOnCueboard(inst.account, taskId, "Rider <v2> & stage plot are in");

    const [post] = await postsInto(inst, threadTs);
    expect(post.body).toMatchObject({
      channel: CHANNEL,
      thread_ts: threadTs,
      text: "*Maria Lopez* on Cueboard: Rider &lt;v2&gt; &amp; stage plot are in",
    });
    const [row] = await commentsOf(taskId);
    expect(row).toMatchObject({ id: comment.id, source: "api" });
    expect(row.slack_ts).toMatch(/^\d+\.\d+$/);

    // Slack sends our own message back as an event: it is not a second comment.
    await slackEvent(inst, {
      ...reply(inst.botUserId, threadTs, post.body.text),
      ts: row.slack_ts,
      bot_id: `B${inst.code}`,
    });
    expect(await commentsOf(taskId)).toHaveLength(1);
    expect(await postsInto(inst, threadTs)).toHaveLength(1);
  });

  it("a comment from Slack's 'Reply' modal is not a thread reply: it goes into the thread too", async () => {
    const inst = await installSlack("Maria Lopez");
    const { taskId, threadTs } = await taskInThread(inst);
    await interaction(inst, {
      type: "view_submission",
      user: { id: inst.slackUserId },
      view: {
        id: "VREPLY",
        callback_id: "comment_reply",
        private_metadata: taskId,
        state: { values: { comment: { body: { type: "plain_text_input", value: "Signed it" } } } },
      },
    });
    const [row] = await commentsOf(taskId);
    expect(row).toMatchObject({ body: "Signed it", source: "slack" });
    const [post] = await postsInto(inst, threadTs);
    expect(post.body).toMatchObject({ channel: CHANNEL, text: "*Maria Lopez* on Cueboard: Signed it" });
    expect(row.slack_ts).not.toBeNull();
  });

  it("a task with no Slack message posts nothing; a Slack failure never fails the comment", async () => {
    const inst = await installSlack();
    const res = await call("/api/tasks", { method: "POST", token: inst.account.token, json: { title: "No thread" } });
    const plain = (await res.json()) as TaskJson;
    await commentOnCueboard(inst.account, plain.id, "Just here");
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toEqual([]);

    const { taskId } = await taskInThread(inst);
    await scriptFake({
      path: "/api/chat.postMessage",
      token: inst.botToken,
      status: 200,
      body: { ok: false, error: "not_in_channel" },
    });
    await commentOnCueboard(inst.account, taskId, "Slack is down for us");
    expect(await commentsOf(taskId)).toEqual([
      expect.objectContaining({ body: "Slack is down for us", slack_ts: null }),
    ]);
  });
});

describe("edits and deletions", () => {
  it("a reply edited in Slack edits its comment; deleted in Slack deletes it", async () => {
    const inst = await installSlack();
    const { taskId, threadTs } = await taskInThread(inst);
    const event = reply(inst.slackUserId, threadTs, "Doors at 7");
    await slackEvent(inst, event);
    await slackEvent(inst, {
      type: "message",
      subtype: "message_changed",
      channel: CHANNEL,
      ts: newTs(),
      message: { type: "message", user: inst.slackUserId, text: "Doors at 8", ts: event.ts, thread_ts: threadTs },
      previous_message: {
        type: "message",
        user: inst.slackUserId,
        text: "Doors at 7",
        ts: event.ts,
        thread_ts: threadTs,
      },
    });
    const [edited] = await commentsOf(taskId);
    expect(edited).toMatchObject({ body: "Doors at 8", author_name: "Maria Lopez", slack_ts: event.ts });
    const history = await db()
      .prepare("SELECT source FROM task_events WHERE task_id = ? AND kind = 'comment'")
      .bind(taskId)
      .all<{ source: string }>();
    expect(history.results.map((r) => r.source)).toEqual(["slack", "slack"]);

    await slackEvent(inst, {
      type: "message",
      subtype: "message_deleted",
      channel: CHANNEL,
      ts: newTs(),
      deleted_ts: event.ts,
      previous_message: {
        type: "message",
        user: inst.slackUserId,
        text: "Doors at 8",
        ts: event.ts,
        thread_ts: threadTs,
      },
    });
    expect(await commentsOf(taskId)).toEqual([]);
  });

  it("a comment edited on Cueboard updates its thread message; deleted on Cueboard deletes it", async () => {
    const inst = await installSlack("Maria Lopez");
    const { taskId, threadTs } = await taskInThread(inst);
    const comment = await commentOnCueboard(inst.account, taskId, "Soundcheck at 4");
    const [row] = await commentsOf(taskId);

    const edit = await apiSettled(inst.account, "PATCH", `/api/tasks/${taskId}/comments/${comment.id}`, {
      body: "Soundcheck at 5",
    });
    expect(edit.status).toBe(200);
    const [update] = await recorded({ token: inst.botToken, path: "/api/chat.update" });
    expect(update.body).toEqual({
      channel: CHANNEL,
      ts: row.slack_ts,
      text: "*Maria Lopez* on Cueboard: Soundcheck at 5",
    });

    const removed = await apiSettled(inst.account, "DELETE", `/api/tasks/${taskId}/comments/${comment.id}`);
    expect(removed.status).toBe(204);
    const [deletion] = await recorded({ token: inst.botToken, path: "/api/chat.delete" });
    expect(deletion.body).toEqual({ channel: CHANNEL, ts: row.slack_ts });
    // Slack then tells us our message went: nothing more happens.
    await slackEvent(inst, {
      type: "message",
      subtype: "message_deleted",
      channel: CHANNEL,
      ts: newTs(),
      deleted_ts: row.slack_ts,
      previous_message: {
        type: "message",
        user: inst.botUserId,
        bot_id: `B${inst.code}`,
        ts: row.slack_ts,
        thread_ts: threadTs,
      },
    });
    expect(await commentsOf(taskId)).toEqual([]);
    expect(await postsInto(inst, threadTs)).toHaveLength(1);
  });
});

describe("files shared in the thread", () => {
  const shared = (inst: Installation, threadTs: string, files: Array<Record<string, unknown>>, text = "") =>
    reply(inst.slackUserId, threadTs, text, { subtype: "file_share", files });

  it("are downloaded with the bot token and attached to the task; one over 25 MB is not even fetched", async () => {
    const inst = await installSlack();
    const { taskId, threadTs } = await taskInThread(inst);
    const rider = {
      id: "F1",
      name: "rider.pdf",
      mimetype: "application/pdf",
      size: 12,
      url_private_download: `${fakeUrl()}/files/F1/rider.pdf?size=12`,
    };
    const huge = {
      ...rider,
      id: "F2",
      name: "film.mov",
      mimetype: "video/quicktime",
      size: 26 * 1024 * 1024,
      url_private_download: `${fakeUrl()}/files/F2/film.mov`,
    };
    await slackEvent(inst, shared(inst, threadTs, [rider, huge], "Here is the rider"));

    expect((await commentsOf(taskId)).map((c) => c.body)).toEqual(["Here is the rider"]);
    const list = (await (await call(`/api/tasks/${taskId}/files`, { token: inst.account.token })).json()) as TaskJson;
    expect(list.files).toEqual([
      expect.objectContaining({ name: "rider.pdf", type: "application/pdf", size: 12, source: "slack" }),
    ]);
    const downloads = await recorded({ token: inst.botToken, path: "/files/" });
    expect(downloads.map((d) => d.path)).toEqual(["/files/F1/rider.pdf"]);
  });

  it("count against the plan's storage like any upload; an unlinked person's files are not attached", async () => {
    const inst = await installSlack();
    const { taskId, threadTs } = await taskInThread(inst);
    // The workspace's storage already full (a file row as large as any plan's quota).
    await db()
      .prepare(
        "INSERT INTO task_files (id, workspace_id, task_id, name, type, size, uploaded_by, uploaded_by_name, source, created_at) VALUES (?, ?, ?, 'big.bin', 'application/octet-stream', ?, NULL, NULL, 'web', ?)",
      )
      .bind(crypto.randomUUID(), inst.workspaceId, taskId, 1024 ** 4, new Date().toISOString())
      .run();
    const file = (id: string) => ({
      id,
      name: `${id}.pdf`,
      mimetype: "application/pdf",
      size: 5,
      url_private_download: `${fakeUrl()}/files/${id}/${id}.pdf`,
    });
    await slackEvent(inst, shared(inst, threadTs, [file("FFULL")]));
    await slackEvent(
      inst,
      reply("UGUEST", threadTs, "From a guest", { subtype: "file_share", files: [file("FGUEST")] }),
    );
    const { results } = await db()
      .prepare("SELECT name FROM task_files WHERE task_id = ? ORDER BY name")
      .bind(taskId)
      .all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual(["big.bin"]);
    expect((await commentsOf(taskId)).map((c) => c.body)).toEqual(["From a guest"]);
    expect((await recorded({ token: inst.botToken, path: "/files/FGUEST" })).length).toBe(0);
  });

  it("a file URL outside Slack is never fetched with the bot token", async () => {
    const inst = await installSlack();
    const { taskId, threadTs } = await taskInThread(inst);
    await slackEvent(
      inst,
      shared(inst, threadTs, [
        {
          id: "F3",
          name: "x.pdf",
          mimetype: "application/pdf",
          size: 5,
          url_private_download: "https://evil.test/x.pdf",
        },
      ]),
    );
    const list = (await (await call(`/api/tasks/${taskId}/files`, { token: inst.account.token })).json()) as TaskJson;
    expect(list.files).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { call, db, listTasks, newTask } from "./helpers";
import {
  installSlack,
  readableText,
  recorded,
  slackEvent,
  uniqueCode,
  waitForRecorded,
} from "./slack-helpers";

const mention = (inst: { botUserId: string; slackUserId: string }, text: string, extra: Record<string, unknown> = {}) => ({
  type: "app_mention",
  user: inst.slackUserId,
  text: `<@${inst.botUserId}> ${text}`,
  ts: "1700000000.000200",
  channel: "CPRODUCTION",
  event_ts: "1700000000.000200",
  ...extra,
});

describe("app_mention", () => {
  it("creates a task from the text and replies in the thread", async () => {
    const inst = await installSlack();
    const res = await slackEvent(inst, mention(inst, "Book caterer for VIP dinner @sam 2026-12-04"));
    expect(res.status).toBe(200);
    const [post] = await waitForRecorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    expect(post.body).toMatchObject({ channel: "CPRODUCTION", thread_ts: "1700000000.000200" });
    expect(readableText(post.body)).toContain("Task created");
    const [task] = await listTasks(inst.account.token);
    expect(task).toMatchObject({ title: "Book caterer for VIP dinner", assigneeName: "sam", dueDate: "2026-12-04" });
  });

  it("reads a mentioned linked member as the owner", async () => {
    const inst = await installSlack("Dana Whitfield");
    await slackEvent(inst, mention(inst, `Confirm load-in crew <@${inst.slackUserId}>`, { thread_ts: "1699999999.000001" }));
    const [post] = await waitForRecorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    expect(post.body.thread_ts).toBe("1699999999.000001");
    const [task] = await listTasks(inst.account.token);
    expect(task).toMatchObject({ title: "Confirm load-in crew", assigneeName: "Dana Whitfield", assigneeId: inst.account.user.id });
  });

  it("answers a question in the thread instead of creating a task", async () => {
    const inst = await installSlack();
    await newTask(inst.account.token, { title: "Something late", dueDate: "2020-01-01" });
    await slackEvent(inst, mention(inst, "what is overdue?"));
    const [post] = await waitForRecorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    expect(readableText(post.body)).toContain("1 task overdue:");
    expect(readableText(post.body)).toContain("Something late");
    expect(await listTasks(inst.account.token)).toHaveLength(1);
  });

  it("tells an unknown Slack user privately how to link their account", async () => {
    const inst = await installSlack();
    await slackEvent(inst, { ...mention(inst, "Make a task"), user: "UNOBODY" });
    const [ephemeral] = await waitForRecorded({ token: inst.botToken, path: "/api/chat.postEphemeral" });
    expect(ephemeral.body).toMatchObject({ channel: "CPRODUCTION", user: "UNOBODY" });
    expect(readableText(ephemeral.body)).toContain("not linked to Cueboard");
    expect(await listTasks(inst.account.token)).toHaveLength(0);
  });

  it("creates one task however often Slack retries the event", async () => {
    const inst = await installSlack();
    const eventId = `Ev${uniqueCode()}`;
    const event = mention(inst, "Order the stage barriers");
    expect((await slackEvent(inst, event, { eventId })).status).toBe(200);
    expect((await slackEvent(inst, event, { eventId, headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" } })).status).toBe(200);
    expect((await slackEvent(inst, event, { eventId, headers: { "x-slack-retry-num": "2", "x-slack-retry-reason": "http_timeout" } })).status).toBe(200);
    // Each delivery resolved after its deferred work: the retries' would have posted by now.
    await waitForRecorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toHaveLength(1);
    expect(await listTasks(inst.account.token)).toHaveLength(1);
  });
});

describe("app_uninstalled and tokens_revoked", () => {
  async function botToken(workspaceId: string) {
    const row = await db().prepare("SELECT bot_token_enc FROM slack_apps WHERE workspace_id = ?").bind(workspaceId).first<{ bot_token_enc: string | null }>();
    return row?.bot_token_enc;
  }

  it("app_uninstalled deletes the stored bot token", async () => {
    const inst = await installSlack();
    expect(await botToken(inst.workspaceId)).toMatch(/^v1\./);
    expect((await slackEvent(inst, { type: "app_uninstalled" })).status).toBe(200);
    expect(await botToken(inst.workspaceId)).toBeNull();
    const status = await (await call("/api/slack/status", { token: inst.account.token })).json();
    expect(status).toEqual({ hasCredentials: true, installed: false, teamName: null });
  });

  it("tokens_revoked for our bot deletes the token; for someone else's it does not", async () => {
    const inst = await installSlack();
    await slackEvent(inst, { type: "tokens_revoked", tokens: { oauth: ["USOMEONE"], bot: ["UANOTHERBOT"] } });
    expect(await botToken(inst.workspaceId)).toMatch(/^v1\./);
    await slackEvent(inst, { type: "tokens_revoked", tokens: { bot: [inst.botUserId] } });
    expect(await botToken(inst.workspaceId)).toBeNull();
  });
});

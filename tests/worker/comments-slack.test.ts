import { describe, expect, it } from "vitest";
import { call, ORIGIN, signUp, type Account, type TaskJson } from "./helpers";
import {
  buttonsOf,
  clickButton,
  fetchSettled,
  installSlack,
  interaction,
  readableText,
  recorded,
  waitForRecorded,
  type Installation,
} from "./slack-helpers";
import { acceptInvite, createInvite } from "./teams-helpers";

/**
 * A mention reaches a linked member in Slack (ADR 038): a DM with 'Open' and 'Reply'; 'Reply' opens a modal whose
 * submission is added as that member's comment, with the same rules as the page and the API.
 */

/** Maria (who installed Slack, and is linked) and Sam, who joined her workspace and has no Slack link. */
async function teamWithSlack(): Promise<{ inst: Installation; sam: Account }> {
  const inst = await installSlack("Maria Lopez");
  const sam = await signUp("Sam Okafor");
  const { token } = await createInvite(inst.account);
  expect((await acceptInvite(sam, token)).status).toBe(200);
  return { inst, sam };
}

/** Adds a comment and waits for the work it left to the response (the Slack DMs) to finish. */
async function commentSettled(account: Account, taskId: string, body: string) {
  const res = await fetchSettled(
    new Request(`${ORIGIN}/api/tasks/${taskId}/comments`, {
      method: "POST",
      headers: { "x-demo-token": account.token, "content-type": "application/json" },
      body: JSON.stringify({ body }),
    }),
  );
  const json = (await res.json()) as TaskJson;
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json;
}

async function newTaskOf(account: Account, title: string) {
  const res = await call("/api/tasks", { method: "POST", token: account.token, json: { title } });
  const task = (await res.json()) as TaskJson;
  expect(res.status, JSON.stringify(task)).toBe(201);
  return task;
}

const dmsTo = async (inst: Installation, channel: string) =>
  (await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).filter((r) => r.body.channel === channel);

function submitReply(inst: Installation, input: { taskId: string; value: string | null; userId?: string }) {
  return interaction(inst, {
    type: "view_submission",
    user: { id: input.userId ?? inst.slackUserId },
    view: {
      id: "VREPLY",
      callback_id: "comment_reply",
      private_metadata: input.taskId,
      state: { values: { comment: { body: { type: "plain_text_input", value: input.value } } } },
    },
  });
}

async function commentsOf(account: Account, taskId: string) {
  const res = await call(`/api/tasks/${taskId}/comments`, { token: account.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { comments: TaskJson[] }).comments;
}

describe("a mention in Slack", () => {
  it("DMs a linked member once with 'Open' and 'Reply'; Reply's modal adds their comment", async () => {
    const { inst, sam } = await teamWithSlack();
    const task = await newTaskOf(sam, "Confirm the generator");
    const before = (await dmsTo(inst, inst.slackUserId)).length;

    await commentSettled(sam, task.id, "@Maria Lopez can you sign the rider? @maria lopez please");
    const [dm] = (await waitForRecorded({ token: inst.botToken, path: "/api/chat.postMessage" }, before + 1)).filter(
      (r) => r.body.channel === inst.slackUserId && String(r.body.text).includes("mentioned you"),
    );
    expect(readableText(dm.body)).toContain("Sam Okafor mentioned you on “Confirm the generator”");
    expect(readableText(dm.body)).toContain("can you sign the rider?");
    const buttons = buttonsOf(dm.body);
    expect(buttons.map((b) => [b.action_id, b.text.text, b.value])).toEqual([
      ["task_open", "Open", task.id],
      ["comment_reply", "Reply", task.id],
    ]);
    expect((buttons[0] as { url?: string }).url).toBe(`http://localhost/tasks/${task.id}`);
    expect(await dmsTo(inst, inst.slackUserId)).toHaveLength(before + 1);

    // 'Reply' opens the modal for the task, with the click's trigger.
    const { res } = await clickButton(inst, { action_id: "comment_reply", value: task.id });
    expect(res.status).toBe(200);
    const [opened] = await waitForRecorded({ token: inst.botToken, path: "/api/views.open" });
    expect(opened.body.trigger_id).toBe("1.2.3");
    expect(opened.body.view).toMatchObject({ type: "modal", callback_id: "comment_reply", private_metadata: task.id });

    // Submitting it adds Maria's comment, from Slack, which mentions Sam (he has no Slack link: no DM for him).
    const submitted = await submitReply(inst, { taskId: task.id, value: "Signed. @Sam Okafor it is on the drive" });
    expect(submitted.status).toBe(200);
    expect(await submitted.text()).toBe("");
    const comments = await commentsOf(sam, task.id);
    expect(comments.at(-1)).toMatchObject({
      author: { userId: inst.account.user.id, name: "Maria Lopez" },
      body: "Signed. @Sam Okafor it is on the drive",
      source: "slack",
    });
    const res2 = await call("/api/notifications", { token: sam.token });
    const { notifications } = (await res2.json()) as { notifications: Array<{ kind: string; text: string }> };
    expect(notifications.filter((n) => n.kind === "mentioned").map((n) => n.text)).toEqual([
      "Maria Lopez mentioned you on “Confirm the generator”: Signed. @Sam Okafor it is on the drive",
    ]);
    expect(await dmsTo(inst, inst.slackUserId)).toHaveLength(before + 1);

    const history = (await (await call(`/api/tasks/${task.id}/history`, { token: sam.token })).json()) as {
      history: Array<{ kind: string; source: string; actorName: string }>;
    };
    expect(history.history[0]).toMatchObject({ kind: "comment", source: "slack", actorName: "Maria Lopez" });
  });

  it("refuses an empty reply, an unlinked Slack user and another workspace's task in the modal", async () => {
    const { inst, sam } = await teamWithSlack();
    const task = await newTaskOf(sam, "Print the passes");

    const empty = await submitReply(inst, { taskId: task.id, value: "   " });
    expect(await empty.json()).toEqual({ response_action: "errors", errors: { comment: "Write a comment first" } });
    const missing = await submitReply(inst, { taskId: task.id, value: null });
    expect(await missing.json()).toEqual({ response_action: "errors", errors: { comment: "Write a comment first" } });

    const stranger = await submitReply(inst, { taskId: task.id, value: "Hello", userId: "UNOTLINKED" });
    expect(((await stranger.json()) as { errors: { comment: string } }).errors.comment).toMatch(
      /^Link your Slack account/,
    );

    const elsewhere = await signUp("Lee Chen");
    const theirs = await newTaskOf(elsewhere, "Their task");
    const across = await submitReply(inst, { taskId: theirs.id, value: "Hello" });
    expect(await across.json()).toEqual({
      response_action: "errors",
      errors: { comment: "That task no longer exists." },
    });

    expect(await commentsOf(sam, task.id)).toEqual([]);
    expect(await commentsOf(elsewhere, theirs.id)).toEqual([]);
  });

  it("sends no DM to a member without a Slack link, nor for a mention of a non-member", async () => {
    const { inst, sam } = await teamWithSlack();
    const task = await newTaskOf(inst.account, "Book hotel rooms");
    const before = await recorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    await commentSettled(inst.account, task.id, "@Sam Okafor and @Nobody Here, rooms for 12");
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toHaveLength(before.length);
    const res = await call("/api/notifications", { token: sam.token });
    const { notifications } = (await res.json()) as { notifications: Array<{ kind: string }> };
    expect(notifications.filter((n) => n.kind === "mentioned")).toHaveLength(1);
  });
});

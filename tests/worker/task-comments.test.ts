import { describe, expect, it } from "vitest";
import { addComment, setFollowing } from "~/services/comments.server";
import { deleteTask, purgeDeletedTasks, restoreTasks } from "~/services/task-deletion.server";
import {
  actorCtxOf,
  call,
  connectLive,
  db,
  expectError,
  newTask,
  postForm,
  signUp,
  updateTask,
  workspaceIdOf,
  type Account,
  type TaskJson,
} from "./helpers";
import { team } from "./teams-helpers";

/**
 * Comments with @mentions and following (ADR 038): the API, permissions, bad input, mention and follower
 * notifications, status-change notices, the task page's plain form posts, the history and the live socket.
 */

const base = (taskId: string) => `/api/tasks/${taskId}/comments`;

function post(account: Account, taskId: string, json: unknown) {
  return call(base(taskId), { method: "POST", token: account.token, json });
}

async function comment(account: Account, taskId: string, body: string) {
  const res = await post(account, taskId, { body });
  const json = (await res.json()) as TaskJson;
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json;
}

const patch = (account: Account, taskId: string, commentId: string, json: unknown) =>
  call(`${base(taskId)}/${commentId}`, { method: "PATCH", token: account.token, json });

const remove = (account: Account, taskId: string, commentId: string) =>
  call(`${base(taskId)}/${commentId}`, { method: "DELETE", token: account.token });

async function list(account: Account, taskId: string, query = "") {
  const res = await call(`${base(taskId)}${query}`, { token: account.token });
  const json = (await res.json()) as { comments: TaskJson[]; hasOlder: boolean; following: boolean };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

async function notices(account: Account, kind?: string) {
  const res = await call("/api/notifications", { token: account.token });
  expect(res.status).toBe(200);
  const { notifications } = (await res.json()) as {
    notifications: Array<{ kind: string; text: string; taskId: string | null }>;
  };
  return kind ? notifications.filter((n) => n.kind === kind) : notifications;
}

const follow = (account: Account, taskId: string, on: boolean) =>
  call(`/api/tasks/${taskId}/follow`, { method: on ? "PUT" : "DELETE", token: account.token });

describe("comments through the API", () => {
  it("adds, lists, edits and deletes; the history says so", async () => {
    const maria = await signUp("Maria Lopez");
    const gig = await newTask(maria.token, { title: "Load in" });
    expect(await list(maria, gig.id)).toEqual({ comments: [], hasOlder: false, following: true });

    const first = await comment(maria, gig.id, "  Truck arrives at 7.\r\nSee https://example.com/plot.pdf  ");
    expect(first).toMatchObject({
      taskId: gig.id,
      author: { userId: maria.user.id, name: "Maria Lopez" },
      body: "Truck arrives at 7.\nSee https://example.com/plot.pdf",
      mentions: [],
      source: "api",
      editedAt: null,
      canEdit: true,
      canDelete: true,
    });
    const second = await comment(maria, gig.id, "<script>alert(1)</script> stays text");
    expect(second.body).toBe("<script>alert(1)</script> stays text");

    const listed = await list(maria, gig.id);
    expect(listed.comments.map((c) => c.id)).toEqual([first.id, second.id]);

    const edited = await patch(maria, gig.id, first.id, { body: "Truck arrives at 8." });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ body: "Truck arrives at 8.", editedAt: expect.any(String) });

    expect((await remove(maria, gig.id, second.id)).status).toBe(204);
    expect((await list(maria, gig.id)).comments.map((c) => c.body)).toEqual(["Truck arrives at 8."]);
    await expectError(await remove(maria, gig.id, second.id), 404);

    const res = await call(`/api/tasks/${gig.id}/history`, { token: maria.token });
    const { history } = (await res.json()) as { history: Array<{ kind: string; summary: string | null }> };
    expect(history.filter((h) => h.kind === "comment").map((h) => h.summary)).toEqual([
      "Deleted a comment",
      "Edited a comment to “Truck arrives at 8.”",
      "Commented “<script>alert(1)</script> stays text”",
      "Commented “Truck arrives at 7. See https://example.com/plot.pdf”",
    ]);
  });

  it("pages back with `before`, newest `limit` at a time", async () => {
    const maria = await signUp("Maria Lopez");
    const gig = await newTask(maria.token, { title: "Sound check" });
    const written: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const at = new Date(Date.now() - (10 - i) * 60_000);
      const res = await call(base(gig.id), {
        method: "POST",
        token: maria.token,
        json: { body: `Note ${i}` },
        now: at,
      });
      const json = (await res.json()) as TaskJson;
      expect(res.status, JSON.stringify(json)).toBe(201);
      written.push(json.id);
    }
    const newest = await list(maria, gig.id, "?limit=2");
    expect(newest.comments.map((c) => c.body)).toEqual(["Note 4", "Note 5"]);
    expect(newest.hasOlder).toBe(true);
    const older = await list(maria, gig.id, `?limit=2&before=${newest.comments[0].id}`);
    expect(older.comments.map((c) => c.body)).toEqual(["Note 2", "Note 3"]);
    const oldest = await list(maria, gig.id, `?limit=2&before=${older.comments[0].id}`);
    expect(oldest).toMatchObject({ hasOlder: false });
    expect(oldest.comments.map((c) => c.body)).toEqual(["Note 1"]);
    await expectError(await call(`${base(gig.id)}?limit=500`, { token: maria.token }), 400);
    await expectError(await call(`${base(gig.id)}?before=nope`, { token: maria.token }), 404);
  });

  it("refuses bad input with the usual JSON errors", async () => {
    const maria = await signUp("Maria Lopez");
    const gig = await newTask(maria.token, { title: "Rigging" });
    const empty = await expectError(await post(maria, gig.id, { body: "   " }), 400);
    expect(empty.fieldErrors).toEqual({ body: ["Write a comment first"] });
    const missing = await expectError(await post(maria, gig.id, {}), 400);
    expect(missing.fieldErrors).toEqual({ body: ["Write a comment first"] });
    const long = await expectError(await post(maria, gig.id, { body: "x".repeat(10_001) }), 400);
    expect(long.fieldErrors).toEqual({ body: ["A comment can be at most 10,000 characters"] });
    const wrongType = await expectError(await post(maria, gig.id, { body: ["a"] }), 400);
    expect(wrongType.fieldErrors).toEqual({ body: ["Comment must be text"] });
    const malformed = await call(base(gig.id), {
      method: "POST",
      token: maria.token,
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect((await expectError(malformed, 400)).error).toBe("Malformed JSON body");
    await expectError(await post(maria, "no-such-task", { body: "Hello" }), 404);
    const first = await comment(maria, gig.id, "Fine");
    const blankEdit = await expectError(await patch(maria, gig.id, first.id, { body: "" }), 400);
    expect(blankEdit.fieldErrors).toEqual({ body: ["Write a comment first"] });
    await expectError(await call(base(gig.id), { method: "PUT", token: maria.token, json: {} }), 405);
  });

  it("authors edit their own; authors and owners delete; other workspaces see nothing", async () => {
    const { owner, members } = await team(["Sam Okafor", "Ana Ruiz"]);
    const [sam, ana] = members;
    const gig = await newTask(owner.token, { title: "Stage plot" });
    const bySam = await comment(sam, gig.id, "Sam's note");
    const byOwner = await comment(owner, gig.id, "Owner's note");

    const seenByAna = await list(ana, gig.id);
    expect(seenByAna.comments.map((c) => [c.canEdit, c.canDelete])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect((await list(owner, gig.id)).comments.map((c) => [c.canEdit, c.canDelete])).toEqual([
      [false, true],
      [true, true],
    ]);

    expect((await expectError(await patch(ana, gig.id, bySam.id, { body: "hijack" }), 403)).error).toBe(
      "Only its author can edit a comment",
    );
    await expectError(await patch(owner, gig.id, bySam.id, { body: "hijack" }), 403);
    await expectError(await remove(ana, gig.id, bySam.id), 403);
    await expectError(await remove(sam, gig.id, byOwner.id), 403);
    expect((await patch(sam, gig.id, bySam.id, { body: "Sam's note, edited" })).status).toBe(200);
    expect((await remove(owner, gig.id, bySam.id)).status).toBe(204);

    const stranger = await signUp("Lee Chen");
    await expectError(await call(base(gig.id), { token: stranger.token }), 404);
    await expectError(await post(stranger, gig.id, { body: "hi" }), 404);
    await expectError(await patch(stranger, gig.id, byOwner.id, { body: "hi" }), 404);
    await expectError(await remove(stranger, gig.id, byOwner.id), 404);
    const theirs = await newTask(stranger.token, { title: "Their task" });
    // Another task's comment id under this task is not found either.
    await expectError(await remove(owner, gig.id, (await comment(stranger, theirs.id, "mine")).id), 404);
    await expectError(await follow(stranger, gig.id, true), 404);
  });
});

describe("mentions", () => {
  it("notifies a mentioned member once, keeps a non-member's mention as text, never notifies the author", async () => {
    const { owner, members } = await team(["Sam Okafor", "Ana Ruiz"]);
    const [sam, ana] = members;
    const gig = await newTask(owner.token, { title: "Book the shuttle buses" });
    const said = await comment(
      owner,
      gig.id,
      "@Sam Okafor can you check? @sam okafor again, and @Lee Chen and @Maria Lopez",
    );
    // Maria mentions herself too: kept as a mention, but nobody hears of their own comment.
    expect(said.mentions).toEqual([
      { userId: sam.user.id, name: "Sam Okafor" },
      { userId: owner.user.id, name: "Maria Lopez" },
    ]);

    expect(await notices(sam, "mentioned")).toEqual([
      expect.objectContaining({
        taskId: gig.id,
        text: expect.stringMatching(
          /^Maria Lopez mentioned you on “Book the shuttle buses”: @Sam Okafor can you check/,
        ),
      }),
    ]);
    // Sam was told by the mention; the comment notice goes to other followers only (Ana follows nothing yet).
    expect(await notices(sam, "comment")).toEqual([]);
    expect(await notices(ana)).toEqual([]);
    expect(await notices(owner, "mentioned")).toEqual([]);

    // Editing to add Ana notifies only Ana; Sam is not told again.
    const edited = await patch(owner, gig.id, said.id, { body: "@Sam Okafor and @Ana Ruiz, please" });
    expect(edited.status).toBe(200);
    expect(await notices(ana, "mentioned")).toHaveLength(1);
    expect(await notices(sam, "mentioned")).toHaveLength(1);
    // Removing and adding Sam back tells nobody again.
    await patch(owner, gig.id, said.id, { body: "@Ana Ruiz only" });
    await patch(owner, gig.id, said.id, { body: "@Ana Ruiz and @Sam Okafor" });
    expect(await notices(sam, "mentioned")).toHaveLength(1);
    expect(await notices(ana, "mentioned")).toHaveLength(1);
  });
});

describe("following", () => {
  it("creator, owner, commenters and the mentioned follow; others hear nothing; Unfollow sticks", async () => {
    const { owner, members } = await team(["Sam Okafor", "Ana Ruiz", "Lee Chen"]);
    const [sam, ana, lee] = members;
    const gig = await newTask(owner.token, { title: "Hang the banners", assigneeId: sam.user.id });
    expect((await list(sam, gig.id)).following).toBe(true);
    expect((await list(ana, gig.id)).following).toBe(false);

    await comment(ana, gig.id, "I have the ladder. @Lee Chen bring zip ties");
    // The creator and the owner hear of Ana's comment; Lee was mentioned instead; Ana hears nothing of her own.
    expect(await notices(owner, "comment")).toEqual([
      expect.objectContaining({
        taskId: gig.id,
        text: expect.stringMatching(/^Ana Ruiz commented on “Hang the banners”: I have/),
      }),
    ]);
    expect(await notices(sam, "comment")).toHaveLength(1);
    expect(await notices(lee, "comment")).toEqual([]);
    expect(await notices(lee, "mentioned")).toHaveLength(1);
    expect(await notices(ana)).toEqual([]);
    expect((await list(ana, gig.id)).following).toBe(true);
    expect((await list(lee, gig.id)).following).toBe(true);

    // Sam unfollows; commenting later does not follow him again.
    expect(await (await follow(sam, gig.id, false)).json()).toEqual({ following: false });
    await comment(sam, gig.id, "Done my part");
    expect((await list(sam, gig.id)).following).toBe(false);
    await comment(owner, gig.id, "Thanks all");
    expect(await notices(sam, "comment")).toHaveLength(1);
    expect(await notices(ana, "comment")).toHaveLength(2);
    expect(await notices(lee, "comment")).toHaveLength(2);

    // A status change tells the followers but not the one who made it.
    const moved = await updateTask(owner.token, gig.id, { status: "in_progress" });
    expect(moved.res.status).toBe(200);
    expect(await notices(ana, "status")).toEqual([
      expect.objectContaining({ taskId: gig.id, text: "Maria Lopez moved “Hang the banners” to In progress" }),
    ]);
    expect(await notices(lee, "status")).toHaveLength(1);
    expect(await notices(sam, "status")).toEqual([]);
    expect(await notices(owner, "status")).toEqual([]);
    // A change that keeps the status tells nobody.
    await updateTask(owner.token, gig.id, { status: "in_progress", title: "Hang the banners high" });
    expect(await notices(ana, "status")).toHaveLength(1);

    // Following again works, and then status changes reach Sam.
    expect((await follow(sam, gig.id, true)).status).toBe(200);
    await updateTask(ana.token, gig.id, { status: "completed" });
    expect(await notices(sam, "status")).toHaveLength(1);
    expect(await notices(ana, "status")).toHaveLength(1);
    expect(await notices(owner, "status")).toHaveLength(1);
  });
});

describe("the task page without JavaScript", () => {
  it("posts a comment, refuses an empty one with its message, follows and unfollows", async () => {
    const maria = await signUp("Maria Lopez");
    const gig = await newTask(maria.token, { title: "Catering" });
    const page = `/tasks/${gig.id}`;
    const posted = await postForm(maria.token, page, { intent: "comment-add", body: "Lunch for 40 at 13:00" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`${page}#comments`);
    const html = await (await call(page, { token: maria.token })).text();
    expect(html).toContain("Lunch for 40 at 13:00");
    expect(html).toContain("Unfollow");

    const refused = await postForm(maria.token, page, { intent: "comment-add", body: "  " });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Write a comment first");

    const [only] = (await list(maria, gig.id)).comments;
    const edited = await postForm(maria.token, page, {
      intent: "comment-edit",
      commentId: only.id,
      body: "Lunch for 45",
    });
    expect(edited.status).toBe(303);
    expect((await list(maria, gig.id)).comments[0].body).toBe("Lunch for 45");

    const unfollowed = await postForm(maria.token, page, { intent: "follow", follow: "false" });
    expect(unfollowed.status).toBe(303);
    expect((await list(maria, gig.id)).following).toBe(false);

    const deleted = await postForm(maria.token, page, { intent: "comment-delete", commentId: only.id });
    expect(deleted.status).toBe(303);
    expect((await list(maria, gig.id)).comments).toEqual([]);

    const crossSite = await call(page, {
      method: "POST",
      token: maria.token,
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-mode": "navigate",
      },
      body: new URLSearchParams({ intent: "comment-add", body: "spam" }).toString(),
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("live", () => {
  it("tells a mentioned member's open pages their unread count", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const [sam] = members;
    const gig = await newTask(owner.token, { title: "Lanyards" });
    const socket = await connectLive(sam, workspaceId);
    await socket.receivedCount(1);
    await comment(owner, gig.id, "@Sam Okafor the lanyards are in");
    await socket.receivedCount(3);
    expect(socket.received.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "comments", taskId: gig.id }),
        { type: "notifications", unread: 1 },
      ]),
    );
  });

  it("tells open pages that a task's comments changed", async () => {
    const maria = await signUp("Maria Lopez");
    const gig = await newTask(maria.token, { title: "Backline" });
    const socket = await connectLive(maria, await workspaceIdOf(maria.user.id));
    await socket.receivedCount(1);
    const added = await comment(maria, gig.id, "Amp rental confirmed");
    await socket.receivedCount(2);
    expect(socket.received[1]).toMatchObject({ type: "comments", taskId: gig.id });
    await remove(maria, gig.id, added.id);
    await socket.receivedCount(3);
    expect(socket.received[2]).toMatchObject({ type: "comments", taskId: gig.id });
  });
});

describe("a bulk status change", () => {
  it("tells each follower once, naming the tasks, and nobody of their own change", async () => {
    const { owner, members } = await team(["Sam Okafor", "Ana Ruiz"]);
    const [sam, ana] = members;
    const tasks = [];
    for (const title of ["Order radios", "Order barriers", "Order toilets", "Order fencing"])
      tasks.push(await newTask(owner.token, { title, assigneeId: sam.user.id }));
    await comment(ana, tasks[0].id, "I can help with radios");
    const res = await call("/api/tasks/bulk", {
      method: "POST",
      token: owner.token,
      json: { action: "status", ids: tasks.map((t) => t.id), status: "completed" },
    });
    expect(res.status).toBe(200);
    expect(await notices(sam, "status")).toEqual([
      expect.objectContaining({
        taskId: null,
        text: "Maria Lopez moved 4 tasks you follow to Completed: “Order radios”, “Order barriers” and 2 more",
      }),
    ]);
    expect(await notices(ana, "status")).toEqual([
      expect.objectContaining({ taskId: tasks[0].id, text: "Maria Lopez moved “Order radios” to Completed" }),
    ]);
    expect(await notices(owner, "status")).toEqual([]);
  });
});

describe("a deleted task", () => {
  it("keeps its comments for Undo; the purge forgets them with it", async () => {
    const maria = await signUp("Maria Lopez");
    const t0 = new Date("2027-01-01T10:00:00.000Z");
    const ctx = await actorCtxOf(maria, { now: t0 });
    const gig = await newTask(maria.token, { title: "Wristbands" });
    await addComment(ctx, gig.id, { body: "Ordered 500" });
    await setFollowing(ctx, gig.id, true);

    await deleteTask(ctx, gig.id);
    await expectError(await call(base(gig.id), { token: maria.token }), 404);
    await restoreTasks(ctx, [gig.id]);
    expect((await list(maria, gig.id)).comments.map((c) => c.body)).toEqual(["Ordered 500"]);

    await deleteTask(ctx, gig.id);
    expect(await purgeDeletedTasks({ ...ctx, now: new Date("2027-02-15T10:00:00.000Z") })).toBeGreaterThanOrEqual(1);
    const left = await db()
      .prepare(
        "SELECT (SELECT count(*) FROM task_comments WHERE task_id = ?1) AS comments, (SELECT count(*) FROM task_followers WHERE task_id = ?1) AS followers",
      )
      .bind(gig.id)
      .first<{ comments: number; followers: number }>();
    expect(left).toEqual({ comments: 0, followers: 0 });
  });
});

import { describe, expect, it } from "vitest";
import {
  call,
  connectLive,
  db,
  expectError,
  listTasks,
  newTask,
  postForm,
  signUp,
  updateTask,
  workspaceIdOf,
  type Account,
  type TaskJson,
} from "./helpers";

/**
 * A task's checklist (ADR 035) through the API, the task page's plain form posts, the list's counts, the history,
 * delete and undo, the ETags and the live socket.
 */

const base = (taskId: string) => `/api/tasks/${taskId}/checklist`;

async function addItem(account: Account, taskId: string, json: unknown) {
  const res = await call(base(taskId), { method: "POST", token: account.token, json });
  return { res, body: (await res.json()) as TaskJson };
}

async function added(account: Account, taskId: string, text: string) {
  const { res, body } = await addItem(account, taskId, { text });
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.item as TaskJson;
}

const patchItem = (account: Account, taskId: string, itemId: string, json: unknown) =>
  call(`${base(taskId)}/${itemId}`, { method: "PATCH", token: account.token, json });

async function task(account: Account, taskId: string) {
  const res = await call(`/api/tasks/${taskId}`, { token: account.token });
  expect(res.status).toBe(200);
  return (await res.json()) as TaskJson;
}

async function history(account: Account, taskId: string) {
  const res = await call(`/api/tasks/${taskId}/history`, { token: account.token });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      history: Array<{ kind: string; summary: string | null; actorName: string; source: string }>;
    }
  ).history;
}

async function planVersion(account: Account) {
  const workspaceId = await workspaceIdOf(account.user.id);
  const row = await db().prepare("SELECT plan_version FROM workspaces WHERE id = ?").bind(workspaceId).first();
  return Number(row!.plan_version);
}

describe("a task's checklist through the API", () => {
  it("adds, ticks, renames, moves and removes items; the task carries them and the list their counts", async () => {
    const maria = await signUp("Maria Lopez");
    const gig = await newTask(maria.token, { title: "Load in" });
    expect(gig.checklist).toEqual({ done: 0, total: 0 });

    const { res, body } = await addItem(maria, gig.id, { text: "  Confirm stage plot  " });
    expect(res.status).toBe(201);
    expect(body.item).toMatchObject({ text: "Confirm stage plot", done: false, position: 1 });
    expect(body.checklist).toEqual({ done: 0, total: 1 });
    const plot = body.item;
    const power = await added(maria, gig.id, "Book the generator");
    const radios = (await addItem(maria, gig.id, { text: "Charge the radios", done: true })).body.item;
    expect(radios).toMatchObject({ done: true, position: 3 });

    const ticked = await patchItem(maria, gig.id, plot.id, { done: true });
    expect(ticked.status).toBe(200);
    expect(await ticked.json()).toMatchObject({ item: { id: plot.id, done: true }, checklist: { done: 2, total: 3 } });
    const renamed = await patchItem(maria, gig.id, power.id, { text: "Book the 60 kVA generator", position: 1 });
    expect(await renamed.json()).toMatchObject({ item: { text: "Book the 60 kVA generator", position: 1 } });

    const full = await task(maria, gig.id);
    expect(full.checklist.done).toBe(2);
    expect(full.checklist.total).toBe(3);
    expect(full.checklist.items.map((i: TaskJson) => [i.text, i.done, i.position])).toEqual([
      ["Book the 60 kVA generator", false, 1],
      ["Confirm stage plot", true, 2],
      ["Charge the radios", true, 3],
    ]);
    const alone = await call(base(gig.id), { token: maria.token });
    expect(await alone.json()).toEqual(full.checklist);

    // A list carries the counts, never the items: it stays light.
    const [listed] = await listTasks(maria.token);
    expect(listed.checklist).toEqual({ done: 2, total: 3 });
    const [paged] = await listTasks(maria.token, "?limit=10");
    expect(paged.checklist).toEqual({ done: 2, total: 3 });

    const removed = await call(`${base(gig.id)}/${radios.id}`, { method: "DELETE", token: maria.token });
    expect(removed.status).toBe(204);
    expect((await task(maria, gig.id)).checklist).toMatchObject({ done: 1, total: 2 });
    // The others keep their order.
    expect((await task(maria, gig.id)).checklist.items.map((i: TaskJson) => i.text)).toEqual([
      "Book the 60 kVA generator",
      "Confirm stage plot",
    ]);
  });

  it("records each change in the task's history, in words, with who and from where", async () => {
    const maria = await signUp("Maria Lopez");
    const gig = await newTask(maria.token, { title: "Load in" });
    const plot = await added(maria, gig.id, "Confirm stage plot");
    await patchItem(maria, gig.id, plot.id, { done: true });
    await patchItem(maria, gig.id, plot.id, { done: true }); // no change, no entry
    await patchItem(maria, gig.id, plot.id, { done: false });
    await patchItem(maria, gig.id, plot.id, { text: "Send the stage plot" });
    await call(`${base(gig.id)}/${plot.id}`, { method: "DELETE", token: maria.token });

    const entries = (await history(maria, gig.id)).filter((e) => e.kind === "checklist");
    expect(entries.map((e) => e.summary)).toEqual([
      "Removed “Send the stage plot”",
      "Renamed “Confirm stage plot” to “Send the stage plot”",
      "Unticked “Confirm stage plot”",
      "Ticked “Confirm stage plot”",
      "Added “Confirm stage plot”",
    ]);
    expect(entries.every((e) => e.actorName === "Maria Lopez" && e.source === "api")).toBe(true);
  });

  it("refuses bad input with the field's message, and says the bound of 50 items", async () => {
    const maria = await signUp();
    const gig = await newTask(maria.token, { title: "Load in" });
    const empty = await expectError(await addItem(maria, gig.id, { text: "   " }), 400);
    expect(empty.fieldErrors).toEqual({ text: ["Item text is required"] });
    const long = await expectError(await addItem(maria, gig.id, { text: "x".repeat(201) }), 400);
    expect(long.fieldErrors).toEqual({ text: ["Item text must be at most 200 characters"] });
    const typed = await expectError(await addItem(maria, gig.id, { text: ["a"] }), 400);
    expect(typed.fieldErrors?.text).toEqual(["Item text must be text"]);
    const malformed = await call(base(gig.id), {
      method: "POST",
      token: maria.token,
      headers: { "content-type": "application/json" },
      body: "{ text:",
    });
    expect((await expectError(malformed, 400)).error).toBe("Malformed JSON body");

    const item = await added(maria, gig.id, "Confirm stage plot");
    const nothing = await expectError(await patchItem(maria, gig.id, item.id, {}), 400);
    expect(nothing.error).toBe("Nothing to change: send text, done or position");
    const notBoolean = await expectError(await patchItem(maria, gig.id, item.id, { done: "yes" }), 400);
    expect(notBoolean.fieldErrors).toEqual({ done: ["done must be true or false"] });
    const badPlace = await expectError(await patchItem(maria, gig.id, item.id, { position: 0 }), 400);
    expect(badPlace.fieldErrors).toEqual({ position: ["position starts at 1"] });

    // Up to 50 items; the 51st is refused with the bound named, and nothing is written.
    for (let i = 2; i <= 50; i++) await added(maria, gig.id, `Item ${i}`);
    const over = await expectError(await addItem(maria, gig.id, { text: "One too many" }), 400);
    expect(over.error).toMatch(/at most 50 items/);
    expect(over.fieldErrors?.text?.[0]).toMatch(/at most 50 items/);
    expect((await task(maria, gig.id)).checklist.total).toBe(50);
  });

  it("answers unknown ids and other workspaces' tasks and items with 404, and changes nothing there", async () => {
    const maria = await signUp("Maria Lopez");
    const sam = await signUp("Sam Okafor");
    const mine = await newTask(maria.token, { title: "Load in" });
    const other = await newTask(maria.token, { title: "Load out" });
    const item = await added(maria, mine.id, "Confirm stage plot");

    expect((await expectError(await addItem(sam, mine.id, { text: "Sneaky" }), 404)).error).toBe("Task not found");
    await expectError(await call(base(mine.id), { token: sam.token }), 404);
    await expectError(await patchItem(sam, mine.id, item.id, { done: true }), 404);
    await expectError(await call(`${base(mine.id)}/${item.id}`, { method: "DELETE", token: sam.token }), 404);
    await expectError(await addItem(maria, "no-such-task", { text: "Item" }), 404);
    const unknownItem = await expectError(await patchItem(maria, mine.id, "no-such-item", { done: true }), 404);
    expect(unknownItem.error).toBe("Checklist item not found");
    // An item is reached only through its own task.
    await expectError(await patchItem(maria, other.id, item.id, { done: true }), 404);
    await expectError(await call(`${base(other.id)}/${item.id}`, { method: "DELETE", token: maria.token }), 404);
    expect((await task(maria, mine.id)).checklist.items).toMatchObject([{ text: "Confirm stage plot", done: false }]);
    // Wrong methods are the API's JSON 405.
    await expectError(await call(base(mine.id), { method: "DELETE", token: maria.token }), 405);
  });

  it("keeps the checklist through a delete and its undo", async () => {
    const maria = await signUp();
    const gig = await newTask(maria.token, { title: "Load in" });
    const plot = await added(maria, gig.id, "Confirm stage plot");
    await added(maria, gig.id, "Book the generator");
    await patchItem(maria, gig.id, plot.id, { done: true });

    const deleted = await call(`/api/tasks/${gig.id}`, { method: "DELETE", token: maria.token });
    expect(deleted.status).toBe(204);
    await expectError(await call(base(gig.id), { token: maria.token }), 404);
    const at = deleted.headers.get("X-Undo-At");
    const undo = await call("/api/tasks/undo", { method: "POST", token: maria.token, json: { at } });
    expect(undo.status).toBe(200);

    const back = await task(maria, gig.id);
    expect(back.checklist).toMatchObject({ done: 1, total: 2 });
    expect(back.checklist.items.map((i: TaskJson) => [i.id, i.text, i.done])).toEqual([
      [plot.id, "Confirm stage plot", true],
      [expect.any(String), "Book the generator", false],
    ]);
    const [listed] = await listTasks(maria.token);
    expect(listed.checklist).toEqual({ done: 1, total: 2 });
  });

  it("gives a recurring task's next occurrence the same checklist, nothing ticked", async () => {
    const maria = await signUp();
    const weekly = await newTask(maria.token, {
      title: "Radio check",
      dueDate: "2030-05-03",
      recurrence: "FREQ=WEEKLY",
    });
    const first = await added(maria, weekly.id, "Charge the radios");
    await added(maria, weekly.id, "Test channel 2");
    await patchItem(maria, weekly.id, first.id, { done: true });
    expect((await updateTask(maria.token, weekly.id, { status: "completed" })).res.status).toBe(200);

    const next = (await listTasks(maria.token)).find((t) => t.id !== weekly.id)!;
    expect(next.checklist).toEqual({ done: 0, total: 2 });
    expect((await task(maria, next.id)).checklist.items.map((i: TaskJson) => [i.text, i.done])).toEqual([
      ["Charge the radios", false],
      ["Test channel 2", false],
    ]);
    expect((await task(maria, weekly.id)).checklist).toMatchObject({ done: 1, total: 2 });
  });

  it("moves the workspace's version on with a tick, so a cached list's ETag no longer matches", async () => {
    const maria = await signUp();
    const gig = await newTask(maria.token, { title: "Load in" });
    const plot = await added(maria, gig.id, "Confirm stage plot");
    const first = await call("/api/tasks", { token: maria.token });
    const etag = first.headers.get("ETag")!;
    expect(etag).toBeTruthy();
    expect((await call("/api/tasks", { token: maria.token, headers: { "If-None-Match": etag } })).status).toBe(304);

    const before = await planVersion(maria);
    await patchItem(maria, gig.id, plot.id, { done: true });
    expect(await planVersion(maria)).toBeGreaterThan(before);
    const fresh = await call("/api/tasks", { token: maria.token, headers: { "If-None-Match": etag } });
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as TaskJson[])[0].checklist).toEqual({ done: 1, total: 1 });

    // A rename changes no count: the version stays, and so do cached lists.
    const after = await planVersion(maria);
    await patchItem(maria, gig.id, plot.id, { text: "Send the stage plot" });
    expect(await planVersion(maria)).toBe(after);
  });

  it("tells open pages, with the task's new counts", async () => {
    const maria = await signUp();
    const gig = await newTask(maria.token, { title: "Load in" });
    const live = await connectLive(maria);
    await live.nextOf("hello");
    const item = await added(maria, gig.id, "Confirm stage plot");
    const addedMessage = await live.nextOf("task");
    expect(addedMessage).toMatchObject({
      change: "updated",
      taskId: gig.id,
      task: { checklist: { done: 0, total: 1 } },
    });
    const count = live.received.length;
    await patchItem(maria, gig.id, item.id, { done: true });
    expect(await live.nextOf("task", count)).toMatchObject({ task: { checklist: { done: 1, total: 1 } } });
  });
});

describe("the checklist on the task page without JavaScript", () => {
  const post = (account: Account, taskId: string, fields: Record<string, string>) =>
    postForm(account.token, `/tasks/${taskId}`, fields);

  it("adds, ticks, renames and removes through plain form posts, back at the checklist", async () => {
    const maria = await signUp("Maria Lopez");
    const gig = await newTask(maria.token, { title: "Load in" });

    const add = await post(maria, gig.id, { intent: "checklist-add", text: "Confirm stage plot" });
    expect(add.status).toBe(303);
    expect(add.headers.get("location")).toBe(`/tasks/${gig.id}#checklist`);
    const [item] = (await task(maria, gig.id)).checklist.items;
    expect(item).toMatchObject({ text: "Confirm stage plot", done: false });

    const html = (await (await call(`/tasks/${gig.id}`, { token: maria.token })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain('role="checkbox" aria-checked="false"');
    expect(html).toContain("Confirm stage plot");

    expect((await post(maria, gig.id, { intent: "checklist-toggle", itemId: item.id, done: "true" })).status).toBe(303);
    expect((await task(maria, gig.id)).checklist.items[0].done).toBe(true);

    // "Edit" is a link to the page with the item's rename form.
    const editing = await (await call(`/tasks/${gig.id}?item=${item.id}`, { token: maria.token })).text();
    expect(editing).toContain("Rename item");
    const rename = await post(maria, gig.id, {
      intent: "checklist-rename",
      itemId: item.id,
      text: "Send the stage plot",
    });
    expect(rename.status).toBe(303);
    expect((await task(maria, gig.id)).checklist.items[0].text).toBe("Send the stage plot");

    const historyHtml = (await (await call(`/tasks/${gig.id}`, { token: maria.token })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(historyHtml).toContain("Maria Lopez</span> ticked “Confirm stage plot”");

    const remove = await post(maria, gig.id, { intent: "checklist-remove", itemId: item.id });
    expect(remove.status).toBe(303);
    expect((await task(maria, gig.id)).checklist.total).toBe(0);
  });

  it("shows a refused item again under the field, with what was typed", async () => {
    const maria = await signUp();
    const gig = await newTask(maria.token, { title: "Load in" });
    const long = "x".repeat(201);
    const res = await post(maria, gig.id, { intent: "checklist-add", text: long });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Item text must be at most 200 characters");
    expect(html).toContain(`value="${long}"`);
    expect((await task(maria, gig.id)).checklist.total).toBe(0);
  });

  it("shows the count on the list's cards and rows, with words for screen readers", async () => {
    const maria = await signUp();
    const gig = await newTask(maria.token, { title: "Load in" });
    await newTask(maria.token, { title: "No checklist here" });
    const plot = await added(maria, gig.id, "Confirm stage plot");
    await added(maria, gig.id, "Book the generator");
    await patchItem(maria, gig.id, plot.id, { done: true });
    const html = (await (await call("/tasks", { token: maria.token })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("1/2");
    expect(html.match(/1 of 2 checklist items done/g)?.length).toBeGreaterThan(0);
    expect(html).not.toContain("0/0");
  });
});

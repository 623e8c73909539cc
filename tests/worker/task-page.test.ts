import { describe, expect, it } from "vitest";
import { call, expectError, newTask, postForm, signUp, type Account, type TaskJson } from "./helpers";

/**
 * The task page (`/tasks/{id}`) as a browser without JavaScript uses it: its loader, and form posts that
 * redirect back with a flash (the JavaScript path posts the same fields through fetchers).
 */

const post = (account: Account, path: string, fields: Record<string, string>) => postForm(account.token, path, fields);

function flashOf(res: Response) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("cb_flash="));
  return cookie ? JSON.parse(decodeURIComponent(cookie.split(";")[0].slice("cb_flash=".length))) : null;
}

async function detail(account: Account, id: string) {
  const res = await call(`/api/tasks/${id}/history`, { token: account.token });
  return (await res.json()) as {
    task: TaskJson;
    dependsOn: TaskJson[];
    dependants: TaskJson[];
    history: Array<{ kind: string; source: string; lines: Array<{ label: string; from: string; to: string }> }>;
  };
}

/** The page's HTML, without the comments React puts between adjacent texts. */
const page = async (account: Account, path: string) => {
  const res = await call(path, { token: account.token });
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
};

/** Every editor field, as the form sends them. */
const editorFields = {
  intent: "save",
  title: "Book shuttle buses",
  description: "Two coaches, day 1",
  status: "in_progress",
  priority: "high",
  category: "",
  newCategory: "Transport",
  dueDate: "2030-05-17",
  dueTime: "09:30",
  assigneeId: "outside",
  assigneeName: "Harbour Coaches",
  assigneeContact: "Dana, 07700 900123",
  estimatedHours: "3.5",
};

describe("the task page", () => {
  it("shows the task over the list, with its form, dependencies and history, and a way back keeping the list's query", async () => {
    const maria = await signUp("Maria Lopez");
    const plot = await newTask(maria.token, { title: "Stage plot" });
    const task = await newTask(maria.token, { title: "Build the stage", dependsOn: [plot.id] });
    const { status, html } = await page(maria, `/tasks/${task.id}?priority=medium`);
    expect(status).toBe(200);
    expect(html).toContain("<title>Build the stage · Cueboard</title>");
    expect(html).toContain('href="/tasks?priority=medium"');
    expect(html).toContain("Back to tasks");
    expect(html).toContain("Waits for");
    expect(html).toContain("Needed by");
    expect(html).toContain("Stage plot");
    expect(html).toContain("Blank = no estimate; the plan assumes 1 day.");
    expect(html).toMatch(/Maria Lopez<\/span> created this task/);
  });

  it("answers another workspace's task, or an unknown id, with a 404 page", async () => {
    const maria = await signUp("Maria Lopez");
    const sam = await signUp("Sam Patel");
    const task = await newTask(maria.token, { title: "Private" });
    for (const path of [`/tasks/${task.id}`, "/tasks/nope"]) {
      const { status, html } = await page(sam, path);
      expect(status).toBe(404);
      expect(html).toContain("Task not found");
      expect(html).not.toContain("Private");
    }
    const res = await post(sam, `/tasks/${task.id}`, { ...editorFields, title: "Taken over" });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Task not found");
    expect((await detail(maria, task.id)).task.title).toBe("Private");
  });

  it("saves every field from a form post, and the history says what changed, from the web", async () => {
    const maria = await signUp("Maria Lopez");
    const task = await newTask(maria.token, { title: "Book buses", dueDate: "2030-05-14", priority: "medium" });
    const res = await post(maria, `/tasks/${task.id}?q=bus`, editorFields);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/tasks/${task.id}?q=bus`);
    expect(flashOf(res)).toMatchObject({ title: "Task Saved" });

    const { task: saved, history } = await detail(maria, task.id);
    expect(saved).toMatchObject({
      title: "Book shuttle buses",
      description: "Two coaches, day 1",
      status: "in_progress",
      priority: "high",
      category: "Transport",
      dueDate: "2030-05-17T09:30",
      assigneeId: null,
      assigneeName: "Harbour Coaches",
      assigneeContact: "Dana, 07700 900123",
      estimatedHours: 3.5,
    });
    expect(history[0]).toMatchObject({ kind: "updated", source: "web" });
    expect(history[0].lines.map((l) => l.label)).toEqual([
      "Title",
      "Description",
      "Status",
      "Priority",
      "Category",
      "Due date",
      "Assignee",
      "Contact note",
      "Estimate",
    ]);

    // A member instead, no date, no estimate: the outside person's fields (always sent without JavaScript) are left.
    const back = await post(maria, `/tasks/${task.id}`, {
      ...editorFields,
      assigneeId: maria.user.id,
      dueDate: "",
      dueTime: "",
      estimatedHours: "",
      newCategory: "",
      category: "logistics",
    });
    expect(back.status).toBe(303);
    expect((await detail(maria, task.id)).task).toMatchObject({
      assigneeId: maria.user.id,
      assigneeName: "Maria Lopez",
      assigneeContact: null,
      dueDate: null,
      estimatedHours: null,
      category: "logistics",
    });
  });

  it("shows a refused form again with its errors and values", async () => {
    const maria = await signUp("Maria Lopez");
    const task = await newTask(maria.token, { title: "Book buses" });
    const untitled = await post(maria, `/tasks/${task.id}`, { ...editorFields, title: "" });
    expect(untitled.status).toBe(400);
    expect(await untitled.text()).toContain("Title is required");
    const timeOnly = await post(maria, `/tasks/${task.id}`, { ...editorFields, dueDate: "", dueTime: "10:00" });
    expect(timeOnly.status).toBe(400);
    const html = await timeOnly.text();
    expect(html).toContain("Choose a date for this time");
    expect(html).toContain('value="Harbour Coaches"');
    expect((await detail(maria, task.id)).task.title).toBe("Book buses");
  });

  it("links tasks both ways, finds candidates by search without the task itself, and unlinks them", async () => {
    const maria = await signUp("Maria Lopez");
    const stage = await newTask(maria.token, { title: "Stage build" });
    const plot = await newTask(maria.token, { title: "Stage plot" });
    const check = await newTask(maria.token, { title: "Stage line check" });

    const search = await page(maria, `/tasks/${stage.id}?waitsFor=stage`);
    expect(search.html).toContain("Stage plot");
    expect(search.html).toContain("Stage line check");
    expect(search.html).not.toMatch(/<p[^>]*>Stage build<\/p>/);
    const api = await call(`/api/tasks/${stage.id}/link-choices?direction=waitsFor&q=stage`, { token: maria.token });
    expect(((await api.json()) as { tasks: TaskJson[] }).tasks.map((t) => t.title)).toEqual([
      "Stage plot",
      "Stage line check",
    ]);

    const link = await post(maria, `/tasks/${stage.id}?waitsFor=stage`, {
      intent: "link",
      direction: "waitsFor",
      otherId: plot.id,
    });
    expect(link.headers.get("location")).toBe(`/tasks/${stage.id}`);
    expect(flashOf(link)).toMatchObject({
      title: "Dependency Added",
      description: "“Stage build” waits for “Stage plot”.",
    });
    await post(maria, `/tasks/${stage.id}`, { intent: "link", direction: "neededBy", otherId: check.id });
    let linked = await detail(maria, stage.id);
    expect(linked.dependsOn.map((t) => t.title)).toEqual(["Stage plot"]);
    expect(linked.dependants.map((t) => t.title)).toEqual(["Stage line check"]);
    // The other task's own history records the "needed by" link: it now depends on this one.
    expect((await detail(maria, check.id)).history[0].lines).toEqual([
      { field: "dependsOn", label: "Depends on", from: "none", to: "Stage build" },
    ]);
    // Already linked that way: no longer offered.
    const again = await call(`/api/tasks/${stage.id}/link-choices?direction=waitsFor&q=stage`, { token: maria.token });
    expect(((await again.json()) as { tasks: TaskJson[] }).tasks.map((t) => t.title)).toEqual(["Stage line check"]);

    // A cycle is refused by the task service's rule.
    const cycle = await post(maria, `/tasks/${stage.id}`, { intent: "link", direction: "waitsFor", otherId: check.id });
    expect(flashOf(cycle)).toMatchObject({ variant: "destructive", description: expect.stringContaining("cycle") });

    await post(maria, `/tasks/${stage.id}`, { intent: "unlink", direction: "waitsFor", otherId: plot.id });
    await post(maria, `/tasks/${stage.id}`, { intent: "unlink", direction: "neededBy", otherId: check.id });
    linked = await detail(maria, stage.id);
    expect([linked.dependsOn, linked.dependants]).toEqual([[], []]);
  });

  it("refuses linking another workspace's task", async () => {
    const maria = await signUp("Maria Lopez");
    const sam = await signUp("Sam Patel");
    const mine = await newTask(maria.token, { title: "Mine" });
    const theirs = await newTask(sam.token, { title: "Theirs" });
    const res = await post(maria, `/tasks/${mine.id}`, { intent: "link", direction: "neededBy", otherId: theirs.id });
    expect(flashOf(res)).toMatchObject({ variant: "destructive" });
    expect((await detail(sam, theirs.id)).task.dependsOn).toEqual([]);
  });

  it("offers to move the dated dependants after a slip, and moves them as one undoable change", async () => {
    const maria = await signUp("Maria Lopez");
    const build = await newTask(maria.token, { title: "Build", dueDate: "2030-05-10" });
    const check = await newTask(maria.token, { title: "Line check", dueDate: "2030-05-12", dependsOn: [build.id] });
    const show = await newTask(maria.token, { title: "Show", dueDate: "2030-05-14T19:00", dependsOn: [check.id] });

    const res = await post(maria, `/tasks/${build.id}`, {
      ...editorFields,
      title: "Build",
      dueDate: "2030-05-13",
      dueTime: "",
    });
    expect(res.headers.get("location")).toBe(`/tasks/${build.id}?slipped=3`);
    const offer = await page(maria, res.headers.get("location")!);
    expect(offer.html).toContain("2 tasks wait for this. Move them by 3 days too?");

    const move = await post(maria, `/tasks/${build.id}?slipped=3`, { intent: "move-dependants", days: "3" });
    expect(move.headers.get("location")).toBe(`/tasks/${build.id}`);
    const toast = flashOf(move);
    expect(toast).toMatchObject({ title: "Dates Moved", description: "2 tasks moved 3 days later." });
    expect((await detail(maria, check.id)).task.dueDate).toBe("2030-05-15");
    expect((await detail(maria, show.id)).task.dueDate).toBe("2030-05-17T19:00");

    const undo = await post(maria, "/tasks?index", { intent: "undo", at: toast.undo.at });
    expect(flashOf(undo)).toMatchObject({ title: "Undone" });
    expect((await detail(maria, check.id)).task.dueDate).toBe("2030-05-12");
    expect((await detail(maria, show.id)).task.dueDate).toBe("2030-05-14T19:00");
  });

  it("deletes with a confirm step, back to the list with its query, and the Undo brings it back", async () => {
    const maria = await signUp("Maria Lopez");
    const plot = await newTask(maria.token, { title: "Stage plot" });
    const task = await newTask(maria.token, { title: "Print lanyards", dependsOn: [plot.id] });
    expect((await page(maria, `/tasks/${task.id}?q=print&confirm=delete`)).html).toContain("Delete “Print lanyards”?");

    const res = await post(maria, `/tasks/${task.id}?q=print`, { intent: "delete" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/tasks?q=print");
    const toast = flashOf(res);
    expect(toast).toMatchObject({ title: "Task Deleted", description: "“Print lanyards” was deleted." });
    expect((await page(maria, `/tasks/${task.id}`)).status).toBe(404);
    await expectError(await call(`/api/tasks/${task.id}`, { token: maria.token }), 404);

    const undo = await post(maria, "/tasks?index", { intent: "undo", at: toast.undo.at });
    expect(flashOf(undo)).toMatchObject({ title: "Undone" });
    const back = await detail(maria, task.id);
    expect(back.task.dependsOn).toEqual([plot.id]);
    expect(back.history.map((e) => e.kind)).toEqual(["restored", "deleted", "created"]);
  });
});

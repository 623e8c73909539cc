import { describe, expect, it } from "vitest";
import {
  call,
  db,
  expectError,
  listTasks,
  localDate,
  newTask,
  postForm,
  setWorkspace,
  shiftDate,
  signUp,
} from "./helpers";
import { team } from "./teams-helpers";

/** The task list at scale: sort and group (page and API), the remembered view, and the bulk bar's form post. */

/** A plain (no-JavaScript) form post to the tasks page, as a browser sends it. */
const postTasksForm = (token: string, fields: Array<[string, string]>, path = "/tasks") =>
  postForm(token, path, fields);

function flashOf(res: Response) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("cb_flash="));
  return cookie ? JSON.parse(decodeURIComponent(cookie.split(";")[0].slice("cb_flash=".length))) : null;
}

/** The order in which `titles` first appear in the page's HTML (the list renders before the loader's data). */
function orderIn(html: string, titles: string[]) {
  const missing = titles.filter((t) => !html.includes(`>${t}<`));
  expect(missing).toEqual([]);
  return [...titles].sort((a, b) => html.indexOf(`>${a}<`) - html.indexOf(`>${b}<`));
}

async function pageHtml(token: string, search: string) {
  const res = await call(`/tasks${search}`, { token });
  expect(res.status).toBe(200);
  return res.text();
}

const today = () => localDate(new Date(), "UTC");

/** Five tasks that sort differently by every key. */
async function seedBoard(token: string) {
  const t = today();
  await newTask(token, { title: "Book buses", priority: "low", dueDate: shiftDate(t, 10), assigneeName: "Zoe" });
  await newTask(token, {
    title: "Approve budget",
    priority: "critical",
    dueDate: shiftDate(t, -2),
    status: "in_progress",
  });
  await newTask(token, { title: "Confirm power", priority: "high", dueDate: shiftDate(t, 2), assigneeName: "amir" });
  await newTask(token, {
    title: "Design lanyards",
    priority: "medium",
    dueDate: shiftDate(t, 40),
    status: "completed",
  });
  await newTask(token, { title: "Email press", priority: "high", assigneeName: "Bea" });
}
const ALL = ["Book buses", "Approve budget", "Confirm power", "Design lanyards", "Email press"];

describe("sorting and grouping the list", () => {
  it("orders the page by each sort key, both ways, with missing values last", async () => {
    const { token } = await signUp();
    await setWorkspace(((await call("/api/auth/user", { token }).then((r) => r.json())) as { id: string }).id, {
      timezone: "UTC",
    });
    await seedBoard(token);

    expect(orderIn(await pageHtml(token, ""), ALL)).toEqual([
      "Approve budget",
      "Confirm power",
      "Book buses",
      "Design lanyards",
      "Email press",
    ]);
    expect(orderIn(await pageHtml(token, "?sort=priority"), ALL)).toEqual([
      "Approve budget",
      "Confirm power",
      "Email press",
      "Design lanyards",
      "Book buses",
    ]);
    expect(orderIn(await pageHtml(token, "?sort=-due"), ALL)).toEqual([
      "Design lanyards",
      "Book buses",
      "Confirm power",
      "Approve budget",
      "Email press",
    ]);
    expect(orderIn(await pageHtml(token, "?sort=title"), ALL)).toEqual([...ALL].sort());
    expect(orderIn(await pageHtml(token, "?sort=-title"), ALL)).toEqual([...ALL].sort().reverse());
    // Owners ignore case; tasks without one come last either way.
    expect(orderIn(await pageHtml(token, "?sort=owner"), ALL).slice(0, 3)).toEqual([
      "Confirm power",
      "Email press",
      "Book buses",
    ]);
    expect(orderIn(await pageHtml(token, "?sort=-owner"), ALL).slice(0, 3)).toEqual([
      "Book buses",
      "Email press",
      "Confirm power",
    ]);
    expect(orderIn(await pageHtml(token, "?sort=status"), ALL)[4]).toBe("Design lanyards");
    // An unknown sort is dropped on the page (the default order), refused by the API.
    expect(orderIn(await pageHtml(token, "?sort=colour"), ALL)[0]).toBe("Approve budget");
  });

  it("groups by days to the show, with each group's count, relative to today and the event", async () => {
    const account = await signUp();
    const t = today();
    await setWorkspace(account.user.id, { timezone: "UTC", eventDate: `${shiftDate(t, 30)}T18:00:00.000Z` });
    await seedBoard(account.token);
    await newTask(account.token, { title: "Strike the stage", dueDate: shiftDate(t, 31) });
    await newTask(account.token, { title: "Pay the crew", dueDate: shiftDate(t, 1), priority: "low" });

    const html = await pageHtml(account.token, "?group=days&sort=priority");
    expect(orderIn(html, [...ALL, "Strike the stage", "Pay the crew"])).toEqual([
      "Approve budget", // overdue
      "Confirm power", // this week, high before low
      "Pay the crew",
      "Book buses", // 2–4 weeks
      "Strike the stage", // after the show (day 31 > the event's day 30)
      "Design lanyards", // after the show too, but later by the default order
      "Email press", // no date
    ]);
    expect(html).toMatch(/Overdue\s*(<!-- -->)?\s*<span[^>]*>· <!-- -->1 task/);
    expect(html).toContain("This week · 30–24 days before the show");
    expect(html).toMatch(/This week · 30–24 days before the show\s*(<!-- -->)?\s*<span[^>]*>· <!-- -->2 tasks/);
    expect(html).toContain("After the show");
    expect(html).toContain("No date");
  });

  it("groups by owner and by category, and /api/tasks takes the same sort and group", async () => {
    const { token } = await signUp();
    await seedBoard(token);
    const byOwner = orderIn(await pageHtml(token, "?group=owner"), ALL);
    expect(byOwner.slice(0, 3)).toEqual(["Confirm power", "Email press", "Book buses"]);

    const api = await listTasks(token, "?sort=-priority");
    expect(api.map((task) => task.title)).toEqual([
      "Book buses",
      "Design lanyards",
      "Confirm power",
      "Email press",
      "Approve budget",
    ]);
    const paged = await listTasks(token, "?sort=title&limit=2&offset=1");
    expect(paged.map((task) => task.title)).toEqual(["Book buses", "Confirm power"]);
    const grouped = await listTasks(token, "?group=status&sort=title");
    expect(grouped.map((task) => task.status)).toEqual(["pending", "pending", "pending", "in_progress", "completed"]);
    const refused = await expectError(await call("/api/tasks?sort=colour", { token }), 400);
    expect(refused.fieldErrors?.sort?.[0]).toMatch(/sort must be one of/);
    await expectError(await call("/api/tasks?group=week", { token }), 400);
  });
});

describe("the remembered view", () => {
  it("is stored for the member in this workspace only, from a plain form post", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const [sam] = members;
    const res = await postTasksForm(sam.token, [
      ["intent", "view"],
      ["view", "table"],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/tasks");

    const views = await db()
      .prepare("SELECT workspace_id, user_id, task_view FROM memberships WHERE user_id IN (?, ?)")
      .bind(owner.user.id, sam.user.id)
      .all<{ workspace_id: string; user_id: string; task_view: string }>();
    const viewOf = (userId: string, ws: string) =>
      views.results.find((r) => r.user_id === userId && r.workspace_id === ws)?.task_view;
    expect(viewOf(sam.user.id, workspaceId)).toBe("table");
    expect(viewOf(owner.user.id, workspaceId)).toBe("cards");
    const samsOwn = views.results.find((r) => r.user_id === sam.user.id && r.workspace_id !== workspaceId);
    expect(samsOwn?.task_view).toBe("cards");

    await newTask(owner.token, { title: "Hang the banners" });
    expect(await pageHtml(sam.token, "")).toContain("<table");
    expect(await pageHtml(owner.token, "")).not.toContain("<table");

    await expect(
      postTasksForm(sam.token, [
        ["intent", "view"],
        ["view", "kanban"],
      ]).then((r) => r.status),
    ).resolves.toBe(303);
    expect(await pageHtml(sam.token, "")).toContain("<table");
  });
});

describe("the bulk bar's form", () => {
  it("moves the ticked tasks of the caller's workspace by N days, says so with an Undo, and leaves others' alone", async () => {
    const maria = await signUp("Maria Lopez");
    const other = await signUp("Olu Bello");
    const mine = [
      await newTask(maria.token, { title: "Stage plot", dueDate: "2030-05-10" }),
      await newTask(maria.token, { title: "Line check", dueDate: "2030-05-12T09:30" }),
      await newTask(maria.token, { title: "Undated" }),
    ];
    const theirs = await newTask(other.token, { title: "Their task", dueDate: "2030-05-10" });

    const res = await postTasksForm(maria.token, [
      ["intent", "bulk"],
      ["action", "move"],
      ["days", "3"],
      ["status", "pending"],
      ["assigneeId", ""],
      ["category", ""],
      ...[...mine, theirs].map((t): [string, string] => ["ids", t.id]),
    ]);
    expect(res.status).toBe(303);
    const flash = flashOf(res);
    expect(flash).toMatchObject({
      title: "Tasks Updated",
      description: "2 tasks moved by 3 days; 1 other left as they were.",
    });
    expect(flash.undo.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const after = await listTasks(maria.token);
    expect(after.map((t) => [t.title, t.dueDate])).toEqual([
      ["Stage plot", "2030-05-13"],
      ["Line check", "2030-05-15T09:30"],
      ["Undated", null],
    ]);
    expect((await listTasks(other.token))[0].dueDate).toBe("2030-05-10");

    const undo = await postTasksForm(maria.token, [
      ["intent", "undo"],
      ["at", flash.undo.at],
    ]);
    expect(undo.status).toBe(303);
    expect((await listTasks(maria.token)).map((t) => t.dueDate)).toEqual(["2030-05-10", "2030-05-12T09:30", null]);
  });

  it("refuses another workspace's tasks alone, and a single ticked task works too", async () => {
    const maria = await signUp("Maria Lopez");
    const other = await signUp("Olu Bello");
    const theirs = await newTask(other.token, { title: "Their task" });
    const refused = await postTasksForm(maria.token, [
      ["intent", "bulk"],
      ["action", "delete"],
      ["ids", theirs.id],
    ]);
    expect(refused.status).toBe(303);
    expect(flashOf(refused)).toMatchObject({ variant: "destructive" });
    expect(await listTasks(other.token)).toHaveLength(1);

    const mine = await newTask(maria.token, { title: "Mine" });
    const done = await postTasksForm(maria.token, [
      ["intent", "bulk"],
      ["action", "status"],
      ["status", "completed"],
      ["ids", mine.id],
    ]);
    expect(flashOf(done)).toMatchObject({ description: "1 task set to completed." });
    expect((await listTasks(maria.token))[0].status).toBe("completed");
  });
});

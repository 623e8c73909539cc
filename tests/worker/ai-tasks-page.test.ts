import { beforeEach, describe, expect, it } from "vitest";
import { call, db, listTasks, newTask, ORIGIN, signUp, type Account } from "./helpers";

/**
 * The 'Add with AI' confirm as a browser without JavaScript sends it: a form post to /tasks/ai that
 * redirects to the task list with a flash message. (The JavaScript path posts the same fields.)
 */

let owner: Account;
beforeEach(async () => {
  owner = await signUp("Maria Lopez");
});

function post(fields: Record<string, string>, account = owner, path = "/tasks/ai") {
  return call(path, {
    method: "POST",
    token: account.token,
    // Remix compares Origin with Host on form posts; a browser always sends both.
    headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** The flash message a redirect carries (app/lib/flash.server.ts). */
function flashOf(res: Response) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("cb_flash="));
  return cookie ? JSON.parse(decodeURIComponent(cookie.split(";")[0].slice("cb_flash=".length))) : null;
}

const PROMPT = "Book shuttle buses for day 1 by Friday @maria\nConfirm generator hire tomorrow 10am (~2h)";

describe("POST /tasks/ai (confirm)", () => {
  it("creates the rows as AI-generated tasks with the text they came from, in one request", async () => {
    const res = await post({
      intent: "create",
      prompt: PROMPT,
      "tasks[0].title": "Book shuttle buses for day 1",
      "tasks[0].dueDay": "2030-05-17",
      "tasks[0].assigneeName": "Maria Lopez",
      "tasks[0].priority": "high",
      "tasks[0].category": "logistics",
      "tasks[1].title": "Confirm generator hire",
      "tasks[1].dueDay": "2030-05-14",
      "tasks[1].dueTime": "10:00",
      "tasks[1].estimatedHours": "2",
      "tasks[1].priority": "medium",
      "tasks[2].title": "Removed in the preview",
      "tasks[2].remove": "on",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/tasks");
    expect(flashOf(res)).toMatchObject({ title: "Tasks Created", description: "2 tasks added to the board." });

    const tasks = await listTasks(owner.token);
    expect(tasks.map((t) => [t.title, t.dueDate, t.assigneeName, t.priority, t.category, t.estimatedHours])).toEqual([
      ["Confirm generator hire", "2030-05-14T10:00", null, "medium", null, 2],
      ["Book shuttle buses for day 1", "2030-05-17", "Maria Lopez", "high", "logistics", null],
    ]);
    for (const task of tasks) expect(task).toMatchObject({ isAiGenerated: true, originalPrompt: PROMPT, status: "pending" });
  });

  it("skips near-duplicates of open tasks unless 'Create anyway' is ticked, and says so", async () => {
    await newTask(owner.token, { title: "Confirm catering headcount" });
    await newTask(owner.token, { title: "Order radios for the crew" });
    const res = await post({
      intent: "create",
      prompt: "confirm head count for catering\norder radios for crew\nprint lanyards",
      "tasks[0].title": "Confirm head count for catering",
      "tasks[1].title": "Order radios for crew",
      "tasks[1].allowDuplicate": "on",
      "tasks[2].title": "Print lanyards",
    });
    expect(res.status).toBe(303);
    expect(flashOf(res).description).toBe("2 tasks added to the board. 1 task skipped as a possible duplicate.");
    const titles = (await listTasks(owner.token)).map((t) => t.title).sort();
    expect(titles).toEqual(["Confirm catering headcount", "Order radios for crew", "Order radios for the crew", "Print lanyards"]);
  });

  it("creates nothing when a row is invalid, and shows the form again with the error", async () => {
    const res = await post({
      intent: "create",
      prompt: "two tasks",
      "tasks[0].title": "Fine task",
      "tasks[1].title": "",
      "tasks[1].dueDay": "2030-02-31",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Title is required");
    expect(await listTasks(owner.token)).toEqual([]);
  });

  it("shows an invalid form again with the rows as entered and each row's near-duplicate warning", async () => {
    await newTask(owner.token, { title: "Confirm catering headcount" });
    const res = await post({
      intent: "create",
      prompt: "confirm head count for catering\nsomething",
      "tasks[0].title": "Confirm head count for catering",
      "tasks[1].title": "",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Title is required");
    expect(html).toContain('value="Confirm head count for catering"');
    expect(html).toContain("Confirm catering headcount");
    expect(await listTasks(owner.token)).toHaveLength(1);
  });

  it("shows the parsed rows server-rendered for a preview, saving nothing", async () => {
    const res = await post({ intent: "preview", text: "Print artist wristbands by Friday @sam" });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("1 task found");
    expect(html).toContain('value="Print artist wristbands"');
    expect(html).toContain('value="sam"');
    expect(await listTasks(owner.token)).toEqual([]);
  });

  it("says so when the text holds no task", async () => {
    const res = await post({ intent: "preview", text: "---" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("No tasks found in that text.");
  });

  it("refuses a plan without AI with 403", async () => {
    await db().prepare("UPDATE users SET tier = 'free' WHERE id = ?").bind(owner.user.id).run();
    const res = await post({ intent: "create", prompt: "x", "tasks[0].title": "Print lanyards" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Creating tasks from text needs the Premium plan ($49.99/month)");
    expect(await listTasks(owner.token)).toEqual([]);
  });
});

describe("POST /tasks (Create Task form) with a near-duplicate title", () => {
  it("asks first, naming the similar open task, and creates on 'Create anyway'", async () => {
    await newTask(owner.token, { title: "Confirm catering headcount" });
    const asked = await post({ intent: "create", title: "Confirm head count for catering", priority: "medium" }, owner, "/tasks?new=1");
    expect(asked.status).toBe(409);
    expect(await asked.text()).toContain("Similar open task: “Confirm catering headcount”.");
    expect(await listTasks(owner.token)).toHaveLength(1);

    const created = await post(
      { intent: "create", title: "Confirm head count for catering", priority: "medium", allowDuplicate: "on" },
      owner,
      "/tasks?new=1",
    );
    expect(created.status).toBe(303);
    expect(await listTasks(owner.token)).toHaveLength(2);
  });
});

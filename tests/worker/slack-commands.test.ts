import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/domain/dates";
import worker from "../../workers/app";
import { listTasks, newTask } from "./helpers";
import {
  buttonsOf,
  fakeUrl,
  installSlack,
  readableText,
  recorded,
  responseUrl,
  signedRequest,
  slashCommand,
  waitForRecorded,
  type Installation,
} from "./slack-helpers";

const today = () => todayIn("UTC", new Date());

/** The reply a command posted to its response_url. */
async function replyTo(hook: string) {
  const [reply] = await waitForRecorded({ path: hook });
  return reply.body as { response_type: string; replace_original: boolean; text: string; blocks: any[] };
}

async function command(inst: Installation, name: string, text = "") {
  const { res, hook } = await slashCommand(inst, name, text);
  expect(res.status).toBe(200);
  return { res, hook };
}

describe("/help", () => {
  it("answers at once with the command list, privately", async () => {
    const inst = await installSlack();
    const { res } = await command(inst, "/help");
    const body = (await res.json()) as any;
    expect(body.response_type).toBe("ephemeral");
    const text = readableText(body);
    for (const name of ["/tasks", "/new", "/overdue", "/assistant", "/help"]) expect(text).toContain(name);
  });
});

describe("/tasks", () => {
  it("acknowledges with an empty 200, then lists open tasks most urgent first with buttons", async () => {
    const inst = await installSlack();
    const token = inst.account.token;
    await newTask(token, { title: "Undated high", priority: "high" });
    await newTask(token, { title: "Due next week", dueDate: addDays(today(), 7) });
    await newTask(token, { title: "Overdue critical", dueDate: addDays(today(), -2), priority: "critical" });
    await newTask(token, { title: "Finished", dueDate: addDays(today(), -3), status: "completed" });
    await newTask(token, { title: "Due today low", dueDate: today(), priority: "low" });
    await newTask(token, { title: "Due today critical", dueDate: today(), priority: "critical" });

    const { res, hook } = await command(inst, "/tasks");
    expect(await res.text()).toBe("");
    const reply = await replyTo(hook);
    expect(reply.response_type).toBe("ephemeral");
    const titles = reply.blocks.filter((b) => b.block_id?.startsWith("task:")).map((b) => /\*(.+?)\*/.exec(b.text.text)![1]);
    expect(titles).toEqual(["Overdue critical", "Due today critical", "Due today low", "Due next week", "Undated high"]);
    expect(buttonsOf(reply).slice(0, 3).map((b) => b.text.text)).toEqual(["Mark done", "Snooze 1 day", "Assign to me"]);
    expect(readableText(reply)).toContain("2 days overdue");
  });

  it("says so when there is nothing open", async () => {
    const inst = await installSlack();
    const reply = await replyTo((await command(inst, "/tasks")).hook);
    expect(readableText(reply)).toContain("No open tasks");
    expect(buttonsOf(reply)).toEqual([]);
  });
});

describe("/overdue", () => {
  it("lists only open overdue tasks", async () => {
    const inst = await installSlack();
    await newTask(inst.account.token, { title: "Late permit", dueDate: addDays(today(), -1) });
    await newTask(inst.account.token, { title: "Future thing", dueDate: addDays(today(), 1) });
    await newTask(inst.account.token, { title: "Late but done", dueDate: addDays(today(), -1), status: "completed" });
    const reply = await replyTo((await command(inst, "/overdue")).hook);
    const text = readableText(reply);
    expect(text).toContain("Late permit");
    expect(text).not.toContain("Future thing");
    expect(text).not.toContain("Late but done");
    expect(text).toContain("Overdue tasks* (1)");
  });
});

describe("/new", () => {
  it("creates the task through the task service, reading the owner and deadline from the text", async () => {
    const inst = await installSlack();
    const reply = await replyTo((await command(inst, "/new", "Book caterer for VIP dinner Friday @sam")).hook);
    expect(readableText(reply)).toContain("Task created");
    const [task] = await listTasks(inst.account.token);
    // "Friday" is the coming Friday in the workspace (UTC); said on a Friday it means next week's.
    const friday = [1, 2, 3, 4, 5, 6, 7].map((n) => addDays(today(), n)).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 5);
    expect(task).toMatchObject({
      title: "Book caterer for VIP dinner",
      assigneeName: "sam",
      dueDate: friday,
      priority: "medium",
      status: "pending",
      createdBy: inst.account.user.id,
    });
    expect(buttonsOf(reply).map((b) => b.text.text)).toEqual(["Mark done", "Snooze 1 day", "Assign to me", "Delete", "Open"]);
  });

  it("warns about a duplicate with 'Create anyway' instead of creating it", async () => {
    const inst = await installSlack();
    await newTask(inst.account.token, { title: "Book the shuttle buses" });
    const reply = await replyTo((await command(inst, "/new", "book the shuttle buses!")).hook);
    expect(readableText(reply)).toContain("Possible duplicate");
    expect(buttonsOf(reply).map((b) => b.text.text)).toEqual(["Create anyway"]);
    expect(await listTasks(inst.account.token)).toHaveLength(1);
  });

  it("flags a near-duplicate (a similar open title) the same way, with 'Create anyway'", async () => {
    const inst = await installSlack();
    await newTask(inst.account.token, { title: "Print attendee badges" });
    const reply = await replyTo((await command(inst, "/new", "Print badges for attendees")).hook);
    expect(readableText(reply)).toContain("A similar open task exists");
    expect(readableText(reply)).toContain("Print attendee badges");
    expect(await listTasks(inst.account.token)).toHaveLength(1);
    expect(buttonsOf(reply).map((b) => b.text.text)).toEqual(["Create anyway"]);
    // A task unlike any open one is created as usual.
    expect(readableText(await replyTo((await command(inst, "/new", "Order the wristbands")).hook))).toContain("Task created");
    const titles = (await listTasks(inst.account.token)).map((t) => t.title).sort();
    expect(titles).toEqual(["Order the wristbands", "Print attendee badges"]);
  });

  it("keeps words it cannot read as a date in the title rather than inventing a deadline", async () => {
    const inst = await installSlack();
    const reply = await replyTo((await command(inst, "/new", "Order radios 2026-02-30")).hook);
    expect(readableText(reply)).toContain("Task created");
    const [task] = await listTasks(inst.account.token);
    expect(task).toMatchObject({ title: "Order radios 2026-02-30", dueDate: null });
  });

  it("escapes the reply's fallback text like its blocks, so a title cannot ping the channel", async () => {
    const inst = await installSlack();
    // Slack escapes what people type: a literal <!channel> arrives as &lt;!channel&gt;.
    const reply = await replyTo((await command(inst, "/new", "Tell everyone &lt;!channel&gt; about load-in")).hook);
    const [task] = await listTasks(inst.account.token);
    expect(task.title).toContain("<!channel>");
    expect(reply.text).toContain("&lt;!channel&gt;");
    expect(reply.text).not.toContain("<!channel>");
  });

  it("explains the usage at once when the text is empty", async () => {
    const inst = await installSlack();
    const { res } = await command(inst, "/new", "   ");
    expect(readableText((await res.json()) as any)).toContain("Describe the task");
  });
});

describe("/assistant", () => {
  it("answers from the workspace's tasks", async () => {
    const inst = await installSlack();
    await newTask(inst.account.token, { title: "Late one", dueDate: addDays(today(), -1) });
    await newTask(inst.account.token, { title: "This week", dueDate: addDays(today(), 3) });
    await newTask(inst.account.token, { title: "Later", dueDate: addDays(today(), 30) });
    const reply = await replyTo((await command(inst, "/assistant", "what is at risk?")).hook);
    const text = readableText(reply);
    expect(text).toContain("what is at risk?");
    expect(text).toContain("1 task at risk:");
    expect(text).toContain("Late one: Overdue by 1 day");
  });
});

describe("unknown Slack users", () => {
  it("get an ephemeral message with a link to connect their account, and nothing is created", async () => {
    const inst = await installSlack();
    const { res } = await slashCommand(inst, "/new", "Sneaky task", { userId: "USTRANGER" });
    const body = (await res.json()) as any;
    expect(body.response_type).toBe("ephemeral");
    expect(readableText(body)).toContain("not linked to Cueboard");
    expect(readableText(body)).toMatch(/<http:\/\/localhost\/slack\/link\/[\w-]{43}\|this link>/);
    expect(await listTasks(inst.account.token)).toHaveLength(0);
  });
});

describe("response_url", () => {
  /** Runs /tasks with this response_url and waits for all the work after the ack. */
  async function tasksReplyingTo(inst: Installation, url: string) {
    const form = new URLSearchParams({
      team_id: inst.teamId,
      api_app_id: inst.appId,
      user_id: inst.slackUserId,
      channel_id: "CPRODUCTION",
      command: "/tasks",
      text: "",
      response_url: url,
    });
    const ctx = createExecutionContext();
    const request = await signedRequest("/api/slack/commands", form.toString(), "application/x-www-form-urlencoded", inst);
    const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
    expect(res.status).toBe(200);
    await waitOnExecutionContext(ctx);
  }

  it("is posted to only under Slack's hooks address (here the fake's /hooks/), never anywhere a payload names", async () => {
    const inst = await installSlack();
    const elsewhere = `${fakeUrl()}/elsewhere/${crypto.randomUUID()}`;
    await tasksReplyingTo(inst, elsewhere);
    expect(await recorded({ path: new URL(elsewhere).pathname })).toEqual([]);

    const hook = responseUrl();
    await tasksReplyingTo(inst, hook);
    const [reply] = await recorded({ path: new URL(hook).pathname });
    expect(readableText(reply.body)).toContain("No open tasks");
  });
});

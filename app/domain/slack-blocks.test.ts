import { describe, expect, it } from "vitest";
import type { DailyDigest } from "./digest";
import {
  assistantMessage,
  commentReplyView,
  decodeCreateAnyway,
  decodeTaskAction,
  describeDue,
  digestMessage,
  encodeCreateAnyway,
  encodeTaskAction,
  escapeMrkdwn,
  helpMessage,
  LIST_LIMIT,
  linkAccountMessage,
  mentionMessage,
  noticeMessage,
  slackLinkedMessage,
  newTasksMessage,
  taskCardMessage,
  taskLine,
  taskListMessage,
  undoableNoticeMessage,
  type BlockTask,
  type SlackMessage,
  type TaskDraft,
} from "./slack-blocks";

const today = "2026-06-10";
let seq = 0;
const task = (overrides: Partial<BlockTask> = {}): BlockTask => ({
  id: `t${++seq}`,
  title: `Task ${seq}`,
  status: "pending",
  priority: "medium",
  dueDate: null,
  assigneeName: null,
  ...overrides,
});
const draft = (overrides: Partial<TaskDraft> = {}): TaskDraft => ({
  title: "Book caterer",
  description: null,
  dueDate: "2026-06-12",
  assigneeName: "sam",
  priority: null,
  category: null,
  estimatedHours: null,
  ...overrides,
});

const buttons = (message: SlackMessage) =>
  message.blocks.flatMap((b) => (b.type === "actions" ? b.elements : []));
const sectionTexts = (message: SlackMessage) =>
  message.blocks.flatMap((b) => (b.type === "section" ? [b.text.text] : b.type === "context" ? b.elements.map((e) => e.text) : []));

function expectWithinSlackLimits(message: SlackMessage) {
  expect(message.text.length).toBeGreaterThan(0);
  expect(message.blocks.length).toBeLessThanOrEqual(50);
  for (const block of message.blocks) {
    if (block.type === "section") expect(block.text.text.length).toBeLessThanOrEqual(3000);
    if (block.type === "actions") for (const b of block.elements) expect(b.value.length).toBeLessThanOrEqual(2000);
  }
  const blockIds = message.blocks.flatMap((b) => ("block_id" in b && b.block_id ? [b.block_id] : []));
  expect(new Set(blockIds).size).toBe(blockIds.length);
}

describe("escapeMrkdwn", () => {
  it("escapes Slack's control characters only", () => {
    expect(escapeMrkdwn("Q&A <stage> > pit")).toBe("Q&amp;A &lt;stage&gt; &gt; pit");
  });
});

describe("describeDue", () => {
  it("reads due dates relative to today", () => {
    expect(describeDue(null, today)).toBeNull();
    expect(describeDue("2026-06-08", today)).toBe("2 days overdue (Mon 8 Jun)");
    expect(describeDue("2026-06-09T18:00", today)).toBe("1 day overdue (Tue 9 Jun)");
    expect(describeDue("2026-06-10T14:30", today)).toBe("due today 14:30");
    expect(describeDue("2026-06-11", today)).toBe("due tomorrow");
    expect(describeDue("2026-06-19", today)).toBe("due Fri 19 Jun");
  });
});

describe("taskLine", () => {
  it("shows the title, due, a non-default priority and the owner, escaped", () => {
    expect(taskLine(task({ title: "Fix <PA> & lights", dueDate: "2026-06-09", priority: "critical", assigneeName: "Dana" }), today)).toBe(
      "*Fix &lt;PA&gt; &amp; lights* :warning:\n1 day overdue (Tue 9 Jun) · critical priority · @Dana",
    );
    expect(taskLine(task({ title: "Plain", status: "in_progress" }), today)).toBe("*Plain*\nunassigned · In progress");
    expect(taskLine(task({ title: "Done", status: "completed", dueDate: "2026-06-01" }), today)).toBe("~Done~\ndone · unassigned");
  });
});

describe("task buttons", () => {
  it("carry the task and the view, and decode back; anything else decodes to null", () => {
    expect(decodeTaskAction(encodeTaskAction("abc", "overdue"))).toEqual({ id: "abc", view: "overdue" });
    expect(decodeTaskAction("not json")).toBeNull();
    expect(decodeTaskAction(JSON.stringify({ id: "abc", v: "elsewhere" }))).toBeNull();
    expect(decodeTaskAction(undefined)).toBeNull();
  });
});

describe("taskListMessage", () => {
  it("lists tasks with Mark done, Snooze 1 day, Assign to me and Delete on each", () => {
    const tasks = [task({ title: "A", dueDate: "2026-06-09" }), task({ title: "B" })];
    const message = taskListMessage({ view: "open", tasks, today });
    expectWithinSlackLimits(message);
    expect(sectionTexts(message)[0]).toBe("*Open tasks, most urgent first* (2)");
    expect(buttons(message).map((b) => [b.text.text, b.action_id])).toEqual([
      ["Mark done", "task_mark_done"],
      ["Snooze 1 day", "task_snooze"],
      ["Assign to me", "task_assign_to_me"],
      ["Delete", "task_delete"],
      ["Mark done", "task_mark_done"],
      ["Snooze 1 day", "task_snooze"],
      ["Assign to me", "task_assign_to_me"],
      ["Delete", "task_delete"],
    ]);
    expect(decodeTaskAction(buttons(message)[4].value)).toEqual({ id: tasks[1].id, view: "open" });
    // Slack asks before a delete.
    expect(buttons(message)[3]).toMatchObject({ style: "danger", confirm: { confirm: { text: "Delete" } } });
  });

  it("shows at most LIST_LIMIT tasks and points to the app for the rest", () => {
    const tasks = Array.from({ length: 23 }, () => task({ title: "x".repeat(200) }));
    const message = taskListMessage({ view: "overdue", tasks, today, appUrl: "https://cueboard.example" });
    expectWithinSlackLimits(message);
    expect(buttons(message)).toHaveLength(LIST_LIMIT * 4);
    expect(sectionTexts(message).at(-1)).toBe(`Showing ${LIST_LIMIT} of 23. <https://cueboard.example/tasks|Open Cueboard> for the rest.`);
  });

  it("says how many of the first tasks are the reader's", () => {
    const message = taskListMessage({ view: "open", tasks: [task({ title: "A" }), task({ title: "B" })], today, yours: 1 });
    expect(sectionTexts(message).slice(0, 2)).toEqual(["*Open tasks, most urgent first* (2)", "Yours first: 1 assigned to you."]);
    expect(sectionTexts(taskListMessage({ view: "open", tasks: [task({ title: "A" })], today, yours: 0 }))).not.toContain(
      "Yours first: 0 assigned to you.",
    );
  });

  it("has an empty state per view and puts a notice first", () => {
    const open = taskListMessage({ view: "open", tasks: [], today, notice: 'Sam marked "A" done.' });
    expect(sectionTexts(open)).toEqual(['Sam marked "A" done.', "*Open tasks, most urgent first* (0)", "No open tasks. Create one with `/new`."]);
    expect(sectionTexts(taskListMessage({ view: "overdue", tasks: [], today }))).toContain("Nothing is overdue. :tada:");
  });
});

describe("taskCardMessage", () => {
  it("puts 'Undo' under a notice that can be undone, in a list and alone", () => {
    const undo = encodeTaskAction("t1", "open");
    const list = taskListMessage({ view: "open", tasks: [task()], today, notice: "Deleted “Stage plot”", undo });
    expect(sectionTexts(list)[0]).toBe("Deleted “Stage plot”");
    expect(buttons(list)[0]).toMatchObject({ action_id: "task_undo_delete", value: undo, text: { text: "Undo" } });
    const alone = undoableNoticeMessage("Deleted “<b>”", undo);
    expect(alone.text).toBe("Deleted “&lt;b&gt;”");
    expect(buttons(alone).map((b) => b.text.text)).toEqual(["Undo"]);
  });

  it("drops the buttons once the task is done", () => {
    expect(buttons(taskCardMessage(task(), today))).toHaveLength(4);
    const done = taskCardMessage(task({ status: "completed" }), today, "Done!");
    expect(buttons(done)).toEqual([]);
    expect(done.text).toBe("Done!");
  });
});

describe("'Create anyway'", () => {
  it("round-trips the draft with its nonce", () => {
    const d = draft({ priority: "high", estimatedHours: 1.5, category: "catering" });
    expect(decodeCreateAnyway(encodeCreateAnyway("n1", d))).toEqual({ nonce: "n1", draft: d });
  });

  it("shortens a long description to fit Slack's 2000-character value", () => {
    const long = draft({ description: `From Slack: ${"é\"<>".repeat(1000)}` });
    const value = encodeCreateAnyway("n2", long);
    expect(value.length).toBeLessThanOrEqual(2000);
    const decoded = decodeCreateAnyway(value)!;
    expect(decoded.draft.title).toBe("Book caterer");
    expect(decoded.draft.description!.endsWith("…")).toBe(true);
  });

  it("carries the Slack message the draft came from, within the limit", () => {
    const message = {
      channelId: "CPRODUCTION",
      channelName: "production",
      messageTs: "1700000000.000100",
      threadTs: "1700000000.000001",
      via: "reaction" as const,
    };
    expect(decodeCreateAnyway(encodeCreateAnyway("n3", draft(), message))).toEqual({ nonce: "n3", draft: draft(), message });
    const value = encodeCreateAnyway("n4", draft({ description: "x".repeat(3000) }), message);
    expect(value.length).toBeLessThanOrEqual(2000);
    expect(decodeCreateAnyway(value)!.message).toEqual(message);
  });

  it("drops a message part that is not well formed, keeping the draft", () => {
    const bad = (m: unknown) => decodeCreateAnyway(JSON.stringify({ n: "n", d: { title: "x" }, m }));
    expect(bad({ c: "not a channel", t: "1.2", th: "1.2", v: "reaction" })!.message).toBeUndefined();
    expect(bad({ c: "C1", t: "1.2", th: "1.2", v: "wish" })!.message).toBeUndefined();
    expect(bad({ c: "C1", t: "javascript:1", th: "1.2", v: "mention" })!.message).toBeUndefined();
    expect(bad({ c: "C1", t: "1.2", th: "1.2", v: "mention", cn: 5 })!.message).toEqual({
      channelId: "C1",
      channelName: null,
      messageTs: "1.2",
      threadTs: "1.2",
      via: "mention",
    });
  });

  it("rejects values that are not ours", () => {
    expect(decodeCreateAnyway("{}")).toBeNull();
    expect(decodeCreateAnyway(JSON.stringify({ n: 1, d: { title: "x" } }))).toBeNull();
    expect(decodeCreateAnyway(JSON.stringify({ n: "n", d: { title: "x", priority: "urgent" } }))!.draft.priority).toBeNull();
  });
});

describe("newTasksMessage", () => {
  it("shows created tasks with buttons, duplicates with 'Create anyway', and problems", () => {
    const existing = task({ title: "Book caterer", assigneeName: "Dana" });
    const message = newTasksMessage({
      created: [task({ title: "Hire DJ" })],
      duplicates: [{ draft: draft(), existing, createAnywayValue: encodeCreateAnyway("n", draft()) }],
      problems: ['Could not create "X": Due date must be a real date'],
      today,
    });
    expectWithinSlackLimits(message);
    expect(buttons(message).map((b) => b.text.text)).toEqual(["Mark done", "Snooze 1 day", "Assign to me", "Delete", "Create anyway"]);
    const text = sectionTexts(message).join("\n");
    expect(text).toContain(":white_check_mark: Task created");
    expect(text).toContain(":warning: *Possible duplicate* of _Book caterer_. An open task already has this title:\n*Book caterer*\n@Dana");
    expect(text).toContain(':x: Could not create "X": Due date must be a real date');
    expect(message.text).toBe('Task created: Hire DJ · Possible duplicate: Book caterer · Could not create "X": Due date must be a real date');
  });

  it("says 'similar' for a near-duplicate", () => {
    const existing = task({ title: "Book the caterer for VIP dinner" });
    const similar = { ...draft(), title: "Book caterer for the VIP dinner" };
    const message = newTasksMessage({
      created: [],
      duplicates: [{ draft: similar, existing, similar: true, createAnywayValue: encodeCreateAnyway("n", similar) }],
      today,
    });
    expect(sectionTexts(message).join("\n")).toContain(
      ":warning: *Possible duplicate* of _Book caterer for the VIP dinner_. A similar open task exists:\n*Book the caterer for VIP dinner*",
    );
  });
});

describe("helpMessage and the account-link messages", () => {
  it("lists the five commands", () => {
    const text = sectionTexts(helpMessage()).join("\n");
    for (const c of ["/tasks", "/new [description] [deadline] [@owner]", "/overdue", "/assistant [question]", "/help"]) expect(text).toContain(c);
  });

  it("names the workspace's capture emoji and the shortcut, the ways to make a task that links back", () => {
    const context = (m: ReturnType<typeof helpMessage>) => JSON.stringify(m.blocks.filter((b) => b.type === "context"));
    expect(context(helpMessage())).toContain("react with :memo:");
    expect(context(helpMessage("white_check_mark"))).toContain("react with :white_check_mark:");
    expect(context(helpMessage())).toContain("'Create task from message'");
  });

  it("links to the confirmation page and warns against passing the link on", () => {
    const [text] = sectionTexts(linkAccountMessage("https://cueboard.example/slack/link/abc"));
    expect(text).toContain("<https://cueboard.example/slack/link/abc|this link>");
    expect(text).toContain("once, for 15 minutes");
    expect(text).toContain("Do not send it to anyone");
  });

  it("confirms a link privately, naming the member and workspace escaped, with the way to undo it", () => {
    const message = slackLinkedMessage({ memberName: "Sam <!channel>", workspaceName: "Harbour & Co", appUrl: "https://cueboard.example" });
    expectWithinSlackLimits(message);
    expect(message.text).toBe("Your Slack account is now linked to Sam &lt;!channel&gt; in Cueboard.");
    const text = sectionTexts(message).join("\n");
    expect(text).toContain("act as *Sam &lt;!channel&gt;* in *Harbour &amp; Co*");
    expect(text).toContain("<https://cueboard.example/team|the Team page>");
  });
});

describe("fallback text", () => {
  const title = "<!channel> pay <https://evil.example|the invoice> & more";
  const escaped = "&lt;!channel&gt; pay &lt;https://evil.example|the invoice&gt; &amp; more";

  it("is escaped like the blocks in every message that can carry people's text", () => {
    const card = task({ title });
    const messages = [
      taskListMessage({ view: "open", tasks: [card], today, notice: `Done: ${title}` }),
      taskCardMessage(card, today),
      taskCardMessage(card, today, `Done: ${title}`),
      newTasksMessage({ created: [card], duplicates: [], problems: [title], today }),
      noticeMessage(title),
      assistantMessage("what now?", title),
    ];
    for (const message of messages) {
      expect(message.text).toContain(escaped);
      expect(message.text).not.toMatch(/<[!h]/);
    }
  });
});

describe("digestMessage", () => {
  const base: DailyDigest = { localDate: today, workspaceName: "Summer <Fest>", overdue: [], dueToday: [], upcoming: [], atRisk: [], cuesNotReady: [], openCount: 0 };

  it("has a section per non-empty list, with counts", () => {
    const message = digestMessage({
      ...base,
      overdue: [{ task: { ...task({ title: "Permit" }), createdAt: "", dueDate: "2026-06-07" }, note: "3 days overdue" }],
      upcoming: Array.from({ length: 11 }, (_, i) => ({ task: { ...task({ title: `U${i}`, assigneeName: "Sam" }), createdAt: "", dueDate: "2026-06-12" }, note: null })),
      openCount: 12,
    });
    expectWithinSlackLimits(message);
    expect(message.text).toBe("Morning digest for Wed 10 Jun: 1 overdue, 0 due today, 11 in the next 7 days");
    const text = sectionTexts(message).join("\n");
    expect(text).toContain("Summer &lt;Fest&gt; · 1 overdue, 0 due today, 11 in the next 7 days");
    expect(text).toContain("*:rotating_light: Overdue (1)*\n• Permit · 3 days overdue · unassigned");
    expect(text).not.toContain("Due today (");
    expect(text).toContain("• U0 · due Fri 12 Jun · @Sam");
    expect(text).toContain("…and 3 more");
  });

  it("says when there is nothing to report", () => {
    expect(sectionTexts(digestMessage(base))).toContain("No open tasks. Enjoy the calm.");
    expect(sectionTexts(digestMessage({ ...base, openCount: 4 }))).toContain("Nothing overdue or due in the next 7 days.");
  });
});

describe("mention DMs (ADR 038)", () => {
  it("says who mentioned whom where, escaped, with 'Open' when the app's URL is known and 'Reply'", () => {
    const message = mentionMessage({
      taskId: "t 1",
      taskTitle: "Rider <v2>",
      authorName: "Ana & Co",
      excerpt: "see <https://x.org|here>",
      appUrl: "https://cue.example",
    });
    expect(message.text).toBe("Ana &amp; Co mentioned you on “Rider &lt;v2&gt;”: see &lt;https://x.org|here&gt;");
    const section = message.blocks[0] as { text: { text: string } };
    expect(section.text.text).toContain("*Ana &amp; Co mentioned you on “Rider &lt;v2&gt;”*");
    const actions = message.blocks[1] as { elements: Array<{ action_id: string; value: string; url?: string }> };
    expect(actions.elements.map((b) => [b.action_id, b.value, b.url])).toEqual([
      ["task_open", "t 1", "https://cue.example/tasks/t%201"],
      ["comment_reply", "t 1", undefined],
    ]);
    const noUrl = mentionMessage({ taskId: "t", taskTitle: "T", authorName: "A", excerpt: "x", appUrl: null });
    expect((noUrl.blocks[1] as { elements: Array<{ action_id: string }> }).elements.map((b) => b.action_id)).toEqual([
      "comment_reply",
    ]);
  });

  it("builds the Reply modal for the task", () => {
    const view = commentReplyView({ taskId: "t1", taskTitle: "Rider", maxLength: 10_000 });
    expect(view).toMatchObject({ type: "modal", callback_id: "comment_reply", private_metadata: "t1" });
    expect(view.blocks[1]).toMatchObject({
      type: "input",
      block_id: "comment",
      element: { type: "plain_text_input", action_id: "body", multiline: true, max_length: 10_000 },
    });
  });
});

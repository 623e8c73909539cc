import { describe, expect, it } from "vitest";
import { composePersonalDigest, isEmptyPersonalDigest, type DigestTask } from "./digest";
import { personalDigestMessage, reminderMessage } from "./slack-blocks";

const NOW = new Date("2026-11-25T07:00:00Z");
const ME = "u-me";

let seq = 0;
function task(fields: Partial<DigestTask>): DigestTask {
  seq += 1;
  return {
    id: `t${seq}`,
    title: `Task ${seq}`,
    status: "pending",
    priority: "medium",
    dueDate: null,
    assigneeName: "Me",
    assigneeId: ME,
    createdAt: "2026-11-01T00:00:00Z",
    ...fields,
  };
}

const compose = (tasks: DigestTask[], critical: string[] = []) =>
  composePersonalDigest({
    tasks,
    userId: ME,
    critical: new Set(critical),
    now: NOW,
    timezone: "UTC",
    workspaceName: "Harbour Lights",
    eventDate: null,
  });

describe("composePersonalDigest", () => {
  it("keeps to the reader's tasks: overdue, today, the next three days", () => {
    const overdue = task({ title: "Sign the contract", dueDate: "2026-11-23" });
    const today = task({ title: "Send the call sheet", dueDate: "2026-11-25" });
    const soon = task({ title: "Book the room", dueDate: "2026-11-28" });
    const later = task({ title: "Print badges", dueDate: "2026-11-29" });
    const theirs = task({ title: "Dana's call", dueDate: "2026-11-25", assigneeId: "u-dana", assigneeName: "Dana" });
    const done = task({ title: "Done already", dueDate: "2026-11-24", status: "completed" });
    const digest = compose([overdue, today, soon, later, theirs, done]);
    expect(digest.overdue.map((i) => i.task.title)).toEqual(["Sign the contract"]);
    expect(digest.dueToday.map((i) => i.task.title)).toEqual(["Send the call sheet"]);
    expect(digest.upcoming.map((i) => i.task.title)).toEqual(["Book the room"]);
    expect(digest.openCount).toBe(4);
    expect(isEmptyPersonalDigest(digest)).toBe(false);
  });

  it("lists the reader's tasks on the critical path", () => {
    const chain = task({ title: "Rig the truss" });
    const notMine = task({ title: "Focus the lights", assigneeId: "u-dana" });
    const digest = compose([chain, notMine], [chain.id, notMine.id]);
    expect(digest.criticalPath.map((i) => i.task.title)).toEqual(["Rig the truss"]);
  });

  it("is empty on a quiet day", () => {
    const digest = compose([task({ title: "Someday", dueDate: "2027-01-10" })]);
    expect(isEmptyPersonalDigest(digest)).toBe(true);
    expect(personalDigestMessage(digest).blocks.at(-1)).toEqual(
      expect.objectContaining({ text: expect.objectContaining({ text: "Nothing of yours is due or at risk. Enjoy the calm." }) }),
    );
  });
});

describe("reminderMessage", () => {
  const t = { id: "t1", title: "Book <buses>", status: "pending", priority: "medium" as const, dueDate: "2026-11-26", assigneeName: "Me" };

  it("has Mark done, Snooze 1 day and Open", () => {
    const message = reminderMessage({ task: t, text: "Reminder: “Book <buses>” is due Tomorrow, 5:00 PM", reminderId: "r1", appUrl: "https://cue.example" });
    const actions = message.blocks.find((b) => b.type === "actions");
    expect(actions).toBeDefined();
    const elements = actions!.type === "actions" ? actions!.elements : [];
    expect(elements.map((e) => [e.action_id, e.text.text])).toEqual([
      ["task_mark_done", "Mark done"],
      ["reminder_snooze", "Snooze 1 day"],
      ["task_open", "Open"],
    ]);
    expect(elements[1].value).toBe("r1");
    expect(elements[2].url).toBe("https://cue.example/tasks/t1");
    expect(message.text).toContain("&lt;buses&gt;");
  });

  it("has no Open without the app's URL", () => {
    const message = reminderMessage({ task: t, text: "Reminder", reminderId: "r1", appUrl: null });
    const actions = message.blocks.find((b) => b.type === "actions");
    expect(actions!.type === "actions" && actions!.elements.map((e) => e.text.text)).toEqual(["Mark done", "Snooze 1 day"]);
  });
});

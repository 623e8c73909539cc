import { describe, expect, it } from "vitest";
import { composeDailyDigest, composePersonalDigest, isEmptyPersonalDigest, type DigestTask } from "./digest";
import { digestMessage, personalDigestMessage, reminderMessage } from "./slack-blocks";

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

describe("the digests' cues not ready (ADR 026)", () => {
  // The show starts on Friday 27 November: the cues' window is open on the 25th.
  const eventDate = "2026-11-27T18:00:00.000Z";
  const mine = task({ title: "Patch the playback laptop" });
  const theirs = task({ title: "Tune the PA", assigneeId: "u-other", assigneeName: "Sam" });
  const cues = [
    { id: "c1", title: "Walk-in music", day: "2026-11-27", openTaskIds: [mine.id, theirs.id], assigneeId: null },
    { id: "c2", title: "Speeches", day: "2026-11-27", openTaskIds: [theirs.id], assigneeId: ME },
    { id: "c3", title: "Fireworks", day: "2026-11-28", openTaskIds: [theirs.id], assigneeId: "u-other" },
  ];

  it("lists every cue not ready in the channel digest, with the reason", () => {
    const digest = composeDailyDigest({ tasks: [mine, theirs], cues, now: NOW, timezone: "UTC", workspaceName: "Harbour Lights", eventDate });
    expect(digest.cuesNotReady.map((c) => c.reason)).toEqual([
      "cue 'Walk-in music' waits on 2 open tasks",
      "cue 'Speeches' waits on 1 open task",
      "cue 'Fireworks' waits on 1 open task",
    ]);
    const text = JSON.stringify(digestMessage(digest).blocks);
    expect(text).toContain("Cues not ready (3)");
    expect(text).toContain("cue 'Walk-in music' waits on 2 open tasks");
  });

  it("keeps the reader's in the morning DM: cues they call, or waiting on their tasks", () => {
    const digest = composePersonalDigest({
      tasks: [mine, theirs],
      cues,
      userId: ME,
      critical: new Set(),
      now: NOW,
      timezone: "UTC",
      workspaceName: "Harbour Lights",
      eventDate,
    });
    expect(digest.cuesNotReady.map((c) => c.cueId)).toEqual(["c1", "c2"]);
    expect(isEmptyPersonalDigest({ ...digest, overdue: [], dueToday: [], upcoming: [], atRisk: [], criticalPath: [] })).toBe(false);
    expect(JSON.stringify(personalDigestMessage(digest).blocks)).toContain("cue 'Speeches' waits on 1 open task");
  });

  it("says nothing of cues before the window opens", () => {
    const early = composeDailyDigest({ tasks: [mine], cues, now: NOW, timezone: "UTC", workspaceName: "Harbour Lights", eventDate: "2026-12-20T18:00:00.000Z" });
    expect(early.cuesNotReady).toEqual([]);
  });
});

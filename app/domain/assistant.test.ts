import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  answerQuestion,
  classifyQuestion,
  findNamedTask,
  QUESTION_MAX,
  questionErrors,
  type AssistantTask,
} from "./assistant";
import { computeCriticalPath } from "./critical-path";
import { detectRisks } from "./risks";
import { assistantQuestionSchema } from "./schemas";

const now = new Date("2026-11-18T10:00:00Z"); // a Wednesday
const task = (id: string, title: string, extra: Partial<AssistantTask> = {}): AssistantTask => ({
  id,
  title,
  status: "pending",
  priority: "medium",
  dueDate: null,
  assigneeName: null,
  createdAt: `2026-11-01T00:00:0${id.length}Z`,
  ...extra,
});

function context(tasks: AssistantTask[], dependsOn: Record<string, string[]> = {}, eventDate: string | null = null) {
  const planned = tasks.map((t) => ({ ...t, estimatedHours: 8, dependsOn: dependsOn[t.id] ?? [] }));
  const criticalPath = computeCriticalPath({ tasks: planned, eventDate, now, timezone: "UTC" });
  const risks = detectRisks({ tasks, now, timezone: "UTC", eventDate, criticalPath });
  return { tasks, risks, criticalPath, now, timezone: "UTC", eventName: "Harbour Lights Festival", eventDate };
}

describe("classifyQuestion", () => {
  it.each([
    ["What's overdue?", "overdue"],
    ["anything late?", "overdue"],
    ["What is due today", "due_today"],
    ["what's due tomorrow?", "due_tomorrow"],
    ["What's due this week?", "due_this_week"],
    ["what's coming up", "due_this_week"],
    ["What is at risk?", "at_risk"],
    ["anything slipping?", "at_risk"],
    ["Who carries most?", "workload"],
    ["who has the most tasks", "workload"],
    ["What blocks the show?", "blockers"],
    ["show me the critical path", "blockers"],
    ["What's the status of the stage build?", "task_status"],
    ["where are we on catering", "task_status"],
    ["hello", "summary"],
  ])("%s → %s", (question, intent) => {
    expect(classifyQuestion(question)).toBe(intent);
  });
});

describe("answerQuestion", () => {
  const tasks = [
    task("a", "Submit noise permit", { dueDate: "2026-11-15", assigneeName: "Ana" }),
    task("b", "Confirm generator hire", { dueDate: "2026-11-18", priority: "critical" }),
    task("c", "Print lanyards", { dueDate: "2026-11-19", assigneeName: "Ana" }),
    task("d", "Book shuttle buses", { dueDate: "2026-11-23", assigneeName: "Sam", status: "in_progress" }),
    task("e", "Send thank-you emails", { dueDate: "2026-12-20" }),
    task("f", "Sign venue contract", { status: "completed", dueDate: "2026-11-10" }),
  ];

  it("lists overdue open tasks with how late they are, never completed ones", () => {
    const a = answerQuestion("What's overdue?", context(tasks));
    expect(a.taskIds).toEqual(["a"]);
    expect(a.answer).toContain("1 task overdue");
    expect(a.answer).toContain("Submit noise permit · 3 days overdue · owner Ana");
  });

  it("answers today, tomorrow and the week from the workspace's dates", () => {
    expect(answerQuestion("due today?", context(tasks)).taskIds).toEqual(["b"]);
    expect(answerQuestion("due tomorrow?", context(tasks)).taskIds).toEqual(["c"]);
    expect(answerQuestion("what's due this week", context(tasks)).taskIds).toEqual(["b", "c", "d"]);
  });

  it("names the busiest owner with counted tasks and the unassigned remainder", () => {
    const a = answerQuestion("who carries most?", context(tasks));
    expect(a.answer).toMatch(/^Ana carries the most, with 2 open tasks\./);
    expect(a.answer).toContain("• Sam: 1 open task");
    expect(a.answer).toContain("2 open tasks have no owner.");
    expect(a.taskIds).toEqual(["a", "c"]);
  });

  it("explains risks with their reasons", () => {
    const a = answerQuestion("what is at risk?", context(tasks));
    expect(a.taskIds).toContain("a");
    expect(a.taskIds).toContain("b");
    expect(a.answer).toContain("Submit noise permit: Overdue by 3 days");
  });

  it("walks the critical path to the event and says when it is behind", () => {
    const chain = [task("v", "Sign stage contract"), task("w", "Build stage"), task("x", "Sound check")];
    const a = answerQuestion("what blocks the show?", context(chain, { w: ["v"], x: ["w"] }, "2026-11-19T18:00:00Z"));
    expect(a.taskIds).toEqual(["v", "w", "x"]);
    expect(a.answer).toMatch(/behind schedule/);
    expect(a.answer).toContain("Harbour Lights Festival");
  });

  it("finds a named task and reports its status", () => {
    const a = answerQuestion("where are we on the shuttle buses?", context(tasks));
    expect(a.taskIds).toEqual(["d"]);
    expect(a.answer).toContain("“Book shuttle buses” is in progress");
    expect(answerQuestion("status of the unicorn parade?", context(tasks)).taskIds).toEqual([]);
  });

  it("summarises with counted figures and says what it can answer", () => {
    const a = answerQuestion("hi", context(tasks));
    expect(a.answer).toContain("5 open tasks, 1 completed; 1 overdue and 3 due in the next 7 days.");
  });

  it("says so plainly when a list is empty", () => {
    expect(answerQuestion("what's overdue", context([])).answer).toBe("Nothing is overdue. 🎉");
    expect(answerQuestion("who carries most", context([])).answer).toBe("No open task has an owner yet.");
  });
});

describe("findNamedTask", () => {
  it("matches part of a title and ignores weak matches", () => {
    const tasks = [task("a", "Confirm catering headcount"), task("b", "Book the shuttle buses")];
    expect(findNamedTask("how is the catering headcount going?", tasks)?.id).toBe("a");
    expect(findNamedTask("status of fireworks", tasks)).toBeNull();
  });
});

describe("questionErrors, the assistant box's check without zod", () => {
  it("says what the action's schema says of every question", () => {
    const questions = [
      "",
      " ",
      "\t\n",
      "?",
      " what's overdue? ",
      "wer trägt am meisten?",
      "q".repeat(QUESTION_MAX),
      ` ${"q".repeat(QUESTION_MAX)}  `,
      "q".repeat(QUESTION_MAX + 1),
      `${"q".repeat(QUESTION_MAX)}?`,
      " ".repeat(QUESTION_MAX + 10),
    ];
    for (const question of questions) {
      const form = new FormData();
      form.set("intent", "ask");
      form.set("question", question);
      const submission = parseWithZod(form, { schema: assistantQuestionSchema });
      const bySchema = submission.status === "success" ? undefined : (submission.error?.question ?? undefined);
      expect(questionErrors(question), JSON.stringify(question)).toEqual(bySchema);
    }
    const missing = parseWithZod(new FormData(), { schema: assistantQuestionSchema });
    expect(questionErrors(null)).toEqual(missing.status === "success" ? undefined : missing.error?.question);
  });
});

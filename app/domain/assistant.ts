import type { CriticalPath } from "./critical-path";
import { addDays, daysBetween, todayIn } from "./dates";
import type { Risk } from "./risks";
import { titleSimilarity } from "./similarity";
import { COMPLETED, compareTasks } from "./tasks";
import { plural, pluralWord, statusLabel } from "./labels";

/** The longest question the assistant takes (assistantQuestionSchema, the assistant box's `maxLength`). */
export const QUESTION_MAX = 500;
export const QUESTION_MISSING = "Ask a question";
export const QUESTION_TOO_LONG = `Keep the question under ${QUESTION_MAX} characters`;

/**
 * The assistant box's check in the browser, without zod: what `assistantQuestionSchema` says of the question field's
 * value as a form posts it (one text, or nothing), or undefined when it passes. app/domain/assistant.test.ts holds
 * the two equal.
 */
export function questionErrors(value: string | null | undefined): string[] | undefined {
  const question = (value ?? "").trim();
  if (question.length === 0) return [QUESTION_MISSING];
  return question.length > QUESTION_MAX ? [QUESTION_TOO_LONG] : undefined;
}

/**
 * The offline assistant: recognises what a producer asks about their workspace and answers only from its
 * tasks and plan. Every figure in an answer is counted here; nothing is made up.
 */

export type Intent =
  | "overdue"
  | "due_today"
  | "due_tomorrow"
  | "due_this_week"
  | "at_risk"
  | "workload"
  | "blockers"
  | "task_status"
  | "summary";

export interface AssistantTask {
  id: string;
  title: string;
  status: string;
  priority: string;
  dueDate: string | null;
  assigneeName: string | null;
  createdAt: string;
}

export interface AssistantContext {
  tasks: readonly AssistantTask[];
  risks: readonly Risk[];
  criticalPath: CriticalPath;
  now: Date;
  timezone: string;
  eventName: string | null;
  eventDate: string | null;
}

export interface AssistantAnswer {
  intent: Intent;
  answer: string;
  /** Ids of the tasks the answer is about, in the order it names them. */
  taskIds: string[];
}

const INTENT_PATTERNS: Array<[Intent, RegExp]> = [
  ["blockers", /\b(block(s|ing|ers?)?|critical path|in the way|stand(s|ing)? between|hold(s|ing)? up|before the (show|event)|left (to do )?before)\b/i],
  ["at_risk", /\b(at risk|risks?|risky|slip(ping)?|worr(y|ied)|danger|behind|trouble|concern)\b/i],
  ["workload", /\b(who (has|carries|is carrying|owns|is doing) (the )?most|workload|busiest|overloaded|load per|who's (busiest|swamped))\b/i],
  ["overdue", /\b(overdue|late|past due|missed)\b/i],
  ["due_today", /\b(today|tonight)\b/i],
  ["due_tomorrow", /\b(tomorrow|tmrw)\b/i],
  ["due_this_week", /\b(this week|next 7 days|coming up|upcoming|week ahead|due soon)\b/i],
  ["task_status", /\b(status of|where are we (on|with)|how(’|')?s .+ going|how is .+ going|is .+ (done|finished|complete)|progress on|update on)\b/i],
];

export function classifyQuestion(question: string): Intent {
  for (const [intent, pattern] of INTENT_PATTERNS) if (pattern.test(question)) return intent;
  return "summary";
}

const open = (t: AssistantTask) => t.status !== COMPLETED;

function line(task: AssistantTask, today: string) {
  const parts = [task.title];
  if (task.dueDate) {
    const days = daysBetween(today, task.dueDate.slice(0, 10));
    parts.push(days === 0 ? "due today" : days === 1 ? "due tomorrow" : days < 0 ? `${plural(-days, "day")} overdue` : `due in ${plural(days, "day")}`);
  }
  if (task.assigneeName) parts.push(`owner ${task.assigneeName}`);
  if (task.status !== "pending") parts.push(statusLabel(task.status).toLowerCase());
  return `• ${parts.join(" · ")}`;
}

function listAnswer(intent: Intent, heading: string, tasks: AssistantTask[], today: string, empty: string): AssistantAnswer {
  if (tasks.length === 0) return { intent, answer: empty, taskIds: [] };
  const shown = tasks.slice(0, 10);
  const more = tasks.length > shown.length ? `\n…and ${tasks.length - shown.length} more.` : "";
  return {
    intent,
    answer: `${heading}\n${shown.map((t) => line(t, today)).join("\n")}${more}`,
    taskIds: shown.map((t) => t.id),
  };
}

/** The open task a question names: the best title match above a loose threshold, or null. */
export function findNamedTask(question: string, tasks: readonly AssistantTask[]) {
  const phrase = question
    .replace(/^.*?\b(status of|where are we (on|with)|progress on|update on|how(’|')?s|how is|is)\b/i, "")
    .replace(/\b(going|done|finished|complete|the task)\b|[?!.]/gi, "")
    .trim()
    .toLowerCase();
  if (!phrase) return null;
  let best: { task: AssistantTask; score: number } | null = null;
  for (const task of tasks) {
    const title = task.title.toLowerCase();
    const score = title.includes(phrase) || phrase.includes(title) ? 1 : titleSimilarity(phrase, title);
    if (!best || score > best.score) best = { task, score };
  }
  return best && best.score >= 0.5 ? best.task : null;
}

export function answerQuestion(question: string, ctx: AssistantContext): AssistantAnswer {
  const today = todayIn(ctx.timezone, ctx.now);
  const openTasks = ctx.tasks.filter(open).sort(compareTasks);
  const dueOn = (from: string, to: string) =>
    openTasks.filter((t) => t.dueDate && t.dueDate.slice(0, 10) >= from && t.dueDate.slice(0, 10) <= to);
  const intent = classifyQuestion(question);

  switch (intent) {
    case "overdue": {
      const overdue = openTasks.filter((t) => t.dueDate && t.dueDate.slice(0, 10) < today);
      return listAnswer(intent, `${plural(overdue.length, "task")} overdue:`, overdue, today, "Nothing is overdue. 🎉");
    }
    case "due_today": {
      const due = dueOn(today, today);
      return listAnswer(intent, `${plural(due.length, "open task")} due today:`, due, today, "Nothing open is due today.");
    }
    case "due_tomorrow": {
      const tomorrow = addDays(today, 1);
      const due = dueOn(tomorrow, tomorrow);
      return listAnswer(intent, `${plural(due.length, "open task")} due tomorrow:`, due, today, "Nothing open is due tomorrow.");
    }
    case "due_this_week": {
      const due = dueOn(today, addDays(today, 6));
      return listAnswer(intent, `${plural(due.length, "open task")} due in the next 7 days:`, due, today, "Nothing open is due in the next 7 days.");
    }
    case "at_risk": {
      const reasons = new Map<string, string[]>();
      for (const r of ctx.risks) reasons.set(r.taskId, [...(reasons.get(r.taskId) ?? []), r.reason]);
      const risky = openTasks.filter((t) => reasons.has(t.id));
      if (risky.length === 0) return { intent, answer: "No task is at risk right now.", taskIds: [] };
      const shown = risky.slice(0, 10);
      const lines = shown.map((t) => `• ${t.title}: ${reasons.get(t.id)!.join("; ")}`);
      const more = risky.length > shown.length ? `\n…and ${risky.length - shown.length} more.` : "";
      return { intent, answer: `${plural(risky.length, "task")} at risk:\n${lines.join("\n")}${more}`, taskIds: shown.map((t) => t.id) };
    }
    case "workload": {
      const load = new Map<string, AssistantTask[]>();
      for (const t of openTasks) if (t.assigneeName) load.set(t.assigneeName, [...(load.get(t.assigneeName) ?? []), t]);
      if (load.size === 0) return { intent, answer: "No open task has an owner yet.", taskIds: [] };
      const ranked = [...load].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
      const unassigned = openTasks.filter((t) => !t.assigneeName).length;
      const lines = ranked.slice(0, 5).map(([name, list]) => `• ${name}: ${plural(list.length, "open task")}`);
      const tail = unassigned ? `\n${plural(unassigned, "open task")} ${pluralWord(unassigned, "has", "have")} no owner.` : "";
      return {
        intent,
        answer: `${ranked[0][0]} carries the most, with ${plural(ranked[0][1].length, "open task")}.\n${lines.join("\n")}${tail}`,
        taskIds: ranked[0][1].map((t) => t.id),
      };
    }
    case "blockers": {
      const chain = ctx.criticalPath.chain
        .map((id) => openTasks.find((t) => t.id === id))
        .filter((t): t is AssistantTask => Boolean(t));
      const behind = ctx.criticalPath.tasks.filter((t) => t.atRisk && t.status !== COMPLETED);
      const event = ctx.eventName ?? "the show";
      if (chain.length === 0) return { intent, answer: `Nothing open stands between you and ${event}.`, taskIds: [] };
      const heading = behind.length
        ? `${plural(behind.length, "task")} on the way to ${event} ${pluralWord(behind.length, "is", "are")} behind schedule. The critical path:`
        : `The critical path to ${event} (the chain with the least slack):`;
      return listAnswer(intent, heading, chain, today, "");
    }
    case "task_status": {
      const task = findNamedTask(question, ctx.tasks);
      if (!task) return { intent, answer: "I couldn't find a task by that name. Try part of its title.", taskIds: [] };
      const done = task.status === COMPLETED;
      const details = line(task, today).slice(2);
      return { intent, answer: done ? `“${task.title}” is completed.` : `“${task.title}” is ${statusLabel(task.status).toLowerCase()}: ${details}.`, taskIds: [task.id] };
    }
    case "summary": {
      const overdue = openTasks.filter((t) => t.dueDate && t.dueDate.slice(0, 10) < today).length;
      const week = dueOn(today, addDays(today, 6)).length;
      const done = ctx.tasks.length - openTasks.length;
      const answer = [
        `${plural(openTasks.length, "open task")}, ${done} completed; ${overdue} overdue and ${week} due in the next 7 days.`,
        "Ask me what's overdue, what's due this week, what's at risk, who carries most, the status of a task, or what blocks the show.",
      ].join("\n");
      return { intent, answer, taskIds: [] };
    }
  }
}

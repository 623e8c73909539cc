import { addDays, dueDay, todayIn } from "~/domain/dates";
import { dueState } from "~/domain/stats";
import { listTasks, type TaskScope } from "~/services/tasks.server";

export interface AssistantAnswer {
  answer: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Answers a producer's question about the workspace's tasks (`/assistant`, a question in a mention).
 *
 * For now it answers every question with the same honest summary (open, overdue and due-this-week counts) and
 * says so; the planning-intelligence issue puts the real assistant behind this function.
 */
export async function answerQuestion(
  scope: TaskScope,
  question: string,
  opts: { now: Date; ai?: unknown },
): Promise<AssistantAnswer> {
  const tasks = await listTasks(scope);
  const today = todayIn(scope.workspace.timezone, opts.now);
  const weekEnd = addDays(today, 6);
  const open = tasks.filter((t) => dueState(t, today) !== "done");
  const overdue = open.filter((t) => dueState(t, today) === "overdue").length;
  const thisWeek = open.filter((t) => t.dueDate && dueDay(t.dueDate) >= today && dueDay(t.dueDate) <= weekEnd).length;
  const summary =
    open.length === 0
      ? "There are no open tasks in this workspace."
      : `There ${open.length === 1 ? "is" : "are"} ${plural(open.length, "open task", "open tasks")}: ` +
        `${overdue} overdue and ${thisWeek} due in the next 7 days.`;
  const scopeNote = question.trim()
    ? " I can only summarise deadlines so far; detailed answers arrive with the planning assistant."
    : "";
  return { answer: summary + scopeNote };
}

import type { TaskDto } from "~/services/task-queries.server";

/** What a card or a table row of the task list shows of a task: the page's data carries these fields only. */
export type TaskSummary = Pick<
  TaskDto,
  | "id"
  | "title"
  | "description"
  | "priority"
  | "category"
  | "dueDate"
  | "assigneeName"
  | "assigneeId"
  | "assigneeContact"
  | "status"
  | "createdAt"
  | "isAiGenerated"
  // A recurring task's rule in words ("Every Friday"); null for most tasks (ADR 021).
  | "recurrenceText"
  // How many checklist items are done, of how many: "3/5" (ADR 035).
  | "checklist"
>;

/** The summary of a fuller task (the loader's), so the page's data leaves out what the list does not show. */
export function toTaskSummary(task: TaskSummary): TaskSummary {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    priority: task.priority,
    category: task.category,
    dueDate: task.dueDate,
    assigneeName: task.assigneeName,
    assigneeId: task.assigneeId,
    assigneeContact: task.assigneeContact,
    status: task.status,
    createdAt: task.createdAt,
    isAiGenerated: task.isAiGenerated,
    recurrenceText: task.recurrenceText,
    checklist: { done: task.checklist.done, total: task.checklist.total },
  };
}

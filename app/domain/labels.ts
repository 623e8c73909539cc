import { formatDueDate } from "./dates";
import { dueState } from "./stats";
import type { Priority } from "./tasks";

/** How values are worded on every surface (web, Slack, API messages), so each word is written once. */

export const PRIORITY_LABELS: Record<Priority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  critical: "Critical",
};

/** The text with its first letter capitalised: the start of a sentence or a label. */
export function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Human label for a status value: `in_progress` → `In progress`. */
export function statusLabel(status: string) {
  return capitalize(status.replace(/_/g, " "));
}

/** A category as shown: the stored name with its first letter capitalised (`logistics` → `Logistics`). */
export function categoryLabel(name: string) {
  return capitalize(name);
}

/** The form of a word for a count: "task" for 1, "tasks" (or the given plural) otherwise. */
export function pluralWord(count: number, one: string, many = `${one}s`) {
  return count === 1 ? one : many;
}

/** A count with its word: "1 task", "3 tasks", "2 people". */
export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${pluralWord(count, one, many)}`;
}

/** The due line of a task card, with how urgent it is. */
export function describeDue(task: { dueDate: string | null; status: string }, today: string) {
  if (!task.dueDate) return null;
  const state = dueState(task, today);
  const when = formatDueDate(task.dueDate, today).replace(/^(Today|Tomorrow|Yesterday)/, (word) => word.toLowerCase());
  return { state, label: state === "overdue" ? `Overdue · was due ${when}` : `Due ${when}` };
}

/** "3/5": what a card and a table row show of a task's checklist (ADR 035). */
export const checklistCount = (c: { done: number; total: number }) => `${c.done}/${c.total}`;

/** "3 of 5 checklist items done": what a screen reader says of the same. */
export const checklistCountLabel = (c: { done: number; total: number }) =>
  `${c.done} of ${c.total} checklist ${pluralWord(c.total, "item")} done`;

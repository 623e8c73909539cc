import { z } from "zod";
import { text } from "./schemas";

/**
 * A task's checklist (ADR 035): ordered items, each a text and a done box. Pure: the limits and their words, the
 * schemas the page's forms and the API share, the order after a move, and each change in the task's history.
 */

/** Characters an item's text may hold. */
export const CHECKLIST_ITEM_MAX = 200;
/** Items one task's checklist may hold: a checklist, not a project plan (those are tasks with dependencies). */
export const CHECKLIST_ITEMS_MAX = 50;

export const CHECKLIST_FULL = `A checklist holds at most ${CHECKLIST_ITEMS_MAX} items. Remove one before adding another.`;

const itemText = text("Item text")
  .trim()
  .min(1, "Item text is required")
  .max(CHECKLIST_ITEM_MAX, `Item text must be at most ${CHECKLIST_ITEM_MAX} characters`);

const doneField = z.boolean({ invalid_type_error: "done must be true or false" });

/** 1 for the first item; a position past the end moves the item last. */
const positionField = z
  .number({ invalid_type_error: "position must be a whole number" })
  .int("position must be a whole number")
  .min(1, "position starts at 1")
  .max(CHECKLIST_ITEMS_MAX, `position must be at most ${CHECKLIST_ITEMS_MAX}`);

/** `POST /api/tasks/{id}/checklist`: a new item, last. */
export const checklistItemCreateSchema = z.object({ text: itemText, done: doneField.optional() });
export type ChecklistItemCreateInput = z.infer<typeof checklistItemCreateSchema>;

/** `PATCH /api/tasks/{id}/checklist/{itemId}`: any of its text, its done box and its place. */
export const checklistItemUpdateSchema = z
  .object({ text: itemText.optional(), done: doneField.optional(), position: positionField.optional() })
  .refine((v) => v.text !== undefined || v.done !== undefined || v.position !== undefined, {
    message: "Nothing to change: send text, done or position",
  });
export type ChecklistItemUpdateInput = z.infer<typeof checklistItemUpdateSchema>;

const itemIdField = z.string({ required_error: "Choose an item" }).trim().min(1, "Choose an item").max(64);

/** The task page's forms (Conform coerces their strings): add, tick or untick, rename, move, remove. */
export const checklistAddFormSchema = z.object({ text: itemText });
export const checklistToggleFormSchema = z.object({
  itemId: itemIdField,
  done: z.enum(["true", "false"]).transform((v) => v === "true"),
});
export const checklistRenameFormSchema = z.object({ itemId: itemIdField, text: itemText });
export const checklistMoveFormSchema = z.object({
  itemId: itemIdField,
  position: z.coerce.number().pipe(positionField),
});
export const checklistRemoveFormSchema = z.object({ itemId: itemIdField });

/** The item ids in their new order once `id` is moved to `position` (1-based; past the end is last). */
export function moveItem(ids: readonly string[], id: string, position: number): string[] {
  const rest = ids.filter((other) => other !== id);
  if (rest.length === ids.length) return [...ids];
  const at = Math.min(Math.max(position, 1), ids.length) - 1;
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** An item as its history records it, before and after a change (null before an add and after a removal). */
export interface ItemState {
  text: string;
  done: boolean;
  /** 1-based place, recorded for a move only. */
  position?: number;
}

/** A checklist entry of a task's history (`task_events.changes` of kind `checklist`). */
export type ChecklistChange = { checklist: [ItemState | null, ItemState | null] };

/** The history's record of one item's change; null when nothing changed. */
export function checklistChange(before: ItemState | null, after: ItemState | null): ChecklistChange | null {
  if (before && after && before.text === after.text && before.done === after.done) {
    if (before.position === after.position) return null;
  }
  return { checklist: [before, after] };
}

const quote = (value: string) => `“${value.length > 80 ? `${value.slice(0, 79)}…` : value}”`;

/**
 * The change in words, as the history shows it after who made it: "Ticked “Confirm stage plot”", "Renamed “A” to
 * “B”". A change of several things at once (an API call) says each.
 */
export function describeChecklistChange(change: ChecklistChange): string {
  const [before, after] = change.checklist;
  if (!before && after) return `Added ${quote(after.text)}${after.done ? " (done)" : ""}`;
  if (before && !after) return `Removed ${quote(before.text)}`;
  if (!before || !after) return "Changed the checklist";
  const parts: string[] = [];
  if (before.text !== after.text) parts.push(`Renamed ${quote(before.text)} to ${quote(after.text)}`);
  if (before.done !== after.done) {
    const verb = after.done ? "Ticked" : "Unticked";
    parts.push(parts.length ? `${verb.toLowerCase()} it` : `${verb} ${quote(after.text)}`);
  }
  if (after.position !== undefined && before.position !== after.position) {
    const where = `to place ${after.position}`;
    parts.push(parts.length ? `moved it ${where}` : `Moved ${quote(after.text)} ${where}`);
  }
  return parts.length ? parts.join(" and ") : `Changed ${quote(after.text)}`;
}

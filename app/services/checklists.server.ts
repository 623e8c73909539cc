import type { BatchItem } from "drizzle-orm/batch";
import { sql } from "drizzle-orm";
import { taskChecklistItems, taskEvents, type ChecklistItemRow, type TaskRow } from "~/db/schema";
import {
  CHECKLIST_FULL,
  CHECKLIST_ITEMS_MAX,
  checklistChange,
  moveItem,
  type ChecklistChange,
  type ChecklistItemCreateInput,
  type ChecklistItemUpdateInput,
} from "~/domain/checklist";
import { badRequest, notFound } from "~/domain/errors";
import { newId } from "~/lib/crypto";
import * as checklistModel from "~/models/checklists";
import * as dependencyModel from "~/models/dependencies";
import { insertIf } from "~/models/insert-if";
import type { NewTaskEvent } from "~/models/task-history";
import * as taskModel from "~/models/tasks";
import type { ActorCtx } from "./context.server";
import { announceTaskChange, historyEvent, runBatch } from "./task-commands.server";
import { toChecklistDto, toChecklistItemDto, toTaskDto } from "./task-queries.server";

/**
 * A task's checklist (ADR 035): adding, changing (text, done box, place) and removing items, for the task page, the
 * API and whatever comes next alike. Each change is recorded in the task's history and told to open pages; the
 * task's "3/5" is kept by triggers (drizzle/0018_task_checklists.sql).
 */

/** The caller's task's checklist (`GET /api/tasks/{id}/checklist`). */
export async function getChecklist(ctx: ActorCtx, taskId: string) {
  return toChecklistDto((await readTaskAndItems(ctx, taskId)).rows);
}

/** The history entry of a change, written only if the item is there when the statement runs. */
function eventIfItemExists(ctx: ActorCtx, taskId: string, itemId: string, change: ChecklistChange) {
  const event: NewTaskEvent = { ...historyEvent(ctx, taskId, "checklist"), changes: change };
  const items = taskChecklistItems;
  return insertIf(ctx.db, taskEvents, event, sql`EXISTS (SELECT 1 FROM ${items} WHERE ${items.id} = ${itemId})`);
}

/**
 * Runs a checklist write, then reads the task back in the same batch (its counts, moved on by the triggers) and
 * tells open pages, so every list's "3/5" follows. Returns the write's result and the task as it is now.
 */
async function writeAndAnnounce(ctx: ActorCtx, before: TaskRow, statements: BatchItem<"sqlite">[]) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const results = await runBatch(db, [
    ...statements,
    taskModel.getTask(db, workspaceId, before.id),
    dependencyModel.listEdgesOf(db, workspaceId, before.id),
  ]);
  const [after] = results[results.length - 2] as TaskRow[];
  const edges = results[results.length - 1] as Array<{ dependsOnId: string }>;
  if (!after) throw notFound("Task not found");
  const task = toTaskDto(
    after,
    edges.map((e) => e.dependsOnId),
  );
  announceTaskChange(ctx, "updated", after.id, task, before);
  return { results, task };
}

/** The task and its items, read together; an unknown task (or another workspace's) is `not_found`. */
async function readTaskAndItems(ctx: ActorCtx, taskId: string) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const [[task], rows] = await db.batch([
    taskModel.getTask(db, workspaceId, taskId),
    checklistModel.listItems(db, workspaceId, taskId),
  ]);
  if (!task) throw notFound("Task not found");
  return { task, rows };
}

const itemNotFound = () => notFound("Checklist item not found");
const full = () => badRequest(CHECKLIST_FULL, { text: [CHECKLIST_FULL] });

/**
 * Adds an item at the end of the task's checklist. A checklist holds at most CHECKLIST_ITEMS_MAX items: the insert
 * itself holds the bound, so two adds at once cannot pass it.
 */
export async function addChecklistItem(ctx: ActorCtx, input: { taskId: string } & ChecklistItemCreateInput) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const [task] = await taskModel.getTask(db, workspaceId, input.taskId);
  if (!task) throw notFound("Task not found");
  if (task.checklistTotal >= CHECKLIST_ITEMS_MAX) throw full();
  const nowIso = ctx.now.toISOString();
  const done = input.done ?? false;
  const row = {
    id: newId(),
    workspaceId,
    taskId: task.id,
    text: input.text,
    done,
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  const { results, task: after } = await writeAndAnnounce(ctx, task, [
    checklistModel.insertItemStatement(db, row, CHECKLIST_ITEMS_MAX),
    eventIfItemExists(ctx, task.id, row.id, checklistChange(null, { text: row.text, done })!),
  ]);
  const [added] = results[0] as ChecklistItemRow[];
  if (!added) throw full();
  return { item: toChecklistItemDto(added), checklist: after.checklist };
}

/**
 * Changes an item's text, done box or place (1 for the first; past the end is last). A change that changes nothing
 * is answered with the item as it is and recorded nowhere.
 */
export async function updateChecklistItem(
  ctx: ActorCtx,
  input: { taskId: string; itemId: string; changes: ChecklistItemUpdateInput },
) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const { task, rows } = await readTaskAndItems(ctx, input.taskId);
  const current = rows.find((r) => r.id === input.itemId);
  if (!current) throw itemNotFound();
  const { text, done, position } = input.changes;
  const ids = rows.map((r) => r.id);
  const order = position === undefined ? ids : moveItem(ids, current.id, position);
  const moved = order.some((id, i) => id !== ids[i]);
  const place = (list: readonly string[]) => (moved ? { position: list.indexOf(current.id) + 1 } : {});
  const change = checklistChange(
    { text: current.text, done: current.done, ...place(ids) },
    { text: text ?? current.text, done: done ?? current.done, ...place(order) },
  );
  if (!change) return { item: toChecklistItemDto(current), checklist: toTaskDto(task).checklist };
  const statements: BatchItem<"sqlite">[] = [eventIfItemExists(ctx, task.id, current.id, change)];
  if (moved) statements.push(checklistModel.reorderStatement(db, workspaceId, task.id, order));
  const at = statements.length;
  const edited = { ...(text === undefined ? {} : { text }), ...(done === undefined ? {} : { done }) };
  statements.push(
    checklistModel.updateItemStatement(db, workspaceId, task.id, current.id, {
      ...edited,
      updatedAt: ctx.now.toISOString(),
    }),
  );
  const { results, task: after } = await writeAndAnnounce(ctx, task, statements);
  const [updated] = results[at] as ChecklistItemRow[];
  if (!updated) throw itemNotFound();
  return { item: toChecklistItemDto(updated), checklist: after.checklist };
}

/** Removes an item; the ones after it keep their order. Returns what it was, for the page's message. */
export async function removeChecklistItem(ctx: ActorCtx, input: { taskId: string; itemId: string }) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const [[task], [current]] = await db.batch([
    taskModel.getTask(db, workspaceId, input.taskId),
    checklistModel.getItem(db, workspaceId, input.taskId, input.itemId),
  ]);
  if (!task) throw notFound("Task not found");
  if (!current) throw itemNotFound();
  const { results, task: after } = await writeAndAnnounce(ctx, task, [
    eventIfItemExists(ctx, task.id, current.id, checklistChange({ text: current.text, done: current.done }, null)!),
    checklistModel.deleteItemStatement(db, workspaceId, task.id, current.id),
  ]);
  const [removed] = results[1] as ChecklistItemRow[];
  if (!removed) throw itemNotFound();
  return { item: toChecklistItemDto(removed), checklist: after.checklist };
}

import type { BatchItem } from "drizzle-orm/batch";
import type { TaskRow } from "~/db/schema";
import { resolveAssignee, updatedAssignee } from "~/domain/assignees";
import { BULK_MAX, type BulkAction } from "~/domain/bulk";
import { MAX_IMPORT_TASKS } from "~/domain/task-import";
import { badRequest, isAppError, notFound } from "~/domain/errors";
import { OUTSIDE_ASSIGNEE } from "~/domain/schemas";
import { dependantsOf, diffTask, moveDueDateTo, shiftDueDate, type TaskChanges } from "~/domain/task-history";
import { COMPLETED } from "~/domain/tasks";
import * as dependencyModel from "~/models/dependencies";
import { insertNameStatement } from "~/models/lists";
import * as historyModel from "~/models/task-history";
import * as taskModel from "~/models/tasks";
import type { ActorCtx } from "./context.server";
import { bulkStatusNotices } from "./comments.server";
import { assignmentNotices, type Assignment } from "./notifications.server";
import { reminderStatements } from "./reminders.server";
import { remindersAffected } from "~/domain/reminders";
import {
  announceTasksChanged,
  assertKnownStatus,
  historyEvent,
  memberLoader,
  nextOccurrenceOf,
  runBatch,
} from "./task-commands.server";
import { deleteStatements, restoreTasks } from "./task-deletion.server";
import { toTaskDto } from "./task-queries.server";
import type { TaskEvent } from "./webhooks.server";

/**
 * Many tasks at once: the list's bulk bar (status, assign, move dates, category, delete) and moving a slipped
 * task's dependants. One read, one batch, one history entry per task, one message to open pages. Only the
 * caller's workspace's tasks are touched: other ids match nothing and are counted in `missing`.
 */

export interface BulkResult {
  action: BulkAction["action"];
  /** The tasks changed (deleted ones included), in the order asked. */
  ids: string[];
  /** Tasks the action did not apply to (a move skips undated tasks); they are not in `ids`. */
  skipped: number;
  /** Ids that are not tasks of this workspace. */
  missing: number;
}

/** The row changes one bulk action makes to one task; null when it does not apply to it. */
type Change = (row: TaskRow) => Partial<TaskRow> | null;

async function changeFor(ctx: ActorCtx, input: Exclude<BulkAction, { action: "delete" }>): Promise<Change> {
  const nowIso = ctx.now.toISOString();
  switch (input.action) {
    case "status": {
      const status = await assertKnownStatus(ctx, input.status);
      return (row) => ({
        status,
        completedAt: status === COMPLETED ? (row.status === COMPLETED ? row.completedAt : nowIso) : null,
      });
    }
    case "assign": {
      const outside = input.assigneeId === OUTSIDE_ASSIGNEE;
      if (outside && !input.assigneeName) {
        const message = "Name the person outside the team";
        throw badRequest(message, { assigneeName: [message] });
      }
      const wanted = { assigneeId: outside ? null : input.assigneeId, assigneeName: input.assigneeName };
      const members = await memberLoader(ctx)(wanted);
      const me = ctx.actor.user.id;
      // Checked once, before any row: an unknown member or a name several members answer to is refused whole.
      resolveAssignee(members, wanted, me);
      // A member, else an outside person by name (each task keeps its contact note for the same person), else nobody.
      const fields = wanted.assigneeId
        ? { assigneeId: wanted.assigneeId }
        : wanted.assigneeName
          ? { assigneeName: wanted.assigneeName }
          : { assigneeId: null };
      return (row) => updatedAssignee(members, row, fields, me);
    }
    case "move": {
      // A chosen date wins over a number of days (the Risks card's form sends both).
      const { to, days = 0 } = input;
      const moved = (dueDate: string) => (to ? moveDueDateTo(dueDate, to) : shiftDueDate(dueDate, days));
      return (row) => (row.dueDate ? { dueDate: moved(row.dueDate) } : null);
    }
    case "category":
      return () => ({ category: input.category });
  }
}

export async function bulkUpdateTasks(ctx: ActorCtx, input: BulkAction): Promise<BulkResult> {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const rows = await taskModel.getTasksByIds(db, workspaceId, input.ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = input.ids.filter((id) => byId.has(id));
  if (found.length === 0) throw notFound("None of these tasks exist in this workspace");
  const missing = input.ids.length - found.length;
  const statements: BatchItem<"sqlite">[] = [];
  const changed: string[] = [];
  const assignments: Assignment[] = [];
  const statusChanged: TaskRow[] = [];
  // The webhook events (ADR 049): a deleted task as it was; a changed one read after the change, when sent.
  const events: TaskEvent[] = [];

  if (input.action === "delete") {
    const edges = await dependencyModel.listEdges(db, workspaceId);
    // Grouped once both ways, so a delete of 200 tasks does not scan every edge per task.
    const dependsOnOf = dependencyModel.dependsOnMap(edges);
    const waitingOn = dependencyModel.dependsOnMap(
      edges.map((e) => ({ taskId: e.dependsOnId, dependsOnId: e.taskId })),
    );
    for (const id of found) {
      const edgesOf = { dependsOn: dependsOnOf.get(id) ?? [], dependants: waitingOn.get(id) ?? [] };
      statements.push(...deleteStatements(ctx, byId.get(id)!, edgesOf));
      changed.push(id);
      events.push({ type: "task.deleted", taskId: id, task: toTaskDto(byId.get(id)!, edgesOf.dependsOn) });
    }
  } else {
    const change = await changeFor(ctx, input);
    const updatedAt = ctx.now.toISOString();
    for (const id of found) {
      const row = byId.get(id)!;
      const changes = change(row);
      const recorded = changes && diffTask(row, changes);
      if (!recorded) continue;
      statements.push(taskModel.updateTask(db, workspaceId, id, { ...changes, updatedAt }));
      statements.push(historyModel.insertEventStatement(db, historyEvent(ctx, id, "updated", recorded)));
      // Completing a recurring task makes its next occurrence, exactly once (ADR 021); the one message below covers it.
      if (changes.completedAt && row.status !== COMPLETED)
        statements.push(...(nextOccurrenceOf(ctx, { ...row, ...changes }, "completed")?.statements ?? []));
      const after = { ...row, ...changes };
      if (remindersAffected(row, after))
        statements.push(...reminderStatements(ctx, after, ctx.actor.workspace.timezone));
      assignments.push({ taskId: id, title: row.title, assigneeId: after.assigneeId, before: row.assigneeId });
      if (changes.status !== undefined && changes.status !== row.status) statusChanged.push(after);
      changed.push(id);
      events.push({ type: "task.updated", taskId: id });
      if (after.status === COMPLETED && row.status !== COMPLETED) events.push({ type: "task.completed", taskId: id });
    }
    if (input.action === "category" && input.category && changed.length)
      statements.push(insertNameStatement(db, workspaceId, "categories", input.category, ctx.now));
  }
  const notices = assignmentNotices(ctx, assignments);
  // The tasks' followers hear of a new status (ADR 038), one notice per member, in the change's batch.
  const followerNotices = statusChanged.length
    ? await bulkStatusNotices(ctx, statusChanged, statusChanged[0].status)
    : null;
  if (statements.length)
    await runBatch(db, [...statements, ...notices.statements, ...(followerNotices?.statements ?? [])]);
  if (changed.length) announceTasksChanged(ctx, changed[changed.length - 1], events);
  notices.announce();
  followerNotices?.announce();
  return { action: input.action, ids: changed, skipped: found.length - changed.length, missing };
}

/**
 * What moving a slipped task's dependants would touch: every task waiting on it, directly or not, that has a due
 * date and is not done. The editor offers to move them by the slip (`bulkUpdateTasks` with `move`), undone by
 * moving them back.
 */
export async function datedDependants(ctx: ActorCtx, taskId: string) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const edges = await dependencyModel.listEdges(db, workspaceId);
  const ids = dependantsOf(taskId, edges);
  if (ids.length === 0) return [];
  const rows = await taskModel.getTasksByIds(db, workspaceId, ids);
  return rows
    .filter((r) => r.dueDate && r.status !== COMPLETED)
    .map(({ id, title, dueDate }) => ({ id, title, dueDate: dueDate! }));
}

/** Restores what is still deleted of `ids` (an undo pressed twice restores nothing the second time). */
async function restoreIfDeleted(ctx: ActorCtx, ids: string[]) {
  try {
    return (await restoreTasks(ctx, ids)).restored.map((t) => t.id);
  } catch (err) {
    if (isAppError(err, "not_found")) return [];
    throw err;
  }
}

/** The fields an undo puts back (dependencies are edited in the task editor and stay as they are). */
const UNDOABLE = ["title", "description", "status", "priority", "category", "dueDate", "estimatedHours"] as const;

/** The most history entries one undo reads: a bulk action's, or an import's creations (ADR 046). */
const UNDO_EVENTS_MAX = Math.max(BULK_MAX * 2, MAX_IMPORT_TASKS);

/**
 * Undoes what the caller did at the instant `at` (the handle an 'Undo' toast carries: every change of one request
 * shares its instant): deleted tasks come back, and each changed field is put back where it still holds the value
 * that change gave it (a later edit by anyone wins). An assignee change is put back as a whole. An instant that
 * only created tasks (an import) is undone by deleting those still there, as a delete does (so an undo of that undo
 * brings them back); creations beside other changes (a completion's next occurrence) stay. Nothing to undo is
 * `not_found`.
 */
export async function undoChange(ctx: ActorCtx, input: { at: string }) {
  const { db } = ctx;
  const { workspace, user } = ctx.actor;
  const events = await historyModel.listEventsAt(db, workspace.id, user.id, input.at, UNDO_EVENTS_MAX);
  if (events.length && events.every((e) => e.kind === "created")) {
    return {
      restored: [],
      reverted: [],
      deleted: await deleteCreated(
        ctx,
        events.map((e) => e.taskId),
      ),
    };
  }
  const deletedIds = events.filter((e) => e.kind === "deleted").map((e) => e.taskId);
  const updates = events.filter((e) => e.kind === "updated" && e.changes);
  if (deletedIds.length === 0 && updates.length === 0) throw notFound("There is nothing to undo");
  const restored = deletedIds.length ? await restoreIfDeleted(ctx, deletedIds) : [];
  const rows = updates.length
    ? await taskModel.getTasksByIds(
        db,
        workspace.id,
        updates.map((e) => e.taskId),
      )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const statements: BatchItem<"sqlite">[] = [];
  const reverted: string[] = [];
  const updatedAt = ctx.now.toISOString();
  for (const event of updates) {
    const row = byId.get(event.taskId);
    if (!row) continue;
    const changes = event.changes as TaskChanges;
    const back: Partial<TaskRow> = {};
    for (const field of UNDOABLE) {
      const change = changes[field];
      if (change && (row[field] ?? null) === (change[1] ?? null)) Object.assign(back, { [field]: change[0] });
    }
    if (changes.status && "status" in back) back.completedAt = back.status === COMPLETED ? row.completedAt : null;
    // The assignee is put back as a whole: member, name and contact note together.
    const assignee = ["assigneeName", "assigneeId", "assigneeContact"] as const;
    if (
      assignee.some((f) => changes[f]) &&
      assignee.every((f) => !changes[f] || (row[f] ?? null) === (changes[f]![1] ?? null))
    )
      for (const f of assignee) if (changes[f]) Object.assign(back, { [f]: changes[f]![0] });
    const recorded = diffTask(row, back);
    if (!recorded) continue;
    statements.push(taskModel.updateTask(db, workspace.id, row.id, { ...back, updatedAt }));
    statements.push(historyModel.insertEventStatement(db, historyEvent(ctx, row.id, "updated", recorded)));
    const after = { ...row, ...back };
    if (remindersAffected(row, after)) statements.push(...reminderStatements(ctx, after, workspace.timezone));
    reverted.push(row.id);
  }
  const revertedEvents = reverted.map((taskId): TaskEvent => ({ type: "task.updated", taskId }));
  if (restored.length === 0 && statements.length === 0) throw notFound("There is nothing left to undo");
  if (statements.length) await runBatch(db, statements);
  if (reverted.length) announceTasksChanged(ctx, reverted[reverted.length - 1], revertedEvents);
  return { restored, reverted, deleted: [] as string[] };
}

/** Deletes the tasks of `ids` that are still there (undoing their creation); none left is `not_found`. */
async function deleteCreated(ctx: ActorCtx, ids: string[]) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const [rows, edges] = await db.batch([
    taskModel.getTasksByIds(db, workspaceId, ids),
    dependencyModel.listEdges(db, workspaceId),
  ]);
  if (rows.length === 0) throw notFound("There is nothing left to undo");
  const dependsOnOf = dependencyModel.dependsOnMap(edges);
  const waitingOn = dependencyModel.dependsOnMap(edges.map((e) => ({ taskId: e.dependsOnId, dependsOnId: e.taskId })));
  const statements = rows.flatMap((row) =>
    deleteStatements(ctx, row, { dependsOn: dependsOnOf.get(row.id) ?? [], dependants: waitingOn.get(row.id) ?? [] }),
  );
  await runBatch(db, statements);
  const deletedEvents = rows.map(
    (row): TaskEvent => ({ type: "task.deleted", taskId: row.id, task: toTaskDto(row, dependsOnOf.get(row.id) ?? []) }),
  );
  announceTasksChanged(ctx, rows[rows.length - 1].id, deletedEvents);
  return rows.map((r) => r.id);
}

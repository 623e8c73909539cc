import type { BatchItem } from "drizzle-orm/batch";
import type { TaskRow } from "~/db/schema";
import { notFound } from "~/domain/errors";
import { COMPLETED } from "~/domain/tasks";
import { taskLimitReached } from "~/domain/tiers";
import * as checklistModel from "~/models/checklists";
import * as dependencyModel from "~/models/dependencies";
import * as historyModel from "~/models/task-history";
import * as recurrenceModel from "~/models/recurrence";
import * as taskModel from "~/models/tasks";
import type { ActorCtx, Ctx } from "./context.server";
import { reminderStatements } from "./reminders.server";
import { purgeFilesOfTasks } from "./task-files.server";
import {
  announceNext,
  announceTaskChange,
  announceTasksChanged,
  historyEvent,
  nextOccurrenceOf,
  runBatch,
} from "./task-commands.server";
import { toTaskDto } from "./task-queries.server";

/**
 * Deleting tasks, restoring them (undo) and purging them once they are old: deletes and restores are recorded in
 * the task's history and told to open pages.
 */

/**
 * The statements that delete a task the caller read (`row` with its edges both ways): it moves to the deleted
 * tasks, kept for undo until the daily purge, and its history says who deleted it. If someone deleted it first,
 * the conditional statements write nothing and the delete returns no row.
 */
export function deleteStatements(
  ctx: ActorCtx,
  row: TaskRow,
  edges: { dependsOn: string[]; dependants: string[] },
): BatchItem<"sqlite">[] {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  return [
    historyModel.insertDeletedStatement(db, {
      id: row.id,
      workspaceId,
      row,
      ...edges,
      deletedBy: ctx.actor.user.id,
      deletedAt: ctx.now.toISOString(),
    }),
    historyModel.insertEventStatement(db, historyEvent(ctx, row.id, "deleted")),
    taskModel.deleteTask(db, workspaceId, row.id),
  ];
}

/**
 * What deleting a recurring task does to its series (ADR 021): `this` deletes this occurrence only, and when it
 * is the latest the series goes on with the next one; `following` deletes it and every later occurrence and
 * stops the series.
 */
export type SeriesDelete = "this" | "following";

/**
 * Deletes a task (undoable with `restoreTasks` until the purge); returns it as it was. All the tasks deleted
 * share one instant, so one undo brings them all back.
 */
export async function deleteTask(ctx: ActorCtx, id: string, series: SeriesDelete = "this") {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const [[row], dependsOn, dependants] = await db.batch([
    taskModel.getTask(db, workspaceId, id),
    dependencyModel.listEdgesOf(db, workspaceId, id),
    historyModel.listDependantEdges(db, workspaceId, id),
  ]);
  if (!row) throw notFound("Task not found");
  const edges = { dependsOn: dependsOn.map((e) => e.dependsOnId), dependants: dependants.map((e) => e.taskId) };
  if (series === "following" && row.seriesId) return deleteFollowing(ctx, row, edges);
  // Skipping the latest open occurrence: the series goes on from it, made before it leaves `tasks`.
  const next = row.status === COMPLETED ? null : nextOccurrenceOf(ctx, row, "present");
  const statements = [...(next?.statements ?? []), ...deleteStatements(ctx, row, edges)];
  const results = await runBatch(db, statements);
  const deleted = results[results.length - 1] as TaskRow[];
  if (deleted.length === 0) throw notFound("Task not found");
  announceTaskChange(ctx, "deleted", id, undefined, row);
  announceNext(ctx, next, results[0]);
  return toTaskDto(row, edges.dependsOn);
}

/** "This and the following": the occurrence, the later ones of its series, and no more after them. */
async function deleteFollowing(ctx: ActorCtx, row: TaskRow, edges: { dependsOn: string[]; dependants: string[] }) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const occurrence = row.occurrence ?? 1;
  const later = await recurrenceModel.listFollowingOccurrences(db, workspaceId, row.seriesId!, occurrence);
  const laterEdges = later.length ? await dependencyModel.listEdges(db, workspaceId) : [];
  const dependsOnOf = dependencyModel.dependsOnMap(laterEdges);
  const waitingOn = dependencyModel.dependsOnMap(
    laterEdges.map((e) => ({ taskId: e.dependsOnId, dependsOnId: e.taskId })),
  );
  const statements: BatchItem<"sqlite">[] = [
    recurrenceModel.stopSeriesBeforeStatement(db, workspaceId, row.seriesId!, occurrence, row.id),
    ...later.flatMap((t) =>
      deleteStatements(ctx, t, { dependsOn: dependsOnOf.get(t.id) ?? [], dependants: waitingOn.get(t.id) ?? [] }),
    ),
    ...deleteStatements(ctx, row, edges),
  ];
  const results = await runBatch(db, statements);
  const deleted = results[results.length - 1] as TaskRow[];
  if (deleted.length === 0) throw notFound("Task not found");
  if (later.length) {
    const gone = [
      ...later.map((t) => ({ row: t, dependsOn: dependsOnOf.get(t.id) ?? [] })),
      { row, dependsOn: edges.dependsOn },
    ];
    announceTasksChanged(
      ctx,
      row.id,
      gone.map((t) => ({ type: "task.deleted", taskId: t.row.id, task: toTaskDto(t.row, t.dependsOn) })),
    );
  } else announceTaskChange(ctx, "deleted", row.id, undefined, row);
  return toTaskDto(row, edges.dependsOn);
}

/** Deleted tasks are kept this long for undo, then purged with their history. */
export const DELETED_KEEP_DAYS = 30;

/**
 * Brings deleted tasks back (the 'Undo' of a delete), with their checklists, their dependencies whose other task
 * still exists and their links to cues that still exist.
 * They count against the plan's task limit like a create: tasks a full workspace cannot take stay deleted and are
 * counted in `overLimit`. Ids that are not this workspace's deleted tasks are ignored; none at all is `not_found`.
 */
export async function restoreTasks(ctx: ActorCtx, ids: readonly string[]) {
  const { db } = ctx;
  const { workspace, plan } = ctx.actor;
  const found = ids.length ? await historyModel.getDeleted(db, workspace.id, ids) : [];
  if (found.length === 0) throw notFound("Nothing to restore: the task is not in the recently deleted");
  const nowIso = ctx.now.toISOString();
  const statements: BatchItem<"sqlite">[] = [];
  const inserts: number[] = [];
  for (const deleted of found) {
    const row = { ...deleted.row, updatedAt: nowIso };
    inserts.push(statements.length);
    statements.push(taskModel.insertTaskStatement(db, row, plan.entitlements.taskLimit));
    for (const dependsOnId of deleted.dependsOn)
      statements.push(historyModel.restoreEdgeStatement(db, workspace.id, row.id, dependsOnId));
    for (const dependantId of deleted.dependants)
      statements.push(historyModel.restoreEdgeStatement(db, workspace.id, dependantId, row.id));
    for (const cueId of deleted.cueIds)
      statements.push(historyModel.restoreCueLinkStatement(db, workspace.id, cueId, row.id));
    // Its checklist comes back whole; the triggers count it again on the restored row.
    for (const item of deleted.checklist)
      statements.push(checklistModel.restoreItemStatement(db, workspace.id, row.id, item));
    statements.push(historyModel.insertEventStatement(db, historyEvent(ctx, row.id, "restored")));
    statements.push(historyModel.removeRestoredStatement(db, workspace.id, row.id));
    statements.push(...reminderStatements(ctx, row, workspace.timezone, { fresh: true }));
  }
  const results = (await runBatch(db, statements)) as unknown[][];
  const restored = found.filter((_, i) => results[inserts[i]].length > 0).map((d) => toTaskDto(d.row, d.dependsOn));
  if (restored.length === 0) throw taskLimitReached(plan.tier);
  announceTasksChanged(
    ctx,
    restored[restored.length - 1].id,
    restored.map((task) => ({ type: "task.created", taskId: task.id, task })),
    "created",
  );
  return { restored, overLimit: found.length - restored.length };
}

/**
 * Forgets tasks deleted more than DELETED_KEEP_DAYS ago, with their history and their files, in bounded steps (the
 * cron). The files go first (R2 objects, then rows, ADR 039): a task whose files are not all removed yet, or whose
 * removal failed, stays deleted until a later run, so no file is left without a task to find it by.
 */
export async function purgeDeletedTasks(ctx: Ctx, limit = 500) {
  const before = new Date(ctx.now.getTime() - DELETED_KEEP_DAYS * 86_400_000).toISOString();
  const expired = await historyModel.listExpiredDeleted(ctx.db, before, limit);
  if (expired.length === 0) return 0;
  const { done } = await purgeFilesOfTasks(
    ctx,
    expired.map((e) => e.id),
  );
  if (done.length === 0) return 0;
  await runBatch(ctx.db, [...historyModel.purgeStatements(ctx.db, done)]);
  return done.length;
}

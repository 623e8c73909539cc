import { toAssignableMembers } from "~/domain/assignees";
import { COMMENTS_SHOWN } from "~/domain/comments";
import { AppError, isAppError } from "~/domain/errors";
import type { TaskUpdateInput } from "~/domain/schemas";
import { PICKER_LIMIT, type LinkDirection } from "~/domain/task-editor";
import { slipDays } from "~/domain/task-history";
import * as dependencyModel from "~/models/dependencies";
import { listNames } from "~/models/lists";
import * as historyModel from "~/models/task-history";
import * as taskModel from "~/models/tasks";
import * as teamModel from "~/models/teams";
import { listTaskComments } from "./comments.server";
import { readTogether, type ActorCtx } from "./context.server";
import { bulkUpdateTasks, datedDependants } from "./task-bulk.server";
import { updateTask } from "./task-commands.server";
import { listTaskFiles } from "./task-files.server";
import { getTask, getTaskDetail } from "./task-queries.server";

/** The task page (`/tasks/{id}`): reading a task with its form's choices, saving edits, linking tasks both ways. */

/**
 * Tasks whose title or description contains `q`, for the dependency picker: at most PICKER_LIMIT, never the task
 * itself nor one already linked that way. Empty `q` finds nothing (the picker lists no task unasked).
 */
export async function searchLinkChoices(ctx: ActorCtx, input: { taskId: string; direction: LinkDirection; q: string }) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  if (!input.q) return [];
  const linked =
    input.direction === "waitsFor"
      ? (await dependencyModel.listEdgesOf(db, workspaceId, input.taskId)).map((e) => e.dependsOnId)
      : (await historyModel.listDependantEdges(db, workspaceId, input.taskId)).map((e) => e.taskId);
  const exclude = new Set([input.taskId, ...linked]);
  // Excluded tasks may match too: ask for enough rows that PICKER_LIMIT others remain (bounded by the links).
  const rows = await taskModel.listTasks(
    db,
    workspaceId,
    { q: input.q },
    { limit: PICKER_LIMIT + exclude.size, offset: 0 },
  );
  return rows
    .filter((r) => !exclude.has(r.id))
    .slice(0, PICKER_LIMIT)
    .map(({ id, title, dueDate, status }) => ({ id, title, dueDate, status }));
}
export type LinkChoice = Awaited<ReturnType<typeof searchLinkChoices>>[number];

/**
 * Everything the task page shows: the task with its links and history, the form's choices (statuses, categories,
 * members), and, without JavaScript, the matches of a picker search it submitted and, after a save that moved
 * the due date `slip` days later, how many dated tasks wait for it (the offer to move them).
 */
export async function getTaskPage(
  ctx: ActorCtx,
  input: {
    id: string;
    search?: { direction: LinkDirection; q: string };
    slip?: number;
    /** Comments written before this one (the page's "Show older comments"). */
    commentsBefore?: string;
  },
) {
  const { db } = ctx;
  const workspace = ctx.actor.workspace;
  // Started together, so the lists ride in the detail's batch.
  const [detail, [categoryRows, statusRows, memberRows], comments, files] = await readTogether(ctx, () => [
    getTaskDetail(ctx, input.id),
    db.batch([
      listNames(db, workspace.id, "categories"),
      listNames(db, workspace.id, "statuses"),
      teamModel.listMembers(db, workspace.id),
    ]),
    listTaskComments(ctx, input.id, { limit: COMMENTS_SHOWN, before: input.commentsBefore }).catch((error) => {
      // An older page that is gone (deleted meanwhile) shows the newest comments instead.
      if (input.commentsBefore && isAppError(error, "not_found"))
        return listTaskComments(ctx, input.id, { limit: COMMENTS_SHOWN });
      throw error;
    }),
    listTaskFiles(ctx, input.id),
  ]);
  const matches = input.search ? await searchLinkChoices(ctx, { taskId: input.id, ...input.search }) : [];
  const waiting = input.slip && input.slip > 0 ? await datedDependants(ctx, input.id) : [];
  return {
    ...detail,
    /** The task's files and the workspace's storage (ADR 039). */
    files: files.files,
    storage: files.storage,
    categories: categoryRows.map((r) => r.name),
    statuses: statusRows.map((r) => r.name),
    members: toAssignableMembers(memberRows),
    assumedEstimateHours: workspace.assumedEstimateHours,
    timezone: workspace.timezone,
    search: input.search ? { ...input.search, matches } : null,
    slip: waiting.length ? { days: input.slip!, count: waiting.length } : null,
    comments,
  };
}
export type TaskPage = Awaited<ReturnType<typeof getTaskPage>>;

/**
 * Saves the editor's changes. When the due date moved later and dated, open tasks wait for this one, `slip` says
 * by how many days and how many tasks, so the page can offer to move them too (`moveDependants`).
 */
export async function saveTaskEdits(ctx: ActorCtx, input: { id: string; changes: TaskUpdateInput }) {
  const before = await getTask(ctx, input.id);
  const task = await updateTask(ctx, input);
  const days = slipDays(before.dueDate, task.dueDate);
  const waiting = days && days > 0 ? await datedDependants(ctx, task.id) : [];
  return { task, slip: waiting.length ? { days: days!, count: waiting.length } : null };
}

/** Moves every dated, open task waiting on `id` (directly or not) by `days`, as one undoable change. */
export async function moveDependants(ctx: ActorCtx, input: { id: string; days: number }) {
  const waiting = await datedDependants(ctx, input.id);
  if (waiting.length === 0) throw new AppError("not_found", "No dated, open task waits for this one any more.");
  return bulkUpdateTasks(ctx, { action: "move", ids: waiting.map((t) => t.id), days: input.days });
}

/**
 * Adds or removes a dependency between the page's task and another, either way: "waits for" edits this task's
 * dependencies, "needed by" the other task's, both through `updateTask` (same workspace, no cycles, history).
 * Returns both tasks' titles for the page's message.
 */
export async function setLink(
  ctx: ActorCtx,
  input: { taskId: string; otherId: string; direction: LinkDirection; linked: boolean },
) {
  const [task, other] = await Promise.all([getTask(ctx, input.taskId), getTask(ctx, input.otherId)]);
  const [waiting, awaited] = input.direction === "waitsFor" ? [task, other] : [other, task];
  const dependsOn = input.linked
    ? [...new Set([...waiting.dependsOn, awaited.id])]
    : waiting.dependsOn.filter((id) => id !== awaited.id);
  await updateTask(ctx, { id: waiting.id, changes: { dependsOn } });
  return { waiting: waiting.title, awaited: awaited.title };
}

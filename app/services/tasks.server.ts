import type { Db } from "~/db/client";
import type { TaskRow, WorkspaceRow } from "~/db/schema";
import { normalizeDueDate, todayIn } from "~/domain/dates";
import { badRequest, conflict, notFound } from "~/domain/errors";
import type { TaskCreateInput, TaskFilters, TaskUpdateInput } from "~/domain/schemas";
import { buildTaskStats } from "~/domain/stats";
import { COMPLETED } from "~/domain/tasks";
import { normalizeTitle } from "~/domain/title";
import { newId } from "~/lib/crypto";
import { findName, insertNameStatement, listNames } from "~/models/lists";
import * as taskModel from "~/models/tasks";

export interface TaskScope {
  db: Db;
  workspace: WorkspaceRow;
  userId: string;
}

export type TaskDto = ReturnType<typeof toTaskDto>;

/** The API's task: the spec's Task fields plus who created it and when it last changed. */
export function toTaskDto(row: TaskRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    category: row.category,
    dueDate: row.dueDate,
    assigneeName: row.assigneeName,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
    isAiGenerated: row.isAiGenerated,
    estimatedHours: row.estimatedHours,
    originalPrompt: row.originalPrompt,
    createdBy: row.createdBy,
  };
}

export async function listTasks(scope: TaskScope, filters: TaskFilters = {}) {
  const rows = await taskModel.listTasks(scope.db, scope.workspace.id, filters);
  return rows.map(toTaskDto);
}

/** What the tasks page shows: the filtered tasks and both workspace lists, in one D1 round trip. */
export async function getTaskBoard(scope: TaskScope, filters: TaskFilters = {}) {
  const { db, workspace } = scope;
  const [rows, categoryRows, statusRows] = await db.batch([
    taskModel.listTasks(db, workspace.id, filters),
    listNames(db, workspace.id, "categories"),
    listNames(db, workspace.id, "statuses"),
  ]);
  return {
    tasks: rows.map(toTaskDto),
    categories: categoryRows.map((r) => r.name),
    statuses: statusRows.map((r) => r.name),
  };
}

export async function getTask(scope: TaskScope, id: string) {
  const row = await taskModel.getTask(scope.db, scope.workspace.id, id);
  if (!row) throw notFound("Task not found");
  return toTaskDto(row);
}

function dueDateIn(workspace: WorkspaceRow, value: string | null) {
  if (value === null) return null;
  const normalized = normalizeDueDate(value, workspace.timezone);
  if (!normalized) throw badRequest("Due date must be a real date", { dueDate: ["Due date must be a real date"] });
  return normalized;
}

async function assertKnownStatus(scope: TaskScope, status: string) {
  const found = await findName(scope.db, scope.workspace.id, "statuses", status);
  if (!found) {
    throw badRequest(`Unknown status "${status}". Add it under Manage Statuses first.`, {
      status: [`Unknown status "${status}"`],
    });
  }
  return found.name;
}

async function assertNotDuplicate(scope: TaskScope, titleKey: string, exceptId?: string) {
  const existing = await taskModel.findOpenTaskByTitleKey(scope.db, scope.workspace.id, titleKey, exceptId);
  if (existing) {
    throw conflict(`An open task with this title already exists: "${existing.title}"`, {
      duplicateOf: toTaskDto(existing),
    });
  }
}

/**
 * Creates a task. An open task with the same normalised title is a 409 unless `allowDuplicate`.
 * A category the workspace has not seen yet joins its category list, so every list stays complete.
 */
export async function createTask(scope: TaskScope, input: TaskCreateInput, now = new Date()) {
  const { db, workspace } = scope;
  const titleKey = normalizeTitle(input.title);
  if (!titleKey) throw badRequest("Title is required", { title: ["Title is required"] });
  if (!input.allowDuplicate) await assertNotDuplicate(scope, titleKey);
  const status = input.status ? await assertKnownStatus(scope, input.status) : "pending";
  const nowIso = now.toISOString();
  const row: TaskRow = {
    id: newId(),
    workspaceId: workspace.id,
    title: input.title,
    titleKey,
    description: input.description,
    priority: input.priority,
    category: input.category,
    dueDate: dueDateIn(workspace, input.dueDate),
    assigneeName: input.assigneeName,
    status,
    isAiGenerated: input.isAiGenerated,
    estimatedHours: input.estimatedHours,
    originalPrompt: input.originalPrompt,
    createdBy: scope.userId,
    createdAt: nowIso,
    updatedAt: nowIso,
    completedAt: status === COMPLETED ? nowIso : null,
  };
  const insert = taskModel.insertTaskStatement(db, row);
  if (row.category) {
    await db.batch([insert, insertNameStatement(db, workspace.id, "categories", row.category, nowIso)]);
  } else {
    await insert;
  }
  return toTaskDto(row);
}

/**
 * Applies a partial update. completedAt is stamped when the status becomes completed and cleared when
 * it leaves completed; a title change is checked for duplicates like a create.
 */
export async function updateTask(scope: TaskScope, id: string, input: TaskUpdateInput, now = new Date()) {
  const { db, workspace } = scope;
  const current = await taskModel.getTask(db, workspace.id, id);
  if (!current) throw notFound("Task not found");
  const { allowDuplicate, ...fields } = input;
  if (Object.keys(fields).length === 0) throw badRequest("Nothing to update: send at least one task field");
  const nowIso = now.toISOString();
  const changes: Partial<TaskRow> = { updatedAt: nowIso };

  if (fields.title !== undefined) {
    const titleKey = normalizeTitle(fields.title);
    if (!titleKey) throw badRequest("Title is required", { title: ["Title is required"] });
    if (titleKey !== current.titleKey && current.status !== COMPLETED && !allowDuplicate) {
      await assertNotDuplicate(scope, titleKey, id);
    }
    Object.assign(changes, { title: fields.title, titleKey });
  }
  if (fields.status !== undefined) {
    const status = await assertKnownStatus(scope, fields.status);
    changes.status = status;
    if (status === COMPLETED && current.status !== COMPLETED) changes.completedAt = nowIso;
    if (status !== COMPLETED) changes.completedAt = null;
  }
  if (fields.dueDate !== undefined) changes.dueDate = dueDateIn(workspace, fields.dueDate);
  for (const key of ["description", "priority", "category", "assigneeName", "estimatedHours", "isAiGenerated", "originalPrompt"] as const) {
    if (fields[key] !== undefined) Object.assign(changes, { [key]: fields[key] });
  }

  const statements = [taskModel.updateTask(db, workspace.id, id, changes)] as const;
  const [updated] = changes.category
    ? (await db.batch([statements[0], insertNameStatement(db, workspace.id, "categories", changes.category, nowIso)]))[0]
    : await statements[0];
  if (!updated) throw notFound("Task not found");
  return toTaskDto(updated);
}

export async function deleteTask(scope: TaskScope, id: string) {
  const deleted = await taskModel.deleteTask(scope.db, scope.workspace.id, id);
  if (deleted.length === 0) throw notFound("Task not found");
}

export async function getTaskStats(scope: TaskScope, now = new Date()) {
  const counts = await taskModel.countTasks(scope.db, scope.workspace.id, todayIn(scope.workspace.timezone, now));
  return buildTaskStats(counts, scope.workspace, now);
}

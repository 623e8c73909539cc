import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client";
import type { TaskRow, WorkspaceRow } from "~/db/schema";
import { normalizeDueDate, todayIn } from "~/domain/dates";
import { AppError, badRequest, notFound } from "~/domain/errors";
import type { TaskCreateInput, TaskFilters, TaskUpdateInput } from "~/domain/schemas";
import { buildTaskStats } from "~/domain/stats";
import { COMPLETED } from "~/domain/tasks";
import { detectCycle } from "~/domain/critical-path";
import { taskLimitReached, type WorkspacePlan } from "~/domain/tiers";
import { normalizeTitle } from "~/domain/title";
import type { RateLimitBinding } from "~/domain/rate-limits";
import { enforceRateLimit, userKey } from "~/lib/rate-limit.server";
import { newId } from "~/lib/crypto";
import * as dependencyModel from "~/models/dependencies";
import { findName, insertNameStatement, listNames } from "~/models/lists";
import * as taskModel from "~/models/tasks";
import * as teamModel from "~/models/teams";
import type { TaskChange } from "~/domain/live";
import type { ListedTask } from "~/domain/live-list";
import type { LiveNotifier } from "./live-notifier.server";

export interface TaskScope {
  db: Db;
  workspace: WorkspaceRow;
  userId: string;
  /** Where committed changes are announced to open pages; absent in contexts that need no live updates. */
  live?: LiveNotifier;
}

/**
 * A scope with the workspace's plan (its task limit holds for every create, its gates for features) and the
 * abuse limiters (task creation is counted per user, from wherever it comes).
 */
export interface PlanScope extends TaskScope {
  plan: WorkspacePlan;
  limits: Pick<Env, RateLimitBinding>;
}

export type TaskDto = ReturnType<typeof toTaskDto>;

/**
 * Announces a committed change to the workspace's open pages with stats read after it. Runs after the
 * response, so every writer (pages, API, Slack, templates) pays nothing for it.
 */
function announce(scope: TaskScope, change: TaskChange, taskId: string, task?: TaskDto, previous?: TaskRow) {
  scope.live?.publish(scope.workspace.id, async () => ({
    type: "task",
    change,
    taskId,
    task,
    // What open lists need to take the task out of their place for it (app/domain/live-list.ts).
    previous: previous && listedTask(previous),
    stats: await getTaskStats(scope),
  }));
}

/** The fields a list's filters and order read (app/domain/live-list.ts). */
function listedTask(row: TaskRow): ListedTask {
  const { id, title, description, priority, category, assigneeName, assigneeId, status, dueDate, createdAt } = row;
  return { id, title, description, priority, category, assigneeName, assigneeId, status, dueDate, createdAt };
}

/** Tells open pages that tasks changed in bulk (one message: they refetch once); `lastId` is one of them. */
export function announceTasksChanged(scope: TaskScope, lastId: string) {
  announce(scope, "updated", lastId);
}

/** The API's task: the spec's Task fields plus who created it, when it last changed and what it waits for. */
export function toTaskDto(row: TaskRow, dependsOn: string[] = []) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    category: row.category,
    dueDate: row.dueDate,
    assigneeName: row.assigneeName,
    /** The member doing it; null for an outside person (then only the name and contact note) or nobody. */
    assigneeId: row.assigneeId,
    assigneeContact: row.assigneeContact,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
    isAiGenerated: row.isAiGenerated,
    estimatedHours: row.estimatedHours,
    originalPrompt: row.originalPrompt,
    createdBy: row.createdBy,
    dependsOn,
  };
}

/**
 * The filters as queries take them: 'My tasks' (`mine`, or `assignee=me`) becomes the caller's member id, so an
 * outside person who happens to share their name is not theirs.
 */
export function resolveFilters(scope: Pick<TaskScope, "userId">, filters: TaskFilters): taskModel.TaskQuery {
  const { mine, assignee, ...rest } = filters;
  const me = assignee?.toLowerCase() === "me";
  return {
    ...rest,
    ...(assignee && !me ? { assignee } : {}),
    ...(mine || me ? { assigneeId: scope.userId } : {}),
  };
}

export async function listTasks(scope: TaskScope, filters: TaskFilters = {}, page?: { limit: number; offset: number }) {
  const [rows, edges] = await scope.db.batch([
    taskModel.listTasks(scope.db, scope.workspace.id, resolveFilters(scope, filters), page),
    dependencyModel.listEdges(scope.db, scope.workspace.id),
  ]);
  const dependsOn = dependencyModel.dependsOnMap(edges);
  return rows.map((row) => toTaskDto(row, dependsOn.get(row.id)));
}

/** Tasks per page on the tasks page: enough to scan, small enough that a 1,000-task board stays fast. */
export const BOARD_PAGE_SIZE = 60;

/**
 * What the tasks page shows: one page of the filtered tasks, how many match, and both workspace lists, in one
 * D1 round trip. `page` is 1-based; a page past the end is clamped to the last one by the caller's links.
 */
export async function getTaskBoard(scope: TaskScope, filters: TaskFilters = {}, page = 1) {
  const { db, workspace } = scope;
  const offset = (Math.max(1, page) - 1) * BOARD_PAGE_SIZE;
  const query = resolveFilters(scope, filters);
  const [rows, [{ count }], edges, categoryRows, statusRows, openRows, memberRows] = await db.batch([
    taskModel.listTasks(db, workspace.id, query, { limit: BOARD_PAGE_SIZE, offset }),
    taskModel.countMatchingTasks(db, workspace.id, query),
    dependencyModel.listEdges(db, workspace.id),
    listNames(db, workspace.id, "categories"),
    listNames(db, workspace.id, "statuses"),
    taskModel.listOpenTaskTitles(db, workspace.id),
    teamModel.listMembers(db, workspace.id),
  ]);
  const dependsOn = dependencyModel.dependsOnMap(edges);
  return {
    tasks: rows.map((row) => toTaskDto(row, dependsOn.get(row.id))),
    pagination: { page: Math.max(1, page), pageSize: BOARD_PAGE_SIZE, total: count },
    categories: categoryRows.map((r) => r.name),
    statuses: statusRows.map((r) => r.name),
    openTasks: openRows.map(({ id, title }) => ({ id, title })),
    members: toAssignableMembers(memberRows),
  };
}

export async function getTask(scope: TaskScope, id: string) {
  const [[row], edges] = await scope.db.batch([
    taskModel.getTask(scope.db, scope.workspace.id, id),
    dependencyModel.listEdgesOf(scope.db, scope.workspace.id, id),
  ]);
  if (!row) throw notFound("Task not found");
  return toTaskDto(row, edges.map((e) => e.dependsOnId));
}

/**
 * Checks a task's new dependency set: every id a task of this workspace, not itself, and no cycle once the
 * task's edges are replaced (a new task cannot close a cycle: nothing depends on it yet).
 */
async function assertValidDependencies(scope: TaskScope, taskId: string, dependsOn: readonly string[], isNew: boolean) {
  if (dependsOn.length === 0) return;
  if (dependsOn.includes(taskId)) throw badRequest("A task cannot depend on itself", { dependsOn: ["A task cannot depend on itself"] });
  const known = await dependencyModel.existingTaskIds(scope.db, scope.workspace.id, dependsOn);
  const unknown = dependsOn.filter((id) => !known.has(id));
  if (unknown.length) {
    throw badRequest(`Unknown dependency: ${unknown.join(", ")}`, { dependsOn: [`Unknown task id: ${unknown.join(", ")}`] });
  }
  if (isNew) return;
  const others = (await dependencyModel.listEdges(scope.db, scope.workspace.id)).filter((e) => e.taskId !== taskId);
  const nodes = [...dependencyModel.dependsOnMap(others)].map(([id, ids]) => ({ id, dependsOn: ids }));
  const cycle = detectCycle([...nodes, { id: taskId, dependsOn }]);
  if (cycle) {
    const message = "These dependencies would form a cycle";
    throw badRequest(message, { dependsOn: [`${message}: ${cycle.join(" → ")}`] });
  }
}

/** The people a task can be assigned to, as the task form lists them. */
export type AssignableMember = { id: string; name: string };

export function toAssignableMembers(rows: ReadonlyArray<{ userId: string; name: string }>): AssignableMember[] {
  return rows.map((r) => ({ id: r.userId, name: r.name }));
}

interface AssigneeFields {
  assigneeId: string | null;
  assigneeName: string | null;
  assigneeContact: string | null;
}

const NOBODY: AssigneeFields = { assigneeId: null, assigneeName: null, assigneeContact: null };

/**
 * Turns what a caller said about a task's assignee into what the row stores, loading the workspace's members
 * once per request. A member id must be a member of this workspace (else 400); the member's name is copied
 * for display and filtering and a contact note is dropped (members are reachable in the workspace). Without an
 * id, a name that is exactly one member's name (any case) means that member, so `@Sam Okafor` from Slack or
 * the parser is Sam's task; any other name is an outside person, who may carry a contact note.
 */
function assigneeResolver(scope: TaskScope) {
  let members: Promise<AssignableMember[]> | undefined;
  const load = () =>
    (members ??= teamModel.listMembers(scope.db, scope.workspace.id).then(toAssignableMembers));
  return async (input: { assigneeId?: string | null; assigneeName?: string | null; assigneeContact?: string | null }) => {
    if (input.assigneeId) {
      const member = (await load()).find((m) => m.id === input.assigneeId);
      if (!member) {
        throw badRequest("The assignee must be a member of this workspace", {
          assigneeId: ["Choose a member of this workspace, or name someone outside the team"],
        });
      }
      return { assigneeId: member.id, assigneeName: member.name, assigneeContact: null };
    }
    const name = input.assigneeName ?? null;
    if (!name) {
      if (input.assigneeContact) {
        const message = "A contact note needs the outside person's name";
        throw badRequest(message, { assigneeContact: [message] });
      }
      return NOBODY;
    }
    const named = (await load()).filter((m) => m.name.toLowerCase() === name.toLowerCase());
    if (named.length === 1) return { assigneeId: named[0].id, assigneeName: named[0].name, assigneeContact: null };
    return { assigneeId: null, assigneeName: name, assigneeContact: input.assigneeContact ?? null };
  };
}

/**
 * The assignee after a partial update. `assigneeId` (a member, or null with an optional outside name) and
 * `assigneeName` (an outside person, or a member by their exact name) replace the assignee; a contact note
 * alone changes only an outside person's note, and keeps it when only their name's spelling changes.
 */
async function updatedAssignee(
  resolve: ReturnType<typeof assigneeResolver>,
  current: TaskRow,
  fields: Pick<TaskUpdateInput, "assigneeId" | "assigneeName" | "assigneeContact">,
): Promise<Partial<AssigneeFields>> {
  const { assigneeId, assigneeName, assigneeContact } = fields;
  if (assigneeId !== undefined) return resolve({ assigneeId, assigneeName, assigneeContact });
  if (assigneeName !== undefined) {
    const sameOutsider =
      current.assigneeId === null && current.assigneeName?.toLowerCase() === assigneeName?.toLowerCase();
    const contact = assigneeContact !== undefined ? assigneeContact : sameOutsider ? current.assigneeContact : null;
    return resolve({ assigneeName, assigneeContact: contact });
  }
  if (assigneeContact !== undefined) {
    const outsider = current.assigneeId === null && current.assigneeName !== null;
    if (!outsider && assigneeContact !== null) {
      const message = "A contact note goes with an outside assignee; name them first";
      throw badRequest(message, { assigneeContact: [message] });
    }
    return { assigneeContact };
  }
  return {};
}

function runBatch(db: Db, statements: BatchItem<"sqlite">[]) {
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
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
    throw new AppError("duplicate", `An open task with this title already exists: "${existing.title}"`, {
      duplicateOf: toTaskDto(existing),
    });
  }
}

/**
/**
 * A new task as services hand it over: the API's create body, where the team fields may be left out (templates,
 * the AI preview and Slack name assignees, if at all, by name).
 */
export type NewTaskInput = Omit<TaskCreateInput, "assigneeId" | "assigneeContact"> &
  Partial<Pick<TaskCreateInput, "assigneeId" | "assigneeContact">>;

/**
 * The row and insert statements of a new task whose status, dependencies, title and assignee were checked. The
 * task row goes in only while the workspace is under the tier's limit (statements[0] resolves to `[]`
 * otherwise); its category and dependencies only if it did.
 */
function newTaskStatements(
  scope: PlanScope,
  input: NewTaskInput,
  fields: { id: string; titleKey: string; status: string; nowIso: string; assignee: AssigneeFields },
) {
  const { db, workspace } = scope;
  const { id, titleKey, status, nowIso, assignee } = fields;
  const dependsOn = input.dependsOn ?? [];
  const row: TaskRow = {
    id,
    workspaceId: workspace.id,
    title: input.title,
    titleKey,
    description: input.description,
    priority: input.priority,
    category: input.category,
    dueDate: dueDateIn(workspace, input.dueDate),
    ...assignee,
    status,
    isAiGenerated: input.isAiGenerated,
    estimatedHours: input.estimatedHours,
    originalPrompt: input.originalPrompt,
    createdBy: scope.userId,
    createdAt: nowIso,
    updatedAt: nowIso,
    completedAt: status === COMPLETED ? nowIso : null,
  };
  const statements: BatchItem<"sqlite">[] = [taskModel.insertTaskStatement(db, row, scope.plan.entitlements.taskLimit)];
  if (row.category) statements.push(insertNameStatement(db, workspace.id, "categories", row.category, nowIso, id));
  statements.push(...dependencyModel.insertNewTaskEdgesStatements(db, workspace.id, id, dependsOn));
  return { task: toTaskDto(row, dependsOn), statements };
}

function titleKeyOf(title: string) {
  const titleKey = normalizeTitle(title);
  if (!titleKey) throw badRequest("Title is required", { title: ["Title is required"] });
  return titleKey;
}

/**
 * Creates a task. An open task with the same normalised title is a 409 unless `allowDuplicate`; a workspace at
 * its tier's task limit is a 402 `{error, limit, tier}`. A category the workspace has not seen yet joins its
 * category list, so every list stays complete.
 */
export async function createTask(scope: PlanScope, input: NewTaskInput, now = new Date()) {
  await enforceRateLimit(scope.limits, "taskCreate", userKey(scope.userId));
  const titleKey = titleKeyOf(input.title);
  if (!input.allowDuplicate) await assertNotDuplicate(scope, titleKey);
  const status = input.status ? await assertKnownStatus(scope, input.status) : "pending";
  const id = newId();
  await assertValidDependencies(scope, id, input.dependsOn ?? [], true);
  const assignee = await assigneeResolver(scope)(input);
  const { task, statements } = newTaskStatements(scope, input, { id, titleKey, status, nowIso: now.toISOString(), assignee });
  const [inserted] = (await runBatch(scope.db, statements)) as unknown[][];
  if (inserted.length === 0) throw taskLimitReached(scope.plan.tier);
  announce(scope, "created", id, task);
  return task;
}

export interface SkippedTask {
  title: string;
  /** The open task (or the earlier task of the same batch) that already has this title. */
  duplicateOf: { id: string; title: string };
}

/**
 * Creates several tasks in one D1 batch: all of them or, if the batch fails, none. A task whose title matches
 * an open task's, or an earlier one's in the same batch, is skipped (not an error) unless `allowDuplicate`,
 * and returned in `skipped` so the caller can say so. Every other rule is createTask's, and a task that breaks
 * one (an unknown status, a bad date) fails the whole call before anything is written.
 *
 * The tier's task limit holds inside the batch: tasks are created in order until the workspace is full, and
 * `overLimit` counts the ones left out. When the workspace was full before the first, it is createTask's 402.
 */
export async function createTasks(scope: PlanScope, inputs: readonly NewTaskInput[], now = new Date()) {
  // A batch (a template, an 'Add with AI' confirm) is one action: it is counted once.
  await enforceRateLimit(scope.limits, "taskCreate", userKey(scope.userId));
  const { db, workspace } = scope;
  const keys = inputs.map((input) => titleKeyOf(input.title));
  const open = keys.length ? await taskModel.findOpenTasksByTitleKeys(db, workspace.id, [...new Set(keys)]) : [];
  const taken = new Map<string, { id: string; title: string }>(open.map((t) => [t.titleKey, { id: t.id, title: t.title }]));
  const statuses = new Map<string, string>();
  const planned: Array<{ task: TaskDto; at: number }> = [];
  const skipped: SkippedTask[] = [];
  const statements: BatchItem<"sqlite">[] = [];
  const resolveAssignee = assigneeResolver(scope);
  for (const [i, input] of inputs.entries()) {
    const titleKey = keys[i];
    const duplicateOf = taken.get(titleKey);
    if (duplicateOf && !input.allowDuplicate) {
      skipped.push({ title: input.title, duplicateOf });
      continue;
    }
    let status = "pending";
    if (input.status) {
      status = statuses.get(input.status) ?? (await assertKnownStatus(scope, input.status));
      statuses.set(input.status, status);
    }
    const id = newId();
    await assertValidDependencies(scope, id, input.dependsOn ?? [], true);
    // A millisecond apart, so undated tasks keep the order they were given in (the list sorts by creation).
    const nowIso = new Date(now.getTime() + i).toISOString();
    const assignee = await resolveAssignee(input);
    const next = newTaskStatements(scope, input, { id, titleKey, status, nowIso, assignee });
    planned.push({ task: next.task, at: statements.length });
    statements.push(...next.statements);
    if (status !== COMPLETED && !taken.has(titleKey)) taken.set(titleKey, { id, title: input.title });
  }
  const results = statements.length ? ((await runBatch(db, statements)) as unknown[][]) : [];
  const created = planned.filter(({ at }) => results[at].length > 0).map(({ task }) => task);
  const overLimit = planned.length - created.length;
  if (created.length === 0 && overLimit > 0) throw taskLimitReached(scope.plan.tier);
  // One message for a whole batch: open pages refetch once rather than replaying every created task.
  if (created.length) announce(scope, "created", created[created.length - 1].id);
  return { created, skipped, overLimit };
}

/**
 * Applies a partial update. completedAt is stamped when the status becomes completed and cleared when
 * it leaves completed; a title change is checked for duplicates like a create.
 */
export async function updateTask(scope: TaskScope, id: string, input: TaskUpdateInput, now = new Date()) {
  const { db, workspace } = scope;
  const [current] = await taskModel.getTask(db, workspace.id, id);
  if (!current) throw notFound("Task not found");
  const { allowDuplicate, dependsOn, ...fields } = input;
  if (Object.keys(fields).length === 0 && dependsOn === undefined) {
    throw badRequest("Nothing to update: send at least one task field");
  }
  if (dependsOn !== undefined) await assertValidDependencies(scope, id, dependsOn, false);
  const nowIso = now.toISOString();
  const changes: Partial<TaskRow> = { updatedAt: nowIso };

  if (fields.title !== undefined) {
    const titleKey = normalizeTitle(fields.title);
    if (!titleKey) throw badRequest("Title is required", { title: ["Title is required"] });
    Object.assign(changes, { title: fields.title, titleKey });
  }
  if (fields.status !== undefined) {
    const status = await assertKnownStatus(scope, fields.status);
    changes.status = status;
    if (status === COMPLETED && current.status !== COMPLETED) changes.completedAt = nowIso;
    if (status !== COMPLETED) changes.completedAt = null;
  }
  // The task ends up open under a title it did not hold while open (renamed, or reopened): same rule as a create.
  const titleKey = changes.titleKey ?? current.titleKey;
  const endsOpen = (changes.status ?? current.status) !== COMPLETED;
  const newlyOpenTitle = titleKey !== current.titleKey || current.status === COMPLETED;
  if (endsOpen && newlyOpenTitle && !allowDuplicate) await assertNotDuplicate(scope, titleKey, id);
  if (fields.dueDate !== undefined) changes.dueDate = dueDateIn(workspace, fields.dueDate);
  Object.assign(changes, await updatedAssignee(assigneeResolver(scope), current, fields));
  for (const key of ["description", "priority", "category", "estimatedHours", "isAiGenerated", "originalPrompt"] as const) {
    if (fields[key] !== undefined) Object.assign(changes, { [key]: fields[key] });
  }

  const statements: BatchItem<"sqlite">[] = [taskModel.updateTask(db, workspace.id, id, changes)];
  if (changes.category) statements.push(insertNameStatement(db, workspace.id, "categories", changes.category, nowIso));
  if (dependsOn !== undefined) statements.push(...dependencyModel.replaceEdgesStatements(db, workspace.id, id, dependsOn));
  statements.push(dependencyModel.listEdgesOf(db, workspace.id, id));
  const results = await runBatch(db, statements);
  const [updated] = results[0] as TaskRow[];
  if (!updated) throw notFound("Task not found");
  const edges = results[results.length - 1] as Array<{ dependsOnId: string }>;
  const task = toTaskDto(updated, edges.map((e) => e.dependsOnId));
  announce(scope, "updated", id, task, current);
  return task;
}

export async function deleteTask(scope: TaskScope, id: string) {
  const deleted = await taskModel.deleteTask(scope.db, scope.workspace.id, id);
  if (deleted.length === 0) throw notFound("Task not found");
  announce(scope, "deleted", id, undefined, deleted[0]);
}

export async function getTaskStats(scope: TaskScope, now = new Date()) {
  const counts = await taskModel.countTasks(scope.db, scope.workspace.id, todayIn(scope.workspace.timezone, now));
  return buildTaskStats(counts, scope.workspace, now);
}

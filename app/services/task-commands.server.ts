import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client";
import type { TaskRow, WorkspaceRow } from "~/db/schema";
import {
  needsMembers,
  resolveAssignee,
  toAssignableMembers,
  updatedAssignee,
  type AssignableMember,
  type AssigneeFields,
  type AssigneeInput,
} from "~/domain/assignees";
import { detectCycle } from "~/domain/critical-path";
import { normalizeDueDate } from "~/domain/dates";
import { AppError, badRequest, notFound } from "~/domain/errors";
import type { TaskChange } from "~/domain/live";
import type { ListedTask } from "~/domain/live-list";
import type { TaskCreateInput, TaskUpdateInput } from "~/domain/schemas";
import { findNearNotSame } from "~/domain/similarity";
import { COMPLETED } from "~/domain/tasks";
import { taskLimitReached } from "~/domain/tiers";
import { normalizeTitle } from "~/domain/title";
import { newId } from "~/lib/crypto";
import { enforceRateLimit, userKey } from "~/lib/rate-limit.server";
import { diffTask, type TaskChanges } from "~/domain/task-history";
import * as dependencyModel from "~/models/dependencies";
import { findName, insertNameStatement } from "~/models/lists";
import * as historyModel from "~/models/task-history";
import * as taskModel from "~/models/tasks";
import * as teamModel from "~/models/teams";
import { statusChangeNotices } from "./comments.server";
import { assignmentNotices } from "./notifications.server";
import type { Actor, ActorCtx, Ctx } from "./context.server";
import { inserted, nextOccurrenceStatements, recurringFields, type NextOccurrencePlan } from "./recurrence.server";
import { initialReminders, reminderStatements } from "./reminders.server";
import { remindersAffected } from "~/domain/reminders";
import { toTaskDto, workspaceTaskStats, type TaskDto } from "./task-queries.server";
import { sendTaskEvents, taskEventsOf, type TaskEvent } from "./webhooks.server";

/**
 * Changing tasks: create one or many (under the workspace's task limit) and update, each recorded in the task's
 * history, and tell open pages. Deleting and restoring are in task-deletion.server.ts.
 */

/**
 * What announcing a change needs: the workspace it happened in, the database for fresh stats, the notifier, and the
 * queue and `waitUntil` for its webhook events.
 */
type AnnounceCtx = Pick<Ctx, "db" | "now" | "live" | "env" | "waitUntil"> & { actor: Pick<Actor, "workspace"> };

/**
 * Announces a committed change to the workspace's open pages with stats read after it, and sends its webhook events
 * (ADR 049; nothing at all when the workspace has no endpoints). Runs after the response, so every writer (pages,
 * API, Slack, templates, imports, the cron) pays nothing for it. A deleted task's event carries it as it was.
 */
export function announceTaskChange(
  ctx: AnnounceCtx,
  change: TaskChange,
  taskId: string,
  task?: TaskDto,
  previous?: TaskRow,
) {
  const eventTask = task ?? (change === "deleted" && previous ? toTaskDto(previous) : undefined);
  sendTaskEvents(ctx, ctx.actor.workspace, taskEventsOf(change, taskId, eventTask, previous));
  publishTaskChange(ctx, change, taskId, task, previous);
}

function publishTaskChange(ctx: AnnounceCtx, change: TaskChange, taskId: string, task?: TaskDto, previous?: TaskRow) {
  const { workspace } = ctx.actor;
  ctx.live?.publish(workspace.id, async () => ({
    type: "task",
    change,
    taskId,
    task,
    // What open lists need to take the task out of their place for it (app/domain/live-list.ts).
    previous: previous && listedTask(previous),
    stats: await workspaceTaskStats(ctx, workspace),
  }));
}

/** The fields a list's filters and order read (app/domain/live-list.ts). */
function listedTask(row: TaskRow): ListedTask {
  const { id, title, description, priority, category, assigneeName, assigneeId, status, dueDate, createdAt } = row;
  return { id, title, description, priority, category, assigneeName, assigneeId, status, dueDate, createdAt };
}

/**
 * Tells open pages that tasks changed in bulk (one message: they refetch once); `lastId` is one of them. `events` are
 * the change's webhook events, one or more per task (a change open pages hear of but no webhook does, such as a
 * risk acknowledged, has none).
 */
export function announceTasksChanged(
  ctx: AnnounceCtx,
  lastId: string,
  events: readonly TaskEvent[] = [],
  change: TaskChange = "updated",
) {
  sendTaskEvents(ctx, ctx.actor.workspace, events);
  publishTaskChange(ctx, change, lastId);
}

/**
 * Checks a task's new dependency set: every id a task of this workspace, not itself, and no cycle once the
 * task's edges are replaced (a new task cannot close a cycle: nothing depends on it yet).
 */
async function assertValidDependencies(ctx: ActorCtx, taskId: string, dependsOn: readonly string[], isNew: boolean) {
  if (dependsOn.length === 0) return;
  if (dependsOn.includes(taskId))
    throw badRequest("A task cannot depend on itself", { dependsOn: ["A task cannot depend on itself"] });
  const workspaceId = ctx.actor.workspace.id;
  const known = await dependencyModel.existingTaskIds(ctx.db, workspaceId, dependsOn);
  const unknown = dependsOn.filter((id) => !known.has(id));
  if (unknown.length) {
    throw badRequest(`Unknown dependency: ${unknown.join(", ")}`, {
      dependsOn: [`Unknown task id: ${unknown.join(", ")}`],
    });
  }
  if (isNew) return;
  const others = (await dependencyModel.listEdges(ctx.db, workspaceId)).filter((e) => e.taskId !== taskId);
  const nodes = [...dependencyModel.dependsOnMap(others)].map(([id, ids]) => ({ id, dependsOn: ids }));
  const cycle = detectCycle([...nodes, { id: taskId, dependsOn }]);
  if (cycle) {
    const message = "These dependencies would form a cycle";
    throw badRequest(message, { dependsOn: [`${message}: ${cycle.join(" → ")}`] });
  }
}

/**
 * The workspace's members for the assignee rules (app/domain/assignees.ts), with what a typed owner is matched
 * against (email, Slack handle), read at most once per call and only when an input names someone.
 */
export function memberLoader(ctx: ActorCtx) {
  let members: Promise<AssignableMember[]> | undefined;
  return async (input: AssigneeInput) =>
    needsMembers(input)
      ? await (members ??= teamModel.listMembersToMatch(ctx.db, ctx.actor.workspace.id).then(toAssignableMembers))
      : [];
}

/** A history entry for `taskId` by the acting member, from where their request came (web, API, Slack). */
export function historyEvent(
  ctx: ActorCtx,
  taskId: string,
  kind: historyModel.NewTaskEvent["kind"],
  changes: TaskChanges | null = null,
  at: Date = ctx.now,
): historyModel.NewTaskEvent {
  const { user, workspace, source = "web" } = ctx.actor;
  return {
    id: newId(),
    workspaceId: workspace.id,
    taskId,
    kind,
    changes: changes as historyModel.NewTaskEvent["changes"],
    actorId: user.id,
    actorName: user.name,
    source,
    createdAt: at.toISOString(),
  };
}

export function runBatch(db: Db, statements: BatchItem<"sqlite">[]) {
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

function dueDateIn(workspace: WorkspaceRow, value: string | null) {
  if (value === null) return null;
  const normalized = normalizeDueDate(value, workspace.timezone);
  if (!normalized) throw badRequest("Due date must be a real date", { dueDate: ["Due date must be a real date"] });
  return normalized;
}

export async function assertKnownStatus(ctx: ActorCtx, status: string) {
  const found = await findName(ctx.db, ctx.actor.workspace.id, "statuses", status);
  if (!found) {
    throw badRequest(`Unknown status "${status}". Add it under Manage Statuses first.`, {
      status: [`Unknown status "${status}"`],
    });
  }
  return found.name;
}

async function assertNotDuplicate(ctx: ActorCtx, titleKey: string, exceptId?: string) {
  const existing = await taskModel.findOpenTaskByTitleKey(ctx.db, ctx.actor.workspace.id, titleKey, exceptId);
  if (existing) {
    throw new AppError("duplicate", `An open task with this title already exists: "${existing.title}"`, {
      duplicateOf: toTaskDto(existing),
    });
  }
}

/**
 * Refuses a title close to an open task's but not the same (the same title is createTask's duplicate). The tasks
 * page asks before creating one, with or without JavaScript; the JSON API leaves that to GET /api/tasks/similar.
 */
export async function refuseNearDuplicates(ctx: ActorCtx, title: string) {
  const near = findNearNotSame(title, await taskModel.listOpenTaskTitles(ctx.db, ctx.actor.workspace.id));
  if (near.length) throw new AppError("duplicate", `Similar open task: ${near.map((t) => `“${t.title}”`).join(", ")}.`);
}

/**
 * A new task as services hand it over: the API's create body, where the team fields may be left out (templates,
 * the AI preview and Slack name assignees, if at all, by name).
 */
export type NewTaskInput = Omit<TaskCreateInput, "assigneeId" | "assigneeContact" | "recurrence"> &
  Partial<Pick<TaskCreateInput, "assigneeId" | "assigneeContact" | "recurrence">>;

/**
 * The row and insert statements of a new task whose status, dependencies, title and assignee were checked. The
 * task row goes in only while the workspace is under the tier's limit (statements[0] resolves to `[]`
 * otherwise); its category and dependencies only if it did.
 */
function newTaskStatements(
  ctx: ActorCtx,
  input: NewTaskInput,
  fields: {
    id: string;
    titleKey: string;
    status: string;
    at: Date;
    assignee: AssigneeFields;
    allOrNothing?: { left: number; after: string | null };
  },
) {
  const { db } = ctx;
  const { workspace, user, plan } = ctx.actor;
  const { id, titleKey, status, at, assignee, allOrNothing } = fields;
  const nowIso = at.toISOString();
  const dependsOn = input.dependsOn ?? [];
  const recurring = recurringFields(ctx, id, input.recurrence ?? null, dueDateIn(workspace, input.dueDate));
  const row: TaskRow = {
    id,
    workspaceId: workspace.id,
    title: input.title,
    titleKey,
    description: input.description,
    priority: input.priority,
    category: input.category,
    ...assignee,
    status,
    isAiGenerated: input.isAiGenerated,
    estimatedHours: input.estimatedHours,
    originalPrompt: input.originalPrompt,
    createdBy: user.id,
    createdAt: nowIso,
    updatedAt: nowIso,
    completedAt: status === COMPLETED ? nowIso : null,
    ...recurring,
    nextOccurrenceId: null,
    reminders: initialReminders(workspace, input),
    checklistTotal: 0,
    checklistDone: 0,
  };
  const statements: BatchItem<"sqlite">[] = [
    taskModel.insertTaskStatement(db, row, plan.entitlements.taskLimit, allOrNothing),
  ];
  if (row.category) statements.push(insertNameStatement(db, workspace.id, "categories", row.category, at, id));
  statements.push(...dependencyModel.insertNewTaskEdgesStatements(db, workspace.id, id, dependsOn));
  // Recorded at the request's instant (the row's `at` may be a millisecond later to keep a batch's order), so one
  // 'Undo' finds every task a batch created (undoChange).
  statements.push(historyModel.insertEventStatement(db, historyEvent(ctx, id, "created")));
  statements.push(...reminderStatements(ctx, row, workspace.timezone, { fresh: true }));
  return { task: toTaskDto(row, dependsOn), statements };
}

function titleKeyOf(title: string) {
  const titleKey = normalizeTitle(title);
  if (!titleKey) throw badRequest("Title is required", { title: ["Title is required"] });
  return titleKey;
}

/** Task creation is counted per user, from wherever it comes (page, API, Slack, a template, 'Add with AI'). */
const countCreate = (ctx: ActorCtx) => enforceRateLimit(ctx.env, "taskCreate", userKey(ctx.actor.user.id));

/**
 * Creates a task. An open task with the same normalised title is a `duplicate` unless `allowDuplicate`; a
 * workspace at its tier's task limit is a `plan_limit` `{limit, tier}`. A category the workspace has not seen yet
 * joins its category list, so every list stays complete. `alongside` adds writes that belong to the new task (its
 * Slack message) to the same batch: they go in with the task or, when one fails, nothing does.
 */
export async function createTask(
  ctx: ActorCtx,
  input: NewTaskInput,
  options: { alongside?: (taskId: string) => BatchItem<"sqlite">[] } = {},
) {
  await countCreate(ctx);
  const titleKey = titleKeyOf(input.title);
  if (!input.allowDuplicate) await assertNotDuplicate(ctx, titleKey);
  const status = input.status ? await assertKnownStatus(ctx, input.status) : "pending";
  const id = newId();
  await assertValidDependencies(ctx, id, input.dependsOn ?? [], true);
  const assignee = resolveAssignee(await memberLoader(ctx)(input), input, ctx.actor.user.id);
  const { task, statements } = newTaskStatements(ctx, input, { id, titleKey, status, at: ctx.now, assignee });
  const notices = assignmentNotices(ctx, [
    { taskId: id, title: task.title, assigneeId: task.assigneeId, before: null },
  ]);
  const alongside = options.alongside?.(id) ?? [];
  const [inserted] = (await runBatch(ctx.db, [...statements, ...alongside, ...notices.statements])) as unknown[][];
  if (inserted.length === 0) throw taskLimitReached(ctx.actor.plan.tier);
  announceTaskChange(ctx, "created", id, task);
  notices.announce();
  return task;
}

/** A task of a createTasks batch, which may depend on earlier tasks of the same batch (by position). */
export type NewBatchTaskInput = NewTaskInput & { dependsOnEarlier?: readonly number[] };

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
 * `overLimit` counts the ones left out. When the workspace was full before the first, it is createTask's
 * `plan_limit`.
 *
 * `dependsOnEarlier` (positions of earlier inputs) adds dependencies inside the batch: on the task an earlier
 * input became or, if it was skipped, on the task it duplicates. Edges only point back, so they add no cycle.
 *
 * `allOrNothing` (an import, ADR 046): every task goes in or, when the tier's limit cannot hold them all, none does
 * (`plan_limit`); the limit is held inside the batch, so a create racing it cannot split the batch.
 */
export async function createTasks(
  ctx: ActorCtx,
  inputs: readonly NewBatchTaskInput[],
  options: { allOrNothing?: boolean } = {},
) {
  // A batch (a template, an 'Add with AI' confirm) is one action: it is counted once.
  await countCreate(ctx);
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const keys = inputs.map((input) => titleKeyOf(input.title));
  const open = keys.length ? await taskModel.findOpenTasksByTitleKeys(db, workspaceId, [...new Set(keys)]) : [];
  const taken = new Map<string, { id: string; title: string }>(
    open.map((t) => [t.titleKey, { id: t.id, title: t.title }]),
  );
  const statuses = new Map<string, string>();
  const planned: Array<{ task: TaskDto; at: number }> = [];
  const skipped: SkippedTask[] = [];
  const statements: BatchItem<"sqlite">[] = [];
  const membersFor = memberLoader(ctx);
  // Per input, the task it stands for: the one created, or the open (or earlier) task it was skipped for.
  const standsFor: string[] = [];
  for (const [i, input] of inputs.entries()) {
    const titleKey = keys[i];
    const duplicateOf = taken.get(titleKey);
    if (duplicateOf && !input.allowDuplicate) {
      skipped.push({ title: input.title, duplicateOf });
      standsFor.push(duplicateOf.id);
      continue;
    }
    let status = "pending";
    if (input.status) {
      status = statuses.get(input.status) ?? (await assertKnownStatus(ctx, input.status));
      statuses.set(input.status, status);
    }
    const id = newId();
    await assertValidDependencies(ctx, id, input.dependsOn ?? [], true);
    // A millisecond apart, so undated tasks keep the order they were given in (the list sorts by creation).
    const at = new Date(ctx.now.getTime() + i);
    const assignee = resolveAssignee(await membersFor(input), input, ctx.actor.user.id);
    const earlier = (input.dependsOnEarlier ?? []).map((j) => {
      if (!Number.isInteger(j) || j < 0 || j >= i) throw new Error(`dependsOnEarlier: ${j} is no earlier input`);
      return standsFor[j];
    });
    const dependsOn = [...new Set([...(input.dependsOn ?? []), ...earlier])];
    const chain = options.allOrNothing
      ? { left: inputs.length - i, after: planned.length ? planned[planned.length - 1].task.id : null }
      : undefined;
    const next = newTaskStatements(
      ctx,
      { ...input, dependsOn },
      { id, titleKey, status, at, assignee, allOrNothing: chain },
    );
    standsFor.push(id);
    planned.push({ task: next.task, at: statements.length });
    statements.push(...next.statements);
    if (status !== COMPLETED && !taken.has(titleKey)) taken.set(titleKey, { id, title: input.title });
  }
  // The notices go last: each is written only if its task was (the tier's limit may leave some out).
  const notices = assignmentNotices(
    ctx,
    planned.map(({ task }) => ({ taskId: task.id, title: task.title, assigneeId: task.assigneeId, before: null })),
  );
  const results = statements.length
    ? ((await runBatch(db, [...statements, ...notices.statements])) as unknown[][])
    : [];
  const created = planned.filter(({ at }) => results[at].length > 0).map(({ task }) => task);
  const overLimit = planned.length - created.length;
  if ((created.length === 0 || options.allOrNothing) && overLimit > 0) throw taskLimitReached(ctx.actor.plan.tier);
  // One message for a whole batch: open pages refetch once rather than replaying every created task.
  if (created.length)
    announceTasksChanged(
      ctx,
      created[created.length - 1].id,
      created.map((task) => ({ type: "task.created", taskId: task.id, task })),
      "created",
    );
  notices.announce();
  return { created, skipped, overLimit };
}

/** The statements making the occurrence after `parent` (ADR 021), recorded in its history as the acting member's. */
export function nextOccurrenceOf(ctx: ActorCtx, parent: TaskRow, mustBe: "completed" | "present") {
  return nextOccurrenceStatements(ctx, parent, mustBe, (taskId) => historyEvent(ctx, taskId, "created"));
}

/** Tells open pages about a next occurrence the batch made (if it did: another completion may have made it first). */
export function announceNext(ctx: AnnounceCtx, next: NextOccurrencePlan | null, result: unknown) {
  if (next && inserted(result)) announceTaskChange(ctx, "created", next.task.id, next.task);
}

/**
 * The other side of a dependency change, for the history: each task that `id` started or stopped waiting for
 * records its new "Needed by" list (the tasks waiting on it), so both tasks' pages say what changed.
 */
async function neededByEvents(ctx: ActorCtx, id: string, change: [string[], string[]] | undefined) {
  if (!change) return [];
  const [before, after] = change;
  const added = after.filter((other) => !before.includes(other));
  const touched = [...added, ...before.filter((other) => !after.includes(other))];
  if (touched.length === 0) return [];
  const edges = await dependencyModel.listDependantEdgesOf(ctx.db, ctx.actor.workspace.id, touched);
  // Each touched task's waiting tasks as they are now (this change not yet applied).
  const waitingOn = dependencyModel.dependsOnMap(edges.map((e) => ({ taskId: e.dependsOnId, dependsOnId: e.taskId })));
  return touched.map((other) => {
    const was = waitingOn.get(other) ?? [];
    const now = added.includes(other) ? [...new Set([...was, id])] : was.filter((taskId) => taskId !== id);
    return historyModel.insertEventStatement(ctx.db, historyEvent(ctx, other, "updated", { neededBy: [was, now] }));
  });
}

/**
 * Applies a partial update. completedAt is stamped when the status becomes completed and cleared when
 * it leaves completed; a title change is checked for duplicates like a create.
 */
export async function updateTask(ctx: ActorCtx, input: { id: string; changes: TaskUpdateInput }) {
  const { db } = ctx;
  const { id } = input;
  const workspace = ctx.actor.workspace;
  const [[current], currentEdges] = await db.batch([
    taskModel.getTask(db, workspace.id, id),
    dependencyModel.listEdgesOf(db, workspace.id, id),
  ]);
  if (!current) throw notFound("Task not found");
  const { allowDuplicate, dependsOn, ...fields } = input.changes;
  if (Object.keys(fields).length === 0 && dependsOn === undefined) {
    throw badRequest("Nothing to update: send at least one task field");
  }
  if (dependsOn !== undefined) await assertValidDependencies(ctx, id, dependsOn, false);
  const nowIso = ctx.now.toISOString();
  const changes: Partial<TaskRow> = { updatedAt: nowIso };

  if (fields.title !== undefined) {
    const titleKey = normalizeTitle(fields.title);
    if (!titleKey) throw badRequest("Title is required", { title: ["Title is required"] });
    Object.assign(changes, { title: fields.title, titleKey });
  }
  if (fields.status !== undefined) {
    const status = await assertKnownStatus(ctx, fields.status);
    changes.status = status;
    if (status === COMPLETED && current.status !== COMPLETED) changes.completedAt = nowIso;
    if (status !== COMPLETED) changes.completedAt = null;
  }
  // The task ends up open under a title it did not hold while open (renamed, or reopened): same rule as a create.
  const titleKey = changes.titleKey ?? current.titleKey;
  const endsOpen = (changes.status ?? current.status) !== COMPLETED;
  const newlyOpenTitle = titleKey !== current.titleKey || current.status === COMPLETED;
  if (endsOpen && newlyOpenTitle && !allowDuplicate) await assertNotDuplicate(ctx, titleKey, id);
  if (fields.dueDate !== undefined) changes.dueDate = dueDateIn(workspace, fields.dueDate);
  if (fields.recurrence !== undefined) {
    changes.recurrence = fields.recurrence;
    // A task that starts repeating starts its own series; one that stops keeps its place in the old one.
    if (fields.recurrence && !current.seriesId) Object.assign(changes, { seriesId: id, occurrence: 1 });
  }
  Object.assign(changes, updatedAssignee(await memberLoader(ctx)(fields), current, fields, ctx.actor.user.id));
  for (const key of [
    "description",
    "priority",
    "category",
    "estimatedHours",
    "isAiGenerated",
    "originalPrompt",
    "reminders",
  ] as const) {
    if (fields[key] !== undefined) Object.assign(changes, { [key]: fields[key] });
  }

  const statements: BatchItem<"sqlite">[] = [taskModel.updateTask(db, workspace.id, id, changes)];
  const recorded = diffTask(
    { ...current, dependsOn: currentEdges.map((e) => e.dependsOnId) },
    dependsOn === undefined ? changes : { ...changes, dependsOn },
  );
  if (recorded) statements.push(historyModel.insertEventStatement(db, historyEvent(ctx, id, "updated", recorded)));
  if (dependsOn !== undefined)
    statements.push(...(await neededByEvents(ctx, id, recorded?.dependsOn as [string[], string[]] | undefined)));
  if (changes.category) statements.push(insertNameStatement(db, workspace.id, "categories", changes.category, ctx.now));
  if (dependsOn !== undefined)
    statements.push(...dependencyModel.replaceEdgesStatements(db, workspace.id, id, dependsOn));
  // Completing a recurring task makes its next occurrence in this batch, exactly once (ADR 021).
  const next = changes.completedAt ? nextOccurrenceOf(ctx, { ...current, ...changes }, "completed") : null;
  const nextAt = statements.length;
  if (next) statements.push(...next.statements);
  const after = { ...current, ...changes };
  if (remindersAffected(current, after)) statements.push(...reminderStatements(ctx, after, workspace.timezone));
  const notices = assignmentNotices(ctx, [
    { taskId: id, title: changes.title ?? current.title, assigneeId: after.assigneeId, before: current.assigneeId },
  ]);
  statements.push(...notices.statements);
  // The task's followers hear of a new status (ADR 038), in the same batch as the change.
  const statusNotices =
    changes.status !== undefined && changes.status !== current.status
      ? statusChangeNotices(ctx, { id, title: after.title }, changes.status)
      : null;
  const statusNoticesAt = statements.length;
  if (statusNotices) statements.push(statusNotices.statement);
  statements.push(dependencyModel.listEdgesOf(db, workspace.id, id));
  const results = await runBatch(db, statements);
  const [updated] = results[0] as TaskRow[];
  if (!updated) throw notFound("Task not found");
  const edges = results[results.length - 1] as Array<{ dependsOnId: string }>;
  const task = toTaskDto(
    updated,
    edges.map((e) => e.dependsOnId),
  );
  announceTaskChange(ctx, "updated", id, task, current);
  announceNext(ctx, next, results[nextAt]);
  notices.announce();
  statusNotices?.announce(results[statusNoticesAt]);
  return task;
}

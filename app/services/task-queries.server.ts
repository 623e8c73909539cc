import { LRUCache } from "lru-cache";
import { readInBatch } from "~/db/client";
import type { ChecklistItemRow, TaskRow, WorkspaceRow } from "~/db/schema";
import { toAssignableMembers } from "~/domain/assignees";
import { formatCalendarDate, todayIn } from "~/domain/dates";
import { eventLastDayOf, eventWallClock } from "~/domain/event-settings";
import { PRIORITY_LABELS, statusLabel } from "~/domain/labels";
import { formatWorkAmount, planWorkspace, rankAtRiskTaskIds } from "~/domain/plan-overview";
import { describeRecurrenceText } from "~/domain/recurrence";
import { reminderLabel } from "~/domain/reminders";
import { describeChecklistChange, type ChecklistChange } from "~/domain/checklist";
import { describeCommentChange, type CommentChange } from "~/domain/comments";
import { describeFileChange, type FileChange } from "~/domain/files";
import { describeChange, type TaskChanges, type TrackedField } from "~/domain/task-history";
import type { Priority } from "~/domain/tasks";
import { notFound } from "~/domain/errors";
import type { SimilarTask } from "~/domain/parsed-task-rows";
import type { TaskFilters } from "~/domain/schemas";
import type { DayBucketDates } from "~/domain/task-order";
import { findNearDuplicates, type DuplicateCandidate } from "~/domain/similarity";
import { buildTaskStats } from "~/domain/stats";
import { cueRiskWindowStart } from "~/domain/risks";
import * as checklistModel from "~/models/checklists";
import * as cueReadinessModel from "~/models/cue-readiness";
import * as dependencyModel from "~/models/dependencies";
import { listNames } from "~/models/lists";
import * as acknowledgementModel from "~/models/risk-acknowledgements";
import * as historyModel from "~/models/task-history";
import * as taskModel from "~/models/tasks";
import { taskSlackMessageOf } from "~/models/task-slack-messages";
import { taskSlackLink } from "~/domain/slack-capture";
import * as teamModel from "~/models/teams";
import { readTogether, type ActorCtx, type Ctx } from "./context.server";
import { workspaceVersion } from "./workspace-version.server";

/** Reading tasks: lists, the board, one task, the stat counts and similar open titles. */

export type TaskDto = ReturnType<typeof toTaskDto>;

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
    /** The RRULE (ADR 021) and its words ("Every Friday"), made here so the browser needs no rule library. */
    recurrence: row.recurrence,
    recurrenceText: describeRecurrenceText(row.recurrence, row.dueDate ? Number(row.dueDate.slice(0, 4)) : undefined),
    /** Which occurrence of its series this is (1 for the first); null outside a series. */
    occurrence: row.occurrence,
    /** Minutes before the due time (17:00 for a date-only task) the assignee is reminded. */
    reminders: row.reminders ?? [],
    /** How many of its checklist items are done, of how many (ADR 035); the items are on the task's own reads. */
    checklist: { done: row.checklistDone ?? 0, total: row.checklistTotal ?? 0 },
  };
}

/** An item as the API and the task page give it. */
export function toChecklistItemDto(row: ChecklistItemRow) {
  return {
    id: row.id,
    text: row.text,
    done: row.done,
    position: row.position,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type ChecklistItemDto = ReturnType<typeof toChecklistItemDto>;

/** A task's checklist in full: how many items are done, of how many, and the items in order. */
export function toChecklistDto(rows: readonly ChecklistItemRow[]) {
  const items = rows.map(toChecklistItemDto);
  return { done: items.filter((i) => i.done).length, total: items.length, items };
}

/** A task as `listTasks` (app/models/tasks.ts) reads it, with the ids it depends on. */
function toListedTaskDto(row: taskModel.ListedTaskRow) {
  return toTaskDto(row, taskModel.dependsOnIds(row.dependsOn));
}

/**
 * The filters as queries take them: 'My tasks' (`mine`, or `assignee=me`) becomes the caller's member id, so an
 * outside person who happens to share their name is not theirs.
 */
export function resolveFilters(ctx: ActorCtx, filters: TaskFilters): taskModel.TaskQuery {
  const { mine, assignee, risk: _risk, ...rest } = filters;
  const me = assignee?.toLowerCase() === "me";
  return {
    ...rest,
    ...(assignee && !me ? { assignee } : {}),
    ...(mine || me ? { assigneeId: ctx.actor.user.id } : {}),
    ...(filters.group === "days" ? { dates: dayBucketDates(ctx) } : {}),
  };
}

/** The at-risk task ids of a plan, the most costly first; ranked once per plan (one object per workspace version). */
const rankedRisksOf = new WeakMap<WorkspacePlan, string[]>();
function rankedRisks(plan: WorkspacePlan) {
  let ranked = rankedRisksOf.get(plan);
  if (!ranked) {
    const { tasks, criticalPath, risks, today } = plan;
    rankedRisksOf.set(plan, (ranked = rankAtRiskTaskIds(risks, { path: criticalPath, tasks, today })));
  }
  return ranked;
}

/**
 * Reads a list with `resolveFilters`' query; filtered to risks (`risk`), with the at-risk task ids ranked by
 * consequence, which are the whole plan's (the schedule and everyone's load). With a plan of the workspace at hand,
 * the list is read by its ranking in the same batch as the plan's version, and used if the version still holds: one
 * round trip. Otherwise the plan is made first.
 */
async function readFiltered<T>(
  ctx: ActorCtx,
  filters: TaskFilters,
  read: (query: taskModel.TaskQuery) => Promise<T>,
): Promise<T> {
  const query = resolveFilters(ctx, filters);
  if (!filters.risk) return read(query);
  const latest = latestPlanOf(ctx);
  const plan = latest?.made;
  if (latest && plan) {
    const [version, result] = await readTogether(ctx, () => [
      workspaceVersion(ctx),
      read({ ...query, rankedIds: rankedRisks(plan) }),
    ]);
    if (version === latest.version) return result;
  }
  return read({ ...query, rankedIds: rankedRisks(await loadPlan(ctx)) });
}

type WorkspacePlan = ReturnType<typeof planWorkspace<TaskDto, RiskAcknowledgementDto>> & { tasks: TaskDto[] };

interface PlanEntry {
  /** The workspace's `plan_version` when the plan's tasks were read. */
  version: number;
  /** `planSettings` of the request that made it. */
  settings: string;
  madeAt: number;
  /** Shared by every reader of this version, also while it is being made: a change is planned once, not per reader. */
  plan: Promise<WorkspacePlan>;
  /** Its tasks plus one once made (what `planByWorkspace` is bounded by); 1 while it is being made. */
  size: number;
  /** The plan once made: a reader can rank by it without waiting a turn, so its reads join the loader's batch. */
  made?: WorkspacePlan;
}

/** Tasks the plans held in this isolate may hold together: four 5,000-task workspaces, some tens of MB. */
const PLAN_TASKS_MAX = 20_000;
/**
 * Each workspace's latest plan in this isolate: good while its `plan_version` (moved on by triggers with every
 * task, dependency, cue or event-setting write), its local day and `PLAN_MAX_AGE_MS` hold. A plan's times are
 * measured from when it was made ("starts in 4 days"), so it is made again after that however quiet the workspace
 * is. Bounded by the tasks the plans hold in all (a Worker isolate has 128 MB), not by their number.
 * docs/decisions/033-plan-per-workspace-version.md says why per isolate and what was measured.
 */
const planByWorkspace = new LRUCache<string, PlanEntry>({
  maxSize: PLAN_TASKS_MAX,
  sizeCalculation: (entry) => entry.size,
});
const PLAN_MAX_AGE_MS = 5 * 60 * 1000;

/**
 * The workspace's plan: every task with its dependencies, the schedule against the event (tasks without an
 * estimate take the workspace's assumption), and the risks. Reading the plan's version rides in the request's
 * batch; only a changed workspace reads and schedules every task again, once for all the requests that find it
 * changed.
 */
export async function loadPlan(ctx: ActorCtx): Promise<WorkspacePlan> {
  const workspaceId = ctx.actor.workspace.id;
  const version = await workspaceVersion(ctx);
  const latest = latestPlanOf(ctx);
  if (latest && latest.version === version) return latest.plan;
  const entry: PlanEntry = {
    version,
    settings: planSettings(ctx),
    madeAt: ctx.now.getTime(),
    plan: makePlan(ctx),
    size: 1,
  };
  planByWorkspace.set(workspaceId, entry);
  try {
    const plan = await entry.plan;
    entry.size = plan.tasks.length + 1;
    entry.made = plan;
    // Sized again now its tasks are known, unless a newer plan took its place meanwhile.
    if (planByWorkspace.peek(workspaceId) === entry) planByWorkspace.set(workspaceId, entry);
    return plan;
  } catch (error) {
    if (planByWorkspace.peek(workspaceId) === entry) planByWorkspace.delete(workspaceId);
    throw error;
  }
}

async function makePlan(ctx: ActorCtx): Promise<WorkspacePlan> {
  const { now } = ctx;
  const workspace = ctx.actor.workspace;
  // The cues and the acknowledged risks ride in the tasks' batch: still one round trip.
  const [tasks, cues, acknowledgements] = await readTogether(ctx, () => [
    listWorkspaceTasks(ctx, { workspaceId: workspace.id }),
    listCuesWaitingNow(ctx, workspace),
    listRiskAcknowledgements(ctx, workspace.id),
  ]);
  return { tasks, ...planWorkspace({ tasks, workspace, now, cues, acknowledgements }) };
}

/**
 * The workspace's acknowledged risks (ADR 036) as the rule reads them, with who acknowledged each: read for the plan
 * and beside the digests' task reads, so they hide the same risks.
 */
export async function listRiskAcknowledgements(ctx: Pick<Ctx, "db">, workspaceId: string) {
  const rows = await readInBatch(ctx.db, acknowledgementModel.listAcknowledgements(ctx.db, workspaceId));
  return rows.map(({ acknowledgedById, acknowledgedByName, ...row }) => ({
    ...row,
    acknowledgedBy: { id: acknowledgedById, name: acknowledgedByName },
  }));
}
export type RiskAcknowledgementDto = Awaited<ReturnType<typeof listRiskAcknowledgements>>[number];

/**
 * The cues that wait on open tasks while their risks can show (app/domain/risks.ts `detectCueRisks`): from three
 * days before the show until their day is over. Before that, or without an event date, nothing is read.
 */
export async function listCuesWaitingNow(
  ctx: Pick<Ctx, "db" | "now">,
  workspace: Pick<WorkspaceRow, "id" | "eventDate" | "timezone">,
) {
  const from = cueRiskWindowStart(workspace.eventDate, workspace.timezone);
  const today = todayIn(workspace.timezone, ctx.now);
  if (!from || today < from) return [];
  const rows = await readInBatch(ctx.db, cueReadinessModel.listCuesWaiting(ctx.db, workspace.id, today));
  return rows.map(cueReadinessModel.toCueReadiness);
}

/**
 * What a plan is made from besides the tasks: the day, and the settings as this request knows them (a read that
 * started from a remembered session and is answered again sees the fresh ones, and plans again).
 */
function planSettings(ctx: ActorCtx) {
  const { eventDate, timezone, assumedEstimateHours } = ctx.actor.workspace;
  return JSON.stringify([
    todayIn(timezone, ctx.now),
    eventDate,
    timezone,
    assumedEstimateHours,
    eventLastDayOf(ctx.actor.workspace),
  ]);
}

/** The caller's workspace's latest plan if it was made from the same settings, today, lately; of any version. */
function latestPlanOf(ctx: ActorCtx) {
  const latest = planByWorkspace.get(ctx.actor.workspace.id);
  if (!latest) return null;
  const age = ctx.now.getTime() - latest.madeAt;
  return latest.settings === planSettings(ctx) && age >= 0 && age < PLAN_MAX_AGE_MS ? latest : null;
}

/** Today, the event's first and last days on the workspace's wall clock: what "days to the show" buckets turn on. */
export function dayBucketDates(ctx: ActorCtx): DayBucketDates {
  const { workspace } = ctx.actor;
  return {
    today: todayIn(workspace.timezone, ctx.now),
    eventDay: eventWallClock(workspace.eventDate, workspace.timezone)?.date ?? null,
    lastDay: eventLastDayOf(workspace),
  };
}

/** The caller's workspace's tasks matching `filters`, with their dependencies; a page of them with `page`. */
export async function listTasks(
  ctx: ActorCtx,
  input: { filters?: TaskFilters; page?: { limit: number; offset: number } } = {},
) {
  return readFiltered(ctx, input.filters ?? {}, (query) =>
    listWorkspaceTasks(ctx, { workspaceId: ctx.actor.workspace.id, query, page: input.page }),
  );
}

/** A workspace's tasks read on nobody's behalf (the daily digest): every one unless a query narrows them. */
export async function listWorkspaceTasks(
  ctx: Ctx,
  input: { workspaceId: string; query?: taskModel.TaskQuery; page?: { limit: number; offset: number } },
) {
  const { db } = ctx;
  const { workspaceId, query, page } = input;
  if (page) return (await readInBatch(db, taskModel.listTasks(db, workspaceId, query, page))).map(toListedTaskDto);
  // A whole list reads the workspace's edges in one scan rather than each task's (see `listTasks`).
  const [rows, edges] = await db.batch([
    taskModel.listTasks(db, workspaceId, query),
    dependencyModel.listEdges(db, workspaceId),
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
/**
 * How many open tasks the create form offers as "Depends on" choices without JavaScript (the inline form); with
 * it, the form searches (`GET /api/tasks?q=`), so the page's data never grows with the workspace (issue 15).
 */
export const DEPENDENCY_CHOICES = 20;

export async function getTaskBoard(
  ctx: ActorCtx,
  input: { filters: TaskFilters; page: number; dependencyChoices?: boolean },
) {
  const { db } = ctx;
  const workspace = ctx.actor.workspace;
  const page = Math.max(1, input.page);
  const offset = (page - 1) * BOARD_PAGE_SIZE;
  const group = input.filters.group;
  // Read by the query the filters resolve to (with the risk ranking when filtered to risks, see `readFiltered`).
  const { query, tasks, results } = await readFiltered(ctx, input.filters, async (query) => {
    const [rows, ...results] = await db.batch([
      taskModel.listTasks(db, workspace.id, query, { limit: BOARD_PAGE_SIZE, offset }),
      taskModel.countMatchingTasks(db, workspace.id, query),
      listNames(db, workspace.id, "categories"),
      listNames(db, workspace.id, "statuses"),
      // A fixed batch shape: without the inline create form this asks for none.
      taskModel.listFirstOpenTaskTitles(db, workspace.id, input.dependencyChoices ? DEPENDENCY_CHOICES : 0),
      teamModel.listMembers(db, workspace.id),
      teamModel.findTaskView(db, workspace.id, ctx.actor.user.id),
      // A fixed batch shape: an ungrouped list asks for no group counts.
      taskModel.countTasksByGroup(db, workspace.id, query, group),
    ]);
    return { query, tasks: rows.map(toListedTaskDto), results };
  });
  const [[{ count }], categoryRows, statusRows, openRows, memberRows, viewRows, groupRows] = results;
  return {
    tasks,
    pagination: { page, pageSize: BOARD_PAGE_SIZE, total: count },
    /** How many matching tasks each group holds (all pages), keyed as `groupKeyOf` keys them. */
    groupCounts: group ? taskModel.groupCounts(group, groupRows) : {},
    /** The list's grouping dates (today, the event's day), for group headings. */
    dates: query.dates ?? dayBucketDates(ctx),
    /** How the viewer last chose to see the list in this workspace. */
    view: viewRows[0]?.taskView ?? "cards",
    categories: categoryRows.map((r) => r.name),
    statuses: statusRows.map((r) => r.name),
    /** The inline create form's "Depends on" choices without JavaScript: the first open tasks, at most 20. */
    dependencyChoices: openRows.map(({ id, title }) => ({ id, title })),
    members: toAssignableMembers(memberRows),
  };
}

/** One task, with its checklist in full (a list's tasks carry only its counts). */
export async function getTask(ctx: ActorCtx, id: string) {
  const { db, actor } = ctx;
  const [[row], edges, items, [slack]] = await db.batch([
    taskModel.getTask(db, actor.workspace.id, id),
    dependencyModel.listEdgesOf(db, actor.workspace.id, id),
    checklistModel.listItems(db, actor.workspace.id, id),
    taskSlackMessageOf(db, actor.workspace.id, id),
  ]);
  if (!row) throw notFound("Task not found");
  return {
    ...toTaskDto(
      row,
      edges.map((e) => e.dependsOnId),
    ),
    checklist: toChecklistDto(items),
    slack: slack ? taskSlackLink(slack) : null,
  };
}

/** The caller's workspace's stat counts (`GET /api/status`, the pages' stat cards). */
export function getTaskStats(ctx: ActorCtx) {
  return workspaceTaskStats(ctx, ctx.actor.workspace);
}

/** The stat counts of `workspace` as it is now (a live event may carry a row newer than the caller's). */
export async function workspaceTaskStats(ctx: Pick<Ctx, "db" | "now">, workspace: WorkspaceRow) {
  const [rows] = await ctx.db.batch([
    taskModel.taskCountsQuery(ctx.db, workspace.id, todayIn(workspace.timezone, ctx.now)),
  ]);
  return buildTaskStats(taskModel.toTaskCounts(rows), workspace, ctx.now);
}

/** `findNearDuplicates` with scores rounded for display. */
export function similarAmong(title: string, open: readonly DuplicateCandidate[]): SimilarTask[] {
  return findNearDuplicates(title, open).map(({ id, title: match, score }) => ({
    id,
    title: match,
    score: Math.round(score * 100) / 100,
  }));
}

/** Open tasks similar to `title`, the same title included (the create dialog's warning, `GET /api/tasks/similar`). */
export async function findSimilarOpenTasks(ctx: ActorCtx, title: string) {
  return similarAmong(title, await taskModel.listOpenTaskTitles(ctx.db, ctx.actor.workspace.id));
}

/** Open tasks similar to each title, in one query (a confirm form shown again after an error). */
export async function findSimilarOpenTasksEach(ctx: ActorCtx, titles: readonly string[]) {
  const open = await taskModel.listOpenTaskTitles(ctx.db, ctx.actor.workspace.id);
  return titles.map((title) => similarAmong(title, open));
}

/** The title of the task a "created" entry names as the one it is the next occurrence of (its id, title). */
function occurrenceOf(changes: Record<string, [unknown, unknown]> | null) {
  const of = changes?.occurrenceOf;
  return of ? { id: String(of[0]), title: String(of[1]) } : null;
}

/** The newest history entries the task page shows. */
export const HISTORY_LIMIT = 50;
/** Tasks waiting on one task that its page lists (the rest are counted). */
const DEPENDANTS_SHOWN = 100;

/**
 * One task as its page shows it: the task, what it waits for and what waits for it (titles, status and due
 * dates), and its history in words, newest first (who, from where, what changed). Two D1 round trips.
 */
export async function getTaskDetail(ctx: ActorCtx, id: string) {
  const { db } = ctx;
  const workspace = ctx.actor.workspace;
  const [[row], edges, dependantEdges, events, linkedRows, items, [slack]] = await db.batch([
    taskModel.getTask(db, workspace.id, id),
    dependencyModel.listEdgesOf(db, workspace.id, id),
    historyModel.listDependantEdges(db, workspace.id, id),
    historyModel.listEvents(db, workspace.id, id, HISTORY_LIMIT),
    taskModel.getLinkedTasks(db, workspace.id, id, DEPENDANTS_SHOWN),
    checklistModel.listItems(db, workspace.id, id),
    taskSlackMessageOf(db, workspace.id, id),
  ]);
  if (!row) throw notFound("Task not found");
  const dependsOnIds = edges.map((e) => e.dependsOnId);
  const dependantIds = dependantEdges.slice(0, DEPENDANTS_SHOWN).map((e) => e.taskId);
  const byId = new Map(linkedRows.map((r) => [r.id, r]));
  // Tasks the history names that are linked no more: read only when there are any (a second round trip).
  const historyIds = events.flatMap(
    (e) => [...(e.changes?.dependsOn ?? []), ...(e.changes?.neededBy ?? [])].flat() as string[],
  );
  const unlinked = [...new Set(historyIds)].filter((taskId) => !byId.has(taskId));
  if (unlinked.length) for (const r of await taskModel.getTasksByIds(db, workspace.id, unlinked)) byId.set(r.id, r);
  const brief = (taskId: string) => {
    const t = byId.get(taskId);
    return t ? [{ id: t.id, title: t.title, status: t.status, dueDate: t.dueDate }] : [];
  };
  const show = (field: TrackedField, value: unknown): string => {
    if (field === "status") return statusLabel(String(value));
    if (field === "priority") return PRIORITY_LABELS[value as Priority] ?? String(value);
    if (field === "dueDate") {
      const [date, time] = String(value).split("T");
      return time ? `${formatCalendarDate(date)} ${time}` : formatCalendarDate(date);
    }
    if (field === "estimatedHours") return formatWorkAmount(Number(value));
    if (field === "recurrence") return describeRecurrenceText(String(value)) ?? String(value);
    if (field === "reminders") {
      const minutes = Array.isArray(value) ? (value as number[]) : [];
      return minutes.length ? minutes.map(reminderLabel).join(", ") : "none";
    }
    if (field === "dependsOn" || field === "neededBy") {
      const ids = value as string[];
      return ids.length ? ids.map((d) => byId.get(d)?.title ?? "a deleted task").join(", ") : "none";
    }
    return String(value);
  };
  return {
    task: {
      ...toTaskDto(row, dependsOnIds),
      checklist: toChecklistDto(items),
      /** The Slack message the task was made from (ADR 040), or null. */
      slack: slack ? taskSlackLink(slack) : null,
    },
    dependsOn: dependsOnIds.flatMap(brief),
    dependants: dependantIds.flatMap(brief),
    dependantCount: dependantEdges.length,
    history: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      at: e.createdAt,
      actorName: e.actorName,
      source: e.source,
      lines: e.changes && e.kind === "updated" ? describeChange(e.changes as TaskChanges, show) : [],
      /** A checklist, comment or file entry in words ("Ticked “Confirm stage plot”", "Attached “rider.pdf”"); null for others. */
      summary: !e.changes
        ? null
        : e.kind === "checklist"
          ? describeChecklistChange(e.changes as ChecklistChange)
          : e.kind === "comment"
            ? describeCommentChange(e.changes as CommentChange)
            : e.kind === "file"
              ? describeFileChange(e.changes as FileChange)
            : null,
      /** The task whose completion made this one (ADR 021): "created as the next occurrence of …". */
      occurrenceOf: occurrenceOf(e.changes),
    })),
  };
}
export type TaskDetail = Awaited<ReturnType<typeof getTaskDetail>>;

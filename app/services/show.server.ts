import { readInBatch } from "~/db/client";
import type { CueRow, WorkspaceRow } from "~/db/schema";
import { resolveAssignee, toAssignableMembers, updatedAssignee } from "~/domain/assignees";
import { parseCsv, toCsv } from "~/domain/csv";
import { todayIn } from "~/domain/dates";
import { AppError, badRequest, conflict, notFound } from "~/domain/errors";
import {
  CUE_CSV_COLUMNS,
  cueCsvRows,
  defaultShowDay,
  eventDays,
  MAX_CUES_PER_DAY,
  moveCue,
  planCues,
  readCueCsv,
  type CueTiming,
  type ShowDay,
} from "~/domain/show";
import type { CueCreateInput, CueUpdateInput } from "~/domain/show-schemas";
import { cueLimitReached, cuesPerDayLimit } from "~/domain/tiers";
import { newId } from "~/lib/crypto";
import { errorSummary } from "~/lib/log";
import { existingTaskIds } from "~/models/dependencies";
import { listNames } from "~/models/lists";
import * as showModel from "~/models/show";
import * as teamModel from "~/models/teams";
import type { DayCueRow, LinkedTask } from "~/models/show";
import { readStageView, stageParam, type Stage, type StageView } from "~/domain/stages";
import { readTogether, type ActorCtx, type Ctx } from "./context.server";
import { queueDaySheetCheck } from "./day-sheet-changes.server";
import { listStages, requireStageId } from "./stages.server";
import { memberLoader, runBatch } from "./task-commands.server";

/** The run of show (issue 17, ADR 024): reading a day's cues with their planned times. */

export interface ShowDayOptions {
  /** Only cues of these departments (a crew share link); the plan is still computed from every cue. */
  departments?: readonly string[];
  /** The sheet: a stage's (ADR 037), or null (the default) for the cues on no stage, a stageless workspace's only sheet. */
  stageId?: string | null;
}

/** One day's plan of one sheet and, for the sheet, the linked tasks' titles and states by id. */
async function readShowDay(ctx: Pick<Ctx, "db">, workspace: WorkspaceRow, day: string, options: ShowDayOptions = {}) {
  const stageId = options.stageId ?? null;
  const rows = await readInBatch(ctx.db, showModel.listDayCues(ctx.db, workspace.id, day, { stageId }));
  return planSheet(workspace, day, stageId, rows, options);
}

/** Plans one sheet's rows (in order), filtered after planning to `options.departments`. */
function planSheet(
  workspace: WorkspaceRow,
  day: string,
  stageId: string | null,
  rows: readonly DayCueRow[],
  options: ShowDayOptions = {},
) {
  const linked = new Map<string, LinkedTask>();
  const inputs = rows.map((row) => {
    const tasks = showModel.linkedTasksOf(row);
    for (const t of tasks) linked.set(t.id, t);
    return {
      id: row.id,
      title: row.title,
      start: row.start,
      duration: row.durationSeconds,
      timing: row.timing as CueTiming,
      department: row.department,
      assigneeId: row.assigneeId,
      assigneeName: row.assigneeName,
      notes: row.notes,
      taskIds: tasks.map((t) => t.id),
      openTaskCount: tasks.filter((t) => !t.completed).length,
      position: row.position,
    };
  });
  const plan = planCues(day, workspace.timezone, inputs);
  const showDay: ShowDay = { day, stageId, timezone: workspace.timezone, ...plan };
  if (options.departments) {
    // Filtered after planning: a flexible cue's times come from the cues before it, shown or not.
    const wanted = new Set(options.departments.map((d) => d.toLowerCase()));
    showDay.cues = plan.cues.filter((c) => c.department !== null && wanted.has(c.department.toLowerCase()));
    const shown = new Set(showDay.cues.map((c) => c.id));
    showDay.conflicts = plan.conflicts.filter((c) => shown.has(c.cueId));
  }
  return { showDay, linked, contacts: new Map(rows.map((r) => [r.id, r.assigneeContact])) };
}

/**
 * A day's sheets (ADR 037) in one D1 read: every stage's in the stages' order, then the cues on no stage when there
 * are any (or always, for a workspace without stages: its only sheet). With `only`, that one sheet.
 */
async function readDaySheets(
  ctx: Pick<Ctx, "db">,
  workspace: WorkspaceRow,
  day: string,
  stages: readonly Stage[],
  view: StageView,
) {
  const rows = await readInBatch(
    ctx.db,
    showModel.listDayCues(ctx.db, workspace.id, day, view.kind === "one" ? { stageId: view.stageId } : undefined),
  );
  return daySheets(workspace, day, stages, view, rows);
}

/** The sheets `view` shows of a day's cue rows (every stage's, or one stage's). */
function daySheets(
  workspace: WorkspaceRow,
  day: string,
  stages: readonly Stage[],
  view: StageView,
  rows: readonly DayCueRow[],
) {
  const sheetIds: Array<string | null> =
    view.kind === "one"
      ? [view.stageId]
      : [...stages.map((s) => s.id), ...(rows.some((r) => r.stageId === null) ? [null] : [])];
  return sheetIds.map((stageId) =>
    planSheet(
      workspace,
      day,
      stageId,
      rows.filter((r) => r.stageId === stageId),
    ),
  );
}

/**
 * One day of the run of show, planned (app/domain/show.ts `planCues`), in one D1 read. Needs no actor, so a crew
 * share link can show it too.
 */
export async function loadShowDay(
  ctx: Ctx,
  workspace: WorkspaceRow,
  day: string,
  options?: ShowDayOptions,
): Promise<ShowDay> {
  return (await readShowDay(ctx, workspace, day, options)).showDay;
}

/** The event's days and the day shown when none is asked for. */
export function showDaysOf(ctx: Pick<Ctx, "now">, workspace: WorkspaceRow) {
  return { days: eventDays(workspace), defaultDay: defaultShowDay(workspace, ctx.now) };
}

/**
 * `GET /api/show?day=&stage=`: one sheet's cues in the API's shape (the stage's, or without `stage` the cues on no
 * stage), with the event's days and the workspace's stages. An unknown stage is a 400.
 */
export async function getShowDay(ctx: ActorCtx, input: { day: string | undefined; stage?: string }) {
  const { workspace } = ctx.actor;
  const { days, defaultDay } = showDaysOf(ctx, workspace);
  // Read together (one D1 round trip): the stage is checked once both are in.
  const [stages, showDay] = await readTogether(ctx, () => [
    listStages(ctx, workspace.id),
    loadShowDay(ctx, workspace, input.day ?? defaultDay, { stageId: input.stage ?? null }),
  ]);
  await requireStageId(ctx, input.stage ?? null, stages);
  return {
    day: showDay.day,
    stageId: showDay.stageId,
    timezone: showDay.timezone,
    cues: showDay.cues.map((c) => ({
      id: c.id,
      title: c.title,
      start: c.start,
      duration: c.duration,
      timing: c.timing,
      department: c.department,
      assigneeId: c.assigneeId,
      assigneeName: c.assigneeName,
      notes: c.notes,
      taskIds: c.taskIds,
      stageId: showDay.stageId,
      plannedStart: c.plannedStart,
      plannedEnd: c.plannedEnd,
      ready: c.ready,
    })),
    conflicts: showDay.conflicts,
    plannedEnd: showDay.plannedEnd,
    days,
    stages,
  };
}

/**
 * The `/show` page: the day's plan with the linked tasks' titles and the outside owners' contact notes, the event's
 * days, the members and categories the cue forms offer, and (editing a cue without JavaScript) the tasks a search
 * found. One round trip: the reads go out together.
 */
export async function getShowPage(
  ctx: ActorCtx,
  input: { day: string | undefined; stage?: string | null; search?: string },
) {
  const { workspace } = ctx.actor;
  const { days, defaultDay } = showDaysOf(ctx, workspace);
  const day = input.day ?? defaultDay;
  const [stages, dayRows, memberRows, categoryRows, matches] = await readTogether(ctx, () => [
    listStages(ctx, workspace.id),
    // Every sheet's cues of the day, read with the stages; `?stage=` picks the sheets from them.
    readInBatch(ctx.db, showModel.listDayCues(ctx.db, workspace.id, day)),
    readInBatch(ctx.db, teamModel.listMembersToMatch(ctx.db, workspace.id)),
    readInBatch(ctx.db, listNames(ctx.db, workspace.id, "categories")),
    input.search ? searchCueTasks(ctx, input.search) : Promise.resolve([]),
  ]);
  const view = readStageView(input.stage ?? null, stages);
  const sheets = daySheets(workspace, day, stages, view, dayRows);
  return {
    day,
    days,
    // The venue's today: the task picker says what is overdue against it, whichever day the sheet shows.
    today: todayIn(workspace.timezone, ctx.now),
    stages,
    /** `?stage=` as the page links keep it: `all`, a stage id, `none`; null for a workspace without stages. */
    stage: stages.length === 0 ? null : view.kind === "all" ? "all" : stageParam(view.stageId),
    sheets: sheets.map((sheet) => sheet.showDay),
    linkedTasks: Object.fromEntries(sheets.flatMap((sheet) => [...sheet.linked])),
    contacts: Object.fromEntries(sheets.flatMap((sheet) => [...sheet.contacts])),
    members: toAssignableMembers(memberRows),
    categories: categoryRows.map((r) => r.name),
    matches,
  };
}

// ---- writes ------------------------------------------------------------------------------------------------
// Owners and members both write the run of show, as they write tasks (the workspace has no read-only role); a
// crew share link only reads. Every write tells the workspace's open pages which day changed.

function announceShow(ctx: ActorCtx, day: string) {
  // Pages refetch the whole day: which sheets a page shows is the page's own choice.
  ctx.live?.publish(ctx.actor.workspace.id, async () => ({ type: "rundown", day }));
  // Day sheets already sent for that day may have changed (ADR 044): checked a minute later.
  ctx.waitUntil(
    queueDaySheetCheck(ctx, ctx.actor.workspace.id, [day]).catch((error: unknown) =>
      console.error(`Queueing a day sheet check failed: ${errorSummary(error)}`),
    ),
  );
}

/** Every id a task of the caller's workspace, or a 400 naming the others. */
async function assertWorkspaceTasks(ctx: ActorCtx, taskIds: readonly string[]) {
  if (taskIds.length === 0) return;
  const known = await existingTaskIds(ctx.db, ctx.actor.workspace.id, taskIds);
  const unknown = taskIds.filter((id) => !known.has(id));
  if (unknown.length) {
    throw badRequest(`Unknown task: ${unknown.join(", ")}`, { taskIds: [`Unknown task id: ${unknown.join(", ")}`] });
  }
}

async function requireCue(ctx: ActorCtx, id: string) {
  const cue = await showModel.getCue(ctx.db, ctx.actor.workspace.id, id);
  if (!cue) throw notFound("Cue not found");
  return cue;
}

/** A cue as the API answers a write: its fields, not its planned times (those depend on the whole day). */
function toCueDto(row: CueRow, taskIds: readonly string[]) {
  return {
    id: row.id,
    day: row.day,
    position: row.position,
    title: row.title,
    start: row.start,
    duration: row.durationSeconds,
    timing: row.timing,
    department: row.department,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    assigneeContact: row.assigneeContact,
    notes: row.notes,
    stageId: row.stageId,
    taskIds: [...taskIds],
  };
}

/** `POST /api/show/cues`: a cue at the end of its sheet (its day, on its stage or on none), within the plan's cues per day. */
export async function createCue(ctx: ActorCtx, input: CueCreateInput) {
  const { workspace, user, plan } = ctx.actor;
  const taskIds = input.taskIds ?? [];
  const [members, , existing] = await Promise.all([
    memberLoader(ctx)(input),
    assertWorkspaceTasks(ctx, taskIds),
    showModel.listDayCueIds(ctx.db, workspace.id, input.day, input.stageId),
    requireStageId(ctx, input.stageId),
  ]);
  const assignee = resolveAssignee(members, input, user.id);
  const limit = cuesPerDayLimit(plan.tier);
  if (existing.length >= limit) throw cueLimitReached(plan.tier);
  const now = ctx.now.toISOString();
  const row: CueRow = {
    id: newId(),
    workspaceId: workspace.id,
    day: input.day,
    position: Math.max(0, ...existing.map((c) => c.position)) + 1,
    title: input.title,
    start: input.start,
    durationSeconds: input.duration,
    timing: input.timing,
    department: input.department,
    ...assignee,
    notes: input.notes,
    stageId: input.stageId,
    createdAt: now,
    updatedAt: now,
  };
  const [inserted] = await runBatch(ctx.db, [
    showModel.insertCueStatement(ctx.db, row, limit),
    showModel.linkCueTasksStatement(ctx.db, workspace.id, row.id, taskIds),
  ]);
  if ((inserted as unknown[]).length === 0) throw cueLimitReached(plan.tier);
  announceShow(ctx, row.day);
  return toCueDto(row, taskIds);
}

/** `PATCH /api/show/cues/{id}`: the fields given; `taskIds` replaces the linked tasks. */
export async function updateCue(ctx: ActorCtx, input: { id: string; changes: CueUpdateInput }) {
  const { workspace, user, plan } = ctx.actor;
  const { changes } = input;
  const [current, members] = await Promise.all([
    requireCue(ctx, input.id),
    memberLoader(ctx)(changes),
    changes.taskIds ? assertWorkspaceTasks(ctx, changes.taskIds) : undefined,
    changes.stageId !== undefined ? requireStageId(ctx, changes.stageId) : undefined,
  ]);
  // Moved to another day or stage: it goes to the end of that sheet, within the plan's cues per day (counted by the
  // update itself, so concurrent moves cannot pass the limit).
  const day = changes.day ?? current.day;
  const stageId = changes.stageId !== undefined ? changes.stageId : current.stageId;
  const moveTo =
    day !== current.day || stageId !== current.stageId
      ? { day, stageId, limit: cuesPerDayLimit(plan.tier) }
      : undefined;
  const next: Partial<CueRow> = {
    ...(changes.title !== undefined && { title: changes.title }),
    ...(changes.start !== undefined && { start: changes.start }),
    ...(changes.duration !== undefined && { durationSeconds: changes.duration }),
    ...(changes.timing !== undefined && { timing: changes.timing }),
    ...(changes.department !== undefined && { department: changes.department }),
    ...(changes.notes !== undefined && { notes: changes.notes }),
    ...updatedAssignee(members, current, changes, user.id),
    updatedAt: ctx.now.toISOString(),
  };
  const merged = { ...current, ...next };
  if (merged.timing === "fixed" && !merged.start) {
    throw badRequest("A fixed cue needs a start time", { start: ["A fixed cue needs a start time"] });
  }
  const { taskIds: newTaskIds } = changes;
  const statements = [
    showModel.updateCueStatement(ctx.db, workspace.id, current.id, next, moveTo),
    // After a move, the links change only if the move happened (a refused one changes nothing).
    ...(newTaskIds ? showModel.replaceCueTasksStatements(ctx.db, workspace.id, current.id, newTaskIds, moveTo) : []),
  ];
  const [updated] = (await runBatch(ctx.db, statements)) as [
    Array<{ day: string; position: number; stageId: string | null }>,
  ];
  const [written] = updated;
  if (!written) {
    const stillThere = moveTo && (await showModel.getCue(ctx.db, workspace.id, current.id));
    throw stillThere ? cueLimitReached(plan.tier) : notFound("Cue not found");
  }
  const taskIds = newTaskIds ?? (await showModel.listCueTaskIds(ctx.db, workspace.id, current.id));
  announceShow(ctx, current.day);
  if (moveTo) announceShow(ctx, moveTo.day);
  return toCueDto({ ...merged, ...written }, taskIds);
}

/** `DELETE /api/show/cues/{id}`: the cue and its links (the tasks stay). */
export async function deleteCue(ctx: ActorCtx, id: string) {
  const [deleted] = await showModel.deleteCue(ctx.db, ctx.actor.workspace.id, id);
  if (!deleted) throw notFound("Cue not found");
  announceShow(ctx, deleted.day);
  return deleted;
}

/**
 * `POST /api/show/cues/reorder`: one sheet's cues (the day's on `stageId`, or on no stage) in the order of `ids`,
 * which must name each of them once. A list made before someone else added or removed a cue is refused (409) so the
 * page can reload and try again.
 */
export async function reorderCues(
  ctx: ActorCtx,
  input: { day: string; stageId?: string | null; ids: readonly string[] },
) {
  const { workspace } = ctx.actor;
  if (new Set(input.ids).size !== input.ids.length) {
    throw badRequest("Name each cue once", { ids: ["Name each cue once"] });
  }
  const stageId = await requireStageId(ctx, input.stageId ?? null);
  const sheet = { day: input.day, stageId };
  const moved = await showModel.reorderDay(ctx.db, workspace.id, sheet, input.ids, ctx.now.toISOString());
  if (moved.length !== input.ids.length) {
    throw conflict("The run of show changed meanwhile: reload it and move the cue again", {
      fieldErrors: { ids: ["Send every cue of the sheet, in the new order"] },
    });
  }
  announceShow(ctx, input.day);
  return { day: input.day, stageId, ids: [...input.ids] };
}

/** The page's up/down buttons: one place up or down within its day. */
export async function moveCueOnePlace(ctx: ActorCtx, input: { cueId: string; direction: "up" | "down" }) {
  const cue = await requireCue(ctx, input.cueId);
  const ids = (await showModel.listDayCueIds(ctx.db, ctx.actor.workspace.id, cue.day, cue.stageId)).map((c) => c.id);
  const next = moveCue(ids, cue.id, input.direction);
  if (next.every((id, i) => id === ids[i])) return cue;
  await reorderCues(ctx, { day: cue.day, stageId: cue.stageId, ids: next });
  return cue;
}

/** The link picker: up to 8 of the workspace's tasks whose title contains `q`, open ones first. */
export async function searchCueTasks(ctx: ActorCtx, q: string) {
  if (!q) return [];
  return showModel.searchTasks(ctx.db, ctx.actor.workspace.id, q, 8);
}

// ---- CSV ----------------------------------------------------------------------------------------------------

/**
 * `GET /api/show/cues.csv?day=&stage=`: the day's cues as CSV (`CUE_CSV_COLUMNS`): every sheet, stage after stage,
 * or with `stage` that stage's (`none`: the cues on no stage).
 */
export async function exportCuesCsv(ctx: ActorCtx, input: { day: string; stage?: string | null }) {
  const { workspace } = ctx.actor;
  const stages = await listStages(ctx, workspace.id);
  const view: StageView =
    input.stage === undefined || input.stage === null
      ? { kind: "all" }
      : { kind: "one", stageId: await requireStageId(ctx, input.stage === "none" ? null : input.stage, stages) };
  const sheets = await readDaySheets(ctx, workspace, input.day, stages, view);
  return toCsv(
    CUE_CSV_COLUMNS,
    cueCsvRows(
      sheets.map((s) => s.showDay),
      stages,
    ),
  );
}

/** A refused import: every problem in `fieldErrors.csv`, each naming its line. */
function importRefused(errors: readonly string[]) {
  const message = errors.length === 1 ? errors[0] : `${errors[0]} (and ${errors.length - 1} more problems)`;
  return badRequest(message, { csv: [...errors] });
}

/**
 * Imports CSV rows as cues at the end of `day`, all or nothing: any bad row refuses the whole file with every
 * problem named by its line. An owner is a member when the name means one (as typed owners on tasks), else an
 * outside person; a name that means several members is a problem of its line.
 */
export async function importCuesCsv(ctx: ActorCtx, input: { day: string; stageId?: string | null; csv: string }) {
  const { workspace, user, plan } = ctx.actor;
  const parsed = parseCsv(input.csv, MAX_CUES_PER_DAY + 1);
  if (!parsed.ok) throw importRefused([parsed.error]);
  const stages = await listStages(ctx, workspace.id);
  // A row without a stage goes to the sheet the import was made from (the cues on no stage by default).
  const defaultStageId = await requireStageId(ctx, input.stageId ?? null, stages);
  const read = readCueCsv(parsed.records, stages);
  if (!read.ok) throw importRefused(read.errors);
  const membersFor = memberLoader(ctx);
  const [existing] = await Promise.all([
    showModel.listDaySheetPositions(ctx.db, workspace.id, input.day),
    membersFor({ assigneeName: read.rows.find((r) => r.owner)?.owner ?? null }),
  ]);
  const limit = cuesPerDayLimit(plan.tier);
  // Each sheet's end and count, moved on as rows land on it.
  const ends = new Map<string | null, { count: number; position: number }>();
  for (const cue of existing) {
    const end = ends.get(cue.stageId) ?? { count: 0, position: 0 };
    ends.set(cue.stageId, { count: end.count + 1, position: Math.max(end.position, cue.position) });
  }
  const errors: string[] = [];
  const now = ctx.now.toISOString();
  const rows: CueRow[] = [];
  for (const row of read.rows) {
    const stageId = row.stageId === undefined ? defaultStageId : row.stageId;
    const end = ends.get(stageId) ?? { count: 0, position: 0 };
    if (end.count >= limit) throw cueLimitReached(plan.tier);
    ends.set(stageId, { count: end.count + 1, position: end.position + 1 });
    let assignee;
    try {
      assignee = resolveAssignee(await membersFor({ assigneeName: row.owner }), { assigneeName: row.owner }, user.id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.push(`Line ${row.line}: ${error.message}`);
      continue;
    }
    rows.push({
      id: newId(),
      workspaceId: workspace.id,
      day: input.day,
      position: end.position + 1,
      title: row.title,
      start: row.start,
      durationSeconds: row.duration,
      timing: row.timing,
      department: row.department,
      ...assignee,
      notes: row.notes,
      stageId,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (errors.length) throw importRefused(errors);
  await runBatch(
    ctx.db,
    rows.map((row) => showModel.insertCueStatement(ctx.db, row, limit)),
  );
  announceShow(ctx, input.day);
  return { day: input.day, imported: rows.length };
}

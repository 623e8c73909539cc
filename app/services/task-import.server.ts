import { toAssignableMembers } from "~/domain/assignees";
import { toCsv } from "~/domain/csv";
import { todayIn } from "~/domain/dates";
import { AppError, badRequest } from "~/domain/errors";
import type { TaskFilters } from "~/domain/schemas";
import {
  dateCells,
  defaultChosenRows,
  exportCells,
  guessDateOrder,
  guessHeaderRow,
  guessMapping,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  mappingProblem,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_TASKS,
  planImport,
  previewRows,
  readDelimitedSheet,
  type ColumnMapping,
  type DateOrder,
  type DateOrderGuess,
  type PreviewRow,
  type SheetRow,
} from "~/domain/task-import";
import { taskLimit } from "~/domain/tiers";
import { listNames } from "~/models/lists";
import * as taskModel from "~/models/tasks";
import * as teamModel from "~/models/teams";
import { readTogether, type ActorCtx } from "./context.server";
import { readXlsxRows, writeXlsx } from "./spreadsheets.server";
import { createTasks } from "./task-commands.server";
import { listTasks } from "./task-queries.server";

/**
 * Tasks from a spreadsheet and the list out to one (issue 36, ADR 046). A preview writes nothing: it reads the
 * sheet, guesses what it can (header row, columns, date order) and checks every row against the workspace. An
 * import is the same preview, then the chosen rows created in one batch, all of them or none (the plan's limit
 * included), as one action 'Undo' takes back (undoChange in task-bulk.server.ts). Page and API both call these.
 */

/** Where a sheet comes from: a file's text or bytes, pasted cells, or the rows the page kept from its first read. */
export type ImportSource =
  { kind: "csv" | "tsv"; text: string } | { kind: "xlsx"; bytes: Uint8Array } | { kind: "rows"; rows: SheetRow[] };

export interface ImportRequest {
  source: ImportSource;
  /** The header row's number; null for none; undefined: guessed. */
  headerRow?: number | null;
  mapping?: ColumnMapping;
  dateOrder?: DateOrder;
  /** The rows to import; undefined: every row with no problem that is no duplicate. */
  rows?: number[];
}

const sourceError = (message: string) => badRequest(message, { source: [message] });
const tooLarge = () => sourceError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);

/** The sheet's rows, or a field error on `source` (too large, unreadable, empty). */
export function readSheet(source: ImportSource): SheetRow[] {
  let rows: SheetRow[];
  if (source.kind === "rows") rows = source.rows;
  else if (source.kind === "xlsx") {
    if (source.bytes.byteLength > MAX_IMPORT_BYTES) throw tooLarge();
    rows = readXlsxRows(source.bytes);
  } else {
    if (new TextEncoder().encode(source.text).byteLength > MAX_IMPORT_BYTES) throw tooLarge();
    const read = readDelimitedSheet(source.text, source.kind);
    if (!read.ok) throw sourceError(read.error);
    rows = read.rows;
  }
  if (rows.length === 0) throw sourceError("The sheet is empty: there are no rows to import");
  return rows;
}

/** What the workspace holds that an import checks rows against, in one round trip. */
async function importContext(ctx: ActorCtx) {
  const { db } = ctx;
  const { workspace, user } = ctx.actor;
  const [members, statuses, openTasks, [count]] = await readTogether(ctx, () => [
    teamModel.listMembersToMatch(db, workspace.id),
    listNames(db, workspace.id, "statuses"),
    taskModel.listOpenTaskTitles(db, workspace.id),
    taskModel.countMatchingTasks(db, workspace.id),
  ]);
  return {
    context: {
      members: toAssignableMembers(members),
      statuses: statuses.map((s) => s.name),
      openTasks,
      today: todayIn(workspace.timezone, ctx.now),
      authorId: user.id,
    },
    taskCount: Number(count?.count ?? 0),
  };
}

export interface TaskImportPreview {
  headerRow: number | null;
  header: string[] | null;
  /** How many columns the sheet has; `mapping` has one entry per column. */
  columns: number;
  mapping: ColumnMapping;
  /** The problem with the mapping (no title column), if any: no row reads until it is fixed. */
  mappingProblem: string | null;
  dateOrder: DateOrderGuess;
  rows: PreviewRow[];
  /** The rows an import takes unless told otherwise. */
  chosen: number[];
  /** How many tasks the plan still has room for (null: no limit). */
  room: number | null;
}

/** Reads, guesses and checks a sheet; writes nothing. `sheet` is the rows read, for a page to keep. */
export async function previewTaskImport(ctx: ActorCtx, input: ImportRequest) {
  const sheet = readSheet(input.source);
  const { context, taskCount } = await importContext(ctx);
  const headerRow = input.headerRow === undefined ? guessHeaderRow(sheet) : input.headerRow;
  if (headerRow !== null && !sheet.some((r) => r.row === headerRow)) {
    const message = `Row ${headerRow} is not a row of this sheet`;
    throw badRequest(message, { headerRow: [message] });
  }
  const header = headerRow === null ? null : sheet.find((r) => r.row === headerRow)!.cells;
  const columns = Math.max(...sheet.map((r) => r.cells.length));
  const guessed = guessMapping(header, sheet);
  const mapping = Array.from({ length: columns }, (_, i) => (input.mapping ? (input.mapping[i] ?? null) : guessed[i]));
  const problem = mappingProblem(mapping);
  const guess = guessDateOrder(dateCells(sheet, headerRow, mapping));
  const dateOrder = input.dateOrder ? { ...guess, order: input.dateOrder } : guess;
  const rows = problem ? [] : previewRows(sheet, { headerRow, mapping, dateOrder: dateOrder.order }, context);
  const limit = taskLimit(ctx.actor.plan.tier);
  const preview: TaskImportPreview = {
    headerRow,
    header,
    columns,
    mapping,
    mappingProblem: problem,
    dateOrder,
    rows,
    chosen: defaultChosenRows(rows).slice(0, MAX_IMPORT_TASKS),
    room: limit === null ? null : Math.max(0, limit - taskCount),
  };
  return { preview, sheet };
}

/**
 * Creates the chosen rows' tasks, all or none: a chosen row with a problem, a mapping without a title, more rows
 * than the plan has room for, each refuses the whole import with nothing written. `undo.at` is the handle of
 * `POST /api/tasks/undo`, which deletes them again.
 */
export async function importTasks(ctx: ActorCtx, input: ImportRequest) {
  const { preview } = await previewTaskImport(ctx, input);
  if (preview.mappingProblem) throw badRequest(preview.mappingProblem, { mapping: [preview.mappingProblem] });
  const chosen = input.rows ?? preview.chosen;
  if (chosen.length === 0) {
    const message = "Choose at least one row to import";
    throw badRequest(message, { rows: [message] });
  }
  if (chosen.length > MAX_IMPORT_TASKS) {
    const message = `Import at most ${MAX_IMPORT_TASKS} rows at once`;
    throw badRequest(message, { rows: [message] });
  }
  const plan = planImport(preview.rows, chosen);
  if (!plan.ok) {
    const message = plan.problems.length === 1 ? plan.problems[0] : `${plan.problems.length} chosen rows have problems`;
    throw badRequest(message, { rows: plan.problems.slice(0, 50) });
  }
  if (preview.room !== null && plan.planned.length > preview.room)
    throw overPlan(ctx, plan.planned.length, preview.room);
  const { created } = await createTasks(
    ctx,
    plan.planned.map(({ task, dependsOnIds, dependsOnEarlier }) => ({
      title: task.title,
      description: task.description,
      priority: task.priority,
      category: task.category,
      dueDate: task.dueDate,
      ...(task.owner?.kind === "member"
        ? { assigneeId: task.owner.id, assigneeName: null }
        : { assigneeName: task.owner?.name ?? null }),
      status: task.status ?? undefined,
      estimatedHours: task.estimatedHours,
      isAiGenerated: false,
      originalPrompt: null,
      dependsOn: dependsOnIds,
      dependsOnEarlier,
      // Each row was chosen on a page that marked it if an open task has its title.
      allowDuplicate: true,
    })),
    { allOrNothing: true },
  );
  return {
    imported: created.length,
    tasks: created.map((t) => ({ id: t.id, title: t.title })),
    undo: { at: ctx.now.toISOString() },
  };
}

function overPlan(ctx: ActorCtx, wanted: number, room: number) {
  const { tier } = ctx.actor.plan;
  const limit = taskLimit(tier);
  const message =
    room === 0
      ? `Your plan holds up to ${limit} tasks and this workspace has them all. Upgrade to import more.`
      : `Your plan holds up to ${limit} tasks: there is room for ${room} more, and ${wanted} rows are chosen. ` +
        `Choose at most ${room}, or upgrade.`;
  return new AppError("plan_limit", message, {
    title: "Task Limit Reached",
    limit,
    tier,
    fieldErrors: { rows: [message] },
  });
}

/** The most tasks one export holds (the list's first ones in its order). */
export const MAX_EXPORT_ROWS = MAX_IMPORT_ROWS;

/** The list's tasks with its filters as a sheet whose columns the import reads back (header row first). */
async function exportRows(ctx: ActorCtx, filters: TaskFilters) {
  const tasks = await listTasks(ctx, { filters, page: { limit: MAX_EXPORT_ROWS, offset: 0 } });
  const titles = new Map(tasks.map((t) => [t.id, t.title]));
  const missing = [...new Set(tasks.flatMap((t) => t.dependsOn))].filter((id) => !titles.has(id));
  if (missing.length) {
    for (const row of await taskModel.getTasksByIds(ctx.db, ctx.actor.workspace.id, missing))
      titles.set(row.id, row.title);
  }
  const header = IMPORT_FIELDS.map((f) => IMPORT_FIELD_LABELS[f]);
  const rows = tasks.map((t) =>
    exportCells(
      t,
      t.dependsOn.flatMap((id) => titles.get(id) ?? []),
    ),
  );
  return { header, rows };
}

export async function exportTasksCsv(ctx: ActorCtx, filters: TaskFilters) {
  const { header, rows } = await exportRows(ctx, filters);
  return toCsv(header, rows);
}

export async function exportTasksXlsx(ctx: ActorCtx, filters: TaskFilters) {
  const { header, rows } = await exportRows(ctx, filters);
  return writeXlsx(header, rows);
}

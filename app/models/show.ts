import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client";
import { cues, cueTasks, tasks, type CueRow } from "~/db/schema";
import { COMPLETED } from "~/domain/tasks";
import { insertIf } from "./insert-if";

/** A task linked to a cue, as the sheet shows it. */
export interface LinkedTask {
  id: string;
  title: string;
  completed: boolean;
}

/** A cue is on this sheet's stage (null: on no stage); `IS` matches a null as `=` does a value. */
const onStage = (stageId: string | null, column: SQL = sql`${cues.stageId}`) => sql`${column} IS ${stageId}`;

/**
 * One day's cues in order (every sheet's, or one stage's: ADR 037), each with its linked tasks (id, title, done) as a JSON array, in ONE statement so the
 * run of show costs one round trip (ADR 019). Scoped by workspace on the cues and again on the tasks.
 */
export function listDayCues(db: Db, workspaceId: string, day: string, sheet?: { stageId: string | null }) {
  // Written with aliases: drizzle leaves a column unqualified inside a select, and `id` would be ambiguous here.
  const linked = sql<string>`(
    SELECT json_group_array(json_object('id', t.id, 'title', t.title, 'completed', t.status = ${COMPLETED}))
    FROM cue_tasks ct JOIN tasks t ON t.id = ct.task_id
    WHERE ct.cue_id = "cues"."id" AND t.workspace_id = ${workspaceId}
  )`;
  return db
    .select({
      id: cues.id,
      day: cues.day,
      position: cues.position,
      title: cues.title,
      start: cues.start,
      durationSeconds: cues.durationSeconds,
      timing: cues.timing,
      department: cues.department,
      assigneeId: cues.assigneeId,
      assigneeName: cues.assigneeName,
      assigneeContact: cues.assigneeContact,
      notes: cues.notes,
      stageId: cues.stageId,
      linkedTasks: linked.as("linked_tasks"),
    })
    .from(cues)
    .where(and(eq(cues.workspaceId, workspaceId), eq(cues.day, day), sheet && onStage(sheet.stageId)))
    .orderBy(asc(cues.position), asc(cues.createdAt), asc(cues.id));
}

export type DayCueRow = Awaited<ReturnType<typeof listDayCues>>[number];

/** The linked tasks of a row, in title order (the JSON column read back). */
export function linkedTasksOf(row: Pick<DayCueRow, "linkedTasks">): LinkedTask[] {
  const parsed = JSON.parse(row.linkedTasks || "[]") as Array<{
    id: string;
    title: string;
    completed: number | boolean;
  }>;
  return parsed
    .map((t) => ({ id: t.id, title: t.title, completed: Boolean(t.completed) }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** One cue of the workspace (others' ids find nothing). */
export function getCue(db: Db, workspaceId: string, id: string) {
  return db
    .select()
    .from(cues)
    .where(and(eq(cues.workspaceId, workspaceId), eq(cues.id, id)))
    .get();
}

/** Every cue of a day with its stage and position (each sheet's count and end, for an import over several sheets). */
export function listDaySheetPositions(db: Db, workspaceId: string, day: string) {
  return db
    .select({ stageId: cues.stageId, position: cues.position })
    .from(cues)
    .where(and(eq(cues.workspaceId, workspaceId), eq(cues.day, day)));
}

/** The ids of one sheet's cues (a day's, on one stage or on none) in order, and the highest position. */
export function listDayCueIds(db: Db, workspaceId: string, day: string, stageId: string | null) {
  return db
    .select({ id: cues.id, position: cues.position })
    .from(cues)
    .where(and(eq(cues.workspaceId, workspaceId), eq(cues.day, day), onStage(stageId)))
    .orderBy(asc(cues.position), asc(cues.createdAt), asc(cues.id));
}

/**
 * Inserts a cue at the end of its sheet while the sheet (its day on its stage) holds fewer than `limit` cues and its
 * stage is still the workspace's: the checks and the insert are one statement, so two people adding the last cue at
 * once cannot both get in, nor a cue land on a stage removed meanwhile. Batchable; returns the id inserted.
 */
export function insertCueStatement(db: Db, row: CueRow, limit: number) {
  const sheetCount = sql`(SELECT count(*) FROM cues c WHERE c.workspace_id = ${row.workspaceId} AND c.day = ${row.day}
    AND ${onStage(row.stageId, sql`c.stage_id`)})`;
  return insertIf(
    db,
    cues,
    row,
    sql`${sheetCount} < ${limit} AND ${stageOfWorkspace(row.workspaceId, row.stageId)}`,
  ).returning({
    id: cues.id,
  });
}

/** True for no stage, or a stage of the workspace (SQL). */
const stageOfWorkspace = (workspaceId: string, stageId: string | null) =>
  stageId === null
    ? sql`1`
    : sql`EXISTS (SELECT 1 FROM show_stages s WHERE s.id = ${stageId} AND s.workspace_id = ${workspaceId})`;

/** True while the cue is on that sheet in the workspace (SQL): a later statement of a batch runs only if a move happened. */
const cueOnSheet = (workspaceId: string, cueId: string, sheet: { day: string; stageId: string | null }) =>
  sql`EXISTS (SELECT 1 FROM cues c WHERE c.id = ${cueId} AND c.workspace_id = ${workspaceId} AND c.day = ${sheet.day}
    AND ${onStage(sheet.stageId, sql`c.stage_id`)})`;

/**
 * Statements that make `taskIds` the cue's linked tasks (only tasks of its workspace are linked). With `onSheet`,
 * only if the cue is on that sheet by then (the move before them in the batch happened). Batchable.
 */
export function replaceCueTasksStatements(
  db: Db,
  workspaceId: string,
  cueId: string,
  taskIds: readonly string[],
  onSheet?: { day: string; stageId: string | null },
) {
  const moved = onSheet === undefined ? undefined : cueOnSheet(workspaceId, cueId, onSheet);
  return [
    db.delete(cueTasks).where(and(eq(cueTasks.workspaceId, workspaceId), eq(cueTasks.cueId, cueId), moved)),
    linkCueTasksStatement(db, workspaceId, cueId, taskIds, moved),
  ] as const;
}

/** Links tasks to a cue that exists in the workspace (ids bound as one JSON parameter), and `also` holds. Batchable. */
export function linkCueTasksStatement(
  db: Db,
  workspaceId: string,
  cueId: string,
  taskIds: readonly string[],
  also: SQL = sql`1`,
) {
  return db
    .insert(cueTasks)
    .select(
      sql`SELECT ${workspaceId}, ${cueId}, t.id FROM tasks t
        WHERE t.workspace_id = ${workspaceId} AND t.id IN (SELECT value FROM json_each(${JSON.stringify(taskIds)}))
          AND EXISTS (SELECT 1 FROM cues c WHERE c.id = ${cueId} AND c.workspace_id = ${workspaceId}) AND ${also}`,
    )
    .onConflictDoNothing();
}

/**
 * Writes a cue's changes. With `moveTo`, the cue also goes to the end of another sheet (another day, another stage or
 * both), only while that sheet holds fewer than `limit` cues and its stage is the workspace's: the checks, the new
 * position and the write are one statement, so two moves at once cannot overfill a sheet (as insertCueStatement for
 * new cues). Batchable; returns the row written, none when held back or not found.
 */
export function updateCueStatement(
  db: Db,
  workspaceId: string,
  id: string,
  changes: Partial<CueRow>,
  moveTo?: { day: string; stageId: string | null; limit: number },
) {
  const onSheet = (select: SQL) =>
    sql`(SELECT ${select} FROM cues c WHERE c.workspace_id = ${workspaceId} AND c.day = ${moveTo?.day}
      AND ${onStage(moveTo?.stageId ?? null, sql`c.stage_id`)})`;
  return db
    .update(cues)
    .set(
      moveTo
        ? {
            ...changes,
            day: moveTo.day,
            stageId: moveTo.stageId,
            position: onSheet(sql`coalesce(max(c.position), 0) + 1`),
          }
        : changes,
    )
    .where(
      and(
        eq(cues.workspaceId, workspaceId),
        eq(cues.id, id),
        moveTo ? sql`${onSheet(sql`count(*)`)} < ${moveTo.limit}` : undefined,
        moveTo ? stageOfWorkspace(workspaceId, moveTo.stageId) : undefined,
      ),
    )
    .returning({ id: cues.id, day: cues.day, position: cues.position, stageId: cues.stageId });
}

export function deleteCue(db: Db, workspaceId: string, id: string) {
  return db
    .delete(cues)
    .where(and(eq(cues.workspaceId, workspaceId), eq(cues.id, id)))
    .returning({ id: cues.id, day: cues.day, stageId: cues.stageId });
}

/**
 * Puts one sheet's cues (a day's on one stage or on none) in the order of `ids` (positions 1…n) in one statement,
 * but only while `ids` is exactly the sheet's cues: a reorder made from a stale list (a cue added or removed meanwhile) changes nothing. Returns the
 * rows moved.
 */
export function reorderDay(
  db: Db,
  workspaceId: string,
  sheet: { day: string; stageId: string | null },
  ids: readonly string[],
  nowIso: string,
) {
  const list = JSON.stringify(ids);
  const { day, stageId } = sheet;
  const cOnSheet = sql`c.workspace_id = ${workspaceId} AND c.day = ${day} AND ${onStage(stageId, sql`c.stage_id`)}`;
  return db.all<{
    id: string;
  }>(sql`UPDATE cues SET position = (SELECT j.key + 1 FROM json_each(${list}) j WHERE j.value = cues.id),
      updated_at = ${nowIso}
    WHERE workspace_id = ${workspaceId} AND day = ${day} AND ${onStage(stageId, sql`cues.stage_id`)}
      AND (SELECT count(*) FROM cues c WHERE ${cOnSheet}) = ${ids.length}
      AND (SELECT count(DISTINCT c.id) FROM cues c WHERE ${cOnSheet}
           AND c.id IN (SELECT value FROM json_each(${list}))) = ${ids.length}
    RETURNING id`);
}

/** Tasks of the workspace whose title contains `q` (the cue's link picker), open ones first. */
export function searchTasks(db: Db, workspaceId: string, q: string, limit: number) {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: tasks.id, title: tasks.title, status: tasks.status, dueDate: tasks.dueDate })
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), sql`${tasks.title} LIKE ${pattern} ESCAPE '\\'`))
    .orderBy(sql`${tasks.status} = ${COMPLETED}`, asc(tasks.title))
    .limit(limit);
}

/** The tasks linked to one cue. */
export function listCueTaskIds(db: Db, workspaceId: string, cueId: string) {
  return db
    .select({ taskId: cueTasks.taskId })
    .from(cueTasks)
    .where(and(eq(cueTasks.workspaceId, workspaceId), eq(cueTasks.cueId, cueId)))
    .then((rows) => rows.map((r) => r.taskId));
}

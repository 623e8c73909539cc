import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { showStages, type ShowStageRow } from "~/db/schema";
import { insertIf } from "./insert-if";

/** A workspace's stages in order (at most MAX_STAGES, so no limit is needed here). */
export function listStages(db: Db, workspaceId: string) {
  return db
    .select({ id: showStages.id, name: showStages.name, position: showStages.position })
    .from(showStages)
    .where(eq(showStages.workspaceId, workspaceId))
    .orderBy(asc(showStages.position), asc(showStages.createdAt), asc(showStages.id));
}

/**
 * Inserts a stage at the end while the workspace has fewer than `limit`: the count and the insert are one statement,
 * so two people adding the last stage at once cannot both get in. The name's uniqueness is the unique index's.
 */
export function insertStageIf(db: Db, row: ShowStageRow, limit: number) {
  const count = sql`(SELECT count(*) FROM show_stages WHERE workspace_id = ${row.workspaceId})`;
  return insertIf(db, showStages, row, sql`${count} < ${limit}`)
    .onConflictDoNothing()
    .returning({ id: showStages.id });
}

export function renameStage(db: Db, workspaceId: string, id: string, name: string, nowIso: string) {
  return db
    .update(showStages)
    .set({ name, updatedAt: nowIso })
    .where(and(eq(showStages.workspaceId, workspaceId), eq(showStages.id, id)))
    .returning({ id: showStages.id });
}

/** Puts the workspace's stages in the order of `ids` (positions 1…n) in one statement; ids of others change nothing. */
export function reorderStages(db: Db, workspaceId: string, ids: readonly string[], nowIso: string) {
  return db.run(sql`UPDATE show_stages
    SET position = (SELECT j.key + 1 FROM json_each(${JSON.stringify(ids)}) j WHERE j.value = show_stages.id),
      updated_at = ${nowIso}
    WHERE workspace_id = ${workspaceId} AND id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
}

/**
 * Deletes a stage only while no cue is on it (checked by the delete itself, so a cue added meanwhile keeps it).
 * Returns the row deleted, none when held back or not found.
 */
export function deleteEmptyStage(db: Db, workspaceId: string, id: string) {
  return db
    .delete(showStages)
    .where(
      and(
        eq(showStages.workspaceId, workspaceId),
        eq(showStages.id, id),
        sql`NOT EXISTS (SELECT 1 FROM cues c WHERE c.stage_id = ${id})`,
      ),
    )
    .returning({ id: showStages.id, name: showStages.name });
}

/** How many cues are on a stage, over every day. */
export function countStageCues(db: Db, workspaceId: string, stageId: string) {
  return db
    .get<{ count: number }>(
      sql`SELECT count(*) AS count FROM cues WHERE workspace_id = ${workspaceId} AND stage_id = ${stageId}`,
    )
    .then((row) => row?.count ?? 0);
}

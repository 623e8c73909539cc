import { and, asc, eq, gte, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { cues, cueTasks, tasks } from "~/db/schema";
import type { CueReadiness } from "~/domain/risks";
import { COMPLETED } from "~/domain/tasks";

/**
 * The readiness of the run of show (ADR 026), read for the plan's risks and the morning digest. The cue API and
 * its pages live in app/models/show.ts; this is the one read the plan makes.
 */

/** Not-ready cues the plan reads at most: a long festival's rundowns, all waiting on something, still fit. */
export const CUE_RISKS_MAX = 200;

/**
 * The workspace's cues on `fromDay` or later that wait on open tasks, each with those tasks' ids, in show order;
 * one query (a cue with every task completed has no row). At most `limit` cues. Batchable.
 */
export function listCuesWaiting(db: Db, workspaceId: string, fromDay: string, limit = CUE_RISKS_MAX) {
  return db
    .select({
      id: cues.id,
      title: cues.title,
      day: cues.day,
      assigneeId: cues.assigneeId,
      openTaskIds: sql<string>`json_group_array(${tasks.id})`.as("open_task_ids"),
    })
    .from(cues)
    .innerJoin(cueTasks, eq(cueTasks.cueId, cues.id))
    .innerJoin(
      tasks,
      and(eq(tasks.id, cueTasks.taskId), eq(tasks.workspaceId, workspaceId), ne(tasks.status, COMPLETED)),
    )
    .where(and(eq(cues.workspaceId, workspaceId), gte(cues.day, fromDay)))
    .groupBy(cues.id)
    .orderBy(asc(cues.day), asc(cues.position))
    .limit(limit);
}

export type CueWaitingRow = Awaited<ReturnType<typeof listCuesWaiting>>[number];

/** A row as the risk rules read it. */
export function toCueReadiness(row: CueWaitingRow): CueReadiness & { assigneeId: string | null } {
  return { ...row, openTaskIds: JSON.parse(row.openTaskIds) as string[] };
}

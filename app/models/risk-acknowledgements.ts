import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { riskAcknowledgements, tasks, users } from "~/db/schema";
import { insertIf } from "./insert-if";

/**
 * Acknowledged risks (ADR 036). A row exists only while its task is unchanged (a trigger removes it on the task's
 * next write, drizzle/0019), so a workspace holds at most one per task.
 */

/**
 * Acknowledgements the plan reads at most, the latest first: the largest workspace measured (ADR 033) with every
 * task acknowledged. Past it the oldest acknowledgements stop hiding their risks.
 */
export const ACKNOWLEDGEMENTS_MAX = 5_000;

/** The workspace's acknowledgements with who made them (null once that person's account is gone). Batchable. */
export function listAcknowledgements(db: Db, workspaceId: string, limit = ACKNOWLEDGEMENTS_MAX) {
  return db
    .select({
      taskId: riskAcknowledgements.taskId,
      taskUpdatedAt: riskAcknowledgements.taskUpdatedAt,
      riskKinds: riskAcknowledgements.riskKinds,
      acknowledgedAt: riskAcknowledgements.acknowledgedAt,
      acknowledgedById: riskAcknowledgements.acknowledgedBy,
      acknowledgedByName: users.name,
    })
    .from(riskAcknowledgements)
    .leftJoin(users, eq(users.id, riskAcknowledgements.acknowledgedBy))
    .where(eq(riskAcknowledgements.workspaceId, workspaceId))
    .orderBy(desc(riskAcknowledgements.acknowledgedAt))
    .limit(limit);
}

export type AcknowledgementRow = Awaited<ReturnType<typeof listAcknowledgements>>[number];

/**
 * Acknowledges a task's risk, replacing an earlier acknowledgement of it, only while the task still has the
 * `taskUpdatedAt` its risks were read at: a task changed meanwhile is not acknowledged with another state's reasons.
 * Returns the row written, none when the task changed or is not the workspace's.
 */
export function acknowledge(
  db: Db,
  row: {
    workspaceId: string;
    taskId: string;
    taskUpdatedAt: string;
    riskKinds: string[];
    acknowledgedBy: string;
    acknowledgedAt: string;
  },
) {
  const unchanged = sql`EXISTS (SELECT 1 FROM ${tasks} WHERE ${tasks.id} = ${row.taskId} AND ${tasks.workspaceId} = ${row.workspaceId} AND ${tasks.updatedAt} = ${row.taskUpdatedAt})`;
  return insertIf(db, riskAcknowledgements, row, unchanged)
    .onConflictDoUpdate({
      target: [riskAcknowledgements.workspaceId, riskAcknowledgements.taskId],
      set: {
        taskUpdatedAt: row.taskUpdatedAt,
        riskKinds: row.riskKinds,
        acknowledgedBy: row.acknowledgedBy,
        acknowledgedAt: row.acknowledgedAt,
      },
    })
    .returning({ taskId: riskAcknowledgements.taskId });
}

/** Removes a task's acknowledgement ("Show again"); returns the row removed, if any. */
export function removeAcknowledgement(db: Db, workspaceId: string, taskId: string) {
  return db
    .delete(riskAcknowledgements)
    .where(and(eq(riskAcknowledgements.workspaceId, workspaceId), eq(riskAcknowledgements.taskId, taskId)))
    .returning({ taskId: riskAcknowledgements.taskId });
}

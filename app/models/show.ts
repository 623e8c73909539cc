import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { cues } from "~/db/schema";
import { COMPLETED } from "~/domain/tasks";

/** A task linked to a cue, as the sheet shows it. */
export interface LinkedTask {
  id: string;
  title: string;
  completed: boolean;
}

/**
 * One day's cues in order, each with its linked tasks (id, title, done) as a JSON array, in ONE statement so the
 * run of show costs one round trip (ADR 019). Scoped by workspace on the cues and again on the tasks.
 */
export function listDayCues(db: Db, workspaceId: string, day: string) {
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
      linkedTasks: linked.as("linked_tasks"),
    })
    .from(cues)
    .where(and(eq(cues.workspaceId, workspaceId), eq(cues.day, day)))
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

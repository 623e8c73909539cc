import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { taskDependencies, tasks } from "~/db/schema";
import { insertIf } from "./insert-if";
import { taskExists } from "./tasks";

export function listEdges(db: Db, workspaceId: string) {
  return db
    .select({ taskId: taskDependencies.taskId, dependsOnId: taskDependencies.dependsOnId })
    .from(taskDependencies)
    .where(eq(taskDependencies.workspaceId, workspaceId));
}

export function listEdgesOf(db: Db, workspaceId: string, taskId: string) {
  return db
    .select({ taskId: taskDependencies.taskId, dependsOnId: taskDependencies.dependsOnId })
    .from(taskDependencies)
    .where(and(eq(taskDependencies.workspaceId, workspaceId), eq(taskDependencies.taskId, taskId)));
}

/** The edges of the tasks waiting on any of `ids` (one JSON parameter, so up to 100 ids need no split). */
export function listDependantEdgesOf(db: Db, workspaceId: string, ids: readonly string[]) {
  return db
    .select({ taskId: taskDependencies.taskId, dependsOnId: taskDependencies.dependsOnId })
    .from(taskDependencies)
    .where(
      and(
        eq(taskDependencies.workspaceId, workspaceId),
        sql`${taskDependencies.dependsOnId} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
      ),
    );
}

/** Which of `ids` are tasks of the workspace. */
export function existingTaskIds(db: Db, workspaceId: string, ids: readonly string[]) {
  return db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.id, [...ids])))
    .then((rows) => new Set(rows.map((r) => r.id)));
}

/** Statements that make `dependsOnIds` the complete set of the task's dependencies. */
export function replaceEdgesStatements(db: Db, workspaceId: string, taskId: string, dependsOnIds: readonly string[]) {
  const remove = db.delete(taskDependencies).where(eq(taskDependencies.taskId, taskId));
  if (dependsOnIds.length === 0) return [remove] as const;
  const insert = db
    .insert(taskDependencies)
    .values(dependsOnIds.map((dependsOnId) => ({ workspaceId, taskId, dependsOnId })));
  return [remove, insert] as const;
}

/** The edges of a task just inserted in the same batch; none if a limit held the task back. */
export function insertNewTaskEdgesStatements(
  db: Db,
  workspaceId: string,
  taskId: string,
  dependsOnIds: readonly string[],
) {
  return dependsOnIds.map((dependsOnId) =>
    insertIf(db, taskDependencies, { workspaceId, taskId, dependsOnId }, taskExists(taskId)),
  );
}

/** Groups edges as task id → the ids it depends on. */
export function dependsOnMap(edges: ReadonlyArray<{ taskId: string; dependsOnId: string }>) {
  const map = new Map<string, string[]>();
  for (const e of edges) {
    const list = map.get(e.taskId);
    if (list) list.push(e.dependsOnId);
    else map.set(e.taskId, [e.dependsOnId]);
  }
  return map;
}

import { buildAnalytics } from "~/domain/analytics";
import * as taskModel from "~/models/tasks";
import type { TaskScope } from "./tasks.server";

export type WorkspaceAnalytics = Awaited<ReturnType<typeof getAnalytics>>;

/**
 * The analytics page's figures: every task of the workspace in one D1 query, computed in its timezone.
 * `totalTasks` tells an empty workspace (nothing to chart) from one whose figures happen to be zero.
 */
export async function getAnalytics(scope: TaskScope, now = new Date()) {
  const tasks = await taskModel.listTasks(scope.db, scope.workspace.id);
  return {
    totalTasks: tasks.length,
    timezone: scope.workspace.timezone,
    ...buildAnalytics({ tasks, now, timezone: scope.workspace.timezone }),
  };
}

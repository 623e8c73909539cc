import type { TaskView } from "~/domain/task-order";
import * as teamModel from "~/models/teams";
import type { ActorCtx } from "./context.server";

/** Remembers how the caller sees the task list (cards or table) in their current workspace, for them only. */
export async function setTaskView(ctx: ActorCtx, input: { view: TaskView }): Promise<TaskView> {
  const { workspace, user } = ctx.actor;
  const [row] = await teamModel.setTaskView(ctx.db, workspace.id, user.id, input.view);
  return row?.taskView ?? input.view;
}

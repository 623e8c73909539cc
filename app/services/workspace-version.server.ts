import * as workspaceModel from "~/models/workspaces";
import type { ActorCtx } from "./context.server";

/**
 * The caller's workspace's version: its `plan_version`, which triggers move on with every write to what the pages
 * and the API's reads show (tasks, dependencies, cues, event settings, lists, members, Slack: drizzle/0010, 0015,
 * 0017). One row of the caller's own workspace, read in the request's batch; -1 when the
 * workspace is gone.
 */
export async function workspaceVersion(ctx: ActorCtx) {
  const [[row]] = await ctx.db.batch([workspaceModel.planVersionOf(ctx.db, ctx.actor.workspace.id)]);
  return row?.version ?? -1;
}

import { buildAnalytics } from "~/domain/analytics";
import { hasFeature } from "~/domain/tiers";
import * as taskModel from "~/models/tasks";
import type { ActorCtx } from "./context.server";

export type WorkspaceAnalytics = Awaited<ReturnType<typeof getAnalytics>>;

/**
 * The analytics page's figures: every task of the workspace in one D1 query, computed in its timezone.
 * `totalTasks` tells an empty workspace (nothing to chart) from one whose figures happen to be zero. Below basic
 * the page is a feature gate: null, and nothing is computed. Weekly progress and the key insights are advanced
 * analytics: null, not sent, below premium.
 */
export async function getAnalytics(ctx: ActorCtx) {
  const { workspace, plan } = ctx.actor;
  if (!hasFeature(plan.tier, "basicAnalytics")) return null;
  const tasks = await taskModel.listTasks(ctx.db, workspace.id);
  const { weeklyProgress, keyInsights, ...basic } = buildAnalytics({
    tasks,
    now: ctx.now,
    timezone: workspace.timezone,
  });
  const advanced = hasFeature(plan.tier, "advancedAnalytics");
  return {
    totalTasks: tasks.length,
    timezone: workspace.timezone,
    ...basic,
    weeklyProgress: advanced ? weeklyProgress : null,
    keyInsights: advanced ? keyInsights : null,
  };
}

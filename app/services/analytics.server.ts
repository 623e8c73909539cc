import { analyticsFromAggregates, analyticsWindow, offsetsCovering, sumTotals } from "~/domain/analytics";
import { hasFeature } from "~/domain/tiers";
import * as analyticsModel from "~/models/analytics";
import type { ActorCtx } from "./context.server";

export type WorkspaceAnalytics = Awaited<ReturnType<typeof getAnalytics>>;

/**
 * The analytics page's figures, counted by D1 in the workspace's timezone: one round trip of aggregate queries
 * whose answers stay small however many tasks there are (issue 15). A workspace with tasks created or completed
 * outside the years around now costs a second query for its weekly chart. `totalTasks` tells an empty workspace
 * (nothing to chart) from one whose figures happen to be zero. Below basic the page is a feature gate: null, and
 * nothing is computed. Weekly progress and the key insights are advanced analytics: null, not sent, below premium.
 */
export async function getAnalytics(ctx: ActorCtx) {
  const { db } = ctx;
  const { workspace, plan } = ctx.actor;
  if (!hasFeature(plan.tier, "basicAnalytics")) return null;
  const advanced = hasFeature(plan.tier, "advancedAnalytics");
  const window = analyticsWindow(ctx.now, workspace.timezone);
  // The weekly chart, the costliest query, is counted only for the plans that show it.
  const [categories, latestCreated, latestCompleted, weekRows = []] = await db.batch([
    analyticsModel.categoryFiguresQuery(db, workspace.id, window),
    analyticsModel.latestCreatedQuery(db, workspace.id),
    analyticsModel.latestCompletedQuery(db, workspace.id),
    ...(advanced ? [analyticsModel.weeklyProgressQuery(db, workspace.id, window.offsets)] : []),
  ]);
  const totals = sumTotals(categories);
  const wider =
    advanced && offsetsCovering(workspace.timezone, window.offsets, totals.firstInstant, totals.lastInstant);
  const weeks = wider ? await analyticsModel.weeklyProgressQuery(db, workspace.id, wider) : weekRows;
  const { weeklyProgress, keyInsights, ...basic } = analyticsFromAggregates(
    { totals, weeks, categories, recent: [...latestCreated, ...latestCompleted] },
    window,
  );
  return {
    totalTasks: totals.total,
    timezone: workspace.timezone,
    ...basic,
    weeklyProgress: advanced ? weeklyProgress : null,
    keyInsights: advanced ? keyInsights : null,
  };
}

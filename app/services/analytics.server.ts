import { LRUCache } from "lru-cache";
import { analyticsFromAggregates, analyticsWindow, offsetsCovering, sumTotals } from "~/domain/analytics";
import { hasFeature } from "~/domain/tiers";
import * as analyticsModel from "~/models/analytics";
import * as workspaceModel from "~/models/workspaces";
import type { ActorCtx } from "./context.server";
import { workspaceVersion } from "./workspace-version.server";

export type WorkspaceAnalytics = Awaited<ReturnType<typeof countAnalytics>>["analytics"];

/**
 * Each workspace's latest analytics in this isolate: the figures depend only on the tasks, the local day and year
 * (`analyticsWindow`), the timezone and whether the plan shows the advanced figures, so they are good while the
 * workspace's `plan_version` (moved on by triggers with every task write, drizzle/0010_plan_version.sql) and that
 * key hold. A repeat read then costs the version's one row in the request's batch instead of the aggregates over
 * every task. Small (a few KB each), so bounded by their number.
 */
const analyticsByWorkspace = new LRUCache<string, { key: string; version: number; analytics: WorkspaceAnalytics }>({
  max: 500,
});

/**
 * The analytics page's figures, counted by D1 in the workspace's timezone: one round trip of aggregate queries
 * whose answers stay small however many tasks there are (issue 15), or with the workspace's figures still good
 * (`analyticsByWorkspace`), one row. A workspace with tasks created or completed outside the years around now costs
 * a second query for its weekly chart, and so do figures counted before a change. `totalTasks` tells an empty
 * workspace (nothing to chart) from one whose figures happen to be zero. Below basic the page is a feature gate:
 * null, and nothing is computed. Weekly progress and the key insights are advanced analytics: null, not sent,
 * below premium.
 */
export async function getAnalytics(ctx: ActorCtx): Promise<WorkspaceAnalytics | null> {
  const { workspace, plan } = ctx.actor;
  if (!hasFeature(plan.tier, "basicAnalytics")) return null;
  const advanced = hasFeature(plan.tier, "advancedAnalytics");
  const window = analyticsWindow(ctx.now, workspace.timezone);
  // The window is a function of the timezone, the local day and the year (`analyticsWindow`), so these name it.
  const key = `${workspace.timezone}|${advanced}|${window.today}|${window.offsets.from}`;
  const latest = analyticsByWorkspace.get(workspace.id);
  if (latest && latest.key === key) {
    if ((await workspaceVersion(ctx)) === latest.version) return latest.analytics;
  }
  const { version, analytics } = await countAnalytics(ctx, { advanced, window });
  analyticsByWorkspace.set(workspace.id, { key, version, analytics });
  return analytics;
}

/** The figures counted from the tasks, with the plan version they were read at (in the same batch). */
async function countAnalytics(
  ctx: ActorCtx,
  { advanced, window }: { advanced: boolean; window: ReturnType<typeof analyticsWindow> },
) {
  const { db } = ctx;
  const { workspace } = ctx.actor;
  // The weekly chart, the costliest query, is counted only for the plans that show it.
  const [[versionRow], categories, latestCreated, latestCompleted, weekRows = []] = await db.batch([
    workspaceModel.planVersionOf(db, workspace.id),
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
  const analytics = {
    totalTasks: totals.total,
    timezone: workspace.timezone,
    ...basic,
    weeklyProgress: advanced ? weeklyProgress : null,
    keyInsights: advanced ? keyInsights : null,
  };
  return { version: versionRow?.version ?? -1, analytics };
}

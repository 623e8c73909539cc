import { AppError, forbidden } from "./errors";
import { plural } from "./labels";

/**
 * Plans and what they unlock (spec §4 "Tier ranks and gates", §9 plans). A gate opens when the user's rank is
 * at least the rank the feature needs; beta (every demo account) ranks as premium.
 */
export const TIERS = ["free", "basic", "premium", "beta"] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_RANK: Record<Tier, number> = { free: 0, basic: 1, premium: 2, beta: 2 };

/** The paid plans as the upgrade prompts name them. */
export const PLANS = {
  basic: { name: "Basic", monthlyPrice: "$19.99" },
  premium: { name: "Premium", monthlyPrice: "$49.99" },
} as const;
export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = Object.keys(PLANS) as PlanId[];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && Object.hasOwn(PLANS, value);
}

/** Spec §4: a plan can be chosen from free, or premium from basic. Beta already ranks as premium. */
export function canChoosePlan(current: Tier, plan: PlanId) {
  return current === "free" || (current === "basic" && plan === "premium");
}

export type PlanAvailability = "current" | "available" | "unavailable";

/** A plan card's button (spec "Upgrade modal"): 'Current Plan', a way to choose it, or 'Not Available'. */
export function planAvailability(current: Tier, plan: PlanId): PlanAvailability {
  if (current === plan) return "current";
  return canChoosePlan(current, plan) ? "available" : "unavailable";
}

/** The plan an upgrade prompt offers (spec §9: at basic's limit, premium); null when nothing ranks higher. */
export function nextPlan(tier: Tier): PlanId | null {
  return PLAN_IDS.find((plan) => TIER_RANK[plan] > TIER_RANK[tier]) ?? null;
}

/**
 * A workspace's plan (spec §4, ADR 011): the best plan among its owners, each owner's being their subscription's
 * tier, else their account tier. Whoever pays for the workspace lifts it for everyone in it; an equal rank
 * prefers the paid plan. A workspace always has an owner; without one it is treated as free.
 */
export function workspacePlanTier(ownerTiers: readonly Tier[]): Tier {
  let best: Tier = "free";
  for (const tier of ownerTiers) {
    if (TIER_RANK[tier] > TIER_RANK[best] || (TIER_RANK[tier] === TIER_RANK[best] && tier === "premium")) best = tier;
  }
  return best;
}

/** The tier that counts (spec §4): billing's current tier first, then the user's own, then free. */
export function effectiveTier(sources: { billingTier?: Tier | null; userTier?: Tier | null }): Tier {
  return sources.billingTier ?? sources.userTier ?? "free";
}

/**
 * How many tasks a tier may hold; null is unlimited. Basic's 50 is the spec's; free's 10 is ours (the spec's
 * free tier is a demo banner without a number), small enough to try the product and see the upgrade prompt.
 */
const TASK_LIMITS: Record<Tier, number | null> = { free: 10, basic: 50, premium: null, beta: null };

/** The spec's "warning at 45 or more" of basic's 50, as a share, so every limited tier warns at 90 %. */
const WARNING_SHARE = 0.9;

export function taskLimit(tier: Tier) {
  return TASK_LIMITS[tier];
}

/** The Recent Tasks card's limit label: "Unlimited" or "Up to 50 tasks". */
export function taskLimitLabel(tier: Tier) {
  const limit = taskLimit(tier);
  return limit === null ? "Unlimited" : `Up to ${limit} tasks`;
}

export type TaskLimitState = "ok" | "warning" | "reached";

/** Where a workspace stands against its tier's task limit: basic warns at 45 and is full at 50. */
export function taskLimitState(tier: Tier, taskCount: number): TaskLimitState {
  const limit = taskLimit(tier);
  if (limit === null) return "ok";
  if (taskCount >= limit) return "reached";
  return taskCount >= Math.ceil(limit * WARNING_SHARE) ? "warning" : "ok";
}

/**
 * How many people a workspace may have, its owners included; null is unlimited. Basic's 5 is the spec's; a free
 * workspace is its owner alone, so inviting anyone needs Basic or higher.
 */
const TEAM_LIMITS: Record<Tier, number | null> = { free: 1, basic: 5, premium: null, beta: null };

export function teamMemberLimit(tier: Tier) {
  return TEAM_LIMITS[tier];
}

export interface PlanFeature {
  name: string;
  included: boolean;
}

/** The plan cards' details (spec §9): what each includes and, for Basic, what it leaves out. */
export const PLAN_DETAILS: Record<PlanId, { description: string; popular: boolean; features: PlanFeature[] }> = {
  basic: {
    description: "For a small crew running one show at a time.",
    popular: false,
    features: [
      { name: "Up to 50 tasks", included: true },
      { name: "5 team members", included: true },
      { name: "2 GB of files on tasks", included: true },
      { name: "Basic analytics", included: true },
      { name: "Slack integration", included: true },
      { name: "Email support", included: true },
      { name: "AI task generation", included: false },
      { name: "Advanced reporting", included: false },
      { name: "Custom workflows", included: false },
    ],
  },
  premium: {
    description: "For production teams juggling festivals, tours and conferences.",
    popular: true,
    features: [
      { name: "Unlimited tasks and team members", included: true },
      { name: "20 GB of files on tasks", included: true },
      { name: "Advanced analytics and reporting", included: true },
      { name: "AI task generation", included: true },
      { name: "Slack integration", included: true },
      { name: "Priority support", included: true },
      { name: "Custom workflows", included: true },
      { name: "API access", included: true },
    ],
  },
};

/**
 * Features behind a plan, with the plan that unlocks them (the entitlements: basic adds Slack and basic
 * analytics to free's 10 tasks; premium adds the rest). Each is enforced where the server does the work.
 */
const FEATURE_PLANS = {
  /** Connecting a Slack app (credentials, install). */
  slack: "basic",
  /** The analytics page: KPIs, categories, priorities, recent activity. */
  basicAnalytics: "basic",
  /** Weekly progress over time and the key insights. */
  advancedAnalytics: "premium",
  /** Natural-language task creation ('Add with AI', `POST /api/tasks/parse`). */
  aiTasks: "premium",
  /** Statuses beyond the four defaults ('custom workflows'). */
  customStatuses: "premium",
  /** Listed with the plan; the API's tokens are demo tokens (beta), so there is nothing further to gate. */
  apiAccess: "premium",
} as const satisfies Record<string, PlanId>;
export type Feature = keyof typeof FEATURE_PLANS;
const FEATURES = Object.keys(FEATURE_PLANS) as Feature[];

/** Whether `tier` opens the gate of `feature`. No signed-in user (null) never does. */
export function hasFeature(tier: Tier | null | undefined, feature: Feature) {
  return tier != null && TIER_RANK[tier] >= TIER_RANK[FEATURE_PLANS[feature]];
}

/** The plan a locked feature needs, for the feature gate's "requires the Premium plan ($49.99/month)". */
export function requiredPlan(feature: Feature) {
  return PLANS[FEATURE_PLANS[feature]];
}

const FEATURE_NAMES: Record<Feature, string> = {
  slack: "Connecting Slack",
  basicAnalytics: "Analytics",
  advancedAnalytics: "Advanced analytics",
  aiTasks: "Creating tasks from text",
  customStatuses: "Custom statuses",
  apiAccess: "API access",
};

/** The message of a locked feature: what it is and the plan (with its price) that unlocks it. */
function featureLockedMessage(feature: Feature) {
  const plan = requiredPlan(feature);
  return `${FEATURE_NAMES[feature]} needs the ${plan.name} plan (${plan.monthlyPrice}/month)`;
}

/** Refuses (403) a caller whose tier does not open the feature's gate. */
export function assertFeature(tier: Tier, feature: Feature) {
  if (!hasFeature(tier, feature)) throw forbidden(featureLockedMessage(feature));
}

export type Entitlements = { taskLimit: number | null; seats: number | null } & Record<Feature, boolean>;

/** What a tier may do (`GET /api/billing/status`, `GET /api/workspace`): its task limit, seats and every gate. */
export function entitlements(tier: Tier): Entitlements {
  const features = Object.fromEntries(FEATURES.map((feature) => [feature, hasFeature(tier, feature)]));
  return { taskLimit: taskLimit(tier), seats: teamMemberLimit(tier), ...(features as Record<Feature, boolean>) };
}

/**
 * The plan every limit and gate of a workspace reads: tasks, statuses, seats, Slack, analytics and AI follow the
 * workspace, whoever acts in it (web, API, Slack, cron). Built once per request from one query (models/billing.ts
 * `ownerTiersOf`).
 */
export interface WorkspacePlan {
  tier: Tier;
  entitlements: Entitlements;
}

export function workspacePlan(ownerTiers: readonly Tier[]): WorkspacePlan {
  const tier = workspacePlanTier(ownerTiers);
  return { tier, entitlements: entitlements(tier) };
}

function upgradeHint(tier: Tier) {
  const next = nextPlan(tier);
  return next ? ` Upgrade to ${PLANS[next].name} (${PLANS[next].monthlyPrice}/month) for more.` : "";
}

/** The 402 of a create past the limit (`{error, limit, tier}`), naming the plan that lifts it. */
export function taskLimitReached(tier: Tier) {
  const limit = taskLimit(tier);
  const message = `Your plan holds up to ${limit} tasks.${upgradeHint(tier)}`;
  return new AppError("plan_limit", message, { title: "Task Limit Reached", limit, tier });
}

/**
 * Cues one day's run of show may hold (issue 17, ADR 024): a free workspace plans a short show (a gig, a launch),
 * a paid one a festival day up to the hard bound every day has (MAX_CUES_PER_DAY in app/domain/show.ts).
 */
const CUES_PER_DAY: Record<Tier, number> = { free: 20, basic: 200, premium: 200, beta: 200 };

export function cuesPerDayLimit(tier: Tier) {
  return CUES_PER_DAY[tier];
}

/** The 402 of a cue past the day's limit, naming the plan that lifts it where one does. */
export function cueLimitReached(tier: Tier) {
  const limit = cuesPerDayLimit(tier);
  const hint = limit < CUES_PER_DAY.basic ? upgradeHint(tier) : "";
  return new AppError("plan_limit", `A day's run of show holds up to ${limit} cues.${hint}`, {
    title: "Cue Limit Reached",
    limit,
    tier,
  });
}

/** A batch create's (or import's) note on the tasks the limit left out ("" when none were). */
export function overLimitNote(overLimit: number, tier: Tier, done: "created" | "imported" = "created") {
  if (overLimit === 0) return "";
  const what = plural(overLimit, "task was", "tasks were");
  return ` ${what} not ${done}: your plan holds up to ${taskLimit(tier)} tasks.${upgradeHint(tier)}`;
}

const GB = 1024 * 1024 * 1024;

/**
 * File storage a workspace's plan holds, in bytes (issue 34, ADR 039): every file on its tasks, a deleted task's
 * until it is purged. Beta ranks as premium. The refusal past it is `storageLimitReached` (app/domain/files.ts).
 */
const STORAGE_QUOTAS: Record<Tier, number> = {
  free: 100 * 1024 * 1024,
  basic: 2 * GB,
  premium: 20 * GB,
  beta: 20 * GB,
};

export function storageQuota(tier: Tier) {
  return STORAGE_QUOTAS[tier];
}

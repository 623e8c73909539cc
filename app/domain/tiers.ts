import { forbidden } from "./errors";

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

/**
 * The tier that counts (spec §4): billing's current tier first, then the user's own, then free. Billing is not
 * wired yet, so callers pass what they have.
 */
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
      { name: "Advanced analytics and reporting", included: true },
      { name: "AI task generation", included: true },
      { name: "Slack integration", included: true },
      { name: "Priority support", included: true },
      { name: "Custom workflows", included: true },
      { name: "API access", included: true },
    ],
  },
};

/** Features behind a plan, with the plan that unlocks them and the name a locked-feature message uses. */
export const FEATURE_PLANS = {
  /** Natural-language task creation ('Add with AI', `POST /api/tasks/parse`). */
  aiTasks: "premium",
} as const satisfies Record<string, PlanId>;
export type Feature = keyof typeof FEATURE_PLANS;

/** Whether `tier` opens the gate of `feature`. No signed-in user (null) never does. */
export function hasFeature(tier: Tier | null | undefined, feature: Feature) {
  return tier != null && TIER_RANK[tier] >= TIER_RANK[FEATURE_PLANS[feature]];
}

/** The plan a locked feature needs, for the feature gate's "requires the Premium plan ($49.99/month)". */
export function requiredPlan(feature: Feature) {
  return PLANS[FEATURE_PLANS[feature]];
}

const FEATURE_NAMES: Record<Feature, string> = { aiTasks: "Creating tasks from text" };

/** The message of a locked feature: what it is and the plan (with its price) that unlocks it. */
export function featureLockedMessage(feature: Feature) {
  const plan = requiredPlan(feature);
  return `${FEATURE_NAMES[feature]} needs the ${plan.name} plan (${plan.monthlyPrice}/month)`;
}

/** Refuses (403) a caller whose tier does not open the feature's gate. */
export function assertFeature(tier: Tier, feature: Feature) {
  if (!hasFeature(tier, feature)) throw forbidden(featureLockedMessage(feature));
}

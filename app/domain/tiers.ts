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

import { TIER_RANK, type PlanId } from "./tiers";

/**
 * Subscription state as Stripe's webhooks describe it, and the rule for which event wins. Stripe delivers at
 * least once and in no particular order, so every event is reduced into the stored state: an older event never
 * overwrites a newer one, and a canceled subscription never comes back.
 */

/** Statuses that grant the plan: paying, trialing, and past_due while Stripe retries the card (its retry settings
 * end that as unpaid or canceled, which grant nothing). */
const ENTITLING_STATUSES = new Set(["trialing", "active", "past_due"]);

/** Statuses a subscription never leaves. */
const TERMINAL_STATUSES = new Set(["canceled", "incomplete_expired"]);

/**
 * Where a status sits in a subscription's life. Stripe stamps events in whole seconds, so two events of the same
 * second (typically `incomplete` then `active` right after checkout) are ordered by this instead.
 */
const LIFECYCLE_RANK: Record<string, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  unpaid: 4,
  paused: 4,
  incomplete_expired: 5,
  canceled: 5,
};

export interface SubscriptionState {
  id: string;
  userId: string;
  customerId: string;
  tier: PlanId;
  status: string;
  itemId: string | null;
  /** ISO instant, or null until a subscription event has named it. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe's `created` (epoch seconds) of the event the state was last taken from. */
  eventCreated: number;
}

/** One webhook event, reduced to what it says about one subscription. Absent fields say nothing. */
export interface SubscriptionChange {
  /** checkout.session.completed, customer.subscription.*, invoice.payment_failed. */
  source: "checkout" | "subscription" | "invoice";
  subscriptionId: string;
  customerId: string;
  /** Resolved by the caller (our customer record first, then the event's metadata); null when unknown. */
  userId: string | null;
  tier: PlanId | null;
  status: string;
  itemId?: string | null;
  currentPeriodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
  eventCreated: number;
}

const rank = (status: string) => LIFECYCLE_RANK[status] ?? 0;

/** Whether `change` is newer than the state it would replace: by event time, then by lifecycle within a second. */
function isNewer(current: SubscriptionState, change: SubscriptionChange) {
  if (change.eventCreated !== current.eventCreated) return change.eventCreated > current.eventCreated;
  return rank(change.status) >= rank(current.status);
}

/**
 * The state after `change`, or null when the change is to be ignored: it is older than what is stored, it would
 * revive a canceled subscription, it is a failed payment of a subscription that was not paying anyway, or it
 * names a subscription we cannot attribute to a user and a plan.
 */
export function applySubscriptionChange(
  current: SubscriptionState | null,
  change: SubscriptionChange,
): SubscriptionState | null {
  if (!current) {
    if (!change.userId || !change.tier || change.source === "invoice") return null;
    return {
      id: change.subscriptionId,
      userId: change.userId,
      customerId: change.customerId,
      tier: change.tier,
      status: change.status,
      itemId: change.itemId ?? null,
      currentPeriodEnd: change.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? false,
      eventCreated: change.eventCreated,
    };
  }
  if (TERMINAL_STATUSES.has(current.status) && !TERMINAL_STATUSES.has(change.status)) return null;
  if (!isNewer(current, change)) return null;
  if (change.source === "invoice" && !["active", "trialing"].includes(current.status)) return null;
  return {
    ...current,
    tier: change.tier ?? current.tier,
    status: change.status,
    itemId: change.itemId === undefined ? current.itemId : change.itemId,
    currentPeriodEnd: change.currentPeriodEnd === undefined ? current.currentPeriodEnd : change.currentPeriodEnd,
    cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? current.cancelAtPeriodEnd,
    eventCreated: change.eventCreated,
  };
}

/** The plan a subscription grants right now, or null. */
export function entitledTier(state: Pick<SubscriptionState, "status" | "tier">): PlanId | null {
  return ENTITLING_STATUSES.has(state.status) ? state.tier : null;
}

/**
 * The subscription a user's billing status shows: the highest plan granted, else the one heard from last (a
 * canceled subscription says why the plan ended).
 */
export function currentSubscription<S extends SubscriptionState>(subscriptions: readonly S[]): S | null {
  const grantRank = (s: S) => {
    const granted = entitledTier(s);
    return granted ? 1 + TIER_RANK[granted] : 0;
  };
  const ordered = [...subscriptions].sort((a, b) => grantRank(b) - grantRank(a) || b.eventCreated - a.eventCreated);
  return ordered[0] ?? null;
}

/** A return address for checkout or the portal must be a page of ours: same origin, http(s) only. */
export function isOwnUrl(value: string, origin: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === origin;
  } catch {
    return false;
  }
}

/** How long after a webhook recorded a plan a return from checkout may still call it a success. */
export const UPGRADE_CONFIRM_MS = 60 * 60 * 1000;

/**
 * Whether a return from checkout for `plan` is confirmed: `recorded` is the best plan that a subscription of the
 * caller's, written by a webhook within UPGRADE_CONFIRM_MS, grants (null for none). The caller's tier does not
 * count: a beta account or a long-standing subscriber bought nothing by opening the address.
 */
export function upgradeRecorded(recorded: PlanId | null, plan: PlanId) {
  return recorded !== null && TIER_RANK[recorded] >= TIER_RANK[plan];
}

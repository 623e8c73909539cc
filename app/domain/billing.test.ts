import { describe, expect, it } from "vitest";
import {
  applySubscriptionChange,
  currentSubscription,
  entitledTier,
  isOwnUrl,
  upgradeRecorded,
  type SubscriptionChange,
  type SubscriptionState,
} from "./billing";

const T = 1_800_000_000;

const change = (fields: Partial<SubscriptionChange> = {}): SubscriptionChange => ({
  source: "subscription",
  subscriptionId: "sub_1",
  customerId: "cus_1",
  userId: "user_1",
  tier: "basic",
  status: "active",
  itemId: "si_1",
  currentPeriodEnd: "2027-01-15T00:00:00.000Z",
  cancelAtPeriodEnd: false,
  eventCreated: T,
  ...fields,
});

/** Applies changes one after another, as deliveries arriving in this order would. */
const replay = (...changes: SubscriptionChange[]) =>
  changes.reduce<SubscriptionState | null>((state, next) => applySubscriptionChange(state, next) ?? state, null);

describe("applySubscriptionChange", () => {
  it("starts a subscription from its first event", () => {
    expect(applySubscriptionChange(null, change())).toEqual({
      id: "sub_1",
      userId: "user_1",
      customerId: "cus_1",
      tier: "basic",
      status: "active",
      itemId: "si_1",
      currentPeriodEnd: "2027-01-15T00:00:00.000Z",
      cancelAtPeriodEnd: false,
      eventCreated: T,
    });
  });

  it("cannot start a subscription it cannot attribute to a user and a plan, or from a failed invoice", () => {
    expect(applySubscriptionChange(null, change({ userId: null }))).toBeNull();
    expect(applySubscriptionChange(null, change({ tier: null }))).toBeNull();
    expect(applySubscriptionChange(null, change({ source: "invoice", status: "past_due" }))).toBeNull();
  });

  it("takes a newer event and ignores an older one (out-of-order delivery)", () => {
    const upgraded = change({ tier: "premium", eventCreated: T + 60 });
    const stale = change({ tier: "basic", eventCreated: T });
    expect(replay(change(), upgraded)?.tier).toBe("premium");
    expect(replay(upgraded, stale)?.tier).toBe("premium");
    expect(applySubscriptionChange(replay(upgraded), stale)).toBeNull();
  });

  it("ends the same whichever order cancellation and an earlier update arrive in", () => {
    const update = change({ cancelAtPeriodEnd: true, eventCreated: T + 10 });
    const deleted = change({ status: "canceled", eventCreated: T + 20 });
    expect(replay(change(), update, deleted)?.status).toBe("canceled");
    expect(replay(change(), deleted, update)?.status).toBe("canceled");
  });

  it("never revives a canceled subscription, even with a later event", () => {
    const canceled = replay(change({ status: "canceled" }));
    expect(applySubscriptionChange(canceled, change({ status: "active", eventCreated: T + 999 }))).toBeNull();
  });

  it("orders events of the same second by the subscription's life: incomplete, then active", () => {
    const checkout = change({ source: "checkout", status: "active", itemId: undefined, currentPeriodEnd: undefined });
    const created = change({ status: "incomplete" });
    expect(replay(checkout, created)?.status).toBe("active");
    expect(replay(created, checkout)?.status).toBe("active");
  });

  it("keeps what a later event leaves out (checkout knows no period end)", () => {
    const checkout = change({
      source: "checkout",
      eventCreated: T + 5,
      tier: "basic",
      itemId: undefined,
      currentPeriodEnd: undefined,
      cancelAtPeriodEnd: undefined,
    });
    expect(replay(change(), checkout)).toMatchObject({ itemId: "si_1", currentPeriodEnd: "2027-01-15T00:00:00.000Z" });
  });

  it("marks a paying subscription past due on a failed payment, but not one that never paid", () => {
    const failed = change({ source: "invoice", status: "past_due", tier: null, userId: null, eventCreated: T + 30 });
    expect(replay(change(), failed)).toMatchObject({ status: "past_due", tier: "basic" });
    expect(applySubscriptionChange(replay(change({ status: "incomplete" })), failed)).toBeNull();
    // A retry that succeeded later wins over the failure delivered late.
    expect(replay(change(), change({ eventCreated: T + 40 }), failed)?.status).toBe("active");
  });

  it("is idempotent: the same event twice changes nothing", () => {
    const once = replay(change());
    expect(applySubscriptionChange(once, change())).toEqual(once);
  });
});

describe("entitledTier", () => {
  it.each([
    ["active", "premium"],
    ["trialing", "premium"],
    ["past_due", "premium"],
    ["incomplete", null],
    ["unpaid", null],
    ["canceled", null],
    ["paused", null],
    ["incomplete_expired", null],
  ] as const)("a %s subscription grants %s", (status, granted) => {
    expect(entitledTier({ status, tier: "premium" })).toBe(granted);
  });
});

describe("currentSubscription", () => {
  const state = (fields: Partial<SubscriptionState>): SubscriptionState => ({ ...replay(change())!, ...fields });

  it("shows the highest plan granted", () => {
    const basic = state({ id: "a", tier: "basic", eventCreated: T + 100 });
    const premium = state({ id: "b", tier: "premium", eventCreated: T });
    expect(currentSubscription([basic, premium])?.id).toBe("b");
  });

  it("prefers a granting subscription to a newer canceled one, else the latest", () => {
    const active = state({ id: "a", eventCreated: T });
    const canceled = state({ id: "b", status: "canceled", eventCreated: T + 100 });
    const older = state({ id: "c", status: "canceled", eventCreated: T - 100 });
    expect(currentSubscription([canceled, active])?.id).toBe("a");
    expect(currentSubscription([older, canceled])?.id).toBe("b");
    expect(currentSubscription([])).toBeNull();
  });
});

describe("isOwnUrl", () => {
  it("accepts pages of our origin only", () => {
    const origin = "https://cue.example";
    expect(isOwnUrl("https://cue.example/dashboard?upgrade=success", origin)).toBe(true);
    expect(isOwnUrl("https://evil.example/dashboard", origin)).toBe(false);
    expect(isOwnUrl("https://cue.example.evil.example/", origin)).toBe(false);
    expect(isOwnUrl("http://cue.example/dashboard", origin)).toBe(false);
    expect(isOwnUrl("javascript:alert(1)", origin)).toBe(false);
    expect(isOwnUrl("/dashboard", origin)).toBe(false);
  });
});

describe("upgradeRecorded", () => {
  it("holds once a recorded subscription grants the plan bought, or more", () => {
    expect(upgradeRecorded("basic", "basic")).toBe(true);
    expect(upgradeRecorded("premium", "basic")).toBe(true);
    expect(upgradeRecorded("basic", "premium")).toBe(false);
  });

  it("never holds without a recorded subscription, whatever the caller's tier", () => {
    expect(upgradeRecorded(null, "basic")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { assertFeature, effectiveTier, hasFeature, PLAN_DETAILS, requiredPlan, taskLimit, taskLimitLabel, taskLimitState, TIER_RANK } from "./tiers";

describe("TIER_RANK", () => {
  it("ranks as the spec's table: beta alongside premium", () => {
    expect(TIER_RANK).toEqual({ free: 0, basic: 1, premium: 2, beta: 2 });
  });
});

describe("effectiveTier", () => {
  it("takes billing's tier first, then the user's, then free", () => {
    expect(effectiveTier({ billingTier: "premium", userTier: "free" })).toBe("premium");
    expect(effectiveTier({ billingTier: null, userTier: "basic" })).toBe("basic");
    expect(effectiveTier({ userTier: "beta" })).toBe("beta");
    expect(effectiveTier({})).toBe("free");
  });
});

describe("task limits", () => {
  it.each([
    ["free", 10, "Up to 10 tasks"],
    ["basic", 50, "Up to 50 tasks"],
    ["premium", null, "Unlimited"],
    ["beta", null, "Unlimited"],
  ] as const)("%s holds %s tasks (%s)", (tier, limit, label) => {
    expect(taskLimit(tier)).toBe(limit);
    expect(taskLimitLabel(tier)).toBe(label);
  });

  it("warns basic from 45 tasks and is full at 50", () => {
    expect(taskLimitState("basic", 44)).toBe("ok");
    expect(taskLimitState("basic", 45)).toBe("warning");
    expect(taskLimitState("basic", 49)).toBe("warning");
    expect(taskLimitState("basic", 50)).toBe("reached");
    expect(taskLimitState("basic", 51)).toBe("reached");
  });

  it("warns free at 9 of 10", () => {
    expect(taskLimitState("free", 8)).toBe("ok");
    expect(taskLimitState("free", 9)).toBe("warning");
    expect(taskLimitState("free", 10)).toBe("reached");
  });

  it("never limits premium or beta", () => {
    expect(taskLimitState("premium", 10_000)).toBe("ok");
    expect(taskLimitState("beta", 10_000)).toBe("ok");
  });
});

describe("PLAN_DETAILS", () => {
  it("marks Premium as the popular plan and lists Basic's exclusions as excluded", () => {
    expect(PLAN_DETAILS.premium.popular).toBe(true);
    expect(PLAN_DETAILS.basic.popular).toBe(false);
    const excluded = PLAN_DETAILS.basic.features.filter((f) => !f.included).map((f) => f.name);
    expect(excluded).toEqual(["AI task generation", "Advanced reporting", "Custom workflows"]);
    expect(PLAN_DETAILS.premium.features.every((f) => f.included)).toBe(true);
  });
});

describe("hasFeature", () => {
  it.each([
    ["free", false],
    ["basic", false],
    ["premium", true],
    ["beta", true],
  ] as const)("AI tasks for a %s user: %s", (tier, open) => {
    expect(hasFeature(tier, "aiTasks")).toBe(open);
  });

  it("stays closed without a signed-in user", () => {
    expect(hasFeature(null, "aiTasks")).toBe(false);
    expect(hasFeature(undefined, "aiTasks")).toBe(false);
  });
});

describe("requiredPlan", () => {
  it("names the Premium plan and its price for AI tasks", () => {
    expect(requiredPlan("aiTasks")).toEqual({ name: "Premium", monthlyPrice: "$49.99" });
  });
});

describe("assertFeature", () => {
  it("refuses a locked feature with a 403 naming the plan and price", () => {
    expect(() => assertFeature("basic", "aiTasks")).toThrow(AppError);
    expect(() => assertFeature("free", "aiTasks")).toThrow("Creating tasks from text needs the Premium plan ($49.99/month)");
    expect(() => assertFeature("beta", "aiTasks")).not.toThrow();
  });
});

import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import {
  assertFeature,
  canChoosePlan,
  effectiveTier,
  entitlements,
  hasFeature,
  nextPlan,
  overLimitNote,
  PLAN_DETAILS,
  planAvailability,
  requiredPlan,
  taskLimit,
  taskLimitLabel,
  taskLimitReached,
  taskLimitState,
  TIER_RANK,
  workspacePlan,
} from "./tiers";

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

describe("choosing a plan (spec §4)", () => {
  it("allows any plan from free, and only premium from basic", () => {
    expect(canChoosePlan("free", "basic")).toBe(true);
    expect(canChoosePlan("free", "premium")).toBe(true);
    expect(canChoosePlan("basic", "premium")).toBe(true);
    expect(canChoosePlan("basic", "basic")).toBe(false);
    expect(canChoosePlan("premium", "basic")).toBe(false);
    expect(canChoosePlan("premium", "premium")).toBe(false);
    expect(canChoosePlan("beta", "premium")).toBe(false);
  });

  it("labels each card's button: current, available or not", () => {
    expect(planAvailability("free", "basic")).toBe("available");
    expect(planAvailability("basic", "basic")).toBe("current");
    expect(planAvailability("basic", "premium")).toBe("available");
    expect(planAvailability("premium", "basic")).toBe("unavailable");
    expect(planAvailability("premium", "premium")).toBe("current");
    expect(planAvailability("beta", "basic")).toBe("unavailable");
    expect(planAvailability("beta", "premium")).toBe("unavailable");
  });

  it("offers the next plan up, none above premium", () => {
    expect(nextPlan("free")).toBe("basic");
    expect(nextPlan("basic")).toBe("premium");
    expect(nextPlan("premium")).toBeNull();
    expect(nextPlan("beta")).toBeNull();
  });
});

describe("entitlements", () => {
  it("gives free ten tasks and nothing else", () => {
    expect(entitlements("free")).toEqual({
      taskLimit: 10,
      seats: 1,
      slack: false,
      basicAnalytics: false,
      advancedAnalytics: false,
      aiTasks: false,
      customStatuses: false,
      apiAccess: false,
    });
  });

  it("gives basic 50 tasks, Slack and basic analytics", () => {
    expect(entitlements("basic")).toEqual({
      taskLimit: 50,
      seats: 5,
      slack: true,
      basicAnalytics: true,
      advancedAnalytics: false,
      aiTasks: false,
      customStatuses: false,
      apiAccess: false,
    });
  });

  it.each(["premium", "beta"] as const)("gives %s everything, unlimited", (tier) => {
    expect(entitlements(tier)).toEqual({
      taskLimit: null,
      seats: null,
      slack: true,
      basicAnalytics: true,
      advancedAnalytics: true,
      aiTasks: true,
      customStatuses: true,
      apiAccess: true,
    });
  });
});

describe("taskLimitReached", () => {
  it("is a 402 carrying the limit and tier, naming the plan that lifts it", () => {
    const error = taskLimitReached("basic");
    expect(error.code).toBe("plan_limit");
    expect(error.extra).toEqual({ title: "Task Limit Reached", limit: 50, tier: "basic" });
    expect(`${error.title} – ${error.message}`).toBe(
      "Task Limit Reached – Your plan holds up to 50 tasks. Upgrade to Premium ($49.99/month) for more.",
    );
    expect(taskLimitReached("free").message).toContain("Upgrade to Basic ($19.99/month)");
  });

  it("words the tasks a batch left out", () => {
    expect(overLimitNote(0, "free")).toBe("");
    expect(overLimitNote(1, "free")).toBe(" 1 task was not created: your plan holds up to 10 tasks. Upgrade to Basic ($19.99/month) for more.");
    expect(overLimitNote(3, "basic")).toContain("3 tasks were not created");
  });
});

describe("premium features", () => {
  it.each(["customStatuses", "advancedAnalytics", "aiTasks"] as const)("%s needs premium", (feature) => {
    expect(hasFeature("basic", feature)).toBe(false);
    expect(hasFeature("premium", feature)).toBe(true);
    expect(() => assertFeature("basic", feature)).toThrow("needs the Premium plan ($49.99/month)");
  });

  it("Slack and basic analytics need basic", () => {
    expect(hasFeature("free", "slack")).toBe(false);
    expect(hasFeature("basic", "slack")).toBe(true);
    expect(() => assertFeature("free", "basicAnalytics")).toThrow("Analytics needs the Basic plan ($19.99/month)");
  });
});

describe("workspacePlan", () => {
  it("is the best plan among the owners, preferring the paid plan at an equal rank", () => {
    expect(workspacePlan([]).tier).toBe("free");
    expect(workspacePlan(["free", "basic"]).tier).toBe("basic");
    expect(workspacePlan(["beta", "premium"]).tier).toBe("premium");
    expect(workspacePlan(["premium", "beta"]).tier).toBe("premium");
    expect(workspacePlan(["basic", "beta", "free"])).toEqual({ tier: "beta", entitlements: entitlements("beta") });
  });
});

import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { assertFeature, hasFeature, requiredPlan } from "./tiers";

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

import { describe, expect, it } from "vitest";
import {
  activityLimitSchema,
  adminAccess,
  pageNumberSchema,
  pageVisitSchema,
  parseAdminEmails,
  percentOf,
  userActivitySchema,
} from "./crm";

const sessionId = "3b241101-e2bb-4255-8caf-4136c566a962";

describe("pageVisitSchema", () => {
  it("accepts a path and a UUID or the spec client's session id", () => {
    expect(pageVisitSchema.parse({ page: "/dashboard", sessionId })).toEqual({ page: "/dashboard", sessionId });
    expect(pageVisitSchema.safeParse({ page: "/", sessionId: "session_1700000000000_k3j4h5l6m" }).success).toBe(true);
  });

  it("cuts the query and fragment off the page", () => {
    expect(pageVisitSchema.parse({ page: "/dashboard?token=secret#x", sessionId }).page).toBe("/dashboard");
  });

  it.each([
    [{ page: "https://evil.example/", sessionId }],
    [{ page: "dashboard", sessionId }],
    [{ page: `/${"a".repeat(200)}`, sessionId }],
    [{ page: "/a b", sessionId }],
    [{ page: 5, sessionId }],
    [{ sessionId }],
    [{ page: "/", sessionId: "short" }],
    [{ page: "/", sessionId: "<script>alert(1)</script>" }],
    [{ page: "/", sessionId: "a".repeat(101) }],
    [{ page: "/" }],
  ])("refuses %j", (body) => {
    expect(pageVisitSchema.safeParse(body).success).toBe(false);
  });
});

describe("userActivitySchema", () => {
  const valid = { activityType: "task_created", page: "/tasks", sessionId };

  it("accepts each spec activity type, with or without data", () => {
    for (const activityType of [
      "signup_completed",
      "dashboard_visited",
      "task_created",
      "slack_connected",
      "page_visited",
    ]) {
      expect(userActivitySchema.safeParse({ ...valid, activityType }).success, activityType).toBe(true);
    }
    expect(userActivitySchema.parse(valid).activityData).toBeNull();
    expect(userActivitySchema.parse({ ...valid, activityData: { event: "task_created" } }).activityData).toEqual({
      event: "task_created",
    });
  });

  it("refuses unknown activity types and the browser event names", () => {
    expect(userActivitySchema.safeParse({ ...valid, activityType: "demo_signup" }).success).toBe(false);
    expect(userActivitySchema.safeParse({ ...valid, activityType: "purchase" }).success).toBe(false);
  });

  it("refuses activity data that is not an object or is over 2 KB", () => {
    expect(userActivitySchema.safeParse({ ...valid, activityData: [1, 2] }).success).toBe(false);
    expect(userActivitySchema.safeParse({ ...valid, activityData: "text" }).success).toBe(false);
    const big = { note: "x".repeat(2048) };
    expect(userActivitySchema.safeParse({ ...valid, activityData: big }).success).toBe(false);
    const fits = { note: "x".repeat(2030) };
    expect(userActivitySchema.safeParse({ ...valid, activityData: fits }).success).toBe(true);
  });

  it("counts the 2 KB in bytes, not characters", () => {
    const multibyte = { note: "é".repeat(1100) };
    expect(userActivitySchema.safeParse({ ...valid, activityData: multibyte }).success).toBe(false);
  });
});

describe("activityLimitSchema", () => {
  it("defaults to 20 and takes 1 to 100", () => {
    expect(activityLimitSchema.parse(null)).toBe(20);
    expect(activityLimitSchema.parse("1")).toBe(1);
    expect(activityLimitSchema.parse("100")).toBe(100);
  });

  it.each(["0", "101", "-1", "2.5", "ten", "", "1e2", " 5"])("refuses %j", (raw) => {
    expect(activityLimitSchema.safeParse(raw).success).toBe(false);
  });
});

describe("pageNumberSchema", () => {
  it("defaults to 1 and refuses anything but a whole number from 1", () => {
    expect(pageNumberSchema.parse(null)).toBe(1);
    expect(pageNumberSchema.parse("3")).toBe(3);
    for (const raw of ["0", "-2", "x", "1.5", ""]) expect(pageNumberSchema.safeParse(raw).success, raw).toBe(false);
  });
});

describe("percentOf", () => {
  it("rounds to one decimal", () => {
    expect(percentOf(1, 3)).toBe("33.3%");
    expect(percentOf(2, 3)).toBe("66.7%");
    expect(percentOf(3, 3)).toBe("100.0%");
    expect(percentOf(0, 5)).toBe("0.0%");
  });

  it("has no percentage of nothing", () => {
    expect(percentOf(4, 0)).toBeNull();
  });
});

describe("parseAdminEmails", () => {
  it("splits on commas, trims and case-folds", () => {
    expect([...parseAdminEmails(" Admin@Example.com, ops@example.com ,,")]).toEqual([
      "admin@example.com",
      "ops@example.com",
    ]);
  });

  it("is empty without configuration", () => {
    expect(parseAdminEmails(undefined).size).toBe(0);
    expect(parseAdminEmails("").size).toBe(0);
  });
});

describe("adminAccess", () => {
  const admins = "Admin@Example.com";
  const oidc = { authType: "oidc" as const, emailVerified: true, email: "admin@example.com" };
  it.each([
    ["nobody signed in", null, "sign-in"],
    ["a demo account, even with an admin's address", { ...oidc, authType: "demo" as const }, "sign-in"],
    ["an identity admin (case-folded match)", oidc, "granted"],
    ["an identity user whose provider did not verify the address", { ...oidc, emailVerified: false }, "forbidden"],
    ["an identity user off the list", { ...oidc, email: "crew@example.com" }, "forbidden"],
  ] as const)("%s", (_, user, access) => {
    expect(adminAccess(user, admins)).toBe(access);
  });

  it("grants nobody without configuration", () => {
    expect(adminAccess(oidc, undefined)).toBe("forbidden");
  });
});

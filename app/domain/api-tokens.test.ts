import { describe, expect, it } from "vitest";
import {
  API_TOKEN_RE,
  apiTokenCreateSchema,
  apiTokenFormSchema,
  apiTokenRefusal,
  expiryDaysOf,
  isPersonalToken,
  isTokenLive,
  lastUsedText,
  MAX_API_TOKENS_PER_MEMBER,
  READ_ONLY_REFUSAL,
  SHOW_CONTROL_REFUSAL,
  shouldTouchTokenUse,
  showActionRefusal,
  tokenExpiry,
  tokenLimitRefusal,
  tokenScopeRefusal,
  visiblePrefix,
  type ApiTokenScope,
} from "./api-tokens";

const NOW = new Date("2026-11-28T12:00:00.000Z");

describe("apiTokenRefusal: what each scope may call", () => {
  const cases: Array<[ApiTokenScope, string, string, string | null]> = [
    ["read", "GET", "/api/tasks", null],
    ["read", "HEAD", "/api/tasks", null],
    ["read", "POST", "/api/tasks", READ_ONLY_REFUSAL],
    ["read", "DELETE", "/api/tasks/t1", READ_ONLY_REFUSAL],
    ["read", "POST", "/api/show/live", READ_ONLY_REFUSAL],
    ["read-write", "POST", "/api/tasks", null],
    ["read-write", "PATCH", "/api/calls/c1", null],
    ["read-write", "DELETE", "/api/tasks/t1", null],
    ["show-control", "GET", "/api/show/live", null],
    ["show-control", "HEAD", "/api/show/live", null],
    ["show-control", "POST", "/api/show/live", null],
    ["show-control", "PUT", "/api/show/live", SHOW_CONTROL_REFUSAL],
    ["show-control", "GET", "/api/show", SHOW_CONTROL_REFUSAL],
    ["show-control", "GET", "/api/show/live/", SHOW_CONTROL_REFUSAL],
    ["show-control", "GET", "/api/tasks", SHOW_CONTROL_REFUSAL],
    ["show-control", "POST", "/api/tokens", SHOW_CONTROL_REFUSAL],
  ];
  it.each(cases)("%s %s %s", (scope, method, path, refusal) => {
    expect(apiTokenRefusal(scope, { method, path })).toBe(refusal);
  });
});

describe("showActionRefusal", () => {
  it("lets a show-control token press GO, Back, Start and Stop, not Rehearse", () => {
    for (const action of ["go", "back", "start", "stop"] as const)
      expect(showActionRefusal("show-control", action)).toBeNull();
    expect(showActionRefusal("show-control", "rehearse")).toBe("This token can only press GO, Back, Start and Stop");
  });

  it("leaves sessions and other scopes to the rest of the rules", () => {
    expect(showActionRefusal(undefined, "rehearse")).toBeNull();
    expect(showActionRefusal("read-write", "rehearse")).toBeNull();
  });
});

describe("tokenScopeRefusal: owners decide show control", () => {
  it.each([
    ["owner", "show-control", null],
    ["member", "show-control", "Only owners can make show-control tokens"],
    ["member", "read", null],
    ["member", "read-write", null],
  ] as const)("%s making %s", (role, scope, refusal) => {
    expect(tokenScopeRefusal(role, scope)).toBe(refusal);
  });
});

describe("tokenExpiry", () => {
  it("never expires without either field", () => {
    expect(tokenExpiry({}, NOW)).toEqual({ expiresAt: null });
    expect(tokenExpiry({ expiresInDays: null, expiresAt: null }, NOW)).toEqual({ expiresAt: null });
  });

  it("counts days from now", () => {
    expect(tokenExpiry({ expiresInDays: 30 }, NOW)).toEqual({ expiresAt: "2026-12-28T12:00:00.000Z" });
  });

  it("takes an instant in the future, normalised to UTC", () => {
    expect(tokenExpiry({ expiresAt: "2027-01-31T18:00:00+01:00" }, NOW)).toEqual({
      expiresAt: "2027-01-31T17:00:00.000Z",
    });
  });

  it.each([
    [{ expiresAt: "2026-11-28T12:00:00Z" }, "The expiry must be in the future"],
    [{ expiresAt: "2025-01-01T00:00:00Z" }, "The expiry must be in the future"],
    [{ expiresAt: "2040-01-01T00:00:00Z" }, "The expiry is at most 3650 days ahead"],
    [{ expiresInDays: 30, expiresAt: "2027-01-01T00:00:00Z" }, "Give expiresInDays or expiresAt, not both"],
  ])("refuses %j", (input, message) => {
    expect(tokenExpiry(input, NOW)).toEqual({ fieldErrors: { expiresAt: [message] } });
  });

  it("a token works until its expiry, not at it", () => {
    expect(isTokenLive(null, NOW)).toBe(true);
    expect(isTokenLive("2026-11-28T12:00:00.001Z", NOW)).toBe(true);
    expect(isTokenLive("2026-11-28T12:00:00.000Z", NOW)).toBe(false);
  });
});

describe("the schemas", () => {
  it("accepts a name, a scope and an expiry", () => {
    expect(apiTokenCreateSchema.parse({ name: "  Stream Deck ", scope: "show-control", expiresInDays: 90 })).toEqual({
      name: "Stream Deck",
      scope: "show-control",
      expiresInDays: 90,
    });
  });

  it.each([
    [{ name: "", scope: "read" }, "name", "Name is required"],
    [{ scope: "read" }, "name", "Name is required"],
    [{ name: "x".repeat(61), scope: "read" }, "name", "Name is at most 60 characters"],
    [{ name: "Script", scope: "admin" }, "scope", "Scope must be read, read-write or show-control"],
    [{ name: "Script", scope: "read", expiresInDays: 0 }, "expiresInDays", "expiresInDays is at least 1"],
    [
      { name: "Script", scope: "read", expiresInDays: 1.5 },
      "expiresInDays",
      "expiresInDays must be a whole number of days",
    ],
    [
      { name: "Script", scope: "read", expiresAt: "next Friday" },
      "expiresAt",
      "expiresAt must be a date and time like 2027-01-31T18:00:00Z",
    ],
  ])("refuses %j on %s", (input, field, message) => {
    const result = apiTokenCreateSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.flatten().fieldErrors[field as "name"]).toEqual([message]);
  });

  it("reads the form's expiry choice as days", () => {
    expect(apiTokenFormSchema.parse({ name: "CI", scope: "read", expiry: "90" }).expiry).toBe("90");
    expect(apiTokenFormSchema.safeParse({ name: "CI", scope: "read", expiry: "7" }).success).toBe(false);
    expect(expiryDaysOf("never")).toBeNull();
    expect(expiryDaysOf("365")).toBe(365);
  });
});

describe("token shape, use and limit", () => {
  const token = `cbt_${"A".repeat(43)}`;

  it("recognises personal tokens by their mark and shows their first characters", () => {
    expect(API_TOKEN_RE.test(token)).toBe(true);
    expect(API_TOKEN_RE.test(`cbt_${"A".repeat(42)}`)).toBe(false);
    expect(isPersonalToken(token)).toBe(true);
    expect(isPersonalToken("A".repeat(43))).toBe(false);
    expect(visiblePrefix(token)).toBe("cbt_AAAAAAAA");
  });

  it("records a use at most once a minute", () => {
    expect(shouldTouchTokenUse(null, NOW)).toBe(true);
    expect(shouldTouchTokenUse("2026-11-28T11:59:30.000Z", NOW)).toBe(false);
    expect(shouldTouchTokenUse("2026-11-28T11:59:00.000Z", NOW)).toBe(true);
  });

  it("refuses the 51st token", () => {
    expect(tokenLimitRefusal(MAX_API_TOKENS_PER_MEMBER - 1)).toBeNull();
    expect(tokenLimitRefusal(MAX_API_TOKENS_PER_MEMBER)).toMatch(/^You have 50 API tokens in this workspace/);
  });
});

describe("lastUsedText", () => {
  const day = (iso: string) => `day ${iso.slice(0, 10)}`;
  it.each([
    [null, "never"],
    ["2026-11-28T11:59:40.000Z", "just now"],
    ["2026-11-28T11:59:00.000Z", "a minute ago"],
    ["2026-11-28T11:15:00.000Z", "45 minutes ago"],
    ["2026-11-28T11:00:00.000Z", "an hour ago"],
    ["2026-11-28T01:00:00.000Z", "11 hours ago"],
    ["2026-11-27T11:00:00.000Z", "yesterday"],
    ["2026-11-23T12:00:00.000Z", "5 days ago"],
    ["2026-11-01T12:00:00.000Z", "on day 2026-11-01"],
  ])("%s is %s", (lastUsedAt, text) => {
    expect(lastUsedText(lastUsedAt, NOW, day)).toBe(text);
  });
});

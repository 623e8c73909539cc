import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/admin", "/admin"],
    ["/tasks?status=pending#list", "/tasks?status=pending#list"],
    ["/template/festival", "/template/festival"],
    ["/a/../admin", "/admin"],
  ])("keeps the same-origin path %s", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "http://evil.example/admin",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "%2F%2Fevil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    "admin",
    "/\tadmin",
    "/%09/evil.example",
    "/\n/evil.example",
    "/%E0%A4%A",
    "",
    null,
    undefined,
    `/${"a".repeat(600)}`,
  ])("refuses %j and falls back to the dashboard", (value) => {
    expect(safeRedirectPath(value)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//evil.example", "/")).toBe("/");
  });
});

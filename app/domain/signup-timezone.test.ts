import { describe, expect, it } from "vitest";
import { demoSignupSchema } from "./schemas";

const base = { name: "Alex Rivera", email: "alex@example.com" };

describe("demo signup timezone", () => {
  it("keeps a valid IANA timezone from the browser", () => {
    expect(demoSignupSchema.parse({ ...base, timezone: "America/Los_Angeles" }).timezone).toBe("America/Los_Angeles");
  });

  it("drops a missing, unknown or wrongly typed timezone instead of failing the signup", () => {
    expect(demoSignupSchema.parse(base).timezone).toBeUndefined();
    expect(demoSignupSchema.parse({ ...base, timezone: "Mars/Olympus_Mons" }).timezone).toBeUndefined();
    expect(demoSignupSchema.parse({ ...base, timezone: 42 }).timezone).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { slackPersonLabel, slackPersonOf } from "./slack-links";

describe("slackPersonOf", () => {
  it("prefers the display name, then the real name, and takes the handle from `name`", () => {
    expect(slackPersonOf({ name: "vince", real_name: "Vincent V", profile: { display_name: "Vince Vendor", real_name: "Vincent V" } })).toEqual({
      name: "Vince Vendor",
      handle: "vince",
    });
    expect(slackPersonOf({ name: "vince", profile: { display_name: "  ", real_name: "Vincent V" } })).toEqual({ name: "Vincent V", handle: "vince" });
    expect(slackPersonOf({ name: "vince", real_name: "Vincent V" })).toEqual({ name: "Vincent V", handle: "vince" });
  });

  it("ignores missing, blank and non-text values and shortens long ones", () => {
    expect(slackPersonOf({})).toEqual({ name: null, handle: null });
    expect(slackPersonOf({ name: 42, profile: null })).toEqual({ name: null, handle: null });
    expect(slackPersonOf({ name: "x".repeat(200) }).handle).toHaveLength(80);
  });
});

describe("slackPersonLabel", () => {
  it("reads as name and handle, or what is known, or the id", () => {
    expect(slackPersonLabel({ name: "Vince Vendor", handle: "vince" }, "U1")).toBe("Vince Vendor (@vince)");
    expect(slackPersonLabel({ name: null, handle: "vince" }, "U1")).toBe("@vince");
    expect(slackPersonLabel({ name: "Vince Vendor", handle: null }, "U1")).toBe("Vince Vendor");
    expect(slackPersonLabel({ name: null, handle: null }, "U1")).toBe("U1");
  });
});

import { describe, expect, it } from "vitest";
import { sha256Hex } from "./crypto";

describe("sha256Hex", () => {
  it("gives SHA-256 in lowercase hex, leading zero digits kept", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    // A digest with a byte under 0x10 (its 15th, "0c"): the leading zero must stay.
    expect(await sha256Hex("message digest")).toBe("f7846f55cf23e14eebeab5b4e1550cad5b509e3348fbc4efa3a1413d393cb650");
  });
});

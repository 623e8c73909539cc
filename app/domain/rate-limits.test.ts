import { describe, expect, it } from "vitest";
import { addressKey, userKey } from "./rate-limits";

describe("addressKey", () => {
  it.each([
    ["203.0.113.7", "ip:203.0.113.7"],
    [" 203.0.113.7 ", "ip:203.0.113.7"],
    ["2001:db8:85a3:0:0:8a2e:370:7334", "ip6:2001:db8:85a3:0::/64"],
    ["2001:0DB8:85A3:0000:1111:8a2e:370:7334", "ip6:2001:db8:85a3:0::/64"],
    ["2001:db8::1", "ip6:2001:db8:0:0::/64"],
    ["2001:db8:1:2::", "ip6:2001:db8:1:2::/64"],
    ["::1", "ip6:0:0:0:0::/64"],
    ["::ffff:198.51.100.4", "ip:::ffff:198.51.100.4"],
  ])("counts %s as %s", (header, key) => {
    expect(addressKey(header)).toBe(key);
  });

  it("counts every address of one IPv6 /64 together, and another /64 apart", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe(addressKey("2001:db8:1:2:ffff:ffff:ffff:fffe"));
    expect(addressKey("2001:db8:1:3::1")).not.toBe(addressKey("2001:db8:1:2::1"));
  });

  it.each([null, undefined, "", "   "])("shares one counter among requests without an address (%s)", (header) => {
    expect(addressKey(header)).toBe("ip:unknown");
  });

  it("keeps a malformed value as it is, bounded, rather than dropping the limit", () => {
    expect(addressKey("1:2:3::4::5")).toBe("ip:1:2:3::4::5");
    expect(addressKey("zz:1::")).toBe("ip:zz:1::");
    expect(addressKey("x".repeat(500))).toBe(`ip:${"x".repeat(64)}`);
  });
});

describe("userKey", () => {
  it("counts a user apart from every address", () => {
    expect(userKey("u1")).toBe("user:u1");
    expect(userKey("u1")).not.toBe(addressKey("u1"));
  });
});

import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache";

describe("BoundedCache", () => {
  it("forgets the oldest entries past its bound, and a re-set entry counts as the newest", () => {
    const cache = new BoundedCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("a", 3);
    cache.set("c", 4);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([3, undefined, 4]);
  });

  it("bounds the total weight, keeping the newest entry even when it alone is over", () => {
    const cache = new BoundedCache<{ size: number }>(10, (v) => v.size);
    cache.set("small", { size: 2 });
    cache.set("medium", { size: 4 });
    cache.set("large", { size: 5 });
    expect(cache.get("small")).toBeUndefined();
    expect(cache.get("medium")).toEqual({ size: 4 });
    cache.set("huge", { size: 30 });
    expect([cache.get("medium"), cache.get("large"), cache.get("huge")]).toEqual([undefined, undefined, { size: 30 }]);
    cache.delete("huge");
    cache.set("again", { size: 10 });
    expect(cache.get("again")).toEqual({ size: 10 });
  });
});

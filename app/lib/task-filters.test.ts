import { describe, expect, it } from "vitest";
import { filterSearch, formEncode } from "./task-filters";

describe("formEncode", () => {
  it("writes what URLSearchParams writes, for every character and for mixed text", () => {
    const texts = [
      "",
      "plain",
      "a b",
      "50% off & more",
      "“Doors” — 18:00 ✓ 🎤",
      "a+b=c?d#e/f",
      "~!*'()-._",
      "lone \uD800 surrogate",
    ];
    for (let code = 0; code < 0x250; code += 1) texts.push(`x${String.fromCharCode(code)}y`);
    for (const text of texts) {
      expect(formEncode(text), JSON.stringify(text)).toBe(new URLSearchParams({ k: text }).toString().slice(2));
    }
  });
});

describe("filterSearch", () => {
  it("matches URLSearchParams: set values in order, empty ones left out, true as 1", () => {
    const filters = { q: "sound & lights (day 1)", priority: "high", status: "", mine: true, sort: "due" } as const;
    const expected = new URLSearchParams({ q: filters.q, priority: "high", mine: "1", sort: "due", page: "2" });
    expect(filterSearch(filters as never, { page: "2" })).toBe(`?${expected}`);
    expect(filterSearch({} as never)).toBe("");
    expect(filterSearch({} as never, { new: "1" })).toBe("?new=1");
  });
});

import { describe, expect, it } from "vitest";
import { filterSearch } from "./task-filters";

describe("filterSearch", () => {
  it("writes set values in order, empty ones left out, true as 1", () => {
    const filters = { q: "sound & lights (day 1)", priority: "high", status: "", mine: true, sort: "due" } as const;
    expect(filterSearch(filters as never, { page: "2" })).toBe(
      "?q=sound+%26+lights+%28day+1%29&priority=high&mine=1&sort=due&page=2",
    );
    expect(filterSearch({} as never)).toBe("");
    expect(filterSearch({} as never, { new: "1" })).toBe("?new=1");
  });
});

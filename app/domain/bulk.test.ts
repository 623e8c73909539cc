import { describe, expect, it } from "vitest";
import { bulkActionSchema } from "./bulk";

describe("bulkActionSchema: move", () => {
  const move = (fields: Record<string, unknown>) =>
    bulkActionSchema.safeParse({ action: "move", ids: ["a"], ...fields });
  const messages = (fields: Record<string, unknown>) => {
    const result = move(fields);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it("takes a number of days or a date, earlier or later", () => {
    expect(move({ days: 3 }).data).toMatchObject({ days: 3 });
    expect(move({ to: "2026-12-04" }).data).toMatchObject({ to: "2026-12-04" });
    expect(move({ to: "2020-01-31" }).data).toMatchObject({ to: "2020-01-31" });
    // A form sends both (the Risks card's preset and its date); an empty date is no date.
    expect(move({ days: "1", to: "2026-12-04" }).data).toMatchObject({ days: 1, to: "2026-12-04" });
    expect(move({ days: "2", to: "" }).data).toMatchObject({ days: 2, to: undefined });
  });

  it("refuses a date that is not a real one, or neither choice", () => {
    expect(messages({ to: "2026-02-30" })).toEqual(["Choose a real date to move to (YYYY-MM-DD)"]);
    expect(messages({ to: "next friday" })).toEqual(["Choose a real date to move to (YYYY-MM-DD)"]);
    expect(messages({ to: "2026-12-04T10:00" })).toEqual(["Choose a real date to move to (YYYY-MM-DD)"]);
    expect(messages({ to: 20261204 })).toEqual(["The date to move to must be text"]);
    expect(messages({})).toEqual(["Choose how many days to move by, or a date to move to"]);
    expect(messages({ to: "" })).toEqual(["Choose how many days to move by, or a date to move to"]);
  });
});

import { describe, expect, it } from "vitest";
import {
  CHECKLIST_FULL,
  checklistAddFormSchema,
  checklistChange,
  checklistItemCreateSchema,
  checklistItemUpdateSchema,
  checklistMoveFormSchema,
  checklistToggleFormSchema,
  describeChecklistChange,
  moveItem,
} from "./checklist";
import { checklistCount, checklistCountLabel } from "./labels";

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe("an item's text", () => {
  it.each([
    [{ text: "Confirm stage plot" }, []],
    [{ text: "  Confirm stage plot  " }, []],
    [{ text: "" }, ["Item text is required"]],
    [{ text: "   " }, ["Item text is required"]],
    [{}, ["Item text is required"]],
    [{ text: null }, ["Item text is required"]],
    [{ text: 42 }, ["Item text must be text"]],
    [{ text: "x".repeat(200) }, []],
    [{ text: "x".repeat(201) }, ["Item text must be at most 200 characters"]],
  ])("%j → %j", (input, expected) => {
    expect(issues(checklistItemCreateSchema.safeParse(input))).toEqual(expected);
    expect(issues(checklistAddFormSchema.safeParse(input))).toEqual(expected);
  });

  it("is trimmed", () => {
    expect(checklistItemCreateSchema.parse({ text: "  Book the generator " }).text).toBe("Book the generator");
  });

  it("says the bound of the list when it is full", () => {
    expect(CHECKLIST_FULL).toContain("at most 50 items");
  });
});

describe("a change to an item (API)", () => {
  it.each([
    [{ done: true }, []],
    [{ text: "New words" }, []],
    [{ position: 1 }, []],
    [{ text: "New words", done: false, position: 3 }, []],
    [{}, ["Nothing to change: send text, done or position"]],
    [{ done: "yes" }, ["done must be true or false"]],
    [{ position: 0 }, ["position starts at 1"]],
    [{ position: 1.5 }, ["position must be a whole number"]],
    [{ position: 51 }, ["position must be at most 50"]],
    [{ text: "" }, ["Item text is required"]],
  ])("%j → %j", (input, expected) => {
    expect(issues(checklistItemUpdateSchema.safeParse(input))).toEqual(expected);
  });
});

describe("the page's forms", () => {
  it("read the done box's value as a boolean", () => {
    expect(checklistToggleFormSchema.parse({ itemId: "a", done: "true" }).done).toBe(true);
    expect(checklistToggleFormSchema.parse({ itemId: "a", done: "false" }).done).toBe(false);
    expect(checklistToggleFormSchema.safeParse({ itemId: "a", done: "maybe" }).success).toBe(false);
  });

  it("read a move's place as a number", () => {
    expect(checklistMoveFormSchema.parse({ itemId: "a", position: "2" }).position).toBe(2);
    expect(checklistMoveFormSchema.safeParse({ itemId: "a", position: "first" }).success).toBe(false);
  });
});

describe("moveItem", () => {
  const ids = ["a", "b", "c", "d"];
  it.each([
    ["c", 1, ["c", "a", "b", "d"]],
    ["a", 2, ["b", "a", "c", "d"]],
    ["a", 4, ["b", "c", "d", "a"]],
    ["b", 99, ["a", "c", "d", "b"]],
    ["b", 2, ["a", "b", "c", "d"]],
    ["z", 1, ["a", "b", "c", "d"]],
  ] as const)("%s to %i → %j", (id, position, expected) => {
    expect(moveItem(ids, id, position)).toEqual(expected);
  });
});

describe("a checklist change in the history", () => {
  const plot = { text: "Confirm stage plot", done: false };
  it.each([
    [null, plot, "Added “Confirm stage plot”"],
    [null, { ...plot, done: true }, "Added “Confirm stage plot” (done)"],
    [plot, null, "Removed “Confirm stage plot”"],
    [plot, { ...plot, done: true }, "Ticked “Confirm stage plot”"],
    [{ ...plot, done: true }, plot, "Unticked “Confirm stage plot”"],
    [plot, { ...plot, text: "Confirm the stage plot" }, "Renamed “Confirm stage plot” to “Confirm the stage plot”"],
    [plot, { text: "Send stage plot", done: true }, "Renamed “Confirm stage plot” to “Send stage plot” and ticked it"],
    [{ ...plot, position: 3 }, { ...plot, position: 1 }, "Moved “Confirm stage plot” to place 1"],
  ])("%j → %j says %s", (before, after, words) => {
    expect(describeChecklistChange(checklistChange(before, after)!)).toBe(words);
  });

  it("is nothing when nothing changed", () => {
    expect(checklistChange(plot, { ...plot })).toBeNull();
  });

  it("cuts a long text", () => {
    const long = "x".repeat(200);
    expect(describeChecklistChange(checklistChange(null, { text: long, done: false })!)).toBe(
      `Added “${"x".repeat(79)}…”`,
    );
  });
});

describe("the count on cards and rows", () => {
  it("is done of total, said in full for screen readers", () => {
    expect(checklistCount({ done: 3, total: 5 })).toBe("3/5");
    expect(checklistCountLabel({ done: 3, total: 5 })).toBe("3 of 5 checklist items done");
    expect(checklistCountLabel({ done: 0, total: 1 })).toBe("0 of 1 checklist item done");
  });
});

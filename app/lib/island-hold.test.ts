import { describe, expect, it } from "vitest";
import { holdAction, sameData, type HeldAction } from "./island-hold";

describe("sameData", () => {
  const plan = { eventLabel: "Fri, Jun 5", riskGroups: [{ kind: "overdue", tasks: [{ id: "t1", dueDate: null }] }] };

  it.each<[string, unknown, unknown]>([
    ["equal primitives", "a", "a"],
    ["NaN and NaN", Number.NaN, Number.NaN],
    ["null and null", null, null],
    ["a loader's data parsed again", plan, structuredClone(plan)],
    ["objects whose keys come in another order", { a: 1, b: [2, 3] }, { b: [2, 3], a: 1 }],
    ["empty arrays", [], []],
    ["objects without a prototype and with one", Object.assign(Object.create(null), { a: 1 }), { a: 1 }],
  ])("same: %s", (_what, a, b) => {
    expect(sameData(a, b)).toBe(true);
    expect(sameData(b, a)).toBe(true);
  });

  it.each<[string, unknown, unknown]>([
    ["different primitives", "a", "b"],
    ["a number and its string", 1, "1"],
    ["null and an object", null, {}],
    ["undefined and null", undefined, null],
    [
      "a changed value deep inside",
      plan,
      { ...plan, riskGroups: [{ kind: "overdue", tasks: [{ id: "t2", dueDate: null }] }] },
    ],
    ["a key more", { a: 1 }, { a: 1, b: 2 }],
    ["a key missing but as many keys", { a: 1, b: undefined }, { a: 1, c: undefined }],
    ["an array and an object with its indexes", [1], { 0: 1 }],
    ["arrays of other lengths", [1, 2], [1, 2, 3]],
    ["two equal dates (not plain data: compared as objects)", new Date(0), new Date(0)],
    ["two functions that do the same", () => 1, () => 1],
  ])("not the same: %s", (_what, a, b) => {
    expect(sameData(a, b)).toBe(false);
    expect(sameData(b, a)).toBe(false);
  });
});

describe("holdAction", () => {
  const button = { id: "button" };
  const other = { id: "other" };
  const form = { id: "form" };
  const click = (target: object): HeldAction<object> => ({ type: "click", target });
  const submit = (submitter: object | null): HeldAction<object> => ({ type: "submit", form, submitter });

  it("holds actions in order", () => {
    expect(holdAction(holdAction([], click(button)), click(other))).toEqual([click(button), click(other)]);
    expect(holdAction([click(button)], submit(null))).toEqual([click(button), submit(null)]);
  });

  it("takes a second click on the same control, or submit of the same form, in a row as one", () => {
    expect(holdAction([click(button)], click(button))).toEqual([click(button)]);
    expect(holdAction([submit(null)], submit(button))).toEqual([submit(null)]);
  });

  it("holds the same control again after another action", () => {
    expect(holdAction([click(button), click(other)], click(button))).toHaveLength(3);
  });

  it("does not change the list it was given", () => {
    const held = [click(button)];
    holdAction(held, click(other));
    holdAction(held, click(button));
    expect(held).toEqual([click(button)]);
  });
});

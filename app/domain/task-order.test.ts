import { describe, expect, it } from "vitest";
import { compareForOrder, groupRows, type OrderedTask } from "./task-compare";
import { dayBucket, dayBucketTitle, parseSort } from "./task-order";

describe("parseSort", () => {
  it.each([
    ["due", { key: "due", descending: false }],
    ["-priority", { key: "priority", descending: true }],
    [" Title ", { key: "title", descending: false }],
    ["-owner", { key: "owner", descending: true }],
    ["status", { key: "status", descending: false }],
    ["", null],
    ["-", null],
    ["colour", null],
    ["--due", null],
    [null, null],
    [undefined, null],
  ])("reads %j", (raw, expected) => {
    expect(parseSort(raw)).toEqual(expected);
  });
});

describe("dayBucket", () => {
  const dates = { today: "2030-05-10", eventDay: "2030-06-20" };
  it.each([
    [null, "pending", "no-date"],
    ["2030-05-09", "pending", "overdue"],
    ["2030-05-09T23:59", "in_progress", "overdue"],
    ["2030-05-01", "completed", "done-earlier"],
    ["2030-05-10", "pending", "this-week"],
    ["2030-05-10", "completed", "this-week"],
    ["2030-05-16T18:00", "pending", "this-week"],
    ["2030-05-17", "pending", "weeks-2-4"],
    ["2030-06-06", "pending", "weeks-2-4"],
    ["2030-06-07", "pending", "later"],
    ["2030-06-20", "pending", "later"],
    ["2030-06-21", "pending", "after-show"],
  ] as const)("puts %s (%s) in %s", (dueDate, status, bucket) => {
    expect(dayBucket({ dueDate, status }, dates)).toBe(bucket);
  });

  it("has no 'after the show' without an event, and the show before a bucket's end wins", () => {
    expect(dayBucket({ dueDate: "2031-01-01", status: "pending" }, { today: "2030-05-10", eventDay: null })).toBe(
      "later",
    );
    expect(
      dayBucket({ dueDate: "2030-05-12", status: "pending" }, { today: "2030-05-10", eventDay: "2030-05-11" }),
    ).toBe("after-show");
  });

  it("files work on a later show day or at load-out before 'after the show' (issue 33)", () => {
    const dates = { today: "2030-05-10", eventDay: "2030-05-11", lastDay: "2030-05-13" };
    expect(dayBucket({ dueDate: "2030-05-12", status: "pending" }, dates)).toBe("this-week");
    expect(dayBucket({ dueDate: "2030-05-13", status: "pending" }, dates)).toBe("this-week");
    expect(dayBucket({ dueDate: "2030-05-14", status: "pending" }, dates)).toBe("after-show");
  });

  it("titles buckets with their days before the show", () => {
    const dates = { today: "2030-05-10", eventDay: "2030-05-31" };
    expect(dayBucketTitle("this-week", dates)).toBe("This week · 21–15 days before the show");
    expect(dayBucketTitle("weeks-2-4", dates)).toBe("In 2–4 weeks · 14–0 days before the show");
    expect(dayBucketTitle("later", dates)).toBe("Later");
    expect(dayBucketTitle("overdue", dates)).toBe("Overdue");
    expect(dayBucketTitle("this-week", { today: "2030-05-10", eventDay: null })).toBe("This week");
  });
});

describe("compareForOrder", () => {
  let n = 0;
  const task = (fields: Partial<OrderedTask>): OrderedTask => {
    n += 1;
    return {
      id: `t${n}`,
      title: `Task ${n}`,
      priority: "medium",
      status: "pending",
      category: null,
      assigneeName: null,
      dueDate: null,
      createdAt: `2030-01-01T00:00:0${n % 10}.000Z`,
      ...fields,
    };
  };
  const titles = (rows: OrderedTask[], order: Parameters<typeof compareForOrder>[2]) =>
    [...rows].sort((a, b) => compareForOrder(a, b, order)).map((t) => t.title);

  it("sorts by priority, most urgent first, and reverses", () => {
    const rows = [
      task({ title: "low", priority: "low" }),
      task({ title: "crit", priority: "critical" }),
      task({ title: "high", priority: "high" }),
    ];
    expect(titles(rows, { sort: parseSort("priority") })).toEqual(["crit", "high", "low"]);
    expect(titles(rows, { sort: parseSort("-priority") })).toEqual(["low", "high", "crit"]);
  });

  it("keeps tasks without a date or an owner last in both directions", () => {
    const rows = [
      task({ title: "none" }),
      task({ title: "may", dueDate: "2030-05-01", assigneeName: "bea" }),
      task({ title: "june", dueDate: "2030-06-01", assigneeName: "Amir" }),
    ];
    expect(titles(rows, { sort: parseSort("due") })).toEqual(["may", "june", "none"]);
    expect(titles(rows, { sort: parseSort("-due") })).toEqual(["june", "may", "none"]);
    expect(titles(rows, { sort: parseSort("owner") })).toEqual(["june", "may", "none"]);
    expect(titles(rows, { sort: parseSort("-owner") })).toEqual(["may", "june", "none"]);
  });

  it("orders groups first, then the sort, and cuts a page into groups", () => {
    const dates = { today: "2030-05-10", eventDay: null };
    const rows = [
      task({ title: "later", dueDate: "2030-09-01", priority: "critical" }),
      task({ title: "week low", dueDate: "2030-05-11", priority: "low" }),
      task({ title: "overdue", dueDate: "2030-05-01" }),
      task({ title: "week high", dueDate: "2030-05-12", priority: "high" }),
    ];
    const order = { group: "days" as const, sort: parseSort("priority"), dates };
    const sorted = [...rows].sort((a, b) => compareForOrder(a, b, order));
    expect(sorted.map((t) => t.title)).toEqual(["overdue", "week high", "week low", "later"]);
    expect(groupRows(sorted, order).map((g) => [g.key, g.tasks.length])).toEqual([
      ["overdue", 1],
      ["this-week", 2],
      ["later", 1],
    ]);
    expect(groupRows(sorted, {}).map((g) => g.tasks.length)).toEqual([4]);
  });
});

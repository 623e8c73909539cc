import { describe, expect, it } from "vitest";
import { applyListChange, boardOrder, matchesFilters, type ListedTask, type ListShape } from "./live-list";
import { newestFirst } from "./tasks";
import type { TaskFilters } from "./schemas";

function task(id: string, fields: Partial<ListedTask> = {}): ListedTask {
  return {
    id,
    title: `Task ${id}`,
    description: null,
    priority: "medium",
    category: "Logistics",
    assigneeName: null,
    status: "pending",
    dueDate: null,
    createdAt: `2026-11-01T00:00:${id.padStart(2, "0")}.000Z`,
    ...fields,
  };
}

/** What the server would show: the whole list filtered, ordered and cut to the window. */
function serverWindow(all: ListedTask[], shape: ListShape) {
  const matching = all.filter((t) => matchesFilters(t, shape.filters)).sort(shape.order);
  return { tasks: matching.slice(shape.offset, shape.offset + shape.limit), total: matching.length };
}

describe("matchesFilters", () => {
  const t = task("1", {
    title: "Book shuttle buses",
    description: "Day 1 arrivals",
    category: "Transport",
    assigneeName: "Maria",
    priority: "high",
  });

  it("reads every filter as the SQL does", () => {
    expect(matchesFilters(t, {})).toBe(true);
    expect(matchesFilters(t, { category: "transport", assignee: "MARIA", priority: "high", status: "pending" })).toBe(
      true,
    );
    expect(matchesFilters(t, { q: "SHUTTLE" })).toBe(true);
    expect(matchesFilters(t, { q: "arrivals" })).toBe(true);
    expect(matchesFilters(t, { q: "catering" })).toBe(false);
    expect(matchesFilters(t, { status: "Pending" })).toBe(false);
    expect(matchesFilters(t, { priority: "low" })).toBe(false);
    expect(matchesFilters(t, { assignee: "Jo" })).toBe(false);
    expect(matchesFilters({ ...t, category: null }, { category: "transport" })).toBe(false);
  });

  it("reads 'My tasks' (mine, or assignee=me) by the viewer's member id, not the name", () => {
    const mine = { ...t, assigneeId: "u1" };
    expect(matchesFilters(mine, { mine: true }, "u1")).toBe(true);
    expect(matchesFilters(mine, { assignee: "me" }, "u1")).toBe(true);
    expect(matchesFilters(mine, { mine: true }, "u2")).toBe(false);
    // An outside person named like the viewer is not theirs.
    expect(matchesFilters({ ...t, assigneeId: null }, { mine: true }, "u1")).toBe(false);
    expect(matchesFilters(mine, { mine: true })).toBe(false);
  });
});

describe("applyListChange", () => {
  const board: ListShape = { filters: {}, order: boardOrder, offset: 0, limit: 60 };

  it("puts a created task in its place and counts it", () => {
    const a = task("1", { dueDate: "2026-12-01" });
    const c = task("3");
    const b = task("2", { dueDate: "2026-12-05" });
    const next = applyListChange({ tasks: [a, c], total: 2 }, { change: "created", taskId: "2", task: b }, board);
    expect(next).toEqual({ tasks: [a, b, c], total: 3 });
  });

  it("leaves the window as it is when the change is outside its filters", () => {
    const window = { tasks: [task("1", { priority: "high" })], total: 1 };
    const other = task("2", { priority: "low" });
    const shape = { ...board, filters: { priority: "high" } } as ListShape;
    expect(applyListChange(window, { change: "created", taskId: "2", task: other }, shape)).toBe(window);
    expect(applyListChange(window, { change: "deleted", taskId: "2", previous: other }, shape)).toBe(window);
  });

  it("moves an updated task out of a filtered list and into another", () => {
    const pending = task("1");
    const done = { ...pending, status: "completed" };
    const shape: ListShape = { ...board, filters: { status: "pending" } };
    expect(
      applyListChange(
        { tasks: [pending], total: 1 },
        { change: "updated", taskId: "1", task: done, previous: pending },
        shape,
      ),
    ).toEqual({
      tasks: [],
      total: 0,
    });
    const completed: ListShape = { ...board, filters: { status: "completed" } };
    expect(
      applyListChange(
        { tasks: [], total: 0 },
        { change: "updated", taskId: "1", task: done, previous: pending },
        completed,
      ),
    ).toEqual({
      tasks: [done],
      total: 1,
    });
  });

  it("asks for a refetch when a row it never held must come into view", () => {
    // Page 1 of 2 (limit 2): deleting a shown row pulls the first row of page 2 up.
    const rows = [task("1"), task("2")];
    const shape: ListShape = { ...board, limit: 2 };
    expect(
      applyListChange({ tasks: rows, total: 3 }, { change: "deleted", taskId: "1", previous: rows[0] }, shape),
    ).toBe("refetch");
    // A batch announced without its rows cannot be placed.
    expect(applyListChange({ tasks: rows, total: 2 }, { change: "created", taskId: "9" }, board)).toBe("refetch");
  });

  it("counts a row created on a later page without refetching", () => {
    const rows = [task("1", { dueDate: "2026-12-01" }), task("2", { dueDate: "2026-12-02" })];
    const shape: ListShape = { ...board, limit: 2 };
    const later = task("3");
    expect(applyListChange({ tasks: rows, total: 5 }, { change: "created", taskId: "3", task: later }, shape)).toEqual({
      tasks: rows,
      total: 6,
    });
  });

  it("keeps Recent Tasks newest first, three at a time", () => {
    const recent: ListShape = { filters: {}, order: newestFirst, offset: 0, limit: 3 };
    const rows = [task("5"), task("4"), task("3")];
    const fresh = task("6");
    expect(applyListChange({ tasks: rows, total: 5 }, { change: "created", taskId: "6", task: fresh }, recent)).toEqual(
      {
        tasks: [fresh, rows[0], rows[1]],
        total: 6,
      },
    );
  });

  it("always agrees with the server, over thousands of random lists, windows and changes", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const statuses = ["pending", "in-progress", "completed"] as const;
    const priorities = ["low", "medium", "high"] as const;
    const dates = [null, "2026-12-01", "2026-12-02", "2026-12-02T09:00", "2026-12-10"];
    const randomFields = (): Partial<ListedTask> => ({
      status: pick(statuses),
      priority: pick(priorities),
      dueDate: pick(dates),
      category: pick(["Venue", "Catering", null]),
    });
    const filterChoices: TaskFilters[] = [
      {},
      { status: "pending" },
      { priority: "high" },
      { category: "venue" },
      { status: "completed", priority: "low" },
    ];
    let patched = 0;
    let refetchedWholeList = 0;

    for (let round = 0; round < 3000; round++) {
      const size = Math.floor(random() * 9);
      const all = Array.from({ length: size }, (_, i) => task(String(i + 1), randomFields()));
      const order = random() < 0.5 ? boardOrder : newestFirst;
      const limit = 1 + Math.floor(random() * 4);
      const offset = limit * Math.floor(random() * 3);
      const shape: ListShape = { filters: pick(filterChoices), order, offset, limit };
      const shown = serverWindow(all, shape);

      const kind = all.length === 0 ? "created" : pick(["created", "updated", "deleted"] as const);
      let after: ListedTask[];
      let event;
      if (kind === "created") {
        const created = task(String(size + 1), randomFields());
        after = [...all, created];
        event = { change: kind, taskId: created.id, task: created };
      } else {
        const target = pick(all);
        if (kind === "deleted") {
          after = all.filter((t) => t !== target);
          event = { change: kind, taskId: target.id, previous: target };
        } else {
          const updated = { ...target, ...randomFields() };
          after = all.map((t) => (t === target ? updated : t));
          event = { change: kind, taskId: target.id, task: updated, previous: target };
        }
      }

      const result = applyListChange(shown, event, shape);
      if (result === "refetch") {
        // A window that shows the whole list before and after the change never needs the server.
        const whole = shape.offset === 0 && Math.max(shown.total, serverWindow(after, shape).total) <= limit;
        if (whole) refetchedWholeList++;
        continue;
      }
      patched++;
      expect(result, `round ${round}`).toEqual(serverWindow(after, shape));
    }
    expect(refetchedWholeList).toBe(0);
    expect(patched).toBeGreaterThan(1500);
  });
});

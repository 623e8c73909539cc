import { describe, expect, it } from "vitest";
import { normalizeTitle } from "~/domain/title";
import { dependsOnIndex, seedSql, workspaceTasks, type SeedRow } from "./bench-seed.mjs";

const today = new Date("2026-05-14T12:00:00Z");

describe("workspaceTasks", () => {
  it("gives the same tasks however far and in how many steps it is grown", () => {
    const once = workspaceTasks(7, today);
    const stepwise = workspaceTasks(7, today);
    stepwise(10);
    expect(stepwise(4999)).toEqual(once(4999));
    expect(stepwise(3)).toEqual(once(3));
  });

  it("keeps 5,000 titles distinct and already normalised apart from case", () => {
    const task = workspaceTasks(7, today);
    const titles = Array.from({ length: 5000 }, (_, i) => task(i).title);
    expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(5000);
    for (const title of titles.slice(1990, 2010)) expect(normalizeTitle(title)).toBe(title.toLowerCase());
  });
});

describe("dependsOnIndex", () => {
  it("chains five tasks at a time", () => {
    expect([0, 1, 4, 5, 6].map(dependsOnIndex)).toEqual([null, 0, 3, null, 5]);
  });
});

describe("seedSql", () => {
  const row = (i: number, overrides: Partial<SeedRow> = {}): SeedRow => ({
    id: `t${i}`,
    workspaceId: "w1",
    userId: "u1",
    task: workspaceTasks(1, today)(i),
    createdAt: new Date(Date.UTC(2026, 4, 14, 12, 0, 0, i)),
    dependsOnId: null,
    ...overrides,
  });

  it("quotes text, stamps completion and adds the dependency edges after the tasks", () => {
    const sql = seedSql([
      row(0, { task: { ...row(0).task, title: "Brief O'Neill's crew", status: "completed", description: "" } }),
      row(1, { dependsOnId: "t0" }),
    ]);
    expect(sql).toContain("'Brief O''Neill''s crew', 'brief o''neill''s crew', NULL,");
    expect(sql).toContain("'completed', 0,");
    expect(sql).toMatch(/'2026-05-14T12:00:00\.000Z', '2026-05-14T12:00:00\.000Z', '2026-05-14T12:00:00\.000Z'\)/);
    expect(sql.indexOf("INSERT INTO task_dependencies")).toBeGreaterThan(sql.indexOf("INSERT INTO tasks"));
    expect(sql).toContain("('w1', 't1', 't0')");
  });

  it("splits large seeds into statements of 100 rows", () => {
    const sql = seedSql(Array.from({ length: 250 }, (_, i) => row(i)));
    expect(sql.match(/INSERT INTO tasks/g)).toHaveLength(3);
    expect(sql).not.toContain("task_dependencies");
  });
});

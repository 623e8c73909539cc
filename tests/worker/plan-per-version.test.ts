import { describe, expect, it } from "vitest";
import { readWithD1Cost } from "./d1-cost";
import { newTask, signUp, updateTask } from "./helpers";

/**
 * The workspace's plan is made once per workspace version in an isolate (app/services/task-queries.server.ts
 * `loadPlan`): the readers that find the workspace changed share one reading and scheduling of its tasks
 * (docs/decisions/033-plan-per-workspace-version.md).
 */

describe("the plan per workspace version", () => {
  it("plans a change once for every reader that finds it, and shows each of them the change", async () => {
    const owner = await signUp("Maria Lopez");
    const contract = await newTask(owner.token, { title: "Sign the venue contract", estimatedHours: 8 });
    await newTask(owner.token, { title: "Draw the floor plan", dependsOn: [contract.id], estimatedHours: 2 });
    // The session is known and the plan made.
    const before = await readWithD1Cost("/api/critical-path", owner);
    expect((await readWithD1Cost("/api/critical-path", owner)).queries).toBe(2);

    expect((await updateTask(owner.token, contract.id, { estimatedHours: 30 })).res.status).toBe(200);
    const readers = await Promise.all(Array.from({ length: 6 }, () => readWithD1Cost("/api/critical-path", owner)));
    // One reader reads the tasks and plans; the rest read the session and the version, then wait for its plan.
    expect(readers.filter((r) => r.queries > 2)).toHaveLength(1);
    for (const reader of readers) {
      expect(reader.body).toBe(readers[0].body);
      expect(reader.body).not.toBe(before.body);
    }
    const duration = (body: string) =>
      (JSON.parse(body) as { tasks: Array<{ id: string; durationDays: number }> }).tasks.find(
        (t) => t.id === contract.id,
      )?.durationDays;
    expect(duration(readers[0].body)).toBeGreaterThan(duration(before.body)!);
  });
});

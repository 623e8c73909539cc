import { beforeEach, describe, expect, it } from "vitest";
import { taskCreateSchema } from "~/domain/schemas";
import { workspacePlan } from "~/domain/tiers";
import { getAnalytics } from "~/services/analytics.server";
import type { ActorCtx } from "~/services/context.server";
import { createTask, updateTask } from "~/services/task-commands.server";
import { actorCtxOf, call, newTask, setWorkspace, signUp, type Account } from "./helpers";

// Wednesday 10 June 2026, 14:00 in Berlin. This week runs from Monday 8 June, last week from Monday 1 June.
const NOW = new Date("2026-06-10T12:00:00.000Z");
const at = (iso: string) => new Date(iso);

/** The owner's context at `NOW` on the beta plan; `seed` moves its clock to each task's instants. */
const scopeOf = (account: Account) => actorCtxOf(account, { now: NOW, plan: workspacePlan(["beta"]) });

/** A task created at `createdAt` and, when given, completed at `completedAt`, through the real services. */
async function seed(scope: ActorCtx, title: string, createdAt: string, completedAt?: string, fields = {}) {
  const input = taskCreateSchema.parse({ title, category: "production", ...fields });
  const task = await createTask({ ...scope, now: at(createdAt) }, input);
  if (completedAt) await updateTask({ ...scope, now: at(completedAt) }, { id: task.id, changes: { status: "completed" } });
  return task;
}

let owner: Account;
beforeEach(async () => {
  owner = await signUp("Dana Reyes");
  await setWorkspace(owner.user.id, { timezone: "Europe/Berlin" });
});

describe("getAnalytics", () => {
  it("computes this week against last week from the workspace's stored tasks, in its timezone", async () => {
    const scope = await scopeOf(owner);
    // Last week: created, completed 2 days later; and one left open.
    await seed(scope, "Book the venue", "2026-06-01T08:00:00.000Z", "2026-06-03T08:00:00.000Z", { dueDate: "2026-06-03" });
    await seed(scope, "Draft the run of show", "2026-06-02T08:00:00.000Z");
    // This week: completed after 6 hours; and one left open.
    await seed(scope, "Hire the AV crew", "2026-06-08T09:00:00.000Z", "2026-06-08T15:00:00.000Z", {
      priority: "critical",
      category: "logistics",
      dueDate: "2026-06-08",
    });
    await seed(scope, "Order stage risers", "2026-06-09T09:00:00.000Z", undefined, { priority: "high" });
    // Monday 8 June 00:30 in Berlin: this week there, though still Sunday (last week) in UTC.
    await seed(scope, "Print lanyards", "2026-06-07T22:30:00.000Z");
    await seed(scope, "Confirm catering numbers", "2026-06-09T10:00:00.000Z", undefined, { dueDate: "2026-06-09" });
    // Created last week, completed this week after 7 days 22 hours.
    await seed(scope, "Send the press release", "2026-06-02T10:00:00.000Z", "2026-06-10T08:00:00.000Z");

    const other = await scopeOf(await signUp("Someone Else"));
    await seed(other, "Another workspace's task", "2026-06-09T09:00:00.000Z", "2026-06-09T10:00:00.000Z");

    const analytics = (await getAnalytics(scope))!;
    expect(analytics.totalTasks).toBe(7);
    expect(analytics.timezone).toBe("Europe/Berlin");
    expect(analytics.kpis.weekStart).toBe("2026-06-08");
    expect(analytics.kpis.tasksCreated).toMatchObject({ value: 4, previous: 3, change: 33, direction: "up", improved: null });
    expect(analytics.kpis.tasksCompleted).toMatchObject({ value: 2, previous: 1, change: 100, improved: true });
    // (0.25 days + 7 days 22 h) / 2 = 4.1 days this week against 2.0 last week: slower, so worse.
    expect(analytics.kpis.averageCompletionDays).toMatchObject({ value: 4.1, previous: 2, change: 105, improved: false });
    // Efficiency: of the tasks due so far this week, the AV crew is done and the catering numbers (due yesterday)
    // are not → 50%; last week the venue, its one due task, was done → 100%. Undated completions do not count.
    expect(analytics.kpis.completionRate).toMatchObject({ value: 50, previous: 100, change: -50, changeUnit: "points" });
    expect(analytics.kpis.efficiency).toEqual({ due: 2, done: 1, dueLater: 0 });

    expect(analytics.weeklyProgress).toEqual([
      { weekStart: "2026-06-01", created: 3, completed: 1 },
      { weekStart: "2026-06-08", created: 4, completed: 2 },
    ]);
    expect(analytics.tasksByCategory[0]).toEqual({ category: "production", total: 6, open: 4, completed: 2 });
    expect(analytics.priorityDistribution).toEqual([
      { priority: "low", count: 0 },
      { priority: "medium", count: 5 },
      { priority: "high", count: 1 },
      { priority: "critical", count: 1 },
    ]);
    expect(analytics.recentActivity.map((a) => [a.title, a.action])).toEqual([
      ["Send the press release", "completed"],
      ["Confirm catering numbers", "created"],
      ["Order stage risers", "created"],
    ]);
    expect(analytics.keyInsights).toMatchObject({ overdueCount: 1, completedLast7Days: 2 });
    expect(analytics.keyInsights?.sentences).toContain("1 task is overdue.");
  });

  it("reports an empty workspace as empty", async () => {
    const analytics = (await getAnalytics(await scopeOf(owner)))!;
    expect(analytics.totalTasks).toBe(0);
    expect(analytics.weeklyProgress).toEqual([]);
    expect(analytics.recentActivity).toEqual([]);
  });
});

describe("/analytics page", () => {
  it("shows signed-out visitors the sign-in prompt, not analytics", async () => {
    const res = await call("/analytics");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Get Started");
    expect(html).not.toContain("Key Insights");
  });

  it("renders the member's figures on the server, with the charts left to the browser", async () => {
    await newTask(owner.token, { title: "Walk the site with the fire marshal", priority: "high", category: "logistics" });
    const res = await call("/analytics", { token: owner.token });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Key Insights");
    expect(html).toContain("Walk the site with the fire marshal");
    expect(html).toContain("The workspace is 0% complete: 0 of 1 task done.");
    expect(html).not.toContain("recharts-surface");
  });

  it("shows an empty workspace a way to start instead of empty charts", async () => {
    const html = await (await call("/analytics", { token: owner.token })).text();
    expect(html).toContain("No analytics yet");
    expect(html).not.toContain("Weekly Progress");
  });
});

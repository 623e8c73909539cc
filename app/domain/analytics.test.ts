import { describe, expect, it } from "vitest";
import {
  type AnalyticsAggregates,
  type AnalyticsTask,
  type AnalyticsWindow,
  analyticsFromAggregates,
  analyticsWindow,
  buildAnalytics,
  keyInsights,
  kpis,
  MAX_WEEKS,
  offsetsCovering,
  priorityDistribution,
  recentActivity,
  sumTotals,
  tasksByCategory,
  UNCATEGORISED,
  weeklyProgress,
} from "./analytics";
import { weekStartOf } from "./dates";
import { PRIORITIES, type Priority } from "./tasks";
import { offsetTable } from "./timezone-offsets";

// Wednesday 2026-06-10, 12:00 in Berlin (UTC+2). This week starts Monday 8 June, last week Monday 1 June.
const NOW = new Date("2026-06-10T10:00:00.000Z");
const TZ = "Europe/Berlin";

let seq = 0;
function task(fields: Partial<AnalyticsTask> = {}): AnalyticsTask {
  seq++;
  return {
    id: `t${String(seq).padStart(4, "0")}`,
    title: `Task ${seq}`,
    status: "pending",
    priority: "medium",
    category: "production",
    dueDate: null,
    createdAt: "2026-05-01T09:00:00.000Z",
    completedAt: null,
    ...fields,
  };
}
const done = (createdAt: string, completedAt: string, fields: Partial<AnalyticsTask> = {}) =>
  task({ status: "completed", createdAt, completedAt, ...fields });

const input = (tasks: AnalyticsTask[], now = NOW, timezone = TZ) => ({ tasks, now, timezone });

describe("weekStartOf", () => {
  it("is the Monday on or before the date", () => {
    expect(weekStartOf("2026-06-08")).toBe("2026-06-08");
    expect(weekStartOf("2026-06-10")).toBe("2026-06-08");
    expect(weekStartOf("2026-06-14")).toBe("2026-06-08");
    expect(weekStartOf("2026-06-15")).toBe("2026-06-15");
  });

  it("crosses month and year ends", () => {
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28");
    expect(weekStartOf("2026-03-01")).toBe("2026-02-23");
  });
});

describe("weeklyProgress", () => {
  it("is empty for an empty workspace", () => {
    expect(weeklyProgress(input([]))).toEqual([]);
  });

  it("counts creations and completions in their own weeks, oldest first, skipping weeks without tasks", () => {
    const tasks = [
      task({ createdAt: "2026-06-09T08:00:00.000Z" }),
      done("2026-05-12T08:00:00.000Z", "2026-06-08T08:00:00.000Z"),
      task({ createdAt: "2026-05-13T08:00:00.000Z" }),
    ];
    expect(weeklyProgress(input(tasks))).toEqual([
      { weekStart: "2026-05-11", created: 2, completed: 0 },
      { weekStart: "2026-06-08", created: 1, completed: 1 },
    ]);
  });

  it("puts Sunday 23:30 and Monday 00:30 local time in different weeks, by the workspace timezone", () => {
    const sundayNight = task({ createdAt: "2026-06-07T21:30:00.000Z" }); // Sun 23:30 in Berlin
    const mondayMorning = task({ createdAt: "2026-06-07T22:30:00.000Z" }); // Mon 00:30 in Berlin
    expect(weeklyProgress(input([sundayNight, mondayMorning]))).toEqual([
      { weekStart: "2026-06-01", created: 1, completed: 0 },
      { weekStart: "2026-06-08", created: 1, completed: 0 },
    ]);
    // In UTC both are Sunday evening.
    expect(weeklyProgress(input([sundayNight, mondayMorning], NOW, "UTC"))).toEqual([
      { weekStart: "2026-06-01", created: 2, completed: 0 },
    ]);
    // West of Greenwich the UTC Monday is still Sunday: 23:30 in New York is 03:30 UTC on Monday.
    const newYorkSunday = task({ createdAt: "2026-06-08T03:30:00.000Z" });
    expect(weeklyProgress(input([newYorkSunday], NOW, "America/New_York"))[0].weekStart).toBe("2026-06-01");
  });

  it("does not count a completion time left on a task that is no longer completed", () => {
    const reopened = task({ status: "in_progress", createdAt: "2026-06-09T08:00:00.000Z", completedAt: "2026-06-09T10:00:00.000Z" });
    expect(weeklyProgress(input([reopened]))).toEqual([{ weekStart: "2026-06-08", created: 1, completed: 0 }]);
  });

  it("keeps the latest 52 weeks that had tasks", () => {
    const monday = new Date("2025-01-06T12:00:00.000Z").getTime();
    const tasks = Array.from({ length: 60 }, (_, i) => task({ createdAt: new Date(monday + i * 7 * 86_400_000).toISOString() }));
    const weeks = weeklyProgress(input(tasks));
    expect(weeks).toHaveLength(MAX_WEEKS);
    expect(weeks[0].weekStart).toBe(weekStartOf(tasks[8].createdAt.slice(0, 10)));
    expect(weeks[MAX_WEEKS - 1].weekStart).toBe(weekStartOf(tasks[59].createdAt.slice(0, 10)));
  });
});

describe("kpis", () => {
  it("has no change figures for an empty workspace, and no division by zero", () => {
    const k = kpis(input([]));
    expect(k.weekStart).toBe("2026-06-08");
    expect(k.tasksCreated).toEqual({ value: 0, previous: 0, change: null, changeUnit: "percent", direction: "flat", improved: null });
    expect(k.tasksCompleted).toEqual({ value: 0, previous: 0, change: null, changeUnit: "percent", direction: "flat", improved: null });
    expect(k.averageCompletionDays).toEqual({ value: null, previous: null, change: null, changeUnit: "percent", direction: null, improved: null });
    expect(k.completionRate).toEqual({ value: null, previous: null, change: null, changeUnit: "points", direction: null, improved: null });
  });

  it("compares tasks created this week with last week", () => {
    const tasks = [
      task({ createdAt: "2026-06-08T06:00:00.000Z" }),
      task({ createdAt: "2026-06-09T06:00:00.000Z" }),
      task({ createdAt: "2026-06-10T06:00:00.000Z" }),
      task({ createdAt: "2026-06-01T06:00:00.000Z" }),
      task({ createdAt: "2026-06-07T21:59:00.000Z" }), // Sunday 23:59 in Berlin: last week
      task({ createdAt: "2026-05-31T21:59:00.000Z" }), // the Sunday before: neither week
    ];
    const { tasksCreated } = kpis(input(tasks));
    expect(tasksCreated).toEqual({ value: 3, previous: 2, change: 50, changeUnit: "percent", direction: "up", improved: null });
  });

  it("marks fewer completions as a drop, and no completions last week as new", () => {
    const lastWeek = ["2026-06-01", "2026-06-02", "2026-06-03", "2026-06-05"].map((d) => done("2026-05-20T08:00:00.000Z", `${d}T08:00:00.000Z`));
    const thisWeek = done("2026-05-20T08:00:00.000Z", "2026-06-09T08:00:00.000Z");
    expect(kpis(input([...lastWeek, thisWeek])).tasksCompleted).toMatchObject({ value: 1, previous: 4, change: -75, direction: "down", improved: false });
    expect(kpis(input([thisWeek])).tasksCompleted).toMatchObject({ value: 1, previous: 0, change: null, direction: "up", improved: true });
  });

  it("rounds change percentages to whole numbers, halves away from zero", () => {
    const created = (n: number, day: string) => Array.from({ length: n }, () => task({ createdAt: `${day}T08:00:00.000Z` }));
    expect(kpis(input([...created(2, "2026-06-09"), ...created(3, "2026-06-02")])).tasksCreated.change).toBe(-33);
    expect(kpis(input([...created(5, "2026-06-09"), ...created(3, "2026-06-02")])).tasksCreated.change).toBe(67);
    expect(kpis(input([...created(39, "2026-06-09"), ...created(40, "2026-06-02")])).tasksCreated.change).toBe(-3);
    expect(kpis(input([...created(41, "2026-06-09"), ...created(40, "2026-06-02")])).tasksCreated.change).toBe(3);
  });

  it("averages days from created to completed of the week's completions, to one decimal; shorter is better", () => {
    const tasks = [
      done("2026-06-08T08:00:00.000Z", "2026-06-09T08:00:00.000Z"), // 1 day
      done("2026-06-07T08:00:00.000Z", "2026-06-09T08:00:00.000Z"), // 2 days
      done("2026-05-29T08:00:00.000Z", "2026-06-02T08:00:00.000Z"), // 4 days, last week
      done("2026-06-01T08:00:00.000Z", "2026-06-03T08:00:00.000Z"), // 2 days, last week
    ];
    expect(kpis(input(tasks)).averageCompletionDays).toEqual({
      value: 1.5,
      previous: 3,
      change: -50,
      changeUnit: "percent",
      direction: "down",
      improved: true,
    });
  });

  it("treats a completion stamped before the creation as zero time", () => {
    const skewed = done("2026-06-09T08:00:05.000Z", "2026-06-09T08:00:00.000Z");
    expect(kpis(input([skewed])).averageCompletionDays.value).toBe(0);
  });

  it("rates efficiency as the share of the tasks due so far this week that are done, in percentage points", () => {
    const tasks = [
      done("2026-05-20T08:00:00.000Z", "2026-06-09T08:00:00.000Z", { dueDate: "2026-06-09" }),
      task({ dueDate: "2026-06-10" }), // due today, open: counts against this week
      task({ dueDate: "2026-06-12" }), // due later this week: not yet
      task({ dueDate: "2026-06-15" }), // next week
      ...["2026-06-01", "2026-06-02", "2026-06-03"].map((d) =>
        done("2026-05-20T08:00:00.000Z", `${d}T08:00:00.000Z`, { dueDate: d }),
      ),
      task({ dueDate: "2026-06-05T17:00" }), // due last week, still open
    ];
    const k = kpis(input(tasks));
    expect(k.completionRate).toEqual({
      value: 50,
      previous: 75,
      change: -25,
      changeUnit: "points",
      direction: "down",
      improved: false,
    });
    expect(k.efficiency).toEqual({ due: 2, done: 1, dueLater: 1 });
  });

  it("is not lifted by work that was not due this week, nor lowered by work due later this week", () => {
    // The report: 100% with seven tasks due this week still open. Completions of undated work and of work due
    // next week say nothing about this week's due work, and the seven due from tomorrow are not late yet.
    const tasks = [
      done("2026-06-08T08:00:00.000Z", "2026-06-09T08:00:00.000Z"),
      done("2026-06-08T08:00:00.000Z", "2026-06-09T08:00:00.000Z", { dueDate: "2026-06-20" }),
      ...Array.from({ length: 7 }, () => task({ dueDate: "2026-06-13" })),
      task({ dueDate: "2026-06-09" }),
    ];
    const k = kpis(input(tasks));
    expect(k.completionRate.value).toBe(0);
    expect(k.efficiency).toEqual({ due: 1, done: 0, dueLater: 7 });
  });

  it("has no figure when nothing was due so far this week", () => {
    const k = kpis(
      input([task({ dueDate: "2026-06-12" }), done("2026-06-08T08:00:00.000Z", "2026-06-09T08:00:00.000Z")]),
    );
    expect(k.completionRate.value).toBeNull();
    expect(k.efficiency).toEqual({ due: 0, done: 0, dueLater: 1 });
  });

  it("judges last week by what was done by its Sunday: late work done this week stays late there", () => {
    const tasks = [
      done("2026-05-20T08:00:00.000Z", "2026-06-09T08:00:00.000Z", { dueDate: "2026-06-04" }),
      done("2026-05-20T08:00:00.000Z", "2026-06-04T08:00:00.000Z", { dueDate: "2026-06-04" }),
    ];
    const k = kpis(input(tasks));
    expect(k.completionRate.previous).toBe(50);
    expect(k.completionRate.value).toBeNull();
  });

  it("gives a rate change in points even from 0%", () => {
    const tasks = [
      done("2026-05-20T08:00:00.000Z", "2026-06-09T08:00:00.000Z", { dueDate: "2026-06-09" }),
      task({ dueDate: "2026-06-03" }),
    ];
    expect(kpis(input(tasks)).completionRate).toMatchObject({
      value: 100,
      previous: 0,
      change: 100,
      direction: "up",
      improved: true,
    });
  });
});

describe("tasksByCategory", () => {
  it("is empty for an empty workspace", () => {
    expect(tasksByCategory([])).toEqual([]);
  });

  it("groups case-insensitively, buckets tasks without a category, and sorts by size then name", () => {
    const tasks = [
      task({ category: "Logistics" }),
      task({ category: "logistics", status: "completed", completedAt: "2026-06-09T08:00:00.000Z" }),
      task({ category: null }),
      task({ category: "  " }),
      task({ category: "marketing" }),
      task({ category: "content" }),
    ];
    expect(tasksByCategory(tasks)).toEqual([
      { category: "Logistics", total: 2, open: 1, completed: 1 },
      { category: UNCATEGORISED, total: 2, open: 2, completed: 0 },
      { category: "content", total: 1, open: 1, completed: 0 },
      { category: "marketing", total: 1, open: 1, completed: 0 },
    ]);
  });
});

describe("priorityDistribution", () => {
  it("lists all four priorities, zeros included", () => {
    expect(priorityDistribution([])).toEqual([
      { priority: "low", count: 0 },
      { priority: "medium", count: 0 },
      { priority: "high", count: 0 },
      { priority: "critical", count: 0 },
    ]);
    const tasks = [task({ priority: "critical" }), task({ priority: "critical" }), task({ priority: "low" })];
    expect(priorityDistribution(tasks).map((p) => p.count)).toEqual([1, 0, 0, 2]);
  });
});

describe("recentActivity", () => {
  it("is empty for an empty workspace and lists fewer than three when there are fewer", () => {
    expect(recentActivity([])).toEqual([]);
    expect(recentActivity([task()])).toHaveLength(1);
  });

  it("takes the latest three by their latest event, saying what happened", () => {
    const oldButJustCompleted = done("2026-05-01T08:00:00.000Z", "2026-06-10T09:00:00.000Z", { title: "Book the venue" });
    const newest = task({ createdAt: "2026-06-10T09:30:00.000Z", title: "Order lanyards" });
    const middle = task({ createdAt: "2026-06-09T12:00:00.000Z" });
    const older = task({ createdAt: "2026-06-08T12:00:00.000Z" });
    const activity = recentActivity([older, oldButJustCompleted, middle, newest]);
    expect(activity.map((a) => [a.taskId, a.action, a.at])).toEqual([
      [newest.id, "created", "2026-06-10T09:30:00.000Z"],
      [oldButJustCompleted.id, "completed", "2026-06-10T09:00:00.000Z"],
      [middle.id, "created", "2026-06-09T12:00:00.000Z"],
    ]);
    expect(activity[1]).toMatchObject({ title: "Book the venue", priority: "medium", category: "production" });
  });

  it("orders ties by id so the list does not shuffle between loads", () => {
    const at = "2026-06-09T12:00:00.000Z";
    const [a, b, c, d] = [task({ createdAt: at }), task({ createdAt: at }), task({ createdAt: at }), task({ createdAt: at })];
    expect(recentActivity([d, b, c, a]).map((x) => x.taskId)).toEqual([a.id, b.id, c.id]);
  });
});

describe("keyInsights", () => {
  it("says plainly that there is nothing yet in an empty workspace", () => {
    expect(keyInsights(input([]))).toEqual({
      averageCompletionDays: null,
      overdueCount: 0,
      completedLast7Days: 0,
      sentences: [
        "No tasks have been completed yet, so there is no average completion time.",
        "No open tasks are overdue.",
        "No tasks were completed in the last 7 days.",
      ],
    });
  });

  it("averages created-to-completed over every completed task in whole days", () => {
    const days = (d: number) => new Date(Date.parse("2026-05-01T00:00:00.000Z") + d * 86_400_000).toISOString();
    const twoDays = keyInsights(input([done(days(0), days(1.2)), done(days(0), days(2))]));
    expect(twoDays.averageCompletionDays).toBe(2);
    expect(twoDays.sentences[0]).toBe("Tasks take 2 days on average from creation to completion.");

    const oneDay = keyInsights(input([done(days(0), days(0.6)), done(days(0), days(1))]));
    expect(oneDay.averageCompletionDays).toBe(1);
    expect(oneDay.sentences[0]).toBe("Tasks take 1 day on average from creation to completion.");

    const sameDay = keyInsights(input([done(days(0), days(0.25))]));
    expect(sameDay.averageCompletionDays).toBe(0);
    expect(sameDay.sentences[0]).toBe("Tasks are completed in less than a day on average, from creation to completion.");
  });

  it("counts open tasks due on an earlier day as overdue, by the workspace's today", () => {
    const tasks = [
      task({ dueDate: "2026-06-09" }),
      task({ dueDate: "2026-06-10T08:00" }), // earlier today: due today, not overdue
      done("2026-05-01T08:00:00.000Z", "2026-06-10T08:00:00.000Z", { dueDate: "2026-06-01" }),
      task({ dueDate: null }),
    ];
    const one = keyInsights(input(tasks));
    expect(one.overdueCount).toBe(1);
    expect(one.sentences[1]).toBe("1 task is overdue.");
    expect(keyInsights(input([...tasks, task({ dueDate: "2026-05-30" })])).sentences[1]).toBe("2 tasks are overdue.");

    // 00:30 on 11 June in Berlin is still 10 June in UTC.
    const justAfterMidnight = new Date("2026-06-10T22:30:00.000Z");
    const dueTenth = [task({ dueDate: "2026-06-10" })];
    expect(keyInsights(input(dueTenth, justAfterMidnight)).overdueCount).toBe(1);
    expect(keyInsights(input(dueTenth, justAfterMidnight, "UTC")).overdueCount).toBe(0);
  });

  it("counts completions from six days ago through today, by local day", () => {
    const created = "2026-05-01T08:00:00.000Z";
    const tasks = [
      done(created, "2026-06-03T21:59:00.000Z"), // 23:59 on 3 June in Berlin: seven days ago, out
      done(created, "2026-06-03T22:01:00.000Z"), // 00:01 on 4 June in Berlin: in
      done(created, "2026-06-10T09:00:00.000Z"),
    ];
    const insights = keyInsights(input(tasks));
    expect(insights.completedLast7Days).toBe(2);
    expect(insights.sentences[2]).toBe("2 tasks were completed in the last 7 days.");
    expect(keyInsights(input(tasks.slice(2))).sentences[2]).toBe("1 task was completed in the last 7 days.");
  });

  it("adds the overall completion, open critical work and the busiest category when there is something to say", () => {
    const tasks = [
      task({ category: "logistics", priority: "critical" }),
      task({ category: "logistics" }),
      task({ category: "marketing" }),
      done("2026-06-01T08:00:00.000Z", "2026-06-03T08:00:00.000Z", { category: "marketing" }),
    ];
    expect(keyInsights(input(tasks)).sentences.slice(3)).toEqual([
      "The workspace is 25% complete: 1 of 4 tasks done.",
      "1 critical task is still open.",
      "Logistics has the most open tasks: 2 of 3.",
    ]);
  });

  it("names every category sharing the lead, and says nothing when all categories tie", () => {
    const leaders = [
      task({ category: "logistics" }),
      task({ category: "logistics" }),
      task({ category: "marketing" }),
      task({ category: "marketing" }),
      task({ category: null }),
    ];
    expect(keyInsights(input(leaders)).sentences).toContain("Logistics and marketing share the most open tasks: 2 each of 5.");
    const allTied = [task({ category: "logistics" }), task({ category: "marketing" })];
    expect(keyInsights(input(allTied)).sentences.some((s) => s.includes("most open tasks"))).toBe(false);
  });
});

describe("buildAnalytics", () => {
  it("agrees with the individual figures", () => {
    const tasks = [
      done("2026-06-01T08:00:00.000Z", "2026-06-09T08:00:00.000Z", { dueDate: "2026-06-09", priority: "high" }),
      task({ createdAt: "2026-06-09T08:00:00.000Z", dueDate: "2026-06-08", category: null }),
    ];
    expect(buildAnalytics(input(tasks))).toEqual({
      weeklyProgress: weeklyProgress(input(tasks)),
      kpis: kpis(input(tasks)),
      tasksByCategory: tasksByCategory(tasks),
      priorityDistribution: priorityDistribution(tasks),
      recentActivity: recentActivity(tasks),
      keyInsights: keyInsights(input(tasks)),
    });
  });
});

describe("offsetsCovering", () => {
  const table = offsetTable("Europe/Berlin", 2025, 2027);
  it("is null when the table covers every instant, or there are none", () => {
    expect(offsetsCovering("Europe/Berlin", table, "2025-01-01T00:00:00.000Z", "2027-12-31T23:59:59.999Z")).toBeNull();
    expect(offsetsCovering("Europe/Berlin", table, null, null)).toBeNull();
  });

  it("widens the table to the years of instants outside it", () => {
    const wider = offsetsCovering("Europe/Berlin", table, "2019-05-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z");
    expect(wider).toMatchObject({ from: "2019-01-01T00:00:00.000Z", to: "2028-01-01T00:00:00.000Z" });
    expect(
      offsetsCovering("Europe/Berlin", table, "2026-01-01T00:00:00.000Z", "2029-02-01T00:00:00.000Z"),
    ).toMatchObject({
      from: "2025-01-01T00:00:00.000Z",
      to: "2030-01-01T00:00:00.000Z",
    });
  });
});

describe("analyticsWindow", () => {
  it("gives the local days the figures turn on and the instants they begin at", () => {
    const window = analyticsWindow(NOW, TZ);
    expect(window).toMatchObject({
      today: "2026-06-10",
      tomorrow: "2026-06-11",
      weekStart: "2026-06-08",
      weekEnd: "2026-06-14",
      lastWeekStart: "2026-06-01",
      lastWeekEnd: "2026-06-07",
      starts: {
        lastWeek: "2026-05-31T22:00:00.000Z",
        thisWeek: "2026-06-07T22:00:00.000Z",
        nextWeek: "2026-06-14T22:00:00.000Z",
        sevenDays: "2026-06-03T22:00:00.000Z",
        tomorrow: "2026-06-10T22:00:00.000Z",
      },
    });
    expect(window.offsets).toMatchObject({ from: "2023-01-01T00:00:00.000Z", to: "2028-01-01T00:00:00.000Z" });
  });
});

/**
 * What the aggregate queries answer, counted here from the tasks by their definitions (app/models/analytics.ts):
 * instants against the window's starts, due days against its days.
 */
function aggregatesOf(tasks: AnalyticsTask[], window: AnalyticsWindow): AnalyticsAggregates {
  const completedAt = (t: AnalyticsTask) => (t.status === "completed" ? t.completedAt : null);
  const within = (at: string | null, from: string, to: string) => at !== null && at >= from && at < to;
  const dueIn = (t: AnalyticsTask, from: string, until: string) =>
    !!t.dueDate && t.dueDate.slice(0, 10) >= from && t.dueDate.slice(0, 10) <= until;
  const doneBy = (t: AnalyticsTask, ends: string) =>
    t.status === "completed" && (t.completedAt === null || t.completedAt < ends);
  const ms = (t: AnalyticsTask) => Math.max(0, Date.parse(t.completedAt!) - Date.parse(t.createdAt));
  const week = (group: AnalyticsTask[], from: string, to: string, dueFrom: string, until: string, ends: string) => {
    const completed = group.filter((t) => within(completedAt(t), from, to));
    return {
      created: group.filter((t) => within(t.createdAt, from, to)).length,
      completed: completed.length,
      timedCount: completed.length,
      timedMs: completed.reduce((sum, t) => sum + ms(t), 0),
      due: group.filter((t) => dueIn(t, dueFrom, until)).length,
      done: group.filter((t) => dueIn(t, dueFrom, until) && doneBy(t, ends)).length,
    };
  };
  const { starts: s } = window;
  const spellings = [...new Set(tasks.map((t) => t.category))];
  const categories = spellings.map((category) => {
    const group = tasks.filter((t) => t.category === category);
    const instants = group
      .flatMap((t) => [t.createdAt, completedAt(t)])
      .filter((at): at is string => at !== null)
      .sort();
    const timed = group.filter((t) => completedAt(t) !== null);
    return {
      category,
      firstKey: String(tasks.findIndex((t) => t.category === category)).padStart(6, "0"),
      total: group.length,
      completed: group.filter((t) => t.status === "completed").length,
      priorities: Object.fromEntries(
        PRIORITIES.map((p) => [p, group.filter((t) => t.priority === p).length]),
      ) as Record<Priority, number>,
      openCritical: group.filter((t) => t.status !== "completed" && t.priority === "critical").length,
      overdue: group.filter((t) => t.status !== "completed" && !!t.dueDate && t.dueDate.slice(0, 10) < window.today)
        .length,
      completedLast7Days: group.filter((t) => within(completedAt(t), s.sevenDays, s.tomorrow)).length,
      timedCount: timed.length,
      timedMs: timed.reduce((sum, t) => sum + ms(t), 0),
      thisWeek: week(group, s.thisWeek, s.nextWeek, window.weekStart, window.today, s.tomorrow),
      lastWeek: week(group, s.lastWeek, s.thisWeek, window.lastWeekStart, window.lastWeekEnd, s.thisWeek),
      dueLater: group.filter((t) => dueIn(t, window.tomorrow, window.weekEnd)).length,
      doneLater: group.filter((t) => dueIn(t, window.tomorrow, window.weekEnd) && doneBy(t, s.nextWeek)).length,
      firstInstant: instants[0] ?? null,
      lastInstant: instants[instants.length - 1] ?? null,
    };
  });
  const byLatest = (at: (t: AnalyticsTask) => string | null) =>
    tasks
      .filter((t) => at(t) !== null)
      .sort((a, b) => (at(a)! > at(b)! ? -1 : at(a)! < at(b)! ? 1 : a.id < b.id ? -1 : 1))
      .slice(0, 3);
  return {
    totals: sumTotals(categories),
    categories,
    // The weekly chart is counted in SQL by the zone's offsets; its rows pass through as they are.
    weeks: weeklyProgress({ tasks, timezone: TZ }).reverse(),
    recent: [...byLatest((t) => t.createdAt), ...byLatest(completedAt)],
  };
}

describe("analyticsFromAggregates", () => {
  /** A deterministic mix of statuses, priorities, spellings, due days and times around NOW. */
  function mixedTasks(count: number) {
    let state = 42;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    return Array.from({ length: count }, () => {
      const created = NOW.getTime() - Math.floor(next() * 30 * 24 * 60) * 60_000;
      const status = pick(["pending", "in_progress", "completed", "completed", "Blocked"]);
      const completedAt =
        next() < 0.1
          ? null
          : new Date(Math.min(NOW.getTime(), created + Math.floor(next() * 9 * 86_400_000) - 3_600_000));
      const due = next() < 0.3 ? null : `2026-06-${String(1 + Math.floor(next() * 25)).padStart(2, "0")}`;
      return task({
        status,
        createdAt: new Date(created).toISOString(),
        completedAt: completedAt && (status === "completed" || next() < 0.2) ? completedAt.toISOString() : null,
        dueDate: due && next() < 0.5 ? `${due}T18:30` : due,
        priority: pick(PRIORITIES),
        category: pick([null, "", "Logistics", "logistics ", "Venue", "marketing"]),
      });
    });
  }

  it("gives exactly buildAnalytics's output from the aggregate rows", () => {
    for (const count of [0, 1, 5, 200]) {
      const tasks = mixedTasks(count);
      const window = analyticsWindow(NOW, TZ);
      expect(analyticsFromAggregates(aggregatesOf(tasks, window), window)).toEqual(buildAnalytics(input(tasks)));
    }
  });

  it("names a category by the spelling of its first task in list order, whatever order the rows come in", () => {
    const tasks = [task({ category: "Logistics" }), task({ category: "logistics" }), task({ category: "LOGISTICS" })];
    const window = analyticsWindow(NOW, TZ);
    const aggregates = aggregatesOf(tasks, window);
    const reversed = { ...aggregates, categories: [...aggregates.categories].reverse() };
    expect(analyticsFromAggregates(reversed, window).tasksByCategory).toEqual([
      { category: "Logistics", total: 3, open: 3, completed: 0 },
    ]);
  });
});

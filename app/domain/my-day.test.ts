import { describe, expect, it } from "vitest";
import { MY_DAY_LIMIT, needsMeToday, type MyDayInputTask } from "./my-day";

const TODAY = "2026-06-10";
const ME = "user-me";

let seq = 0;
function task(fields: Partial<MyDayInputTask> = {}): MyDayInputTask {
  seq++;
  return {
    id: `t${seq}`,
    title: `Task ${seq}`,
    status: "pending",
    priority: "medium",
    dueDate: null,
    assigneeId: ME,
    ...fields,
  };
}

const ids = (section: { tasks: { id: string }[] }) => section.tasks.map((t) => t.id);

describe("needsMeToday", () => {
  it("lists only the viewer's open tasks: not a colleague's, an outside person's, nobody's or done work", () => {
    const mine = task({ dueDate: "2026-06-09" });
    const tasks = [
      mine,
      task({ dueDate: "2026-06-09", assigneeId: "user-sam" }),
      task({ dueDate: "2026-06-09", assigneeId: null }),
      task({ dueDate: "2026-06-09", status: "completed" }),
    ];
    const day = needsMeToday({ viewerId: ME, tasks, rankedRisks: [], today: TODAY });
    expect(ids(day.overdue)).toEqual([mine.id]);
    expect(day.overdue.total).toBe(1);
  });

  it("puts the most overdue first and today's timed tasks before the all-day ones, then by priority", () => {
    const old = task({ dueDate: "2026-06-01", priority: "low" });
    const yesterdayHigh = task({ dueDate: "2026-06-09", priority: "high" });
    const yesterdayLow = task({ dueDate: "2026-06-09", priority: "low" });
    const allDay = task({ dueDate: TODAY, priority: "critical" });
    const at9 = task({ dueDate: `${TODAY}T09:00`, priority: "low" });
    const at17 = task({ dueDate: `${TODAY}T17:00` });
    const later = task({ dueDate: "2026-06-11" });
    const day = needsMeToday({
      viewerId: ME,
      tasks: [yesterdayLow, allDay, at17, later, old, at9, yesterdayHigh],
      rankedRisks: [],
      today: TODAY,
    });
    expect(ids(day.overdue)).toEqual([old.id, yesterdayHigh.id, yesterdayLow.id]);
    expect(ids(day.dueToday)).toEqual([at9.id, at17.id, allDay.id]);
    expect(day.atRisk).toEqual({ tasks: [], total: 0 });
  });

  it("lists the viewer's at-risk tasks in the card's order, once each with the first reason, not again if already listed", () => {
    const overdue = task({ dueDate: "2026-06-08" });
    const behind = task({ dueDate: "2026-06-20" });
    const afterEvent = task({ dueDate: "2026-07-20" });
    const theirs = task({ dueDate: "2026-06-12", assigneeId: "user-sam" });
    const rankedRisks = [
      { taskId: theirs.id, reason: "Behind schedule by 2 days" },
      { taskId: behind.id, reason: "Behind schedule by 1 day" },
      { taskId: overdue.id, reason: "Overdue by 2 days" },
      { taskId: afterEvent.id, reason: "Due after the event" },
      { taskId: behind.id, reason: "Due soon and not started" },
    ];
    const day = needsMeToday({ viewerId: ME, tasks: [overdue, behind, afterEvent, theirs], rankedRisks, today: TODAY });
    expect(ids(day.overdue)).toEqual([overdue.id]);
    expect(day.atRisk.tasks).toEqual([
      {
        id: behind.id,
        title: behind.title,
        priority: "medium",
        dueDate: "2026-06-20",
        reason: "Behind schedule by 1 day",
      },
      {
        id: afterEvent.id,
        title: afterEvent.title,
        priority: "medium",
        dueDate: "2026-07-20",
        reason: "Due after the event",
      },
    ]);
    expect(day.overdue.tasks[0].reason).toBeNull();
  });

  it("keeps each section to a handful and counts the rest", () => {
    const tasks = Array.from({ length: MY_DAY_LIMIT + 3 }, () => task({ dueDate: "2026-06-01" }));
    const day = needsMeToday({ viewerId: ME, tasks, rankedRisks: [], today: TODAY });
    expect(day.overdue.tasks).toHaveLength(MY_DAY_LIMIT);
    expect(day.overdue.total).toBe(MY_DAY_LIMIT + 3);
    expect(needsMeToday({ viewerId: ME, tasks, rankedRisks: [], today: TODAY, limit: 2 }).overdue.tasks).toHaveLength(
      2,
    );
  });
});

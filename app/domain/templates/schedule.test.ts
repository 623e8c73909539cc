import { describe, expect, it } from "vitest";
import { addDays, daysBetween } from "../dates";
import { planTemplateTasks, type SchedulableTask, type ScheduleInput } from "./schedule";
import { getTemplate } from ".";

const TODAY = "2026-06-01";
/** The due dates of the default plan (compressed when time is short), one per task. */
const scheduleTemplateTasks = (input: ScheduleInput) =>
  planTemplateTasks({ ...input, mode: "compress" }).tasks.map((t) => t.dueDate);
const hours = (...list: (number | null)[]): SchedulableTask[] => list.map((estimatedHours) => ({ estimatedHours }));

describe("scheduleTemplateTasks without a usable event date", () => {
  it("gives no due dates when the workspace has no event date", () => {
    const tasks = [...hours(1, 2), { estimatedHours: 2, daysAfterEvent: 1 }];
    expect(scheduleTemplateTasks({ tasks, today: TODAY, eventDay: null, estimatedDays: 30 })).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("gives no due dates when the event has passed", () => {
    const tasks = [...hours(1), { estimatedHours: 2, daysAfterEvent: 3 }];
    expect(scheduleTemplateTasks({ tasks, today: TODAY, eventDay: "2026-05-31", estimatedDays: 30 })).toEqual([
      null,
      null,
    ]);
  });
});

describe("scheduleTemplateTasks before the event", () => {
  it("spreads equal tasks evenly, the last due the day before the event", () => {
    const due = scheduleTemplateTasks({
      tasks: hours(1, 1, 1, 1),
      today: TODAY,
      eventDay: "2026-06-11",
      estimatedDays: 30,
    });
    expect(due).toEqual(["2026-06-03", "2026-06-05", "2026-06-08", "2026-06-10"]);
  });

  it("gives a long task a longer share of the window", () => {
    const due = scheduleTemplateTasks({
      tasks: hours(8, 1, 1),
      today: TODAY,
      eventDay: "2026-06-11",
      estimatedDays: 30,
    });
    expect(due).toEqual(["2026-06-08", "2026-06-09", "2026-06-10"]);
  });

  it("plans the template's days back from the event when the event is further away", () => {
    const due = scheduleTemplateTasks({ tasks: hours(1, 1), today: TODAY, eventDay: "2026-12-31", estimatedDays: 10 });
    expect(due).toEqual(["2026-12-25", "2026-12-30"]);
  });

  it("compresses into the days left, keeping the order, when the event is close", () => {
    const due = scheduleTemplateTasks({
      tasks: hours(3, 1, 4, 1, 5, 9, 2, 6),
      today: TODAY,
      eventDay: "2026-06-03",
      estimatedDays: 60,
    });
    expect(due.every((d) => d === "2026-06-01" || d === "2026-06-02")).toBe(true);
    expect(due).toEqual([...due].sort());
    expect(due[due.length - 1]).toBe("2026-06-02");
  });

  it("puts everything on the day before when the event is tomorrow", () => {
    const due = scheduleTemplateTasks({
      tasks: hours(5, 5, 5),
      today: TODAY,
      eventDay: "2026-06-02",
      estimatedDays: 30,
    });
    expect(due).toEqual([TODAY, TODAY, TODAY]);
  });

  it("makes everything due today when the event is today", () => {
    const tasks = [...hours(4, 2), { estimatedHours: 8, daysAfterEvent: 0 }, { estimatedHours: 2, daysAfterEvent: 2 }];
    const due = scheduleTemplateTasks({ tasks, today: TODAY, eventDay: TODAY, estimatedDays: 30 });
    expect(due).toEqual([TODAY, TODAY, TODAY, "2026-06-03"]);
  });

  it("dates show-day work on the first show day and load-out after the last one (issue 33)", () => {
    const tasks = [...hours(4), { estimatedHours: 8, daysAfterEvent: 0 }, { estimatedHours: 8, daysAfterEvent: 1 }];
    const due = scheduleTemplateTasks({
      tasks,
      today: TODAY,
      eventDay: "2026-06-10",
      lastShowDay: "2026-06-11",
      estimatedDays: 30,
    });
    expect(due).toEqual(["2026-06-09", "2026-06-10", "2026-06-12"]);
  });

  it("gives tasks without an estimate a small share rather than none", () => {
    const due = scheduleTemplateTasks({
      tasks: hours(null, 0, 1),
      today: TODAY,
      eventDay: "2026-06-05",
      estimatedDays: 30,
    });
    expect(due).toEqual(["2026-06-01", "2026-06-02", "2026-06-04"]);
  });

  it("is not pushed a day late by floating-point sums", () => {
    // 0.5 + 0.7 is 1.2000000000000002; 1.2 / 1.8 of 9 days is exactly 6 days, not a hair over.
    const due = scheduleTemplateTasks({
      tasks: hours(0.5, 0.7, 0.6),
      today: TODAY,
      eventDay: "2026-06-10",
      estimatedDays: 30,
    });
    expect(due).toEqual(["2026-06-03", "2026-06-06", "2026-06-09"]);
  });

  it("crosses month and year ends on the calendar", () => {
    const due = scheduleTemplateTasks({
      tasks: hours(1, 1),
      today: "2026-12-30",
      eventDay: "2027-01-03",
      estimatedDays: 30,
    });
    expect(due).toEqual(["2026-12-31", "2027-01-02"]);
  });
});

describe("scheduleTemplateTasks for show-day and wrap tasks", () => {
  it("dates them from the event day, wherever they sit in the list", () => {
    const tasks = [
      { estimatedHours: 2, daysAfterEvent: 14 },
      { estimatedHours: 1 },
      { estimatedHours: 4, daysAfterEvent: 0 },
      { estimatedHours: 1 },
    ];
    const due = scheduleTemplateTasks({ tasks, today: TODAY, eventDay: "2026-06-05", estimatedDays: 30 });
    expect(due).toEqual(["2026-06-19", "2026-06-02", "2026-06-05", "2026-06-04"]);
  });

  it("schedules a selection of only wrap tasks", () => {
    const tasks = [
      { estimatedHours: 1, daysAfterEvent: 1 },
      { estimatedHours: 1, daysAfterEvent: 7 },
    ];
    const due = scheduleTemplateTasks({ tasks, today: TODAY, eventDay: "2026-07-01", estimatedDays: 30 });
    expect(due).toEqual(["2026-07-02", "2026-07-08"]);
  });
});

describe("scheduleTemplateTasks with a whole event template", () => {
  const conference = getTemplate("industry-conference")!;
  const eventDay = addDays(TODAY, 200);
  const due = scheduleTemplateTasks({
    tasks: conference.tasks,
    today: TODAY,
    eventDay,
    estimatedDays: conference.estimatedDays,
  });
  const prep = conference.tasks.flatMap((t, i) => (t.daysAfterEvent === undefined ? [{ task: t, due: due[i]! }] : []));

  it("keeps preparation inside the template's window before the event, in template order", () => {
    const windowStart = addDays(eventDay, -conference.estimatedDays);
    for (const { due: d } of prep) {
      expect(d >= windowStart && d < eventDay).toBe(true);
    }
    expect(prep.map((p) => p.due)).toEqual(prep.map((p) => p.due).sort());
    expect(prep[prep.length - 1].due).toBe(addDays(eventDay, -1));
  });

  it("leaves each task roughly its share of the time: no day carries a pile of work", () => {
    const totalHours = prep.reduce((s, p) => s + p.task.estimatedHours, 0);
    const hoursPerDay = totalHours / conference.estimatedDays;
    let previous = addDays(eventDay, -conference.estimatedDays - 1);
    for (const { task, due: d } of prep) {
      // The days since the previous deadline cover the task's hours at the plan's pace, give or take a day.
      expect(daysBetween(previous, d) + 1).toBeGreaterThanOrEqual(task.estimatedHours / hoursPerDay);
      previous = d;
    }
  });

  it("dates the show day and wrap from the event", () => {
    const pinned = conference.tasks.flatMap((t, i) =>
      t.daysAfterEvent === undefined ? [] : [[t.daysAfterEvent, due[i]]],
    );
    expect(pinned.length).toBeGreaterThan(0);
    for (const [offset, d] of pinned) expect(d).toBe(addDays(eventDay, offset as number));
  });
});

describe("planTemplateTasks", () => {
  const festival = getTemplate("music-festival")!;
  const eventDay = addDays(TODAY, 26);

  it("says a 180-day template does not fit 26 days, and compresses it when asked", () => {
    const plan = planTemplateTasks({
      tasks: festival.tasks,
      today: TODAY,
      eventDay,
      estimatedDays: festival.estimatedDays,
      mode: "compress",
    });
    expect(plan).toMatchObject({ daysLeft: 26, usualDays: 180, fits: false, mode: "compress" });
    expect(plan.tasks.every((t) => t.lateDays === 0 && t.dueDate! >= TODAY)).toBe(true);
    expect(plan.tasks.map((t) => t.dueDate)).toEqual(
      scheduleTemplateTasks({ tasks: festival.tasks, today: TODAY, eventDay, estimatedDays: festival.estimatedDays }),
    );
  });

  it("keeps the usual lead times when asked: what should have started is due today and late by the days lost", () => {
    const plan = planTemplateTasks({
      tasks: festival.tasks,
      today: TODAY,
      eventDay,
      estimatedDays: festival.estimatedDays,
      mode: "keep",
    });
    const licence = festival.tasks.findIndex((t) => t.title.startsWith("Apply for the event licence"));
    expect(plan.tasks[licence].dueDate).toBe(TODAY);
    expect(plan.tasks[licence].lateDays).toBeGreaterThan(100);
    const late = plan.tasks.filter((t) => t.lateDays > 0);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((t) => t.dueDate === TODAY)).toBe(true);
    // The last preparation task keeps its usual date, the day before the event.
    const prep = plan.tasks.filter((_, i) => festival.tasks[i].daysAfterEvent === undefined);
    expect(prep.at(-1)).toEqual({ dueDate: addDays(eventDay, -1), lateDays: 0 });
  });

  it("fits when the event is further away than the template's length; both modes then agree", () => {
    const far = addDays(TODAY, 200);
    const input = { tasks: festival.tasks, today: TODAY, eventDay: far, estimatedDays: festival.estimatedDays };
    const keep = planTemplateTasks({ ...input, mode: "keep" });
    expect(keep.fits).toBe(true);
    expect(keep.tasks).toEqual(planTemplateTasks({ ...input, mode: "compress" }).tasks);
    expect(keep.tasks.every((t) => t.lateDays === 0)).toBe(true);
  });

  it("dates nothing and calls it fitting without an event date", () => {
    const plan = planTemplateTasks({
      tasks: hours(1, 2),
      today: TODAY,
      eventDay: null,
      estimatedDays: 30,
      mode: "keep",
    });
    expect(plan).toEqual({
      daysLeft: null,
      usualDays: 30,
      fits: true,
      mode: "keep",
      tasks: [
        { dueDate: null, lateDays: 0 },
        { dueDate: null, lateDays: 0 },
      ],
    });
  });

  it("counts the whole days between a task's usual date and today", () => {
    // A 4-day plan for an event tomorrow starts 3 days ago: the first half is due 2 days ago, the second today.
    const plan = planTemplateTasks({
      tasks: hours(1, 1),
      today: TODAY,
      eventDay: addDays(TODAY, 1),
      estimatedDays: 4,
      mode: "keep",
    });
    expect(plan.tasks.map((t) => t.lateDays)).toEqual([2, 0]);
    expect(daysBetween(TODAY, plan.tasks[1].dueDate!)).toBe(0);
  });
});

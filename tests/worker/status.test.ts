import { beforeEach, describe, expect, it } from "vitest";
import { call, localDate, newTask, setWorkspace, shiftDate, signUp, type Account } from "./helpers";

interface Stats {
  totalTasks: number;
  completedTasks: number;
  overdueTasks: number;
  dueTodayTasks: number;
  completionPercentage: number;
  daysToEvent: number | null;
}

let owner: Account;
beforeEach(async () => {
  owner = await signUp();
});

async function stats(account = owner) {
  const res = await call("/api/status", { token: account.token });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as Stats;
}

function daysFromTo(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

describe("GET /api/status", () => {
  it("answers zeros and no event for a new workspace", async () => {
    expect(await stats()).toEqual({
      totalTasks: 0,
      completedTasks: 0,
      overdueTasks: 0,
      dueTodayTasks: 0,
      completionPercentage: 0,
      daysToEvent: null,
    });
  });

  it("counts totals, completed, overdue and due today", async () => {
    const today = localDate(new Date(), "UTC");
    await newTask(owner.token, { title: "Overdue yesterday", dueDate: shiftDate(today, -1) });
    await newTask(owner.token, { title: "Overdue last week", dueDate: `${shiftDate(today, -5)}T09:00`, status: "in_progress" });
    await newTask(owner.token, { title: "Done yesterday", dueDate: shiftDate(today, -1), status: "completed" });
    await newTask(owner.token, { title: "Due today", dueDate: today });
    await newTask(owner.token, { title: "Due tonight", dueDate: `${today}T23:59` });
    await newTask(owner.token, { title: "Done today", dueDate: `${today}T08:00`, status: "completed" });
    await newTask(owner.token, { title: "Due tomorrow", dueDate: shiftDate(today, 1) });
    await newTask(owner.token, { title: "Undated" });

    expect(await stats()).toEqual({
      totalTasks: 8,
      completedTasks: 2,
      overdueTasks: 2,
      dueTodayTasks: 2,
      completionPercentage: 25,
      daysToEvent: null,
    });
  });

  it("follows status changes and deletions", async () => {
    const today = localDate(new Date(), "UTC");
    const late = await newTask(owner.token, { title: "Late", dueDate: shiftDate(today, -2) });
    expect((await stats()).overdueTasks).toBe(1);
    await call(`/api/tasks/${late.id}`, { method: "PUT", token: owner.token, json: { status: "completed" } });
    expect(await stats()).toMatchObject({ overdueTasks: 0, completedTasks: 1, completionPercentage: 100 });
    await call(`/api/tasks/${late.id}`, { method: "DELETE", token: owner.token });
    expect(await stats()).toMatchObject({ totalTasks: 0, completedTasks: 0, completionPercentage: 0 });
  });

  it("rounds the completion percentage to a whole number", async () => {
    const a = await newTask(owner.token, { title: "One" });
    await newTask(owner.token, { title: "Two" });
    await newTask(owner.token, { title: "Three", status: "completed" });
    expect((await stats()).completionPercentage).toBe(33);
    await call(`/api/tasks/${a.id}`, { method: "PUT", token: owner.token, json: { status: "completed" } });
    expect((await stats()).completionPercentage).toBe(67);
  });

  it("decides overdue and due today by the workspace's timezone", async () => {
    // UTC+14 and UTC-11 are always on different calendar days, whatever the time now.
    const now = new Date();
    const kiritimatiToday = localDate(now, "Pacific/Kiritimati");
    const pagoPagoToday = localDate(now, "Pacific/Pago_Pago");
    expect(kiritimatiToday > pagoPagoToday).toBe(true);
    await newTask(owner.token, { title: "Due Kiritimati today", dueDate: kiritimatiToday });
    await newTask(owner.token, { title: "Due Pago Pago today", dueDate: `${pagoPagoToday}T12:00` });

    await setWorkspace(owner.user.id, { timezone: "Pacific/Kiritimati" });
    expect(await stats()).toMatchObject({ dueTodayTasks: 1, overdueTasks: 1 });

    await setWorkspace(owner.user.id, { timezone: "Pacific/Pago_Pago" });
    expect(await stats()).toMatchObject({ dueTodayTasks: 1, overdueTasks: 0 });
  });

  it("counts days to the event in the workspace's timezone", async () => {
    const day = 86_400_000;
    const now = Date.now();
    await setWorkspace(owner.user.id, { eventDate: new Date(now + 10 * day).toISOString() });
    expect((await stats()).daysToEvent).toBe(10);

    await setWorkspace(owner.user.id, { eventDate: new Date(now + 60_000).toISOString() });
    expect((await stats()).daysToEvent).toBe(daysFromTo(localDate(new Date(), "UTC"), localDate(new Date(now + 60_000), "UTC")));

    await setWorkspace(owner.user.id, { eventDate: new Date(now - 3 * day).toISOString() });
    expect((await stats()).daysToEvent).toBe(-3);

    // An evening start in UTC is already the next day at UTC+14.
    const utcToday = localDate(new Date(now), "UTC");
    const event = new Date(`${shiftDate(utcToday, 5)}T23:30:00.000Z`);
    await setWorkspace(owner.user.id, { eventDate: event.toISOString(), timezone: "Pacific/Kiritimati" });
    const tz = "Pacific/Kiritimati";
    const expected = daysFromTo(localDate(new Date(), tz), localDate(event, tz));
    expect(localDate(event, tz)).toBe(shiftDate(utcToday, 6));
    expect((await stats()).daysToEvent).toBe(expected);

    await setWorkspace(owner.user.id, { eventDate: null });
    expect((await stats()).daysToEvent).toBeNull();
  });

  it("counts only the caller's workspace", async () => {
    const other = await signUp("Other Producer");
    await newTask(other.token, { title: "Theirs", status: "completed" });
    await newTask(owner.token, { title: "Mine" });
    expect(await stats()).toMatchObject({ totalTasks: 1, completedTasks: 0 });
    expect(await stats(other)).toMatchObject({ totalTasks: 1, completedTasks: 1 });
  });
});

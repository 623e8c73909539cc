import { describe, expect, it } from "vitest";
import { composeDailyDigest, isDigestDue, type DigestSchedule, type DigestTask } from "./digest";

const schedule = (overrides: Partial<DigestSchedule> = {}): DigestSchedule => ({
  enabled: true,
  channel: "#production",
  time: "09:00",
  timezone: "UTC",
  lastDate: null,
  ...overrides,
});

describe("isDigestDue", () => {
  it("is due from the local digest time on, once per local day", () => {
    expect(isDigestDue(schedule(), new Date("2026-06-10T08:59:00Z"))).toEqual({
      due: false,
      localDate: "2026-06-10",
      reason: "not_yet",
    });
    expect(isDigestDue(schedule(), new Date("2026-06-10T09:00:00Z"))).toEqual({ due: true, localDate: "2026-06-10" });
    expect(isDigestDue(schedule(), new Date("2026-06-10T23:45:00Z"))).toEqual({ due: true, localDate: "2026-06-10" });
    expect(isDigestDue(schedule({ lastDate: "2026-06-10" }), new Date("2026-06-10T12:00:00Z"))).toMatchObject({
      due: false,
      reason: "already_sent",
    });
    expect(isDigestDue(schedule({ lastDate: "2026-06-09" }), new Date("2026-06-10T12:00:00Z"))).toMatchObject({
      due: true,
    });
  });

  it("needs the digest switched on and a channel", () => {
    const noon = new Date("2026-06-10T12:00:00Z");
    expect(isDigestDue(schedule({ enabled: false }), noon)).toMatchObject({ due: false, reason: "disabled" });
    expect(isDigestDue(schedule({ channel: null }), noon)).toMatchObject({ due: false, reason: "no_channel" });
  });

  it("reads the time and the day in the workspace timezone", () => {
    const tokyo = schedule({ timezone: "Asia/Tokyo" });
    // 23:50 UTC on the 9th is 08:50 on the 10th in Tokyo; 00:00 UTC is 09:00 there.
    expect(isDigestDue(tokyo, new Date("2026-06-09T23:50:00Z"))).toMatchObject({ due: false, localDate: "2026-06-10" });
    expect(isDigestDue(tokyo, new Date("2026-06-10T00:00:00Z"))).toEqual({ due: true, localDate: "2026-06-10" });
    // Half-hour offsets work with the quarter-hour cron: 03:30 UTC is 09:00 in Kolkata.
    expect(isDigestDue(schedule({ timezone: "Asia/Kolkata" }), new Date("2026-06-10T03:30:00Z"))).toMatchObject({
      due: true,
    });
  });

  it("follows the local clock across the spring-forward change (New York, 8 March 2026)", () => {
    const ny = schedule({ timezone: "America/New_York" });
    // The day before: EST, 09:00 is 14:00 UTC.
    expect(isDigestDue(ny, new Date("2026-03-07T13:45:00Z"))).toMatchObject({ due: false });
    expect(isDigestDue(ny, new Date("2026-03-07T14:00:00Z"))).toEqual({ due: true, localDate: "2026-03-07" });
    // The change day: EDT, 09:00 is 13:00 UTC, an hour earlier in UTC.
    expect(isDigestDue(ny, new Date("2026-03-08T12:45:00Z"))).toMatchObject({ due: false });
    expect(isDigestDue(ny, new Date("2026-03-08T13:00:00Z"))).toEqual({ due: true, localDate: "2026-03-08" });
  });

  it("sends a digest set inside the skipped hour at the first run after the jump", () => {
    const ny = schedule({ timezone: "America/New_York", time: "02:30" });
    // 06:45 UTC is 01:45 EST; 07:00 UTC is 03:00 EDT (02:00–02:59 never happens that night).
    expect(isDigestDue(ny, new Date("2026-03-08T06:45:00Z"))).toMatchObject({ due: false, reason: "not_yet" });
    expect(isDigestDue(ny, new Date("2026-03-08T07:00:00Z"))).toEqual({ due: true, localDate: "2026-03-08" });
  });

  it("does not send twice in the repeated hour of the fall-back change (Berlin, 25 October 2026)", () => {
    const berlin = schedule({ timezone: "Europe/Berlin", time: "02:30" });
    // 00:30 UTC is 02:30 CEST, the first time round; 01:30 UTC is 02:30 CET, the second.
    const first = isDigestDue(berlin, new Date("2026-10-25T00:30:00Z"));
    expect(first).toEqual({ due: true, localDate: "2026-10-25" });
    expect(isDigestDue({ ...berlin, lastDate: first.localDate }, new Date("2026-10-25T01:30:00Z"))).toMatchObject({
      due: false,
      reason: "already_sent",
    });
  });
});

let seq = 0;
const task = (overrides: Partial<DigestTask>): DigestTask => ({
  id: `t${++seq}`,
  title: `Task ${seq}`,
  status: "pending",
  priority: "medium",
  dueDate: null,
  assigneeName: "Sam",
  createdAt: `2026-06-01T00:00:${String(seq).padStart(2, "0")}.000Z`,
  ...overrides,
});

describe("composeDailyDigest", () => {
  const now = new Date("2026-06-10T09:00:00Z");
  const compose = (tasks: DigestTask[], extra: { timezone?: string; eventDate?: string | null; now?: Date } = {}) =>
    composeDailyDigest({
      tasks,
      now: extra.now ?? now,
      timezone: extra.timezone ?? "UTC",
      workspaceName: "Summer Fest",
      eventDate: extra.eventDate ?? null,
    });

  it("splits open tasks into overdue, due today and the next seven days, most urgent first", () => {
    const digest = compose([
      task({ title: "Old", dueDate: "2026-06-01" }),
      task({ title: "Yesterday critical", dueDate: "2026-06-09", priority: "critical" }),
      task({ title: "Today 17:00", dueDate: "2026-06-10T17:00" }),
      task({ title: "Today", dueDate: "2026-06-10", priority: "high" }),
      task({ title: "In a week", dueDate: "2026-06-17" }),
      task({ title: "Eight days", dueDate: "2026-06-18" }),
      task({ title: "Tomorrow", dueDate: "2026-06-11" }),
      task({ title: "Undated" }),
      task({ title: "Done late", dueDate: "2026-06-01", status: "completed" }),
    ]);
    expect(digest.localDate).toBe("2026-06-10");
    expect(digest.overdue.map((i) => [i.task.title, i.note])).toEqual([
      ["Old", "9 days overdue"],
      ["Yesterday critical", "1 day overdue"],
    ]);
    expect(digest.dueToday.map((i) => i.task.title)).toEqual(["Today", "Today 17:00"]);
    expect(digest.upcoming.map((i) => i.task.title)).toEqual(["Tomorrow", "In a week"]);
    expect(digest.openCount).toBe(8);
  });

  it("uses the workspace's local day", () => {
    // 13:00 UTC on the 10th is already 01:00 on the 11th in Auckland.
    const digest = compose([task({ title: "Due the 10th", dueDate: "2026-06-10" })], {
      timezone: "Pacific/Auckland",
      now: new Date("2026-06-10T13:00:00Z"),
    });
    expect(digest.localDate).toBe("2026-06-11");
    expect(digest.overdue.map((i) => i.task.title)).toEqual(["Due the 10th"]);
  });

  it("lists at-risk tasks with their reasons, but not the ones already listed as overdue", () => {
    const digest = compose(
      [
        task({ title: "Unowned critical", priority: "critical", assigneeName: null, dueDate: "2026-06-12" }),
        task({ title: "After the show", dueDate: "2026-06-20" }),
        task({ title: "Late and unowned", priority: "high", assigneeName: null, dueDate: "2026-06-01" }),
      ],
      { eventDate: "2026-06-15T18:00:00Z" },
    );
    expect(digest.atRisk.map((i) => [i.task.title, i.note])).toEqual([
      ["Unowned critical", "Due in 2 days, critical priority, not started; Critical priority and unassigned"],
      ["After the show", "Due 5 days after the event"],
    ]);
  });

  it("leaves out of 'At risk' the risks acknowledged while their task is unchanged (ADR 036)", () => {
    const edited = "2026-06-09T10:00:00.000Z";
    const tasks = [
      task({
        id: "unowned",
        title: "Unowned critical",
        priority: "critical",
        assigneeName: null,
        dueDate: "2026-06-12",
        updatedAt: edited,
      }),
      task({ id: "after", title: "After the show", dueDate: "2026-06-20", updatedAt: "2026-06-10T08:00:00.000Z" }),
    ];
    const digest = composeDailyDigest({
      tasks,
      now,
      timezone: "UTC",
      workspaceName: "Summer Fest",
      eventDate: "2026-06-15T18:00:00Z",
      acknowledgements: [
        { taskId: "unowned", taskUpdatedAt: edited, riskKinds: ["due_soon", "unassigned"], acknowledgedAt: edited },
        // Edited after it was acknowledged: listed again.
        { taskId: "after", taskUpdatedAt: edited, riskKinds: ["after_event"], acknowledgedAt: edited },
      ],
    });
    expect(digest.atRisk.map((i) => i.task.title)).toEqual(["After the show"]);
  });

  it("is empty, not missing, for a quiet workspace", () => {
    expect(compose([])).toEqual({
      localDate: "2026-06-10",
      workspaceName: "Summer Fest",
      overdue: [],
      dueToday: [],
      upcoming: [],
      atRisk: [],
      cuesNotReady: [],
      openCount: 0,
    });
  });
});

import { describe, expect, it } from "vitest";
import { call, db, expectError, newTask, setWorkspace, signUp, workspaceIdOf, type Account } from "./helpers";

/** The run of show (issue 17): `/api/show` and the cue writes. */

interface ShowJson {
  day: string;
  cues: Array<Record<string, any>>;
  conflicts: Array<Record<string, any>>;
  plannedEnd: string | null;
  days: Array<{ day: string; kind: string }>;
}

async function getShow(account: Account, query = "") {
  const res = await call(`/api/show${query}`, { token: account.token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ShowJson;
}

/** Inserts a cue row straight into D1 (arranging state without the write API). */
async function insertCue(
  account: Account,
  values: {
    id: string;
    day: string;
    position: number;
    title: string;
    start?: string | null;
    duration: number;
    timing: "fixed" | "flexible";
  },
) {
  const workspaceId = await workspaceIdOf(account.user.id);
  const now = new Date().toISOString();
  await db()
    .prepare(
      "INSERT INTO cues (id, workspace_id, day, position, title, start, duration_seconds, timing, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(
      values.id,
      workspaceId,
      values.day,
      values.position,
      values.title,
      values.start ?? null,
      values.duration,
      values.timing,
      now,
      now,
    )
    .run();
  return workspaceId;
}

describe("GET /api/show", () => {
  it("plans a day's cues with their linked tasks and the event's days", async () => {
    const owner = await signUp("Maria Lopez");
    await setWorkspace(owner.user.id, { timezone: "Europe/Berlin", eventDate: "2026-06-06T16:00:00.000Z" });
    const workspaceId = await insertCue(owner, {
      id: `doors-${owner.user.id}`,
      day: "2026-06-06",
      position: 1,
      title: "Doors",
      start: "18:00",
      duration: 1800,
      timing: "fixed",
    });
    await insertCue(owner, {
      id: `walkin-${owner.user.id}`,
      day: "2026-06-06",
      position: 2,
      title: "Walk-in music",
      duration: 900,
      timing: "flexible",
    });
    const task = await newTask(owner.token, { title: "Clear the walk-in playlist" });
    await db()
      .prepare("INSERT INTO cue_tasks (workspace_id, cue_id, task_id) VALUES (?, ?, ?)")
      .bind(workspaceId, `walkin-${owner.user.id}`, task.id)
      .run();

    const show = await getShow(owner);
    expect(show.day).toBe("2026-06-06");
    expect(show.days).toEqual([{ day: "2026-06-06", kind: "show" }]);
    expect(show.cues.map((c) => [c.title, c.plannedStart, c.plannedEnd, c.ready, c.taskIds])).toEqual([
      ["Doors", "2026-06-06T16:00:00.000Z", "2026-06-06T16:30:00.000Z", true, []],
      ["Walk-in music", "2026-06-06T16:30:00.000Z", "2026-06-06T16:45:00.000Z", false, [task.id]],
    ]);
    expect(show.plannedEnd).toBe("2026-06-06T16:45:00.000Z");
    expect(Object.keys(show.cues[0]).sort()).toEqual([
      "assigneeId",
      "assigneeName",
      "department",
      "duration",
      "id",
      "notes",
      "plannedEnd",
      "plannedStart",
      "ready",
      "start",
      "taskIds",
      "timing",
      "title",
    ]);
    // Another workspace sees none of it.
    const other = await signUp("Sam Okafor");
    expect((await getShow(other, "?day=2026-06-06")).cues).toEqual([]);
  });

  it("refuses a day that is not a date with fieldErrors", async () => {
    const owner = await signUp("Maria Lopez");
    for (const day of ["2026-02-30", "tomorrow"]) {
      const body = await expectError(await call(`/api/show?day=${day}`, { token: owner.token }), 400);
      expect(body.fieldErrors?.day).toBeDefined();
    }
    await expectError(await call("/api/show"), 401);
  });
});

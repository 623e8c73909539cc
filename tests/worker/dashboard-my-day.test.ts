import { describe, expect, it } from "vitest";
import { MY_DAY_LIMIT } from "~/domain/my-day";
import { getMyDay } from "~/services/dashboard.server";
import {
  actorCtxOf,
  call,
  expectError,
  newTask,
  db,
  localDate,
  setWorkspace,
  shiftDate,
  signUp,
  workspaceIdOf,
} from "./helpers";

describe("what needs me today", () => {
  it("lists only the viewer's own open tasks, a handful per section with the count of all", async () => {
    const now = new Date();
    const today = localDate(now, "UTC");
    const day = (offset: number) => shiftDate(today, offset);
    const maria = await signUp("Maria Lopez");
    const sam = await signUp("Sam Okafor");
    const workspaceId = await workspaceIdOf(maria.user.id);
    // Sam joins Maria's workspace (as an accepted invitation would).
    await db()
      .prepare("INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, 'member', ?)")
      .bind(workspaceId, sam.user.id, now.toISOString())
      .run();
    await setWorkspace(maria.user.id, { eventDate: `${day(20)}T18:00:00.000Z` });

    const mine = (title: string, dueDate: string, extra: Record<string, unknown> = {}) =>
      newTask(maria.token, { title, dueDate, assigneeId: maria.user.id, ...extra });
    for (let i = 1; i <= MY_DAY_LIMIT + 2; i++) await mine(`Overdue ${i}`, day(-i));
    await mine("Due today", day(0));
    await mine("Done already", day(-3), { status: "completed" });
    await mine("After the show", day(30));
    await newTask(maria.token, { title: "Sam's overdue", dueDate: day(-1), assigneeId: sam.user.id });
    await newTask(maria.token, { title: "Vendor's overdue", dueDate: day(-1), assigneeName: "Dev Patel" });
    await newTask(maria.token, { title: "Nobody's overdue", dueDate: day(-1) });

    const myDay = await getMyDay(await actorCtxOf(maria, { now }));
    expect(myDay.overdue.total).toBe(MY_DAY_LIMIT + 2);
    expect(myDay.overdue.tasks.map((t) => t.title)).toEqual(
      Array.from({ length: MY_DAY_LIMIT }, (_, i) => `Overdue ${MY_DAY_LIMIT + 2 - i}`),
    );
    expect(myDay.dueToday).toMatchObject({ total: 1, tasks: [{ title: "Due today" }] });
    expect(myDay.atRisk.tasks.map((t) => t.title)).toEqual(["After the show"]);
    expect(myDay.atRisk.tasks[0].reason).toMatch(/after the event/);

    // Sam, in the same workspace, sees only his.
    const ctx = await actorCtxOf(maria, { now });
    const asSam = {
      ...ctx.actor,
      user: { ...ctx.actor.user, id: sam.user.id, name: "Sam Okafor" },
      role: "member" as const,
    };
    const samDay = await getMyDay({ ...ctx, actor: asSam });
    expect(samDay.overdue).toEqual({ total: 1, tasks: [expect.objectContaining({ title: "Sam's overdue" })] });
    expect(samDay.dueToday.total + samDay.atRisk.total).toBe(0);
  });

  it("is the caller's on GET /api/my-day, and nobody's without a session", async () => {
    const maria = await signUp("Maria Lopez");
    await newTask(maria.token, { title: "Confirm the medics", dueDate: "2020-01-01", assigneeId: maria.user.id });
    const res = await call("/api/my-day", { token: maria.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ overdue: { total: 1, tasks: [{ title: "Confirm the medics" }] } });
    await expectError(await call("/api/my-day"), 401);
  });

  it("is on the dashboard, under the countdown", async () => {
    const maria = await signUp("Maria Lopez");
    await newTask(maria.token, { title: "Confirm the medics", dueDate: "2020-01-01", assigneeId: maria.user.id });
    const html = await (await call("/dashboard", { token: maria.token })).text();
    expect(html.indexOf("Project Progress")).toBeLessThan(html.indexOf("What needs me today"));
    expect(html.indexOf("What needs me today")).toBeLessThan(html.indexOf("Recent Tasks"));
    expect(html).toContain("Confirm the medics");
  });
});

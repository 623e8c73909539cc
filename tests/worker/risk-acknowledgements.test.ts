import { describe, expect, it } from "vitest";
import {
  call,
  db,
  expectError,
  listTasks,
  localDate,
  newTask,
  postForm,
  setWorkspace,
  shiftDate,
  signUp,
  updateTask,
  type Account,
  type TaskJson,
} from "./helpers";

/** Risks you can acknowledge (ADR 036): the API, the page's forms and the rule every reader of risks applies. */

const today = () => localDate(new Date(), "UTC");

interface RiskReport {
  total: number;
  risks: Array<{ task: TaskJson; reasons: Array<{ kind: string; reason: string }> }>;
  acknowledgedTotal: number;
  acknowledged: Array<{
    task: TaskJson;
    reasons: Array<{ kind: string; reason: string }>;
    acknowledgedBy: { id: string | null; name: string | null };
    acknowledgedAt: string;
  }>;
}

/** An event in 20 days; "Hire security" (high, unassigned, due in 12 days), "Book the hotel" (overdue), one fine. */
async function seed(owner: Account) {
  const t = today();
  await setWorkspace(owner.user.id, { eventDate: `${shiftDate(t, 20)}T18:00:00.000Z` });
  const security = await newTask(owner.token, { title: "Hire security", priority: "high", dueDate: shiftDate(t, 12) });
  const hotel = await newTask(owner.token, {
    title: "Book the hotel",
    priority: "low",
    dueDate: shiftDate(t, -6),
    assigneeName: "Sam",
  });
  const fine = await newTask(owner.token, {
    title: "Order flowers",
    priority: "low",
    dueDate: shiftDate(t, 10),
    assigneeName: "Sam",
  });
  return { security, hotel, fine };
}

const acknowledge = (account: Account, taskId: string, now?: Date) =>
  call(`/api/risks/${taskId}/acknowledge`, { method: "POST", token: account.token, now });
const showAgain = (account: Account, taskId: string) =>
  call(`/api/risks/${taskId}/acknowledge`, { method: "DELETE", token: account.token });

async function riskReport(account: Account, now?: Date) {
  const res = await call("/api/risks", { token: account.token, now });
  expect(res.status).toBe(200);
  return (await res.json()) as RiskReport;
}

describe("POST /api/risks/{taskId}/acknowledge", () => {
  it("hides the task's risk from the report, risk=1, the dashboard's count and the plan, with who and when", async () => {
    const owner = await signUp("Maria Lopez");
    const { security, hotel } = await seed(owner);
    expect((await riskReport(owner)).total).toBe(2);

    const res = await acknowledge(owner, security.id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as RiskReport["acknowledged"][number];
    expect(body).toMatchObject({
      task: { id: security.id, title: "Hire security" },
      reasons: [{ kind: "unassigned", reason: "High priority and unassigned" }],
      acknowledgedBy: { id: owner.user.id, name: "Maria Lopez" },
    });

    const report = await riskReport(owner);
    expect(report.total).toBe(1);
    expect(report.risks.map((r) => r.task.id)).toEqual([hotel.id]);
    expect(report.acknowledgedTotal).toBe(1);
    expect(report.acknowledged).toEqual([
      {
        task: expect.objectContaining({ id: security.id }),
        reasons: [{ kind: "unassigned", reason: "High priority and unassigned" }],
        acknowledgedBy: { id: owner.user.id, name: "Maria Lopez" },
        acknowledgedAt: body.acknowledgedAt,
      },
    ]);
    expect((await listTasks(owner.token, "?risk=1")).map((t) => t.id)).toEqual([hotel.id]);
    const plan = (await (await call("/api/plan", { token: owner.token })).json()) as Record<string, any>;
    expect(plan.riskCount).toBe(1);
    expect(plan.acknowledgedRisks).toMatchObject({
      total: 1,
      risks: [
        {
          id: security.id,
          title: "Hire security",
          acknowledged: expect.stringMatching(/^Acknowledged by Maria Lopez, /),
        },
      ],
    });

    // Asking again answers the acknowledgement as it stands.
    const again = await acknowledge(owner, security.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ acknowledgedAt: body.acknowledgedAt });
  });

  it("moves the workspace's version on, so a kept answer is not reused", async () => {
    const owner = await signUp();
    const { security } = await seed(owner);
    const first = await call("/api/risks", { token: owner.token });
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await call("/api/risks", { token: owner.token, headers: { "If-None-Match": etag! } })).status).toBe(304);
    await acknowledge(owner, security.id);
    const after = await call("/api/risks", { token: owner.token, headers: { "If-None-Match": etag! } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as RiskReport).acknowledgedTotal).toBe(1);
  });

  it("shows the risk again once the task is edited", async () => {
    const owner = await signUp();
    const { security } = await seed(owner);
    await acknowledge(owner, security.id);
    expect((await riskReport(owner)).acknowledgedTotal).toBe(1);

    const edited = await updateTask(owner.token, security.id, { description: "Two guards per gate" });
    expect(edited.res.status).toBe(200);
    const report = await riskReport(owner);
    expect(report.acknowledgedTotal).toBe(0);
    expect(report.risks.map((r) => r.task.id)).toContain(security.id);
    // The edit removed the acknowledgement itself: nothing is left to show again.
    await expectError(await showAgain(owner, security.id), 404);
    const rows = await db()
      .prepare("SELECT count(*) AS n FROM risk_acknowledgements WHERE task_id = ?")
      .bind(security.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("shows the risk again when a new kind of reason appears, not when a reason only reads differently", async () => {
    const owner = await signUp();
    const { security, hotel } = await seed(owner);
    await acknowledge(owner, security.id);
    await acknowledge(owner, hotel.id);
    // A day later the hotel is overdue by 7 days, not 6: the same kind of reason, still hidden.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect((await riskReport(owner, tomorrow)).risks).toEqual([]);
    // Ten days later security is due in two days and not started: a new reason, shown with both.
    const later = new Date(Date.now() + 10 * 86_400_000);
    const report = await riskReport(owner, later);
    expect(report.risks.map((r) => [r.task.id, r.reasons.map((x) => x.kind)])).toEqual([
      [security.id, ["due_soon", "unassigned"]],
    ]);
    expect(report.acknowledged.map((a) => a.task.id)).toEqual([hotel.id]);
  });

  it("refuses unknown ids, other workspaces' tasks and tasks not at risk with a JSON error", async () => {
    const owner = await signUp();
    const { security, fine } = await seed(owner);
    const other = await signUp("Sam Other");

    expect((await expectError(await acknowledge(owner, "no-such-task"), 404)).error).toBe("Task not found");
    expect((await expectError(await acknowledge(other, security.id), 404)).error).toBe("Task not found");
    expect((await expectError(await showAgain(other, security.id), 404)).error).toBe("Task not found");
    expect((await expectError(await acknowledge(owner, fine.id), 409)).error).toBe(
      "This task is not at risk, so there is nothing to acknowledge",
    );
    expect((await expectError(await showAgain(owner, security.id), 404)).error).toBe(
      "This task's risk is not acknowledged",
    );
    const wrongMethod = await call(`/api/risks/${security.id}/acknowledge`, { method: "PUT", token: owner.token });
    await expectError(wrongMethod, 405);
    // The other workspace's attempt changed nothing.
    expect((await riskReport(owner)).acknowledgedTotal).toBe(0);
  });
});

describe("DELETE /api/risks/{taskId}/acknowledge", () => {
  it("shows the risk again for everyone", async () => {
    const owner = await signUp();
    const { security } = await seed(owner);
    await acknowledge(owner, security.id);
    const res = await showAgain(owner, security.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      task: { id: security.id },
      reasons: [{ kind: "unassigned", reason: "High priority and unassigned" }],
    });
    const report = await riskReport(owner);
    expect(report.acknowledgedTotal).toBe(0);
    expect(report.risks.map((r) => r.task.id)).toContain(security.id);
  });
});

describe("the Risks card's forms without JavaScript", () => {
  it("acknowledges and shows again with plain posts, and the dashboard says who and when", async () => {
    const owner = await signUp("Maria Lopez");
    const { security } = await seed(owner);
    const page = async () => (await call("/dashboard", { token: owner.token })).text();
    expect(await page()).toContain('<input type="hidden" name="intent" value="acknowledge-risk"/>');

    const acknowledged = await postForm(owner.token, "/dashboard", [
      ["intent", "acknowledge-risk"],
      ["taskId", security.id],
    ]);
    expect(acknowledged.status).toBe(303);
    expect(acknowledged.headers.get("location")).toBe("/dashboard");
    const html = await page();
    expect(html).toContain("1 acknowledged");
    expect(html).toContain("Acknowledged by Maria Lopez, ");
    expect(html).toContain("Show again");

    const shown = await postForm(owner.token, "/dashboard", [
      ["intent", "show-risk-again"],
      ["taskId", security.id],
    ]);
    expect(shown.status).toBe(303);
    expect(await page()).not.toContain("1 acknowledged");
  });

  it("refuses another workspace's task with a toast, changing nothing", async () => {
    const owner = await signUp();
    const { security } = await seed(owner);
    const intruder = await signUp("Sam Other");
    const res = await postForm(intruder.token, "/dashboard", [
      ["intent", "acknowledge-risk"],
      ["taskId", security.id],
    ]);
    expect(res.status).toBe(303);
    expect((await riskReport(owner)).acknowledgedTotal).toBe(0);
  });
});

describe("Move date to a chosen date", () => {
  it("moves earlier or later through the bulk action, undoably, and refuses a date that is not real", async () => {
    const owner = await signUp();
    const t = today();
    const { hotel } = await seed(owner);
    const timed = await newTask(owner.token, { title: "Sound check", dueDate: `${shiftDate(t, 5)}T14:30` });

    const later = await call("/api/tasks/bulk", {
      method: "POST",
      token: owner.token,
      json: { action: "move", ids: [hotel.id, timed.id], to: shiftDate(t, 3) },
    });
    expect(later.status).toBe(200);
    const { undo } = (await later.json()) as { undo: { at: string } };
    const dueOf = async (id: string) =>
      ((await (await call(`/api/tasks/${id}`, { token: owner.token })).json()) as TaskJson).dueDate;
    expect(await dueOf(hotel.id)).toBe(shiftDate(t, 3));
    // The time of day stays.
    expect(await dueOf(timed.id)).toBe(`${shiftDate(t, 3)}T14:30`);
    // No longer overdue: it leaves the risks.
    expect((await listTasks(owner.token, "?risk=1")).map((x) => x.id)).not.toContain(hotel.id);

    const undone = await call("/api/tasks/undo", { method: "POST", token: owner.token, json: undo });
    expect(undone.status).toBe(200);
    expect(await dueOf(hotel.id)).toBe(shiftDate(t, -6));

    // Earlier is allowed too, through the page's form (the Risks card sends its preset days with the date).
    const earlier = await postForm(owner.token, "/dashboard", [
      ["intent", "bulk"],
      ["action", "move"],
      ["ids", timed.id],
      ["days", "1"],
      ["to", shiftDate(t, 1)],
    ]);
    expect(earlier.status).toBe(303);
    expect(await dueOf(timed.id)).toBe(`${shiftDate(t, 1)}T14:30`);

    const bad = await call("/api/tasks/bulk", {
      method: "POST",
      token: owner.token,
      json: { action: "move", ids: [hotel.id], to: "2026-02-30" },
    });
    expect((await expectError(bad, 400)).fieldErrors?.to).toEqual(["Choose a real date to move to (YYYY-MM-DD)"]);
  });
});

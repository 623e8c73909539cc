import { describe, expect, it } from "vitest";
import { call, db, expectError, signUp } from "./helpers";

const sessionId = () => crypto.randomUUID();

function pageVisit(body: unknown, init: { token?: string; headers?: Record<string, string> } = {}) {
  return call("/api/crm/page-visit", { method: "POST", json: body, ...init });
}

function activity(body: unknown, init: { token?: string; headers?: Record<string, string> } = {}) {
  return call("/api/crm/user-activity", { method: "POST", json: body, ...init });
}

describe("POST /api/crm/page-visit", () => {
  it("records a signed-out visit with no user: 204", async () => {
    const id = sessionId();
    const res = await pageVisit({ page: "/landing", sessionId: id });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const row = await db().prepare("SELECT page, user_id FROM page_visits WHERE session_id = ?").bind(id).first();
    expect(row).toEqual({ page: "/landing", user_id: null });
  });

  it("records the user with a session, and only the path of the page", async () => {
    const account = await signUp();
    const id = sessionId();
    expect((await pageVisit({ page: "/tasks?token=secret#top", sessionId: id }, { token: account.token })).status).toBe(
      204,
    );
    const row = await db().prepare("SELECT page, user_id FROM page_visits WHERE session_id = ?").bind(id).first();
    expect(row).toEqual({ page: "/tasks", user_id: account.user.id });
  });

  it.each([
    [{ page: "/", sessionId: "bad id" }, "sessionId"],
    [{ page: "/", sessionId: "x".repeat(101) }, "sessionId"],
    [{ page: "/" }, "sessionId"],
    [{ page: "https://evil.example/", sessionId: "abcdefgh" }, "page"],
    [{ page: `/${"p".repeat(200)}`, sessionId: "abcdefgh" }, "page"],
    [{ page: 42, sessionId: "abcdefgh" }, "page"],
  ])("refuses %j with a 400 naming the field", async (body, field) => {
    const error = await expectError(await pageVisit(body), 400);
    expect(Object.keys(error.fieldErrors ?? {})).toContain(field);
  });

  it("refuses a body that is not JSON (415) or not an object (400), a GET (405) and a cross-site post (403)", async () => {
    await expectError(
      await call("/api/crm/page-visit", { method: "POST", body: "page=/", headers: { "content-type": "text/plain" } }),
      415,
    );
    await expectError(await pageVisit(["/"]), 400);
    await expectError(await call("/api/crm/page-visit"), 405);
    await expectError(
      await pageVisit({ page: "/", sessionId: sessionId() }, { headers: { origin: "https://evil.example" } }),
      403,
    );
  });
});

describe("POST /api/crm/user-activity", () => {
  it("needs a session: 401", async () => {
    await expectError(await activity({ activityType: "task_created", page: "/tasks", sessionId: sessionId() }), 401);
  });

  it("records the activity with the user, the account kind and the data: 204", async () => {
    const account = await signUp();
    const id = sessionId();
    const res = await activity(
      {
        activityType: "task_created",
        activityData: { event: "task_created", priority: "high" },
        page: "/tasks",
        sessionId: id,
      },
      { token: account.token },
    );
    expect(res.status).toBe(204);
    const row = await db()
      .prepare(
        "SELECT activity_type, user_id, user_type, page, activity_data FROM user_activities WHERE session_id = ?",
      )
      .bind(id)
      .first();
    expect(row).toEqual({
      activity_type: "task_created",
      user_id: account.user.id,
      user_type: "demo",
      page: "/tasks",
      activity_data: JSON.stringify({ event: "task_created", priority: "high" }),
    });
  });

  it("takes the spec's dashboard form without activityData", async () => {
    const account = await signUp();
    const res = await activity(
      { activityType: "dashboard_visited", page: "/dashboard", sessionId: sessionId() },
      { token: account.token },
    );
    expect(res.status).toBe(204);
  });

  it.each([
    [{ activityType: "purchase_made", page: "/", sessionId: "abcdefgh" }, "activityType"],
    [{ activityType: "demo_signup", page: "/", sessionId: "abcdefgh" }, "activityType"],
    [{ page: "/", sessionId: "abcdefgh" }, "activityType"],
    [{ activityType: "task_created", activityData: "text", page: "/", sessionId: "abcdefgh" }, "activityData"],
    [{ activityType: "task_created", activityData: [1], page: "/", sessionId: "abcdefgh" }, "activityData"],
    [
      { activityType: "task_created", activityData: { note: "x".repeat(2100) }, page: "/", sessionId: "abcdefgh" },
      "activityData",
    ],
    [{ activityType: "task_created", page: "tasks", sessionId: "abcdefgh" }, "page"],
    [{ activityType: "task_created", page: "/", sessionId: "no spaces allowed" }, "sessionId"],
  ])("refuses %j with a 400", async (body, field) => {
    const account = await signUp();
    const error = await expectError(await activity(body, { token: account.token }), 400);
    expect(Object.keys(error.fieldErrors ?? {})).toContain(field);
  });
});

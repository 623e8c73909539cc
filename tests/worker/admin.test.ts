import { beforeAll, describe, expect, it } from "vitest";
import { call, db, expectError, newTask, signUp, uniqueEmail } from "./helpers";
import { browse, identityBrowser, type CookieJar } from "./identity-helpers";

const ENDPOINTS = [
  "/api/admin/crm-summary",
  "/api/admin/user-activities",
  "/api/admin/demo-signups",
  "/api/admin/export-csv?type=signups",
];

let admin: CookieJar;
let member: CookieJar;

beforeAll(async () => {
  // ADMIN_EMAILS (vitest.workers.config.ts) lists Admin@Example.com: the match ignores case.
  admin = await identityBrowser("admin@example.com");
  member = await identityBrowser(uniqueEmail("crew"));
});

interface Summary {
  conversionFunnel: { visitors: number; signups: number; dashboardVisits: number; taskCreators: number };
  userActivities: { signupCompleted: number; taskCreated: number; slackConnected: number };
}

async function summary() {
  const res = await browse(admin, "/api/admin/crm-summary");
  expect(res.status).toBe(200);
  return (await res.json()) as Summary;
}

function report(path: string, body: Record<string, unknown>, token?: string, now?: Date) {
  return call(path, { method: "POST", json: body, token, now });
}

/**
 * A second after the newest activity recorded so far: the admin list is newest first across every test of the
 * file, so an activity reported at this instant (the Worker's `ctx.now`) lists first.
 */
async function afterEveryActivity() {
  const row = await db().prepare("SELECT max(created_at) AS latest FROM user_activities").first<{ latest: string | null }>();
  return new Date(Date.parse(row?.latest ?? "2026-01-01T00:00:00.000Z") + 1000);
}

describe("admin API access", () => {
  it.each(ENDPOINTS)("%s: 401 without a session", async (path) => {
    await expectError(await call(path), 401);
  });

  it.each(ENDPOINTS)("%s: 401 for a demo session, which is no identity sign-in", async (path) => {
    const demo = await signUp();
    await expectError(await call(path, { token: demo.token }), 401);
    await expectError(await call(path, { cookie: demo.token }), 401);
  });

  it.each(ENDPOINTS)("%s: 403 for an identity user who is not an admin", async (path) => {
    const error = await expectError(await browse(member, path), 403);
    expect(error.error).toBe("Admin access required");
  });

  it.each(["unverified.admin@example.com", "unclaimed.admin@example.com"])(
    "403 for the listed admin address %s: called unverified, or sent without an email_verified claim",
    async (email) => {
      const unverified = await identityBrowser(email);
      await expectError(await browse(unverified, "/api/admin/crm-summary"), 403);
      const page = await browse(unverified, "/admin");
      expect(page.status).toBe(403);
      expect(await page.text()).toContain("Admin Access Required");
    },
  );

  it.each(ENDPOINTS)("%s: 405 for writes", async (path) => {
    await expectError(await browse(admin, path, { method: "POST" }), 405);
  });
});

describe("GET /api/admin/crm-summary", () => {
  it("counts visitors, demo signups, dashboard visits, task creators and the activities", async () => {
    const before = await summary();

    // Three visitors (one of them browsing twice), two of them signed in, and an identity user's visit.
    const visitors = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const maria = await signUp("Maria Lopez");
    const sam = await signUp("Sam Okafor");
    for (const [sessionId, page, token] of [
      [visitors[0], "/landing", undefined],
      [visitors[0], "/dashboard", maria.token],
      [visitors[1], "/", undefined],
      [visitors[2], "/tasks", sam.token],
    ] as const) {
      expect((await report("/api/crm/page-visit", { page, sessionId }, token)).status).toBe(204);
    }
    // Maria reaches the dashboard twice and creates two tasks; Sam signs up only. Identity users never count
    // in the demo funnel, whatever they do.
    for (const activityType of [
      "signup_completed",
      "dashboard_visited",
      "dashboard_visited",
      "task_created",
      "slack_connected",
    ]) {
      expect(
        (
          await report(
            "/api/crm/user-activity",
            { activityType, page: "/dashboard", sessionId: visitors[0] },
            maria.token,
          )
        ).status,
      ).toBe(204);
    }
    expect(
      (
        await report(
          "/api/crm/user-activity",
          { activityType: "signup_completed", page: "/", sessionId: visitors[2] },
          sam.token,
        )
      ).status,
    ).toBe(204);
    await newTask(maria.token, { title: "Order the barricades" });
    await newTask(maria.token, { title: "Hire the security team" });
    const identityTask = await browse(member, "/api/tasks", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ title: "Identity user's task" }),
    });
    expect(identityTask.status).toBe(201);
    const memberActivity = await browse(member, "/api/crm/user-activity", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ activityType: "dashboard_visited", page: "/dashboard", sessionId: crypto.randomUUID() }),
    });
    expect(memberActivity.status).toBe(204);

    const after = await summary();
    const delta = (pick: (s: Summary) => number) => pick(after) - pick(before);
    expect(delta((s) => s.conversionFunnel.visitors)).toBe(3);
    expect(delta((s) => s.conversionFunnel.signups)).toBe(2);
    expect(delta((s) => s.conversionFunnel.dashboardVisits)).toBe(1);
    expect(delta((s) => s.conversionFunnel.taskCreators)).toBe(1);
    expect(delta((s) => s.userActivities.signupCompleted)).toBe(2);
    expect(delta((s) => s.userActivities.taskCreated)).toBe(1);
    expect(delta((s) => s.userActivities.slackConnected)).toBe(1);
  });

  it("matches counts taken straight from the database", async () => {
    const figures = await summary();
    const row = await db()
      .prepare(
        "SELECT (SELECT count(DISTINCT session_id) FROM page_visits) AS visitors, (SELECT count(*) FROM users WHERE auth_type = 'demo') AS signups",
      )
      .first();
    expect({ visitors: figures.conversionFunnel.visitors, signups: figures.conversionFunnel.signups }).toEqual(row);
  });
});

describe("GET /api/admin/user-activities", () => {
  it("lists the newest first, 20 by default, with the spec's fields", async () => {
    const dana = await signUp("Dana Activity");
    for (const activityType of ["signup_completed", "dashboard_visited", "task_created"]) {
      expect(
        (
          await report(
            "/api/crm/user-activity",
            { activityType, activityData: { event: activityType }, page: "/dashboard", sessionId: "abcdefgh-1" },
            dana.token,
            await afterEveryActivity(),
          )
        ).status,
      ).toBe(204);
    }
    const res = await browse(admin, "/api/admin/user-activities?limit=2");
    expect(res.status).toBe(200);
    const { activities } = (await res.json()) as { activities: Record<string, unknown>[] };
    expect(activities).toHaveLength(2);
    expect(activities[0]).toEqual({
      id: expect.any(String),
      activityType: "task_created",
      userType: "demo",
      userId: dana.user.id,
      userName: "Dana Activity",
      page: "/dashboard",
      activityData: { event: "task_created" },
      createdAt: expect.any(String),
    });
    expect(activities[1]!.activityType).toBe("dashboard_visited");

    const all = (await (await browse(admin, "/api/admin/user-activities")).json()) as { activities: unknown[] };
    expect(all.activities.length).toBeGreaterThanOrEqual(3);
    expect(all.activities.length).toBeLessThanOrEqual(20);
  });

  it("reports identity users' activities as replit", async () => {
    await browse(member, "/api/crm/user-activity", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost" },
      body: JSON.stringify({ activityType: "slack_connected", page: "/dashboard", sessionId: "abcdefgh-2" }),
      now: await afterEveryActivity(),
    });
    const { activities } = (await (await browse(admin, "/api/admin/user-activities?limit=1")).json()) as {
      activities: { userType: string }[];
    };
    expect(activities[0]!.userType).toBe("replit");
  });

  it.each(["0", "101", "-5", "abc", "2.5", ""])("refuses limit=%s with a 400", async (limit) => {
    const error = await expectError(await browse(admin, `/api/admin/user-activities?limit=${limit}`), 400);
    expect(error.error).toMatch(/limit/);
  });

  it("takes limit=100", async () => {
    expect((await browse(admin, "/api/admin/user-activities?limit=100")).status).toBe(200);
  });
});

describe("GET /api/admin/demo-signups", () => {
  it("pages through demo accounts, newest first, 20 a page, without identity users", async () => {
    const newest = await signUp("Newest Signup");
    const res = await browse(admin, "/api/admin/demo-signups");
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      signups: Record<string, unknown>[];
      page: number;
      pageSize: number;
      total: number;
      totalPages: number;
    };
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    expect(page.signups[0]).toEqual({
      id: newest.user.id,
      name: "Newest Signup",
      email: newest.user.email,
      signupSource: "api",
      marketingOptIn: false,
      createdAt: expect.any(String),
      lastActiveAt: expect.any(String),
    });
    const demoCount = await db()
      .prepare("SELECT count(*) AS n FROM users WHERE auth_type = 'demo'")
      .first<{ n: number }>();
    expect(page.total).toBe(demoCount!.n);
    expect(page.totalPages).toBe(Math.max(1, Math.ceil(demoCount!.n / 20)));
    expect(page.signups.some((s) => s.email === "admin@example.com")).toBe(false);

    const beyond = (await (await browse(admin, `/api/admin/demo-signups?page=${page.totalPages + 1}`)).json()) as {
      signups: unknown[];
    };
    expect(beyond.signups).toEqual([]);
  });

  it.each(["0", "-1", "x", "1.5"])("refuses page=%s with a 400", async (p) => {
    await expectError(await browse(admin, `/api/admin/demo-signups?page=${p}`), 400);
  });
});

describe("GET /api/admin/export-csv", () => {
  it("downloads demo_signups.csv with formulas neutralised and RFC 4180 quoting", async () => {
    const formula = await signUp('=HYPERLINK("https://evil.example","Click")');
    const res = await browse(admin, "/api/admin/export-csv?type=signups");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="demo_signups.csv"');
    const csv = await res.text();
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Name,Email,Source,Marketing Opt-In,Signed Up,Last Active");
    expect(csv.endsWith("\r\n")).toBe(true);
    const row = lines.find((line) => line.includes(formula.user.email))!;
    expect(row.startsWith(`"'=HYPERLINK(""https://evil.example"",""Click"")",${formula.user.email},api,no,`)).toBe(
      true,
    );
    const demoCount = await db()
      .prepare("SELECT count(*) AS n FROM users WHERE auth_type = 'demo'")
      .first<{ n: number }>();
    expect(lines.length).toBe(demoCount!.n + 2);
  });

  it.each(["", "?type=activities", "?type=SIGNUPS"])("refuses %s with a 400", async (query) => {
    await expectError(await browse(admin, `/api/admin/export-csv${query}`), 400);
  });
});

describe("/admin page", () => {
  it("shows the access screen with 401 to signed-out visitors and demo users", async () => {
    const out = await call("/admin");
    expect(out.status).toBe(401);
    const html = await out.text();
    expect(html).toContain("Admin Access Required");
    expect(html).toContain('href="/api/login?redirect=/admin"');
    expect(html).toContain('href="/dashboard"');
    const demo = await signUp();
    expect((await call("/admin", { cookie: demo.token })).status).toBe(401);
  });

  it("shows the access screen with 403 to identity users who are not admins", async () => {
    const res = await browse(member, "/admin");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Admin Access Required");
  });

  it("shows the CRM to admins", async () => {
    const res = await browse(admin, "/admin");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of [
      "Total Visitors",
      "Demo Signups",
      "Dashboard Visits",
      "Task Creators",
      "Conversion Funnel",
      "Recent Activities",
      "Export CSV",
    ]) {
      expect(html).toContain(text);
    }
  });
});

import { describe, expect, it } from "vitest";
import { call, db, newTask, setWorkspace, signUp, uniqueEmail, type Account } from "./helpers";
import { browse, CookieJar, identityBrowser, signInWithProvider } from "./identity-helpers";
import { seedTasks } from "./billing-helpers";
import { setTier } from "./teams-helpers";

/** A demo workspace with three tasks: a custom category and status, a dependency, one completed. */
async function demoWithTasks() {
  const demo = await signUp("Dana Demo");
  await setWorkspace(demo.user.id, { timezone: "Europe/Berlin", eventDate: "2027-06-12T08:00:00.000Z" });
  const status = await call("/api/statuses", { method: "POST", token: demo.token, json: { name: "Blocked" } });
  expect(status.status).toBe(201);
  const rig = await newTask(demo.token, { title: "Rig the main stage", category: "staging", dueDate: "2027-06-10" });
  const sound = await newTask(demo.token, { title: "Sound check", dependsOn: [rig.id] });
  await newTask(demo.token, { title: "Book the venue" });
  const done = await call(`/api/tasks/${sound.id}`, { method: "PUT", token: demo.token, json: { status: "Blocked" } });
  expect(done.status).toBe(200);
  const venue = (await (await call("/api/tasks", { token: demo.token })).json()) as { id: string; title: string }[];
  const book = venue.find((t) => t.title === "Book the venue")!;
  expect(
    (await call(`/api/tasks/${book.id}`, { method: "PUT", token: demo.token, json: { status: "completed" } })).status,
  ).toBe(200);
  return { demo, rig, sound };
}

/** The toast a page action left in the flash cookie. */
function flashOf(res: Response) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("cb_flash="));
  return cookie ? (JSON.parse(decodeURIComponent(cookie.split(";")[0].slice("cb_flash=".length))) as Record<string, string>) : null;
}

/** Signs in with the provider in the browser holding the demo session; the sign-in leads to the offer. */
async function signInFromDemo(demo: Account, redirect = "/tasks") {
  const jar = CookieJar.from(`cb_session=${demo.token}`);
  const { res } = await signInWithProvider(uniqueEmail("dana"), { jar, redirect });
  return { res, jar };
}

function post(jar: CookieJar, fields: Record<string, string>) {
  return browse(jar, "/import-demo", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", host: "localhost" },
    body: new URLSearchParams(fields),
  });
}

async function workspaceTaskCount(userId: string) {
  const row = await db()
    .prepare(
      "SELECT count(*) AS n FROM tasks t JOIN memberships m ON m.workspace_id = t.workspace_id WHERE m.user_id = ?",
    )
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

describe("bringing demo tasks into an identity account", () => {
  it("offers the import after sign-in, then moves tasks, dependencies, categories and statuses in one go", async () => {
    const { demo, rig, sound } = await demoWithTasks();
    const truss = { method: "POST", token: demo.token, json: { text: "Truss delivered" } };
    expect((await call(`/api/tasks/${rig.id}/checklist`, truss)).status).toBe(201);
    const { res, jar } = await signInFromDemo(demo);
    expect(res.headers.get("location")).toBe("/import-demo?redirect=%2Ftasks");
    // A Premium account: custom statuses and any number of tasks come along (plan limits are tested below).
    const me = (await (await browse(jar, "/api/auth/user")).json()) as { id: string };
    await setTier(me.id, "premium");
    // The demo session ended at sign-in all the same.
    expect((await call("/api/auth/user", { token: demo.token })).status).toBe(401);

    const offer = await browse(jar, "/import-demo?redirect=%2Ftasks");
    expect(offer.status).toBe(200);
    const page = await offer.text();
    expect(page).toContain("Bring your demo tasks along?");
    expect(page).toContain("It has <!-- -->3 tasks<!-- --> (1 completed)");
    expect(page).toContain("Import <!-- -->3 tasks");

    const done = await post(jar, { intent: "import", redirect: "/tasks" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/tasks");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("cb_flash=") && c.includes("Tasks%20Imported"))).toBe(
      true,
    );

    const tasks = (await (await browse(jar, "/api/tasks")).json()) as {
      id: string;
      title: string;
      status: string;
      dependsOn: string[];
      dueDate: string | null;
    }[];
    expect(tasks.map((t) => t.title).sort()).toEqual(["Book the venue", "Rig the main stage", "Sound check"]);
    expect(tasks.find((t) => t.id === sound.id)).toMatchObject({ status: "Blocked", dependsOn: [rig.id] });
    expect(tasks.find((t) => t.id === rig.id)?.dueDate).toBe("2027-06-10");
    // A task's checklist comes along, read in its new workspace (ADR 035).
    const rigged = (await (await browse(jar, `/api/tasks/${rig.id}`)).json()) as {
      checklist: { total: number; items: Array<{ text: string }> };
    };
    expect(rigged.checklist.items.map((i) => i.text)).toEqual(["Truss delivered"]);
    expect(await (await browse(jar, "/api/categories")).json()).toContain("staging");
    expect(await (await browse(jar, "/api/statuses")).json()).toContain("Blocked");
    // The new workspace had no event yet: it takes the demo's, so the due dates mean the same days.
    const workspace = await db()
      .prepare(
        "SELECT w.timezone, w.event_date FROM workspaces w JOIN memberships m ON m.workspace_id = w.id WHERE m.user_id = ?",
      )
      .bind(me.id)
      .first();
    expect(workspace).toEqual({ timezone: "Europe/Berlin", event_date: "2027-06-12T08:00:00.000Z" });
    expect(await workspaceTaskCount(demo.user.id)).toBe(0);

    // The offer is used up: the page moves on, a second post imports nothing.
    const again = await browse(jar, "/import-demo?redirect=%2Ftasks");
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/tasks");
    expect((await post(jar, { intent: "import", redirect: "/tasks" })).headers.get("location")).toBe("/tasks");
    expect(await workspaceTaskCount(me.id)).toBe(3);
  });

  it("'Start fresh' closes the offer and leaves the demo workspace as it was", async () => {
    const { demo } = await demoWithTasks();
    const { jar } = await signInFromDemo(demo, "/dashboard");
    const skipped = await post(jar, { intent: "skip", redirect: "/dashboard" });
    expect(skipped.status).toBe(303);
    expect(skipped.headers.get("location")).toBe("/dashboard");
    expect(await workspaceTaskCount(demo.user.id)).toBe(3);
    expect((await browse(jar, "/import-demo")).status).toBe(302);
    expect(await (await browse(jar, "/api/tasks")).json()).toEqual([]);
  });

  it("keeps the account's own event and tasks when it already has them", async () => {
    const email = uniqueEmail("returning");
    const own = await identityBrowser(email);
    expect(
      (
        await browse(own, "/api/tasks", {
          method: "POST",
          headers: { origin: "http://localhost", "content-type": "application/json" },
          body: JSON.stringify({ title: "Own task" }),
        })
      ).status,
    ).toBe(201);
    const { demo } = await demoWithTasks();
    const jar = CookieJar.from(`cb_session=${demo.token}`);
    await signInWithProvider(email, { jar });
    expect((await post(jar, { intent: "import", redirect: "/dashboard" })).status).toBe(303);
    const titles = ((await (await browse(jar, "/api/tasks")).json()) as { title: string }[]).map((t) => t.title);
    expect(titles.sort()).toEqual(["Book the venue", "Own task", "Rig the main stage", "Sound check"]);
    const me = (await (await browse(jar, "/api/auth/user")).json()) as { id: string };
    const workspace = await db()
      .prepare("SELECT w.timezone FROM workspaces w JOIN memberships m ON m.workspace_id = w.id WHERE m.user_id = ?")
      .bind(me.id)
      .first();
    expect(workspace).toEqual({ timezone: "UTC" });
  });

  it("refuses a cross-site post", async () => {
    const { demo } = await demoWithTasks();
    const { jar } = await signInFromDemo(demo);
    const forged = await browse(jar, "/import-demo", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ intent: "import" }),
    });
    expect(forged.status).toBe(403);
    expect(await workspaceTaskCount(demo.user.id)).toBe(3);
  });

  it("is nothing to anyone else: other accounts and signed-out visitors move on", async () => {
    const { demo } = await demoWithTasks();
    await signInFromDemo(demo);
    const other = await identityBrowser(uniqueEmail());
    const res = await browse(other, "/import-demo?redirect=/admin");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin");
    expect((await call("/import-demo?redirect=//evil.example", { redirect: "manual" })).headers.get("location")).toBe(
      "/dashboard",
    );
    expect(await workspaceTaskCount(demo.user.id)).toBe(3);
  });

  it("holds the account's plan: a Basic workspace takes what fits, without custom statuses, and keeps the offer for the rest", async () => {
    const demo = await signUp("Dana Demo");
    expect((await call("/api/statuses", { method: "POST", token: demo.token, json: { name: "Blocked" } })).status).toBe(201);
    const blocked = await newTask(demo.token, { title: "Confirm the headliner", status: "Blocked", dueDate: "2027-01-04" });
    await seedTasks(demo, 59);
    const { jar } = await signInFromDemo(demo);
    const me = (await (await browse(jar, "/api/auth/user")).json()) as { id: string };
    await setTier(me.id, "basic");

    const done = await post(jar, { intent: "import", redirect: "/tasks" });
    expect(done.status).toBe(303);
    expect(flashOf(done)).toMatchObject({
      title: "Tasks Imported",
      description: expect.stringContaining("50 tasks from your demo are now in your workspace. 10 tasks were not imported: your plan holds up to 50 tasks."),
    });
    expect(await workspaceTaskCount(me.id)).toBe(50);
    expect(await workspaceTaskCount(demo.user.id)).toBe(10);
    // Custom workflows are Premium: the status stays behind, the task arrives as pending.
    expect(await (await browse(jar, "/api/statuses")).json()).not.toContain("Blocked");
    const moved = (await (await browse(jar, `/api/tasks/${blocked.id}`)).json()) as { status: string };
    expect(moved.status).toBe("pending");

    // The rest waits for an upgrade: the offer is still there, and while the workspace is full nothing moves.
    const offer = await browse(jar, "/import-demo?redirect=%2Ftasks");
    expect(offer.status).toBe(200);
    expect(await offer.text()).toContain("Import <!-- -->10 tasks");
    const full = await post(jar, { intent: "import", redirect: "/tasks" });
    expect(full.status).toBe(303);
    expect(flashOf(full)).toMatchObject({ title: "Task Limit Reached", variant: "destructive" });
    expect(await workspaceTaskCount(me.id)).toBe(50);
    expect(await workspaceTaskCount(demo.user.id)).toBe(10);
  });
});

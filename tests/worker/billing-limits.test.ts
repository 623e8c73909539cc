import { beforeEach, describe, expect, it } from "vitest";
import { getTemplate } from "~/domain/templates";
import { seedTasks, setUserTier, subscribe, taskCount } from "./billing-helpers";
import { call, createTask, db, expectError, newTask, signUp, workspaceIdOf, type Account } from "./helpers";

let producer: Account;
beforeEach(async () => {
  producer = await signUp("Jo Marsh");
  await setUserTier(producer.user.id, "free");
});

describe("the task limit on POST /api/tasks", () => {
  it("lets a free workspace hold 10 tasks, then answers 402 {error, limit, tier}", async () => {
    await seedTasks(producer, 9);
    await newTask(producer.token, { title: "The tenth task" });
    const refused = await createTask(producer.token, { title: "One too many", category: "brand-new-category" });
    const body = await expectError(refused, 402);
    expect(body).toEqual({
      error: "Task Limit Reached – Your plan holds up to 10 tasks. Upgrade to Basic ($19.99/month) for more.",
      limit: 10,
      tier: "free",
    });
    expect(await taskCount(producer)).toBe(10);
    // Nothing of the refused task was written: not even its new category.
    const categories = (await (await call("/api/categories", { token: producer.token })).json()) as string[];
    expect(categories).not.toContain("brand-new-category");
  });

  it("writes no dependency rows for a refused task", async () => {
    await seedTasks(producer, 9);
    const blocker = await newTask(producer.token, { title: "Book the venue" });
    const refused = await createTask(producer.token, { title: "Print the floor plan", dependsOn: [blocker.id] });
    await expectError(refused, 402);
    const edges = await db()
      .prepare("SELECT count(*) AS n FROM task_dependencies WHERE workspace_id = ?")
      .bind(await workspaceIdOf(producer.user.id))
      .first<{ n: number }>();
    expect(edges!.n).toBe(0);
  });

  it("follows the subscription: basic holds 50, premium has no limit", async () => {
    await subscribe(producer, "basic");
    await seedTasks(producer, 49);
    await newTask(producer.token, { title: "Task fifty" });
    const body = await expectError(await createTask(producer.token, { title: "Task fifty-one" }), 402);
    expect(body).toMatchObject({ limit: 50, tier: "basic" });
    expect(body.error).toContain("Upgrade to Premium ($49.99/month)");

    await subscribe(producer, "premium");
    await newTask(producer.token, { title: "Task fifty-one" });
    expect(await taskCount(producer)).toBe(51);
  });

  it("holds under concurrency: 20 simultaneous creates at 49 tasks leave exactly 50", async () => {
    await subscribe(producer, "basic");
    await seedTasks(producer, 49);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createTask(producer.token, { title: `Simultaneous task ${i + 1}` })),
    );
    const statuses = results.map((r) => r.res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(19);
    expect(await taskCount(producer)).toBe(50);
  });

  it("leaves beta (demo) workspaces unlimited", async () => {
    await setUserTier(producer.user.id, "beta");
    await seedTasks(producer, 60);
    await newTask(producer.token, { title: "Task sixty-one" });
  });
});

describe("the task limit on batch creates", () => {
  const conference = getTemplate("industry-conference")!;

  it("creates a template's tasks up to the limit and counts the ones left out", async () => {
    await seedTasks(producer, 7);
    const res = await call("/api/templates/industry-conference/apply", {
      method: "POST",
      token: producer.token,
      json: { indexes: [0, 1, 2, 3, 4] },
    });
    const body = (await res.json()) as { created: Array<{ title: string }>; skipped: unknown[]; overLimit: number };
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.created.map((t) => t.title)).toEqual([0, 1, 2].map((i) => conference.tasks[i].title));
    expect(body.overLimit).toBe(2);
    expect(await taskCount(producer)).toBe(10);
  });

  it("answers 402 when the workspace is already full", async () => {
    await seedTasks(producer, 10);
    const res = await call("/api/templates/industry-conference/apply", { method: "POST", token: producer.token, json: { indexes: [0] } });
    expect(await expectError(res, 402)).toMatchObject({ limit: 10, tier: "free" });
  });

  it("holds under concurrency: two template applies together never pass the limit", async () => {
    await seedTasks(producer, 4);
    const apply = (id: string) =>
      call(`/api/templates/${id}/apply`, { method: "POST", token: producer.token, json: { indexes: [0, 1, 2, 3, 4] } });
    const [a, b] = await Promise.all([apply("30-day-fitness-challenge"), apply("side-hustle-launch")]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const overLimit = await Promise.all([a, b].map(async (r) => ((await r.json()) as { overLimit: number }).overLimit));
    expect(overLimit[0] + overLimit[1]).toBe(4);
    expect(await taskCount(producer)).toBe(10);
  });

  it("says how many tasks the limit left out on the template page (no JavaScript)", async () => {
    await seedTasks(producer, 8);
    const res = await call("/template/industry-conference", {
      method: "POST",
      token: producer.token,
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" },
      body: new URLSearchParams([["intent", "apply"], ["task", "0"], ["task", "1"], ["task", "2"]]).toString(),
    });
    expect(res.status).toBe(303);
    const flash = decodeURIComponent(/cb_flash=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")![1]);
    expect(JSON.parse(flash).description).toContain("1 task was not created: your plan holds up to 10 tasks.");
  });
});

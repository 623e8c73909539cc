import { and, eq, getTableColumns, sql, type Placeholder } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client";
import { meteredD1, newMeter } from "~/db/d1-meter";
import { sessions, tasks, users, workspaces } from "~/db/schema";
import { statementTemplate } from "~/db/template";
import { sessionLookup } from "~/models/accounts";
import { sha256Hex } from "~/lib/crypto";
import { db, newTask, signUp, workspaceIdOf } from "./helpers";

/**
 * Statements whose SQL is built once per isolate (app/db/template.ts) answer exactly what the builder they were
 * made from answers, alone, awaited, in `db.batch` and in the request's shared read batch.
 */

let builds = 0;
const taskTitles = statementTemplate(["workspaceId", "status"], (d, p) => {
  builds += 1;
  return d
    .select({ id: tasks.id, title: tasks.title, workspace: { id: workspaces.id, name: workspaces.name } })
    .from(tasks)
    .innerJoin(workspaces, eq(workspaces.id, tasks.workspaceId))
    .where(and(eq(tasks.workspaceId, p.workspaceId), eq(tasks.status, p.status)))
    .orderBy(tasks.title);
});

const allTasks = statementTemplate(["workspaceId"], (d, p) =>
  d.select().from(tasks).where(eq(tasks.workspaceId, p.workspaceId)).orderBy(tasks.title),
);

const tasksWithNote = statementTemplate(["workspaceId"], (d, p) =>
  d
    .select({ ...getTableColumns(tasks), note: sql<string>`upper(${tasks.title}) || ' (' || ${tasks.status} || ')'`.as("note") })
    .from(tasks)
    .where(eq(tasks.workspaceId, p.workspaceId))
    .orderBy(tasks.title),
);

const userByEmail = statementTemplate(["email"], (d, p) =>
  d.query.users.findFirst({ where: eq(users.email, sql`lower(${p.email})`) }),
);

describe("statementTemplate", () => {
  it("answers what the builder answers, for each caller's values, building the SQL once", async () => {
    const maria = await signUp("Maria Lopez");
    const theo = await signUp("Theo Park");
    await newTask(maria.token, { title: "Book the shuttle buses" });
    await newTask(maria.token, { title: "Assign the stage crew" });
    await newTask(theo.token, { title: "Print the lanyards" });
    const d = createDb(db());
    const [mariaWs, theoWs] = await Promise.all([workspaceIdOf(maria.user.id), workspaceIdOf(theo.user.id)]);
    const built = (workspaceId: string) =>
      d
        .select({ id: tasks.id, title: tasks.title, workspace: { id: workspaces.id, name: workspaces.name } })
        .from(tasks)
        .innerJoin(workspaces, eq(workspaces.id, tasks.workspaceId))
        .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.status, "pending")))
        .orderBy(tasks.title);

    builds = 0;
    const mine = await taskTitles(d, { workspaceId: mariaWs, status: "pending" });
    expect(mine.map((row) => row.title)).toEqual(["Assign the stage crew", "Book the shuttle buses"]);
    expect(mine).toEqual(await built(mariaWs));
    expect(mine[0].workspace).toEqual({ id: mariaWs, name: expect.any(String) });
    // Another caller's values, through every way a builder runs.
    expect(await taskTitles(d, { workspaceId: theoWs, status: "pending" }).all()).toEqual(await built(theoWs));
    expect(await taskTitles(d, { workspaceId: theoWs, status: "pending" }).get()).toEqual(await built(theoWs).get());
    expect(await taskTitles(d, { workspaceId: theoWs, status: "completed" })).toEqual([]);
    const [a, b] = await d.batch([
      taskTitles(d, { workspaceId: mariaWs, status: "pending" }),
      taskTitles(d, { workspaceId: theoWs, status: "pending" }),
    ]);
    expect([a.length, b.length]).toEqual([2, 1]);
    expect(builds).toBe(1);
  });

  it("runs relational queries and the session lookup with the request's metered binding, in one round trip", async () => {
    const maria = await signUp("Maria Lopez");
    const meter = newMeter();
    const d = createDb(meteredD1(db(), meter));
    const found = await userByEmail(d, { email: maria.user.email.toUpperCase() });
    expect(found?.id).toBe(maria.user.id);
    expect(meter).toMatchObject({ roundTrips: 1, statements: 1 });

    const tokenHash = await sha256Hex(maria.token);
    const [live, ...more] = await sessionLookup(d, tokenHash, new Date().toISOString());
    expect(meter).toMatchObject({ roundTrips: 2, statements: 2 });
    expect(more).toEqual([]);
    if (!live) throw new Error("no live session");
    expect(live.session.tokenHash).toBe(tokenHash);
    expect(live.user).toMatchObject({ id: maria.user.id, name: "Maria Lopez", email: maria.user.email });
    expect(live).toMatchObject({ workspace: { id: await workspaceIdOf(maria.user.id) }, role: "owner" });
    // Each table's columns come back whole and decoded, though the three share names (id, name, created_at).
    expect(live.user).toEqual(await d.select().from(users).where(eq(users.id, maria.user.id)).get());
    expect(live.workspace).toEqual(await d.select().from(workspaces).where(eq(workspaces.id, live.workspace.id)).get());
    expect(live.session).toEqual(await d.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).get());
    // A demo account is on the beta plan; the owners' plans come through the subquery the template holds.
    expect(live.ownerTiers).toEqual(["beta"]);
    expect(live.billingTier).toBeNull();
    // An expired instant finds no live session.
    const none = await sessionLookup(d, tokenHash, "9999-01-01T00:00:00.000Z");
    expect(none).toEqual([]);
  });

  it("maps plain columns as drizzle does: JSON, booleans, nulls and the whole row", async () => {
    const maria = await signUp("Maria Lopez");
    await newTask(maria.token, { title: "Hire the sound crew", reminders: [60, 1440], dueDate: "2027-03-05" });
    await newTask(maria.token, { title: "Order the lanyards" });
    const d = createDb(db());
    const workspaceId = await workspaceIdOf(maria.user.id);
    const built = () => d.select().from(tasks).where(eq(tasks.workspaceId, workspaceId)).orderBy(tasks.title);
    const alone = await allTasks(d, { workspaceId });
    expect(alone).toEqual(await built());
    expect(alone.map((t) => [t.reminders, t.isAiGenerated, t.completedAt])).toEqual([
      [[1440, 60], false, null],
      [[], false, null],
    ]);
    const [batched] = await d.batch([allTasks(d, { workspaceId })]);
    expect(batched).toEqual(await built());
    expect(await allTasks(d, { workspaceId }).get()).toEqual(await built().get());
  });

  it("reads a wide select's rows packed as JSON exactly as drizzle reads its columns", async () => {
    const maria = await signUp("Maria Lopez");
    const task = (await newTask(maria.token, { title: "Hire the sound crew", reminders: [60, 1440] })) as {
      id: string;
    };
    await newTask(maria.token, { title: "Order the lanyards" });
    // Text JSON must not bend (quotes, a newline, a backslash, a surrogate pair), and a real number whose JSON
    // SQLite would write with 15 digits: it comes back as its own column.
    const title = 'Say "hi" \\ to the “crew”\n🎉 – ok';
    await db()
      .prepare("update tasks set title = ?, estimated_hours = ?, is_ai_generated = 1 where id = ?")
      .bind(title, 0.1 + 0.2, task.id)
      .run();
    const workspaceId = await workspaceIdOf(maria.user.id);
    const d = createDb(db());
    const built = () => d.select().from(tasks).where(eq(tasks.workspaceId, workspaceId)).orderBy(tasks.title);
    const expected = await built();
    expect(expected.find((t) => t.id === task.id)).toMatchObject({
      title,
      estimatedHours: 0.1 + 0.2,
      isAiGenerated: true,
    });
    const prepared = allTasks(d, { workspaceId }) as unknown as { _prepare(): { getQuery(): { sql: string } } };
    expect(prepared._prepare().getQuery().sql).toMatch(
      /^select json_array\(.*\) as "packed_row", "estimated_hours" from/,
    );

    expect(await allTasks(d, { workspaceId })).toEqual(expected);
    expect(await allTasks(d, { workspaceId }).get()).toEqual(await built().get());
    expect(await allTasks(d, { workspaceId }).values()).toEqual(await built().values());
    const [batched] = await d.batch([allTasks(d, { workspaceId })]);
    expect(batched).toEqual(expected);
    // Through the request's binding, where a single read joins the turn's batch and comes back as objects.
    const meter = newMeter();
    const metered = createDb(meteredD1(db(), meter));
    const [together, alsoFirst] = await Promise.all([
      allTasks(metered, { workspaceId }),
      allTasks(metered, { workspaceId }).get(),
    ]);
    expect(together).toEqual(expected);
    expect(alsoFirst).toEqual(expected[0]);
    expect(meter).toMatchObject({ roundTrips: 1, statements: 2 });
  });

  it("packs a wide select beside an aliased expression, which comes back as a column of its own", async () => {
    const maria = await signUp("Maria Lopez");
    await newTask(maria.token, { title: "Book the venue", estimatedHours: 0.1 });
    await newTask(maria.token, { title: "Print the badges" });
    const workspaceId = await workspaceIdOf(maria.user.id);
    const d = createDb(db());
    const built = () =>
      d
        .select({ ...getTableColumns(tasks), note: sql<string>`upper(${tasks.title}) || ' (' || ${tasks.status} || ')'`.as("note") })
        .from(tasks)
        .where(eq(tasks.workspaceId, workspaceId))
        .orderBy(tasks.title);
    const expected = await built();
    expect(expected.map((t) => t.note)).toEqual(["BOOK THE VENUE (pending)", "PRINT THE BADGES (pending)"]);
    const prepared = tasksWithNote(d, { workspaceId }) as unknown as { _prepare(): { getQuery(): { sql: string } } };
    expect(prepared._prepare().getQuery().sql).toMatch(/^select json_array\(.*\) as "packed_row", "estimated_hours", .* as "note" from/);
    expect(await tasksWithNote(d, { workspaceId })).toEqual(expected);
    const [batched] = await d.batch([tasksWithNote(d, { workspaceId })]);
    expect(batched).toEqual(expected);
    const meter = newMeter();
    const [together] = await Promise.all([
      tasksWithNote(createDb(meteredD1(db(), meter)), { workspaceId }),
    ]);
    expect(together).toEqual(expected);
  });

  it("maps expressions, at the top and one object deep, as drizzle does", async () => {
    const maria = await signUp("Maria Lopez");
    await newTask(maria.token, { title: "Hire the sound crew", reminders: [60, 1440] });
    await newTask(maria.token, { title: "Order the lanyards" });
    const d = createDb(db());
    const workspaceId = await workspaceIdOf(maria.user.id);
    const select = (q: typeof d, id: Placeholder | string) =>
      q
        .select({
          id: tasks.id,
          count: sql<number>`count(*) over ()`.mapWith(Number),
          task: {
            title: sql<string>`${tasks.title}`.as("task_title"),
            reminders: sql`${tasks.reminders}`.mapWith(tasks.reminders).as("task_reminders"),
            ai: sql`${tasks.isAiGenerated}`.mapWith(tasks.isAiGenerated),
            done: sql`${tasks.completedAt}`,
          },
        })
        .from(tasks)
        .where(eq(tasks.workspaceId, id))
        .orderBy(tasks.title);
    const expressions = statementTemplate(["workspaceId"], (q, p) => select(q, p.workspaceId));
    const built = await select(d, workspaceId);
    expect(built[0]).toEqual({
      id: expect.any(String),
      count: 2,
      task: { title: "Hire the sound crew", reminders: [1440, 60], ai: false, done: null },
    });
    expect(await expressions(d, { workspaceId })).toEqual(built);
    const [batched] = await d.batch([expressions(d, { workspaceId })]);
    expect(batched).toEqual(built);
  });

  it("refuses to run without a value for each placeholder", async () => {
    const d = createDb(db());
    expect(() => taskTitles(d, { workspaceId: "w" } as never)).toThrow(/No value for placeholder "status"/);
  });
});

import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client";
import { tasks, type TaskRow } from "~/db/schema";
import { analyticsWindow, buildAnalytics } from "~/domain/analytics";
import { addDays } from "~/domain/dates";
import { workspacePlan } from "~/domain/tiers";
import * as taskModel from "~/models/tasks";
import { getAnalytics } from "~/services/analytics.server";
import type { ActorCtx } from "~/services/context.server";
import { actorCtxOf, setWorkspace, signUp, workspaceIdOf, type Account } from "./helpers";

/*
 * The aggregate queries against the reference: `buildAnalytics` over every task of the same workspace, read as
 * the page used to read them. Tasks are written straight into D1 so the workspace can hold what the services
 * would not produce on demand: years of history, completion times before creation, stale completion times on
 * reopened tasks, categories spelled several ways, empty due dates.
 */

// Wednesday 10 June 2026 12:00 UTC.
const NOW = new Date("2026-06-10T12:00:00.000Z");
const DAY_MS = 86_400_000;
const TIMEZONES = [
  "Europe/Berlin",
  "America/New_York",
  "Asia/Kolkata",
  "Australia/Lord_Howe",
  "America/Santiago",
  "UTC",
];
const STATUSES = ["pending", "in_progress", "overdue", "completed", "completed", "Blocked"];
const PRIORITIES = ["low", "medium", "high", "critical"] as const;
const CATEGORIES = [
  null,
  "",
  "  ",
  "logistics",
  "Logistics",
  " logistics ",
  "Marketing",
  "marketing",
  "Venue",
  "Ünterhaltung",
];

/** A deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Counting {
  roundTrips: number;
  rowsReturned: number;
}

/**
 * A D1 binding that counts round trips (a batch or a lone statement each) and the rows its batches return.
 */
function countingD1(d1: D1Database, counts: Counting): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          counts.roundTrips++;
          const results = await target.batch(statements);
          for (const result of results) {
            counts.rowsReturned += result.results.length;
          }
          return results;
        };
      }
      if (prop === "prepare") {
        return (query: string) => {
          const statement = target.prepare(query);
          const bind = statement.bind.bind(statement);
          statement.bind = (...values: unknown[]) => {
            const bound = bind(...values);
            for (const method of ["all", "raw", "run", "first"] as const) {
              const original = (bound[method] as (...args: unknown[]) => unknown).bind(bound);
              Object.assign(bound, {
                [method]: (...args: unknown[]) => {
                  counts.roundTrips++;
                  return original(...args);
                },
              });
            }
            return bound;
          };
          return statement;
        };
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

let owner: Account;
let workspaceId: string;
beforeEach(async () => {
  owner = await signUp("Dana Reyes");
  workspaceId = await workspaceIdOf(owner.user.id);
});

let seq = 0;
function row(fields: Partial<TaskRow>): TaskRow {
  seq++;
  const createdAt = fields.createdAt ?? NOW.toISOString();
  return {
    id: `task-${String(seq).padStart(5, "0")}`,
    workspaceId,
    title: `Task ${seq}`,
    titleKey: `task ${seq}`,
    description: null,
    priority: "medium",
    category: null,
    dueDate: null,
    assigneeId: null,
    assigneeName: null,
    assigneeContact: null,
    status: "pending",
    isAiGenerated: false,
    estimatedHours: null,
    originalPrompt: null,
    createdBy: null,
    createdAt,
    updatedAt: createdAt,
    completedAt: null,
    recurrence: null,
    seriesId: null,
    occurrence: null,
    nextOccurrenceId: null,
    reminders: [],
    checklistTotal: 0,
    checklistDone: 0,
    ...fields,
  };
}

async function insert(rows: TaskRow[]) {
  const db = createDb(env.DB);
  // As many rows a statement as stay under D1's 100 bound parameters (one per column).
  const perStatement = Math.floor(100 / Object.keys(rows[0]).length);
  const statements = [];
  for (let i = 0; i < rows.length; i += perStatement)
    statements.push(db.insert(tasks).values(rows.slice(i, i + perStatement)));
  for (let i = 0; i < statements.length; i += 50) {
    const chunk = statements.slice(i, i + 50);
    await db.batch(chunk as [(typeof chunk)[number], ...typeof chunk]);
  }
}

/** `count` tasks spread over `weeks` weeks before `now`, with every kind of value the figures turn on. */
function variedTasks(count: number, weeks: number, seed: number, now = NOW) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const today = now.toISOString().slice(0, 10);
  return Array.from({ length: count }, () => {
    // Whole minutes mostly, with some on the same instant as another task (ties) and some with milliseconds.
    const created = now.getTime() - Math.floor(next() * weeks * 7 * 24 * 60) * 60_000 - (next() < 0.2 ? 123 : 0);
    const status = pick(STATUSES);
    const completedAt = (() => {
      const r = next();
      if (status !== "completed") return r < 0.15 ? new Date(created + 3_600_000).toISOString() : null; // stale
      if (r < 0.1) return null; // completed without a time
      if (r < 0.15) return new Date(created - 60_000).toISOString(); // clock skew: before the creation
      return new Date(Math.min(now.getTime(), created + Math.floor(next() * 20 * DAY_MS))).toISOString();
    })();
    const dueShift = Math.floor(next() * 40) - 25;
    const dueDate = (() => {
      const r = next();
      if (r < 0.25) return null;
      if (r < 0.28) return "";
      const day = addDays(today, dueShift);
      return r < 0.6 ? day : `${day}T${String(Math.floor(next() * 24)).padStart(2, "0")}:30`;
    })();
    return row({
      createdAt: new Date(created).toISOString(),
      status,
      completedAt,
      dueDate,
      priority: pick(PRIORITIES),
      category: pick(CATEGORIES),
    });
  });
}

/** Tasks on the instants where days and weeks turn in `timezone` (and a millisecond either side), and at DST changes. */
function edgeTasks(timezone: string, now = NOW) {
  const { starts, today, weekStart } = analyticsWindow(now, timezone);
  const dstChanges = [
    "2026-03-29T01:00:00.000Z",
    "2026-03-08T07:00:00.000Z",
    "2026-04-05T03:00:00.000Z",
    "2025-10-26T01:00:00.000Z",
  ];
  const instants = [...Object.values(starts), ...dstChanges].flatMap((iso) => {
    const ms = Date.parse(iso);
    return [ms - 1, ms, ms + 1].filter((t) => t <= now.getTime()).map((t) => new Date(t).toISOString());
  });
  return instants.flatMap((at) => [
    row({ createdAt: at, category: "Edge" }),
    row({ createdAt: "2026-01-05T10:00:00.000Z", status: "completed", completedAt: at, dueDate: weekStart }),
    row({ createdAt: at, dueDate: today, priority: "critical" }),
  ]);
}

async function scopeAt(now: Date, tier: "basic" | "beta"): Promise<ActorCtx> {
  return actorCtxOf(owner, { now, plan: workspacePlan([tier]) });
}

/** The page's analytics both ways: through the aggregates (counting D1's work) and the reference over every row. */
async function bothWays(now: Date, tier: "basic" | "beta" = "beta") {
  const scope = await scopeAt(now, tier);
  const counts: Counting = { roundTrips: 0, rowsReturned: 0 };
  const counted = { ...scope, db: createDb(countingD1(env.DB, counts)) };
  const actual = await getAnalytics(counted);
  const rows = await taskModel.listTasks(scope.db, workspaceId);
  const reference = buildAnalytics({ tasks: rows, now, timezone: scope.actor.workspace.timezone });
  return {
    actual,
    expected: { totalTasks: rows.length, timezone: scope.actor.workspace.timezone, ...reference },
    counts,
  };
}

describe("analytics from aggregates", () => {
  it("equals the figures computed from every task, in zones with and without DST, at several instants", async () => {
    await insert(variedTasks(400, 70, 15));
    for (const timezone of TIMEZONES) {
      await setWorkspace(owner.user.id, { timezone });
      await insert(edgeTasks(timezone));
      // Mid-week; a Monday just after local midnight; a Sunday just before it.
      const instants = [
        NOW,
        analyticsWindow(NOW, timezone).starts.thisWeek,
        new Date(Date.parse(analyticsWindow(NOW, timezone).starts.thisWeek) - 1),
      ];
      for (const now of instants.map((at) => new Date(at))) {
        const { actual, expected, counts } = await bothWays(now);
        expect(actual, `${timezone} at ${now.toISOString()}`).toEqual(expected);
        expect(counts.roundTrips).toBe(1);
      }
    }
  });

  it("keeps the latest 52 weeks that had tasks, however many there are", async () => {
    await setWorkspace(owner.user.id, { timezone: "America/New_York" });
    await insert(variedTasks(300, 150, 7));
    const { actual, expected } = await bothWays(NOW);
    expect(actual!.weeklyProgress).toHaveLength(52);
    expect(actual).toEqual(expected);
  });

  it("counts tasks from years ago exactly, with one more query for their weeks", async () => {
    await setWorkspace(owner.user.id, { timezone: "Europe/Berlin" });
    await insert([
      ...variedTasks(30, 4, 3),
      // Sunday 23:59 and Monday 00:00 in Berlin, summer time; completed on the Sunday summer time ended.
      row({ createdAt: "2019-03-31T21:59:00.000Z" }),
      row({ createdAt: "2019-03-31T22:00:00.000Z", status: "completed", completedAt: "2019-10-27T00:30:00.000Z" }),
    ]);
    const { actual, expected, counts } = await bothWays(NOW);
    expect(actual).toEqual(expected);
    expect(actual!.weeklyProgress!.slice(0, 3)).toEqual([
      { weekStart: "2019-03-25", created: 1, completed: 0 },
      { weekStart: "2019-04-01", created: 1, completed: 0 },
      { weekStart: "2019-10-21", created: 0, completed: 1 },
    ]);
    expect(counts.roundTrips).toBe(2);
  });

  it("leaves the weekly chart uncounted on a plan that does not show it", async () => {
    await setWorkspace(owner.user.id, { timezone: "Europe/Berlin" });
    await insert([...variedTasks(30, 4, 5), row({ createdAt: "2019-03-31T21:59:00.000Z" })]);
    const { actual, expected, counts } = await bothWays(NOW, "basic");
    expect(actual).toEqual({ ...expected, weeklyProgress: null, keyInsights: null });
    // Three queries in one round trip, and no second one for the old task's week.
    expect(counts).toEqual({ roundTrips: 1, rowsReturned: expect.any(Number) });
  });

  it("reads a few small rows however many tasks there are, in one round trip", async () => {
    await setWorkspace(owner.user.id, { timezone: "Europe/Berlin" });
    await insert(variedTasks(1000, 30, 11));
    const { actual, expected, counts } = await bothWays(NOW);
    expect(actual).toEqual(expected);
    expect(counts.roundTrips).toBe(1);
    // One row of counts per category spelling, at most 52 weeks, at most six activity candidates.
    expect(counts.rowsReturned).toBeLessThanOrEqual(CATEGORIES.length + 52 + 6);
  });
});

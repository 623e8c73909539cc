// Imported by load-context.ts at the project root: relative imports keep it loadable without the `~` alias.
import { createDb, type Db } from "../db/client";
import { meteredD1, newMeter, type D1Meter } from "../db/d1-meter";
import type { ChangeSource, UserRow, WorkspaceRow } from "../db/schema";
import type { Role } from "../domain/teams";
import type { WorkspacePlan } from "../domain/tiers";
import { createLiveNotifier, type LiveNotifier } from "./live-notifier.server";

/**
 * What every use case runs with: one per request, cron tick, queue batch, Slack delivery or Durable Object call,
 * built by `createCtx`. Services take `(ctx, input)`; the clock is `ctx.now`, fixed when the work started, so a
 * request reads one instant throughout and tests pass the instant they mean.
 */
export interface Ctx {
  db: Db;
  env: Env;
  now: Date;
  /** Schedules work after the response (Slack acks, live-update pushes, activity touches). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** Pushes committed changes to the workspace's open pages; absent where no live binding exists. */
  live: LiveNotifier | undefined;
  /**
   * Checks the answer must wait for: a read request that started from a session seen lately adds the check of
   * that session here (app/services/auth.server.ts), and the Worker answers only once all of them agree.
   */
  sessionChecks: Promise<boolean>[];
}

/** Who is acting, and where: a signed-in member of a workspace (from a session, a Slack link or an invite). */
export interface Actor {
  user: UserRow;
  workspace: WorkspaceRow;
  role: Role;
  /** The workspace's plan (the best of its owners'). Every limit and gate reads this. */
  plan: WorkspacePlan;
  /** Where the request came from (a task's history says it): the web app unless said otherwise. */
  source?: ChangeSource;
}

/** The context of work done on someone's behalf: every workspace-scoped service takes this. */
export interface ActorCtx extends Ctx {
  actor: Actor;
}

/**
 * A context for one piece of work. Its D1 calls are counted into `meter` (the request's `Server-Timing`) and its
 * reads issued in the same turn share one batch (app/db/d1-meter.ts).
 */
export function createCtx(env: Env, waitUntil: Ctx["waitUntil"], now: Date, meter: D1Meter = newMeter()): Ctx {
  const db = createDb(meteredD1(env.DB, meter));
  return { db, env, now, waitUntil, live: createLiveNotifier(env, waitUntil), sessionChecks: [] };
}

/** `ctx` acting as `actor` (only the Actor fields are kept, so a web session's extras do not leak in). */
export function withActor(ctx: Ctx, actor: Actor): ActorCtx {
  const { user, workspace, role, plan, source = "web" } = actor;
  const { db, env, now, waitUntil, live, sessionChecks } = ctx;
  return { db, env, now, waitUntil, live, sessionChecks, actor: { user, workspace, role, plan, source } };
}

// Imported by load-context.ts at the project root: relative imports keep it loadable without the `~` alias.
import { createDb, type Db } from "../db/client";
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

export function createCtx(env: Env, waitUntil: Ctx["waitUntil"], now: Date): Ctx {
  return { db: createDb(env.DB), env, now, waitUntil, live: createLiveNotifier(env, waitUntil) };
}

/** `ctx` acting as `actor` (only the Actor fields are kept, so a web session's extras do not leak in). */
export function withActor(ctx: Ctx, actor: Actor): ActorCtx {
  const { user, workspace, role, plan, source = "web" } = actor;
  const { db, env, now, waitUntil, live } = ctx;
  return { db, env, now, waitUntil, live, actor: { user, workspace, role, plan, source } };
}

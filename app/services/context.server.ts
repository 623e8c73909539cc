// Imported by load-context.ts at the project root: relative imports keep it loadable without the `~` alias.
import { createDb, type Db } from "../db/client";
import { RequestD1 } from "../db/request-d1";
import type { ChangeSource, UserRow, WorkspaceRow } from "../db/schema";
import type { ApiTokenScope } from "../domain/api-tokens";
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
   * that session here (app/services/auth.server.ts), and the Worker answers only once all of them agree. Each
   * check goes to D1 with the request's next batch (`RequestD1.withNextBatch`).
   */
  sessionChecks: Promise<boolean>[];
  /**
   * The D1 binding behind `db` when it is a request's (app/db/request-d1.ts): what `readTogether` and
   * `withNextBatch` send through. Absent, each read goes on its own.
   */
  requestD1?: RequestD1;
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
  /**
   * The scope of the personal API token the request came with (ADR 048); absent for a session. Services whose rules
   * depend on it read it here (show mode refuses a show-control token anything but GO, Back, Start and Stop).
   */
  tokenScope?: ApiTokenScope;
}

/** The context of work done on someone's behalf: every workspace-scoped service takes this. */
export interface ActorCtx extends Ctx {
  actor: Actor;
}

/**
 * A context for one piece of work. Its D1 calls go through `d1` (app/db/request-d1.ts): a request's, in its D1
 * session and counted for its `Server-Timing`; cron, queue and Durable Object work reads and writes the primary.
 */
export function createCtx(env: Env, waitUntil: Ctx["waitUntil"], now: Date, d1 = new RequestD1(env.DB)): Ctx {
  const db = createDb(d1 as unknown as D1Database);
  return { db, env, now, waitUntil, live: createLiveNotifier(env, waitUntil), sessionChecks: [], requestD1: d1 };
}

/**
 * `read` (one `db.batch`) sent with the request's next batch rather than on its own: the check of a remembered
 * session, the header's unread count. `sendWaitingReads` sends it when nothing else is read.
 */
export function withNextBatch<T>(ctx: Pick<Ctx, "requestD1">, read: () => Promise<T>): Promise<T> {
  const d1 = ctx.requestD1;
  if (!d1) return read();
  return new Promise<T>((resolve, reject) => d1.withNextBatch(() => read().then(resolve, reject)));
}

/** Sends the reads still waiting for the request's next batch (see `withNextBatch`). */
export function sendWaitingReads(ctx: Pick<Ctx, "requestD1">) {
  ctx.requestD1?.sendWaiting();
}

/**
 * Starts the reads a loader needs together: `start` calls the services, each of which sends its reads as one
 * `db.batch` when called, and all those batches (with the session check waiting for the request's next batch) go
 * to D1 as one round trip. A service that reads only after an `await` gets a round trip of its own.
 */
export function readTogether<const T extends readonly unknown[]>(
  ctx: Pick<Ctx, "requestD1">,
  start: () => T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const d1 = ctx.requestD1;
  return Promise.all(d1 ? d1.together(start) : start());
}

/** `ctx` acting as `actor` (only the Actor fields are kept, so a web session's extras do not leak in). */
export function withActor(ctx: Ctx, actor: Actor): ActorCtx {
  const { user, workspace, role, plan, source = "web", tokenScope } = actor;
  const { db, env, now, waitUntil, live, sessionChecks, requestD1 } = ctx;
  const kept: Actor = { user, workspace, role, plan, source, ...(tokenScope ? { tokenScope } : {}) };
  return { db, env, now, waitUntil, live, sessionChecks, requestD1, actor: kept };
}

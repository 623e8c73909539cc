import { categories, memberships, sessions, statuses, users, workspaces } from "~/db/schema";
import type { SessionRow, UserRow } from "~/db/schema";
import type { DemoSignupInput } from "~/domain/schemas";
import { DEFAULT_CATEGORIES, DEFAULT_STATUSES } from "~/domain/tasks";
import { effectiveTier, workspacePlan, type Tier } from "~/domain/tiers";
import { newId, newToken, sha256Hex } from "~/lib/crypto";
import { revokeSessionByTokenHash, sessionLookup, touchUser } from "~/models/accounts";
import { slackLinkOfMember } from "~/models/slack";
import { findFallbackMembership, listUserWorkspaces, setSessionWorkspace } from "~/models/teams";
import { listRows } from "~/models/lists";
import { LRUCache } from "lru-cache";
import { sendWaitingReads, withNextBatch, type Actor, type ActorCtx, type Ctx } from "./context.server";

export const SESSION_DAYS = 30;
/** last_active_at is written at most this often per user, not on every request. */
const TOUCH_INTERVAL_MS = 15 * 60 * 1000;

/** A web session's caller: the Actor, plus what the session knows of them. */
export interface Auth extends Actor {
  /**
   * The caller's own tier (spec §4): what their subscription grants, else their account tier. It says what they
   * may buy (billing status, upgrade); what the workspace allows is `plan`.
   */
  tier: Tier;
  sessionId: string;
  /** When the session expires (ISO); live sockets close then. */
  sessionExpiresAt: string;
  /** How the request proved who it is; cookie-authenticated writes must pass the Origin check. */
  via: "header" | "cookie";
}

/**
 * The public shape of a user (`GET /api/auth/user`). `oidc` accounts are `replit` on the wire, as the spec names
 * them; `slackUserId` is the Slack user linked to them in the current workspace (ADR 014).
 */
export function toUserDto(user: UserRow, slackUserId: string | null) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    authType: user.authType === "oidc" ? "replit" : "demo",
    tier: user.tier,
    slackUserId,
  };
}

/** `GET /api/auth/user`: the caller, with the Slack user linked to them in their current workspace. */
export async function currentUserDto(ctx: ActorCtx) {
  const { user, workspace } = ctx.actor;
  const [[link]] = await ctx.db.batch([slackLinkOfMember(ctx.db, workspace.id, user.id)]);
  return toUserDto(user, link?.slackUserId ?? null);
}

/**
 * Signed-in callers seen lately in this isolate, by token hash (never the token). A read request (GET) trusts
 * such an entry at once, so its own reads can start, and checks it in the same D1 batch as those reads
 * (`withNextBatch`): one round trip instead of two. The request answers only once the check agrees
 * (`sessionChecksPassed`, workers/app.ts); when it does not (signed out, removed, the workspace's settings or plan
 * changed), the entry is dropped and the request is answered again from a fresh read. Writes never use it, and
 * since a read may be answered twice, GET loaders have no side effects.
 */
const recentSessions = new LRUCache<string, { auth: SessionAuth; seenAt: number }>({ max: 1000 });
const RECENT_SESSION_MS = 5 * 60 * 1000;

type SessionAuth = Omit<Auth, "via">;
/** The session's row, or null for a dead token; its `role` is null for a removed member. */
const readSession = async (ctx: Ctx, tokenHash: string) => {
  const [rows] = await ctx.db.batch([sessionLookup(ctx.db, tokenHash, ctx.now.toISOString())]);
  return rows[0] ?? null;
};

type SessionRead = Awaited<ReturnType<typeof readSession>>;

/**
 * Whether two reads of a session say the same thing. `lastActiveAt` and the workspace's `planVersion` move on
 * their own (a visit, any task written) and say nothing about who the caller is or what they may do; nor does the
 * count of enabled webhook endpoints, which only writes read (ADR 049).
 */
function sameSession(a: SessionAuth, b: SessionAuth) {
  const key = ({ user, workspace, ...rest }: SessionAuth) =>
    JSON.stringify({
      ...rest,
      user: { ...user, lastActiveAt: null },
      workspace: { ...workspace, planVersion: null, enabledWebhooks: null },
    });
  return key(a) === key(b);
}

function touchIfDue(ctx: Ctx, user: UserRow) {
  if (ctx.now.getTime() - Date.parse(user.lastActiveAt) > TOUCH_INTERVAL_MS) {
    ctx.waitUntil(touchUser(ctx.db, user.id, ctx.now.toISOString()).then(() => undefined));
  }
}

function rememberSession(tokenHash: string, auth: SessionAuth, now: Date) {
  recentSessions.set(tokenHash, { auth, seenAt: now.getTime() });
}

function recentSession(tokenHash: string, now: Date) {
  const entry = recentSessions.get(tokenHash);
  if (!entry) return null;
  const age = now.getTime() - entry.seenAt;
  if (age < 0 || age > RECENT_SESSION_MS || Date.parse(entry.auth.sessionExpiresAt) <= now.getTime()) {
    recentSessions.delete(tokenHash);
    return null;
  }
  return entry.auth;
}

/** True when every trusted session the request used was confirmed by its check (see `recentSessions`). */
export async function sessionChecksPassed(ctx: Pick<Ctx, "requestD1" | "sessionChecks">) {
  sendWaitingReads(ctx);
  return (await Promise.all(ctx.sessionChecks)).every(Boolean);
}

/**
 * The session behind a bearer token, as the caller it authenticates: user, workspace, role, the workspace's plan and
 * the caller's own tier. A session whose workspace the user was removed from carries on in another of theirs.
 * `reuse` (read requests only) lets a session seen lately answer at once, checked alongside the request's reads.
 */
export async function sessionForToken(
  ctx: Ctx,
  input: { token: string; via: Auth["via"]; reuse?: boolean },
): Promise<Auth | null> {
  const { token, via } = input;
  const { db, now } = ctx;
  const tokenHash = await sha256Hex(token);
  const recent = input.reuse ? recentSession(tokenHash, now) : null;
  if (recent) {
    const check = withNextBatch(ctx, () => readSession(ctx, tokenHash)).then(
      (row) => {
        const fresh = toAuth(row);
        const same = fresh !== null && sameSession(fresh, recent);
        if (same) touchIfDue(ctx, fresh.user);
        else recentSessions.delete(tokenHash);
        return same;
      },
      () => false,
    );
    ctx.sessionChecks.push(check);
    return { ...recent, via };
  }
  const row = await readSession(ctx, tokenHash);
  if (!row) return null;
  touchIfDue(ctx, row.user);
  if (row.role === null) {
    // Removed from the session's workspace: carry on in another of theirs (every account owns one).
    const fallback = await findFallbackMembership(db, row.user.id);
    if (!fallback) return null;
    await setSessionWorkspace(db, row.session.id, fallback.workspace.id);
    return { ...toAuth({ ...row, ...fallback })!, via };
  }
  const auth = toAuth(row)!;
  rememberSession(tokenHash, auth, now);
  return { ...auth, via };
}

/** The caller a session read describes; null without one or without a role in its workspace. */
function toAuth(row: SessionRead): SessionAuth | null {
  if (!row || row.role === null) return null;
  return {
    user: row.user,
    tier: effectiveTier({ billingTier: row.billingTier, userTier: row.user.tier }),
    workspace: row.workspace,
    plan: workspacePlan(row.ownerTiers),
    role: row.role,
    sessionId: row.session.id,
    sessionExpiresAt: row.session.expiresAt,
  };
}

/** A producer's first workspace is named after them until they name the event in settings. */
function workspaceNameFor(name: string) {
  const first = name.trim().split(/\s+/)[0];
  return `${first}'s production`;
}

/**
 * The writes that give a new user their own workspace: the workspace with the default categories and
 * statuses, and the owner membership. Demo signup and a first identity sign-in batch them with the rest.
 */
export function newWorkspaceStatements(
  ctx: Ctx,
  input: {
    user: Pick<UserRow, "id" | "name">;
    timezone: string;
    /** A name and event given by its owner ('New event workspace'); "Maria's production" otherwise. */
    named?: { name: string; eventName: string | null; eventDate: string | null };
  },
) {
  const { db } = ctx;
  const { user, timezone, named } = input;
  const nowIso = ctx.now.toISOString();
  const workspaceId = newId();
  const statements = [
    db.insert(workspaces).values({
      id: workspaceId,
      name: named?.name ?? workspaceNameFor(user.name),
      eventName: named?.eventName ?? null,
      eventDate: named?.eventDate ?? null,
      timezone,
      createdAt: nowIso,
    }),
    db.insert(memberships).values({ workspaceId, userId: user.id, role: "owner", createdAt: nowIso }),
    db.insert(categories).values(listRows(workspaceId, DEFAULT_CATEGORIES, nowIso)),
    db.insert(statuses).values(listRows(workspaceId, DEFAULT_STATUSES, nowIso)),
  ] as const;
  return { workspaceId, statements };
}

/** A new session (30 days) and the bearer token for it; only the token's hash goes into the row. */
export async function newSession(ctx: Ctx, input: { userId: string; workspaceId: string; kind: SessionRow["kind"] }) {
  const { userId, workspaceId, kind } = input;
  const { now } = ctx;
  const token = newToken();
  const row: SessionRow = {
    id: newId(),
    tokenHash: await sha256Hex(token),
    userId,
    workspaceId,
    kind,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86400_000).toISOString(),
    revokedAt: null,
  };
  return { token, row };
}

/** A demo signup: the form's fields and where it came from (`landing`, `api`, `invite`). */
export interface DemoSignup {
  signup: DemoSignupInput;
  source: string;
}

/**
 * The writes that create a demo account: the user (tier beta: unlimited, as the spec promises demo users), their
 * workspace with the default categories and statuses, the owner membership and a session. Returns the bearer
 * token, which exists only in the response and the caller's cookie.
 */
export async function demoSignupStatements(ctx: Ctx, { signup: input, source }: DemoSignup) {
  const { db } = ctx;
  const nowIso = ctx.now.toISOString();
  const user: UserRow = {
    id: newId(),
    name: input.name,
    email: input.email.toLowerCase(),
    authType: "demo",
    issuer: null,
    subject: null,
    emailVerified: false,
    tier: "beta",
    marketingOptIn: input.marketingOptIn,
    signupSource: source,
    createdAt: nowIso,
    lastActiveAt: nowIso,
  };
  const workspace = newWorkspaceStatements(ctx, { user, timezone: input.timezone ?? "UTC" });
  const session = await newSession(ctx, { userId: user.id, workspaceId: workspace.workspaceId, kind: "demo" });
  const statements = [
    db.insert(users).values(user),
    ...workspace.statements,
    db.insert(sessions).values(session.row),
  ] as const;
  return { token: session.token, sessionId: session.row.id, user, statements };
}

/** Creates a demo account in one batch (see demoSignupStatements). */
export async function signUpDemo(ctx: Ctx, input: DemoSignup) {
  const { token, user, statements } = await demoSignupStatements(ctx, input);
  await ctx.db.batch(statements);
  return { token, user };
}

/** Ends the session behind `token`, if any, and closes its open pages' live sockets. */
export async function signOut(ctx: Ctx, input: { token: string | null }) {
  if (!input.token) return;
  const tokenHash = await sha256Hex(input.token);
  recentSessions.delete(tokenHash);
  const [ended] = await revokeSessionByTokenHash(ctx.db, tokenHash, ctx.now.toISOString());
  if (ended) await closeSessionSockets(ctx, ended);
}

/**
 * Closes an ended session's live sockets. It can only hold them in workspaces its user belongs to (removal from
 * one closes them there already), so each of those objects is told; other sessions of the user stay connected.
 */
export async function closeSessionSockets(ctx: Ctx, session: { id: string; userId: string }) {
  if (!ctx.live) return;
  const workspaceIds = (await listUserWorkspaces(ctx.db, session.userId)).map((workspace) => workspace.id);
  ctx.live.endSession(workspaceIds, session.id);
}

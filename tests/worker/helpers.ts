import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect, onTestFinished } from "vitest";
import { createDb } from "~/db/client";
import { users, workspaces } from "~/db/schema";
import type { WorkspacePlan } from "~/domain/tiers";
import { findWorkspacePlan } from "~/models/billing";
import type { ActorCtx, Ctx } from "~/services/context.server";
import { TEST_NOW_HEADER } from "../../load-context";

export const ORIGIN = "http://localhost";

export interface CallInit extends RequestInit {
  /** Sent as `x-demo-token`. */
  token?: string;
  /** Sent as the `cb_session` cookie. */
  cookie?: string;
  /** Serialised as the JSON body with `content-type: application/json`. */
  json?: unknown;
  /** Scheme and host the request is addressed to; defaults to local development. */
  base?: string;
  /** The instant the Worker handles the request at (its `ctx.now`), instead of the clock. */
  now?: Date;
}

const randomGroup = () => crypto.getRandomValues(new Uint16Array(1))[0].toString(16);
/**
 * The client address Cloudflare's edge reports (`CF-Connecting-IP`): one per test file, its own IPv6 /64, as
 * separate people are. The abuse limits count anonymous actions per address, and the files together sign up
 * more demo accounts a minute than any one client may. A test sets the header itself to act as another client.
 */
const TEST_CLIENT_IP = `2001:db8:${randomGroup()}:${randomGroup()}::1`;

/** Sends a request to the Worker under test, as the deployed Worker would receive it. */
export function call(path: string, init: CallInit = {}) {
  const { token, cookie, json, base = ORIGIN, now, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", TEST_CLIENT_IP);
  if (now) headers.set(TEST_NOW_HEADER, now.toISOString());
  if (token) headers.set("x-demo-token", token);
  if (cookie) headers.set("cookie", `cb_session=${cookie}`);
  if (json !== undefined) {
    headers.set("content-type", "application/json");
    rest.body = JSON.stringify(json);
  }
  return exports.default.fetch(new Request(`${base}${path}`, { ...rest, headers }));
}

/**
 * A plain (no-JavaScript) form post to a page, as a browser sends it: a navigation, with Origin and Host. Fields as
 * pairs when a name repeats (a form's checked boxes).
 */
export function postForm(token: string, path: string, fields: Record<string, string> | Array<[string, string]>) {
  return call(path, {
    method: "POST",
    token,
    headers: {
      origin: ORIGIN,
      host: new URL(ORIGIN).host,
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-mode": "navigate",
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

let counter = 0;
/** A unique, valid email for a fresh account. */
export function uniqueEmail(prefix = "producer") {
  counter += 1;
  return `${prefix}${counter}-${Date.now()}@example.com`;
}

export interface Account {
  token: string;
  user: { id: string; name: string; email: string };
  setCookie: string;
}

/** A fresh demo account (its own workspace) for a test. */
export async function signUp(name = "Maria Lopez"): Promise<Account> {
  const res = await call("/api/demo/signup", { method: "POST", json: { name, email: uniqueEmail() } });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as Omit<Account, "setCookie">;
  return { ...body, setCookie: res.headers.get("set-cookie")! };
}

export type TaskJson = Record<string, any>;

/** Creates a task, at the instant `now` when given. */
export async function createTask(token: string, body: Record<string, unknown>, now?: Date) {
  const res = await call("/api/tasks", { method: "POST", token, json: body, now });
  return { res, body: (await res.json()) as TaskJson };
}

/** Creates a task that must succeed and returns it. */
export async function newTask(token: string, body: Record<string, unknown>, now?: Date) {
  const { res, body: task } = await createTask(token, body, now);
  expect(res.status, JSON.stringify(task)).toBe(201);
  return task;
}

export async function listTasks(token: string, query = "") {
  const res = await call(`/api/tasks${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as TaskJson[];
}

/** Updates a task, at the instant `now` when given. */
export async function updateTask(token: string, id: string, body: unknown, now?: Date) {
  const res = await call(`/api/tasks/${id}`, { method: "PUT", token, json: body, now });
  return { res, body: (await res.json()) as TaskJson };
}

export interface ErrorJson {
  error: string;
  fieldErrors?: Record<string, string[]>;
  [key: string]: unknown;
}

/**
 * Asserts the API's one error shape: the status, a JSON content type and a string `error`. Takes a raw
 * response, or the `{ res, body }` of `createTask`/`updateTask` whose body was already read.
 */
export async function expectError(
  result: Response | { res: Response; body: unknown },
  status: number,
): Promise<ErrorJson> {
  const res = result instanceof Response ? result : result.res;
  const body = (result instanceof Response ? JSON.parse(await res.text()) : result.body) as ErrorJson;
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(typeof body.error).toBe("string");
  expect(body.error.length).toBeGreaterThan(0);
  return body;
}

/** The D1 database the Worker uses, for arranging and inspecting state directly. */
export const db = () => env.DB;

/** The workspace a user owns: their own, made at signup (they may belong to others' too). */
export async function workspaceIdOf(userId: string) {
  const row = await db()
    .prepare("SELECT workspace_id FROM memberships WHERE user_id = ? AND role = 'owner' ORDER BY created_at LIMIT 1")
    .bind(userId)
    .first<{ workspace_id: string }>();
  return row!.workspace_id;
}

/**
 * A service context for calling services directly: the test's D1 and env at the instant `now`; work scheduled after
 * the response just runs on, and there are no live updates unless `live` is given.
 */
export function ctxAt(now: Date, live?: Ctx["live"]): Ctx {
  return { db: createDb(db()), env: env as unknown as Env, now, waitUntil: () => {}, live, sessionChecks: [] };
}

/** `ctxAt(now)` acting as `account` in its own workspace, as its owner, on the workspace's plan or `plan`. */
export async function actorCtxOf(
  account: Pick<Account, "user">,
  options: { now: Date; plan?: WorkspacePlan },
): Promise<ActorCtx> {
  const ctx = ctxAt(options.now);
  const workspaceId = await workspaceIdOf(account.user.id);
  const [[user], [workspace]] = await Promise.all([
    ctx.db.select().from(users).where(eq(users.id, account.user.id)),
    ctx.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)),
  ]);
  const plan = options.plan ?? (await findWorkspacePlan(ctx.db, workspaceId));
  return { ...ctx, actor: { user: user!, workspace: workspace!, role: "owner", plan } };
}

/** Sets a workspace's timezone and event date (a UTC instant, or null) as settings would. */
export async function setWorkspace(userId: string, values: { timezone?: string; eventDate?: string | null }) {
  const id = await workspaceIdOf(userId);
  if (values.timezone !== undefined) {
    await db().prepare("UPDATE workspaces SET timezone = ? WHERE id = ?").bind(values.timezone, id).run();
  }
  if (values.eventDate !== undefined) {
    await db().prepare("UPDATE workspaces SET event_date = ? WHERE id = ?").bind(values.eventDate, id).run();
  }
}

/** The calendar date (`YYYY-MM-DD`) of an instant in a timezone, computed independently of the app. */
export function localDate(instant: Date, timeZone: string) {
  return instant.toLocaleDateString("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
}

export function shiftDate(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A live-update socket (`/api/live`) to a workspace (the session's current one unless named), closed when the test
 * ends. `received` holds its messages in order; `receivedCount(n)` resolves once n have arrived, on the message
 * event itself (the test's timeout bounds the wait).
 */
export async function connectLive(account: Pick<Account, "token">, workspaceId?: string) {
  const query = workspaceId ? `?workspace=${workspaceId}` : "";
  return acceptSocket(await call(`/api/live${query}`, { token: account.token, headers: { upgrade: "websocket" } }));
}

/**
 * The client end of an upgraded `/api/live` response (a member's or a share link's socket), closed when the test
 * finishes, with its messages awaited on the message event: by count, or the next of a type.
 */
export function acceptSocket(res: Response) {
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  socket.accept();
  onTestFinished(() => {
    try {
      socket.close(1000, "test over");
    } catch {
      // already closed by the test
    }
  });
  const received: Array<Record<string, any>> = [];
  const waiting: Array<() => void> = [];
  socket.addEventListener("message", (event) => {
    received.push(JSON.parse(event.data as string));
    for (const wake of waiting.splice(0)) wake();
  });
  const closed = new Promise<CloseEvent>((resolve) => socket.addEventListener("close", resolve));
  const nextMessage = () => new Promise<void>((wake) => waiting.push(wake));
  async function receivedCount(count: number) {
    while (received.length < count) await nextMessage();
    expect(received).toHaveLength(count);
    return received;
  }
  async function nextOf(type: string, after = 0) {
    for (;;) {
      const found = received.slice(after).find((m) => m.type === type);
      if (found) return found;
      await nextMessage();
    }
  }
  return { socket, received, closed, receivedCount, nextOf };
}

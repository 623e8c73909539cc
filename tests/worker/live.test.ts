import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createDb } from "~/db/client";
import { workspaces } from "~/db/schema";
import { MAX_CONNECTIONS_PER_PERSON, MAX_MEMBER_SOCKETS_PER_WORKSPACE } from "~/domain/live";
import { createLiveNotifier } from "~/services/live-notifier.server";
import { notifyWorkspaceChanged } from "~/services/live.server";
import { call, ctxAt, expectError, newTask, ORIGIN, signUp, updateTask, workspaceIdOf, type Account } from "./helpers";
import { team } from "./teams-helpers";

type Message = Record<string, any>;

/** An accepted client socket with a queue of the messages it received. */
interface LiveClient {
  socket: WebSocket;
  received: Message[];
  next(timeoutMs?: number): Promise<Message>;
  closed: Promise<CloseEvent>;
}

const open: WebSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) {
    try {
      socket.close(1000, "test over");
    } catch {
      // already closed by the test
    }
  }
});

function upgrade(account: Pick<Account, "token"> | null, init: { query?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { upgrade: "websocket" };
  if (init.origin) headers.origin = init.origin;
  return call(`/api/live${init.query ?? ""}`, { token: account?.token, headers });
}

async function connect(account: Account): Promise<LiveClient> {
  const res = await upgrade(account);
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  socket.accept();
  open.push(socket);
  const received: Message[] = [];
  const waiting: Array<(m: Message) => void> = [];
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data as string) as Message;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else received.push(message);
  });
  const closed = new Promise<CloseEvent>((resolve) => socket.addEventListener("close", resolve));
  return {
    socket,
    received,
    closed,
    next(timeoutMs = 2000) {
      const queued = received.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no live message in time")), timeoutMs);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
  };
}

describe("GET /api/live: checks before the upgrade", () => {
  it("answers 401 without a session", async () => {
    await expectError(await upgrade(null), 401);
  });

  it("answers 403 for another workspace and for a foreign Origin", async () => {
    const owner = await signUp();
    const other = await signUp("Sam Other");
    const otherWorkspace = await workspaceIdOf(other.user.id);
    await expectError(await upgrade(owner, { query: `?workspace=${otherWorkspace}` }), 403);
    await expectError(await upgrade(owner, { origin: "https://evil.example" }), 403);
  });

  it("accepts its own workspace and Origin, and asks plain requests to upgrade", async () => {
    const owner = await signUp();
    const own = await workspaceIdOf(owner.user.id);
    const res = await upgrade(owner, { query: `?workspace=${own}`, origin: ORIGIN });
    expect(res.status).toBe(101);
    res.webSocket!.accept();
    open.push(res.webSocket!);
    await expectError(await call("/api/live", { token: owner.token }), 426);
    expect((await expectError(await call("/api/live", { method: "POST", token: owner.token }), 405)).error).toMatch(/GET/);
  });
});

describe("live broadcasts", () => {
  it("greets with the version and server time, then pushes every task change with fresh stats", async () => {
    const owner = await signUp();
    const client = await connect(owner);
    const hello = await client.next();
    expect(hello.type).toBe("hello");
    expect(hello.version).toBe(0);
    expect(Math.abs(hello.serverTime - Date.now())).toBeLessThan(5000);

    const task = await newTask(owner.token, { title: "Book the PA system" });
    const created = await client.next();
    expect(created).toMatchObject({
      type: "task",
      change: "created",
      version: 1,
      taskId: task.id,
      task: { id: task.id, title: "Book the PA system", status: "pending" },
      stats: { totalTasks: 1, completedTasks: 0, completionPercentage: 0 },
    });

    expect((await updateTask(owner.token, task.id, { status: "completed" })).res.status).toBe(200);
    expect(await client.next()).toMatchObject({
      change: "updated",
      version: 2,
      task: { id: task.id, status: "completed" },
      // The task as it was, so open lists can take it out of its old place without a refetch.
      previous: { id: task.id, status: "pending", title: "Book the PA system" },
      stats: { totalTasks: 1, completedTasks: 1, completionPercentage: 100 },
    });

    expect((await call(`/api/tasks/${task.id}`, { method: "DELETE", token: owner.token })).status).toBe(204);
    const deleted = await client.next();
    expect(deleted).toMatchObject({
      change: "deleted",
      version: 3,
      taskId: task.id,
      previous: { id: task.id, status: "completed" },
      stats: { totalTasks: 0 },
    });
    expect(deleted.task).toBeUndefined();
  });

  it("sends every open page of the workspace the change, and nothing to another workspace", async () => {
    const owner = await signUp();
    const stranger = await signUp("Sam Other");
    const [a, b, other] = await Promise.all([connect(owner), connect(owner), connect(stranger)]);
    await Promise.all([a.next(), b.next(), other.next()]);

    await newTask(owner.token, { title: "Print the run sheet" });
    expect((await a.next()).task.title).toBe("Print the run sheet");
    expect((await b.next()).task.title).toBe("Print the run sheet");
    // A change in the stranger's own workspace comes after anything that could have leaked: it is the first there.
    await newTask(stranger.token, { title: "Stranger's own task" });
    expect(await other.next()).toMatchObject({ version: 1, task: { title: "Stranger's own task" } });
    expect(other.received).toEqual([]);
  });

  it("a failed write announces nothing", async () => {
    const owner = await signUp();
    const client = await connect(owner);
    await client.next();
    await newTask(owner.token, { title: "Hire the lights" });
    await client.next();
    await expectError(await call("/api/tasks", { method: "POST", token: owner.token, json: { title: "Hire the lights" } }), 409);
    // The next write's message comes after anything the failed one could have sent, and takes the next version.
    await newTask(owner.token, { title: "Hire the sound" });
    expect(await client.next()).toMatchObject({ version: 2, task: { title: "Hire the sound" } });
    expect(client.received).toEqual([]);
  });
});

describe("workspace settings", () => {
  it("notifyWorkspaceChanged sends the new event date with fresh stats", async () => {
    const owner = await signUp();
    const client = await connect(owner);
    await client.next();
    await newTask(owner.token, { title: "Sound check" });
    await client.next();

    // What a settings service does after saving: the updated row, then the notification.
    const db = createDb(env.DB);
    const workspaceId = await workspaceIdOf(owner.user.id);
    const [workspace] = await db
      .update(workspaces)
      .set({ eventDate: "2031-06-01T18:00:00.000Z" })
      .where(eq(workspaces.id, workspaceId))
      .returning();
    const pending: Promise<unknown>[] = [];
    const live = createLiveNotifier(env as unknown as Env, (promise) => pending.push(promise));
    notifyWorkspaceChanged(ctxAt(new Date(), live), workspace!);
    await Promise.all(pending);

    const message = await client.next();
    expect(message).toMatchObject({
      type: "workspace",
      version: 2,
      workspace: { eventDate: "2031-06-01T18:00:00.000Z", eventLocalDate: "2031-06-01", eventLocalTime: "18:00", timezone: "UTC" },
      stats: { totalTasks: 1 },
    });
    expect(message.stats.daysToEvent).toBeGreaterThan(365);
  });
});

describe("versions", () => {
  it("keeps the version in the object's storage and shows a reconnecting page the gap", async () => {
    const owner = await signUp();
    const workspaceId = await workspaceIdOf(owner.user.id);
    const first = await connect(owner);
    expect((await first.next()).version).toBe(0);
    first.socket.close(1000, "page closed");

    // Two changes while the page is away.
    await newTask(owner.token, { title: "Confirm the caterer" });
    await newTask(owner.token, { title: "Confirm the florist" });
    const stub = env.WORKSPACE_LIVE.get(env.WORKSPACE_LIVE.idFromName(workspaceId));
    await expect.poll(() => runInDurableObject(stub, (_, state) => state.storage.get<number>("version"))).toBe(2);

    // The page comes back: its hello says 2 while it last saw 0, which the client treats as a gap (one refetch).
    const again = await connect(owner);
    expect((await again.next())).toMatchObject({ type: "hello", version: 2 });

    // A publish straight to the object increments once per event.
    const version = await stub.publish({
      type: "workspace",
      workspace: {
        name: "Gala",
        eventName: "Spring Gala",
        eventDate: "2030-05-01T18:00:00.000Z",
        eventLocalDate: "2030-05-01",
        eventLocalTime: "18:00",
        eventEndDate: null,
        loadInDate: null,
        loadOutDate: null,
        timezone: "UTC",
        assumedEstimateHours: 8,
      },
      stats: { totalTasks: 2, completedTasks: 0, overdueTasks: 0, dueTodayTasks: 0, completionPercentage: 0, daysToEvent: 10 },
    });
    expect(version).toBe(3);
    expect(await again.next()).toMatchObject({ type: "workspace", version: 3, workspace: { name: "Gala" } });
  });
});

describe("limits", () => {
  it(`refuses member connection ${MAX_MEMBER_SOCKETS_PER_WORKSPACE + 1} to one workspace with 429`, async () => {
    // Each person may hold MAX_CONNECTIONS_PER_PERSON sockets, so filling the members' slots takes a team.
    const teamSize = MAX_MEMBER_SOCKETS_PER_WORKSPACE / MAX_CONNECTIONS_PER_PERSON;
    const names = Array.from({ length: teamSize }, (_, i) => `Member ${i}`);
    const { owner, members } = await team(["Latecomer", ...names.slice(1)]);
    const [latecomer, ...others] = members;
    for (const person of [owner, ...others]) {
      for (let i = 0; i < MAX_CONNECTIONS_PER_PERSON; i += 1) await connect(person);
    }
    const refused = await expectError(await upgrade(latecomer!), 429);
    expect(refused.error).toMatch(/this workspace \(limit 100\)/);
    // Another workspace has its own object and its own allowance.
    await connect(await signUp("Sam Other"));
  });

  it("closes a socket that sends an oversized message", async () => {
    const owner = await signUp();
    const client = await connect(owner);
    await client.next();
    client.socket.send("x".repeat(10_000));
    const event = await client.closed;
    expect(event.code).toBe(1009);
  });

  it("answers a hello request with the current version (clock re-measure)", async () => {
    const owner = await signUp();
    const client = await connect(owner);
    await client.next();
    client.socket.send("hello");
    expect(await client.next()).toMatchObject({ type: "hello", version: 0 });
  });
});

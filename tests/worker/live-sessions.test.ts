import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLOSE_MEMBERSHIP_ENDED, CLOSE_SESSION_ENDED, MAX_CONNECTIONS_PER_PERSON } from "~/domain/live";
import { call, db, expectError, newTask, ORIGIN, signUp, uniqueEmail, workspaceIdOf, type Account } from "./helpers";
import { browse, CookieJar, identityBrowser, signInWithProvider } from "./identity-helpers";
import type { WorkspaceLive } from "../../workers/workspace-live";
import { createInvite, team } from "./teams-helpers";

const open: WebSocket[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const socket of open.splice(0)) {
    try {
      socket.close(1000, "test over");
    } catch {
      // already closed by the test
    }
  }
});

/** A page's live socket: its messages, and a promise of its close event (tests wait for that, never for time). */
interface LiveTab {
  received: Array<Record<string, any>>;
  closed: Promise<CloseEvent>;
  /** Resolves once the object's hello arrived, i.e. the socket is registered. */
  greeted: Promise<void>;
  /** Resolves on the next message that arrives after the call. */
  nextMessage: () => Promise<void>;
}

function tab(res: Response): LiveTab {
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  socket.accept();
  open.push(socket);
  const received: Array<Record<string, any>> = [];
  let greet: () => void;
  const greeted = new Promise<void>((resolve) => (greet = resolve));
  const waiting: Array<() => void> = [];
  socket.addEventListener("message", (event) => {
    received.push(JSON.parse(event.data as string));
    if (received.length === 1) greet();
    for (const wake of waiting.splice(0)) wake();
  });
  const closed = new Promise<CloseEvent>((resolve) => socket.addEventListener("close", resolve));
  const nextMessage = () => new Promise<void>((wake) => waiting.push(wake));
  return { received, closed, greeted, nextMessage };
}

const UPGRADE = { upgrade: "websocket" };

/** An upgrade as the demo API client holding `account`'s token. */
const upgrade = (account: Account, query = "") => call(`/api/live${query}`, { token: account.token, headers: UPGRADE });
const connect = (account: Account, query = "") => upgrade(account, query).then(tab);
/** An upgrade as a browser (session cookie). */
const connectBrowser = (jar: CookieJar) => browse(jar, "/api/live", { headers: UPGRADE }).then(tab);

const stubOf = (workspaceId: string) => env.WORKSPACE_LIVE.get(env.WORKSPACE_LIVE.idFromName(workspaceId));

/** Whether a tab is still open: it receives the change that `create` makes (a task titled `title`). */
async function stillFollows(live: LiveTab, title: string, create: (body: { title: string }) => Promise<unknown>) {
  const before = live.received.length;
  const arrived = live.nextMessage();
  await create({ title });
  await arrived;
  expect(live.received).toHaveLength(before + 1);
  expect(live.received.at(-1)).toMatchObject({ type: "task", task: { title } });
}

const apiTask = (account: Account) => (body: { title: string }) => newTask(account.token, body);
const browserTask = (jar: CookieJar) => async (body: { title: string }) => {
  const res = await browse(jar, "/api/tasks", {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
};

describe("a live socket belongs to its session", () => {
  it("signing out closes that session's sockets in every workspace, not the user's other session's", async () => {
    const email = uniqueEmail("two-devices");
    const laptop = await identityBrowser(email);
    const phone = await identityBrowser(email);
    const laptopOwn = await connectBrowser(laptop);
    const phoneTab = await connectBrowser(phone);

    // The user joins a team on the laptop, whose session moves there: a second tab follows the team.
    const { owner } = await team([]);
    const { token: inviteToken } = await createInvite(owner);
    const joined = await browse(laptop, `/api/invites/${inviteToken}/accept`, {
      method: "POST",
      headers: { origin: ORIGIN },
    });
    expect(joined.status, await joined.clone().text()).toBe(200);
    const laptopTeam = await connectBrowser(laptop);
    const ownerTab = await connect(owner);
    await Promise.all([laptopOwn.greeted, laptopTeam.greeted, phoneTab.greeted, ownerTab.greeted]);
    await stillFollows(laptopTeam, "Hang the banners", apiTask(owner));

    const signedOut = await browse(laptop, "/logout", { method: "POST", headers: { origin: ORIGIN } });
    expect(signedOut.status).toBe(303);
    expect((await laptopOwn.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect((await laptopTeam.closed).code).toBe(CLOSE_SESSION_ENDED);

    // The phone's session and the team's owner are untouched.
    await stillFollows(phoneTab, "Rig the stage", browserTask(phone));
    await stillFollows(ownerTab, "Test the radios", apiTask(owner));
  });

  it("the spec's GET /api/logout closes the session's sockets too", async () => {
    const maria = await signUp();
    const live = await connect(maria);
    await live.greeted;
    const res = await call("/api/logout", { cookie: maria.token, redirect: "manual" });
    expect(res.status).toBe(302);
    expect((await live.closed).code).toBe(CLOSE_SESSION_ENDED);
    await expectError(await upgrade(maria), 401);
  });

  it("a session revoked by an identity sign-in in the same browser loses its sockets", async () => {
    const demo = await signUp("Dana Demo");
    const live = await connect(demo);
    await live.greeted;
    const jar = CookieJar.from(`cb_session=${demo.token}`);
    const { res } = await signInWithProvider(uniqueEmail("dana"), { jar });
    expect(res.status).toBe(302);
    expect((await live.closed).code).toBe(CLOSE_SESSION_ENDED);
  });

  it("an expired session's socket closes at its expiry (the object's alarm), others stay", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const sam = members[0]!;
    // Sam's session ends in a minute; Maria's in 30 days.
    const expiresAt = Date.now() + 60_000;
    await db()
      .prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(new Date(expiresAt).toISOString(), sam.user.id)
      .run();
    const samTab = await connect(sam);
    const ownerTab = await connect(owner);
    await Promise.all([samTab.greeted, ownerTab.greeted]);
    const stub = stubOf(workspaceId);
    expect(await runInDurableObject(stub, (_, state) => state.storage.getAlarm())).toBe(expiresAt);

    // Before the expiry the alarm closes nothing.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(expiresAt);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await samTab.closed).code).toBe(CLOSE_SESSION_ENDED);
    vi.useRealTimers();

    // The next expiry is Maria's, and her page still follows the workspace.
    const next = await runInDurableObject(stub, (_, state) => state.storage.getAlarm());
    expect(next).toBeGreaterThan(expiresAt + 29 * 86400_000);
    await stillFollows(ownerTab, "Book the buses", apiTask(owner));
    expect(samTab.received).toHaveLength(1);
  });

  it("removal from the workspace closes the member's sockets from every session", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0]!;
    const [api, browser] = await Promise.all([connect(sam), connectBrowser(CookieJar.from(`cb_session=${sam.token}`))]);
    await Promise.all([api.greeted, browser.greeted]);
    const removed = await call(`/api/workspace/members/${sam.user.id}`, { method: "DELETE", token: owner.token });
    expect(removed.status).toBe(200);
    expect((await api.closed).code).toBe(CLOSE_MEMBERSHIP_ENDED);
    expect((await browser.closed).code).toBe(CLOSE_MEMBERSHIP_ENDED);
  });
});

describe("sockets per person", () => {
  it(`refuses a person's socket ${MAX_CONNECTIONS_PER_PERSON + 1} to one workspace with 429; others still connect`, async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const tabs = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_PERSON; i += 1) tabs.push(await connect(owner));
    const refused = await expectError(await upgrade(owner), 429);
    expect(refused.error).toMatch(/limit 10/);
    await connect(members[0]!);
    // A closed tab frees its place.
    open[0]!.close(1000, "tab closed");
    await tabs[0]!.closed;
    await connect(owner);
  });

  it("a client's hello on a socket that has just been closed is dropped, not thrown out of the object", async () => {
    const owner = await signUp("Maria Lopez");
    const stub = stubOf(await workspaceIdOf(owner.user.id));
    await runInDurableObject(stub, async (object) => {
      const instance = object as unknown as WorkspaceLive;
      const [, server] = Object.values(new WebSocketPair());
      server.accept();
      server.close(CLOSE_SESSION_ENDED, "Session ended");
      expect(() => instance.webSocketMessage(server, "hello")).not.toThrow();
    });
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { CLOSE_MEMBERSHIP_ENDED } from "~/domain/live";
import { call, newTask, type Account } from "./helpers";
import { acceptInvite, createInvite, team } from "./teams-helpers";

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

/** A live socket to a workspace (the session's current one unless named), with its messages queued. */
async function connect(account: Account, workspaceId?: string) {
  const query = workspaceId ? `?workspace=${workspaceId}` : "";
  const res = await call(`/api/live${query}`, { token: account.token, headers: { upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  socket.accept();
  open.push(socket);
  const received: Array<Record<string, any>> = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  socket.addEventListener("message", (event) => {
    received.push(JSON.parse(event.data as string));
    for (const w of waiting.filter((w) => received.length >= w.count)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  });
  const closed = new Promise<CloseEvent>((resolve) => socket.addEventListener("close", resolve));
  /** Resolves when the socket has received `count` messages in all. */
  const receivedCount = (count: number) =>
    received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }));
  return { received, closed, receivedCount };
}

describe("live updates for a team", () => {
  it("a member follows the team's changes, and a socket may name another workspace of theirs", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const sam = members[0];
    const other = await team([]);
    const { token } = await createInvite(other.owner);
    expect((await acceptInvite(sam, token)).status).toBe(200);
    // Sam's session is now in the other team; a tab still showing Maria's keeps following Maria's.
    const tab = await connect(sam, workspaceId);
    await tab.receivedCount(1);
    await newTask(owner.token, { title: "Load the truck" });
    await tab.receivedCount(2);
    expect(tab.received[1]).toMatchObject({ type: "task", change: "created", task: { title: "Load the truck" } });
  });

  it("removing a member closes their sockets to the workspace", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0];
    const samTab = await connect(sam);
    const ownerTab = await connect(owner);
    await Promise.all([samTab.receivedCount(1), ownerTab.receivedCount(1)]);
    const removed = await call(`/api/workspace/members/${sam.user.id}`, { method: "DELETE", token: owner.token });
    expect(removed.status).toBe(200);
    const event = await samTab.closed;
    expect(event.code).toBe(CLOSE_MEMBERSHIP_ENDED);
    await newTask(owner.token, { title: "After Sam left" });
    await ownerTab.receivedCount(2);
  });
});

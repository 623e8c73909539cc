import { describe, expect, it } from "vitest";
import { CLOSE_MEMBERSHIP_ENDED, CLOSE_SHARE_REVOKED, MAX_CONNECTIONS_PER_PERSON } from "~/domain/live";
import { acceptSocket, call, connectLive, expectError, newTask, type Account } from "./helpers";
import { createShare, memberSocket, shareSocket } from "./show-helpers";
import { acceptInvite, createInvite, team } from "./teams-helpers";

describe("live updates for a team", () => {
  it("a member follows the team's changes, and a socket may name another workspace of theirs", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    const sam = members[0];
    const other = await team([]);
    const { token } = await createInvite(other.owner);
    expect((await acceptInvite(sam, token)).status).toBe(200);
    // Sam's session is now in the other team; a tab still showing Maria's keeps following Maria's.
    const tab = await connectLive(sam, workspaceId);
    await tab.receivedCount(1);
    await newTask(owner.token, { title: "Load the truck" });
    await tab.receivedCount(2);
    expect(tab.received[1]).toMatchObject({ type: "task", change: "created", task: { title: "Load the truck" } });
  });

  it("removing a member closes their sockets to the workspace", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0];
    const samTab = await connectLive(sam);
    const ownerTab = await connectLive(owner);
    await Promise.all([samTab.receivedCount(1), ownerTab.receivedCount(1)]);
    const removed = await call(`/api/workspace/members/${sam.user.id}`, { method: "DELETE", token: owner.token });
    expect(removed.status).toBe(200);
    const event = await samTab.closed;
    expect(event.code).toBe(CLOSE_MEMBERSHIP_ENDED);
    await newTask(owner.token, { title: "After Sam left" });
    await ownerTab.receivedCount(2);
  });
});

describe("a member's sockets are theirs, whatever headers they send (issue 32)", () => {
  /** What a script could add to a member's upgrade: every header the Worker uses to tell the object who connected. */
  const forged = (i: number, owner: Account) => ({
    "x-live-share": `forged-${i}`,
    "x-live-user": owner.user.id,
    "x-live-session": "forged-session",
    "x-live-expires": String(Number.MAX_SAFE_INTEGER),
    "x-live-anything": "else",
  });

  it("drops forged x-live-* headers: each socket counts in the cap, hears tasks, closes on removal", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0]!;
    const tabs = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_PERSON; i += 1) {
      tabs.push(acceptSocket(await memberSocket(sam, forged(i, owner))));
    }
    // Crew sockets escaped this cap; a member's are held to it.
    await expectError(await memberSocket(sam, forged(MAX_CONNECTIONS_PER_PERSON, owner)), 429);
    await Promise.all(tabs.map((tab) => tab.nextOf("hello")));
    // Crew sockets never hear a task; ordinary member sockets do.
    await newTask(owner.token, { title: "Members only" });
    await Promise.all(tabs.map((tab) => tab.nextOf("task")));

    const removed = await call(`/api/workspace/members/${sam.user.id}`, { method: "DELETE", token: owner.token });
    expect(removed.status).toBe(200);
    const closed = await Promise.all(tabs.map((tab) => tab.closed));
    expect(closed.map((event) => event.code)).toEqual(tabs.map(() => CLOSE_MEMBERSHIP_ENDED));
  });

  it("a crew link's socket stays a crew socket when a member's headers are forged on it", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const share = await createShare(owner);
    const crew = acceptSocket(await shareSocket(share.token, forged(0, members[0]!)));
    await crew.nextOf("hello");
    const page = await connectLive(owner);
    await page.receivedCount(1);
    await newTask(owner.token, { title: "Not for crew" });
    await page.nextOf("task");
    expect(crew.received.map((m) => m.type)).toEqual(["hello"]);
  });
});

describe("leaving a team ends the crew links one made (issue 32)", () => {
  it("removing a member revokes their share links and closes those links' pages; others' links stay", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0]!;
    const samsLink = await createShare(sam, { label: "Sam's crew" });
    const ownersLink = await createShare(owner, { label: "Maria's crew" });
    const samsCrew = acceptSocket(await shareSocket(samsLink.token));
    const ownersCrew = acceptSocket(await shareSocket(ownersLink.token));
    await Promise.all([samsCrew.nextOf("hello"), ownersCrew.nextOf("hello")]);

    const removed = await call(`/api/workspace/members/${sam.user.id}`, { method: "DELETE", token: owner.token });
    expect(removed.status).toBe(200);
    expect((await samsCrew.closed).code).toBe(CLOSE_SHARE_REVOKED);
    expect((await call(`/show/share/${samsLink.token}`)).status).toBe(404);
    await expectError(await shareSocket(samsLink.token), 404);
    const listed = await call("/api/show/shares", { token: owner.token });
    const list = (await listed.json()) as { shares: Array<{ id: string }> };
    expect(list.shares.map((s) => s.id)).toEqual([ownersLink.id]);
    expect(ownersCrew.socket.readyState).toBe(WebSocket.OPEN);
    expect((await call(`/show/share/${ownersLink.token}`)).status).toBe(200);
  });

  it("an owner who leaves (removes themselves) revokes the links they made", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const sam = members[0]!;
    const promoted = await call(`/api/workspace/members/${sam.user.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { role: "owner" },
    });
    expect(promoted.status, await promoted.clone().text()).toBe(200);
    const samsLink = await createShare(sam);
    const samsCrew = acceptSocket(await shareSocket(samsLink.token));
    await samsCrew.nextOf("hello");

    const left = await call(`/api/workspace/members/${sam.user.id}`, { method: "DELETE", token: sam.token });
    expect(left.status, await left.clone().text()).toBe(200);
    expect((await samsCrew.closed).code).toBe(CLOSE_SHARE_REVOKED);
    await expectError(await shareSocket(samsLink.token), 404);
  });
});

import { describe, expect, it } from "vitest";
import { CLOSE_MEMBERSHIP_ENDED } from "~/domain/live";
import { call, connectLive, newTask } from "./helpers";
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

import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client";
import { acceptInviteStatements } from "~/models/teams";
import { call, db, expectError, signUp, workspaceIdOf } from "./helpers";
import { acceptInvite, createInvite, membershipCount, setInviteExpiry, setTier } from "./teams-helpers";

describe("invitations", () => {
  it("an owner creates a link; only its hash is stored; a signed-in visitor joins and the workspace becomes current", async () => {
    const owner = await signUp("Maria Lopez");
    const workspaceId = await workspaceIdOf(owner.user.id);
    const created = await createInvite(owner, { maxUses: 2, expiresInDays: 3 });
    expect(created.url).toMatch(/^http:\/\/localhost\/join\/[A-Za-z0-9_-]{43}$/);
    expect(created.invite).toMatchObject({ maxUses: 2, uses: 0, state: "active" });

    const stored = await db()
      .prepare("SELECT * FROM workspace_invites WHERE id = ?")
      .bind(created.invite.id)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const preview = await call(`/api/invites/${created.token}`);
    expect(await preview.json()).toMatchObject({
      workspaceName: "Maria's production",
      inviterName: "Maria Lopez",
      state: "active",
      teamFull: false,
    });

    const crew = await signUp("Sam Okafor");
    const res = await acceptInvite(crew, created.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ workspaceId, alreadyMember: false });
    const me = await call("/api/workspaces", { token: crew.token });
    const body = (await me.json()) as {
      workspaces: Array<{ id: string; role: string; current: boolean }>;
      currentWorkspaceId: string;
    };
    expect(body.currentWorkspaceId).toBe(workspaceId);
    expect(body.workspaces).toHaveLength(2);
    expect(body.workspaces.find((w) => w.id === workspaceId)).toMatchObject({ role: "member", current: true });

    const list = await call("/api/workspace/invites", { token: owner.token });
    expect(((await list.json()) as { invites: unknown[] }).invites).toEqual([
      expect.objectContaining({
        id: created.invite.id,
        uses: 1,
        maxUses: 2,
        state: "active",
        createdByName: "Maria Lopez",
      }),
    ]);
  });

  it("joining again only switches to the workspace and uses no seat", async () => {
    const owner = await signUp();
    const { token, invite } = await createInvite(owner, { maxUses: 2 });
    const crew = await signUp("Sam Okafor");
    expect((await acceptInvite(crew, token)).status).toBe(200);
    const again = await acceptInvite(crew, token);
    expect(await again.json()).toMatchObject({ alreadyMember: true });
    const row = await db()
      .prepare("SELECT uses FROM workspace_invites WHERE id = ?")
      .bind(invite.id)
      .first<{ uses: number }>();
    expect(row!.uses).toBe(1);
  });

  it("refuses an expired link with 410", async () => {
    const owner = await signUp();
    const { token, invite } = await createInvite(owner);
    await setInviteExpiry(invite.id, new Date(Date.now() - 1000).toISOString());
    const crew = await signUp("Sam Okafor");
    const error = await expectError(await acceptInvite(crew, token), 410);
    expect(error.error).toMatch(/expired/);
    expect(await (await call(`/api/invites/${token}`)).json()).toMatchObject({ state: "expired" });
    expect(await membershipCount(await workspaceIdOf(owner.user.id))).toBe(1);
  });

  it("refuses a revoked link with 410; revoking is owner-only and scoped to the workspace", async () => {
    const owner = await signUp();
    const { token, invite } = await createInvite(owner);
    const stranger = await signUp("Sam Okafor");
    await expectError(
      await call(`/api/workspace/invites/${invite.id}`, { method: "DELETE", token: stranger.token }),
      404,
    );
    const revoked = await call(`/api/workspace/invites/${invite.id}`, { method: "DELETE", token: owner.token });
    expect(revoked.status).toBe(204);
    const error = await expectError(await acceptInvite(stranger, token), 410);
    expect(error.error).toMatch(/withdrawn/);
    await expectError(await call("/api/workspace/invites/nope", { method: "DELETE", token: owner.token }), 404);
  });

  it("refuses a used-up link with 410", async () => {
    const owner = await signUp();
    const { token } = await createInvite(owner, { maxUses: 1 });
    expect((await acceptInvite(await signUp("Sam Okafor"), token)).status).toBe(200);
    const error = await expectError(await acceptInvite(await signUp("Priya Natarajan"), token), 410);
    expect(error.error).toMatch(/already been used/);
  });

  it("answers 404 for a link that is no invitation, however it is shaped", async () => {
    const visitor = await signUp();
    for (const token of ["x".repeat(43), "short", "%2e%2e", "a".repeat(300)]) {
      await expectError(await acceptInvite(visitor, token), 404);
      await expectError(await call(`/api/invites/${token}`), 404);
    }
  });

  it("validates the invitation's uses and days", async () => {
    const owner = await signUp();
    for (const body of [
      { maxUses: 0 },
      { maxUses: 101 },
      { expiresInDays: 31 },
      { maxUses: "2" },
      { expiresInDays: 1.5 },
    ]) {
      const error = await expectError(
        await call("/api/workspace/invites", { method: "POST", token: owner.token, json: body }),
        400,
      );
      expect(Object.keys(error.fieldErrors ?? {})).toHaveLength(1);
    }
  });
});

describe("team limits", () => {
  it("a free workspace cannot invite: 403 with the plan that would", async () => {
    const owner = await signUp();
    await setTier(owner.user.id, "free");
    const res = await call("/api/workspace/invites", { method: "POST", token: owner.token, json: {} });
    const error = await expectError(res, 403);
    expect(error.error).toMatch(/Basic plan/);
    expect(error.upgradeTo).toBe("basic");
  });

  it("basic holds 5 members: the link that would make a sixth is refused, and so is a new link", async () => {
    const owner = await signUp();
    await setTier(owner.user.id, "basic");
    const workspaceId = await workspaceIdOf(owner.user.id);
    const { token } = await createInvite(owner, { maxUses: 10 });
    for (let i = 0; i < 4; i += 1) expect((await acceptInvite(await signUp(`Crew ${i}`), token)).status).toBe(200);
    expect(await membershipCount(workspaceId)).toBe(5);

    expect(await (await call(`/api/invites/${token}`)).json()).toMatchObject({ state: "active", teamFull: true });
    const error = await expectError(await acceptInvite(await signUp("One Too Many"), token), 403);
    expect(error.error).toMatch(/no room/);
    expect(await membershipCount(workspaceId)).toBe(5);
    const more = await expectError(
      await call("/api/workspace/invites", { method: "POST", token: owner.token, json: {} }),
      403,
    );
    expect(more.upgradeTo).toBe("premium");
  });

  it("the owner's best plan counts: a basic owner's free co-owner does not shrink the team", async () => {
    const { token, ...rest } = await (async () => {
      const owner = await signUp();
      await setTier(owner.user.id, "basic");
      return { owner, ...(await createInvite(owner, { maxUses: 5 })) };
    })();
    const coOwner = await signUp("Sam Okafor");
    await setTier(coOwner.user.id, "free");
    expect((await acceptInvite(coOwner, token)).status).toBe(200);
    const promoted = await call(`/api/workspace/members/${coOwner.user.id}`, {
      method: "PATCH",
      token: rest.owner.token,
      json: { role: "owner" },
    });
    expect(promoted.status).toBe(200);
    expect((await acceptInvite(await signUp("Priya Natarajan"), token)).status).toBe(200);
  });

  it("concurrent acceptances never overrun max uses", async () => {
    const owner = await signUp();
    const workspaceId = await workspaceIdOf(owner.user.id);
    const { token, invite } = await createInvite(owner, { maxUses: 3 });
    const visitors = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(`Visitor ${i}`)));
    const results = await Promise.all(visitors.map((v) => acceptInvite(v, token)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 410)).toBe(true);
    expect(await membershipCount(workspaceId)).toBe(4);
    const row = await db()
      .prepare("SELECT uses FROM workspace_invites WHERE id = ?")
      .bind(invite.id)
      .first<{ uses: number }>();
    expect(row!.uses).toBe(3);
  });

  it("concurrent acceptances never overrun the team limit", async () => {
    const owner = await signUp();
    await setTier(owner.user.id, "basic");
    const workspaceId = await workspaceIdOf(owner.user.id);
    const { token, invite } = await createInvite(owner, { maxUses: 50 });
    const visitors = await Promise.all(Array.from({ length: 9 }, (_, i) => signUp(`Visitor ${i}`)));
    const results = await Promise.all(visitors.map((v) => acceptInvite(v, token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 403)).toHaveLength(5);
    expect(await membershipCount(workspaceId)).toBe(5);
    const row = await db()
      .prepare("SELECT uses FROM workspace_invites WHERE id = ?")
      .bind(invite.id)
      .first<{ uses: number }>();
    expect(row!.uses).toBe(4);
  });
});

describe("the join statements on their own (no check before them)", () => {
  async function join(inviteId: string, workspaceId: string, userId: string, limit: number | null) {
    const d = createDb(db());
    const [takeUse, addMember] = acceptInviteStatements(d, {
      inviteId,
      workspaceId,
      userId,
      acceptId: crypto.randomUUID(),
      nowIso: new Date().toISOString(),
      limit,
    });
    const [, added] = await d.batch([takeUse, addMember]);
    return added.length === 1;
  }

  it("add a member only while the invitation has uses left and the team has a seat, counting each use once", async () => {
    const owner = await signUp();
    const workspaceId = await workspaceIdOf(owner.user.id);
    const { invite } = await createInvite(owner, { maxUses: 2 });
    const [a, b, c] = await Promise.all([signUp("Ana"), signUp("Ben"), signUp("Cai")]);
    expect(await join(invite.id, workspaceId, a.user.id, 3)).toBe(true);
    expect(await join(invite.id, workspaceId, a.user.id, 3)).toBe(false);
    expect(await join(invite.id, workspaceId, b.user.id, 2)).toBe(false);
    expect(await join(invite.id, workspaceId, b.user.id, 3)).toBe(true);
    expect(await join(invite.id, workspaceId, c.user.id, null)).toBe(false);
    expect(await membershipCount(workspaceId)).toBe(3);
    const row = await db()
      .prepare("SELECT uses FROM workspace_invites WHERE id = ?")
      .bind(invite.id)
      .first<{ uses: number }>();
    expect(row!.uses).toBe(2);
  });

  it("do nothing for an invitation of another workspace", async () => {
    const owner = await signUp();
    const other = await signUp("Other Owner");
    const { invite } = await createInvite(owner, { maxUses: 5 });
    const visitor = await signUp("Visitor");
    expect(await join(invite.id, await workspaceIdOf(other.user.id), visitor.user.id, null)).toBe(false);
  });
});

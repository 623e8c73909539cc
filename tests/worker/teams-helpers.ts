import { expect } from "vitest";
import { call, db, signUp, workspaceIdOf, type Account } from "./helpers";

/** Sets a user's plan directly (billing will set it later; the team limit reads it). */
export async function setTier(userId: string, tier: "free" | "basic" | "premium" | "beta") {
  await db().prepare("UPDATE users SET tier = ? WHERE id = ?").bind(tier, userId).run();
}

export interface CreatedInvite {
  token: string;
  url: string;
  invite: { id: string; maxUses: number; uses: number; expiresAt: string; state: string };
}

/** An invitation made by the owner through the API; the link's token is the last path segment. */
export async function createInvite(owner: Account, body: Record<string, unknown> = {}): Promise<CreatedInvite> {
  const res = await call("/api/workspace/invites", { method: "POST", token: owner.token, json: body });
  const created = (await res.json()) as Omit<CreatedInvite, "token">;
  expect(res.status, JSON.stringify(created)).toBe(201);
  return { ...created, token: new URL(created.url).pathname.split("/").pop()! };
}

export function acceptInvite(account: Account, token: string) {
  return call(`/api/invites/${token}/accept`, { method: "POST", token: account.token });
}

/** A team: an owner (beta, unlimited) and members who joined through invitations, the owner's workspace current. */
export async function team(memberNames: string[] = ["Sam Okafor"]) {
  const owner = await signUp("Maria Lopez");
  const workspaceId = await workspaceIdOf(owner.user.id);
  const members: Account[] = [];
  for (const name of memberNames) {
    const member = await signUp(name);
    const { token } = await createInvite(owner);
    const res = await acceptInvite(member, token);
    expect(res.status, await res.clone().text()).toBe(200);
    members.push(member);
  }
  return { owner, members, workspaceId };
}

export async function membershipCount(workspaceId: string) {
  const row = await db()
    .prepare("SELECT count(*) AS n FROM memberships WHERE workspace_id = ?")
    .bind(workspaceId)
    .first<{ n: number }>();
  return row!.n;
}

/** Moves an invitation's expiry (to the past, say) as time passing would. */
export async function setInviteExpiry(inviteId: string, expiresAt: string) {
  await db().prepare("UPDATE workspace_invites SET expires_at = ? WHERE id = ?").bind(expiresAt, inviteId).run();
}

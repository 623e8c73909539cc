import { describe, expect, it } from "vitest";
import { billingStatus, seedTasks, subscribe, taskCount } from "./billing-helpers";
import { call, createTask, expectError, signUp, uniqueEmail, workspaceIdOf, type Account } from "./helpers";
import { browse, identityBrowser } from "./identity-helpers";
import { acceptInvite, createInvite, membershipCount, setTier, team } from "./teams-helpers";

/**
 * A workspace has one plan, the best of its owners' (each owner's subscription, else their account tier), and
 * every limit and gate reads it, whoever acts: ADR 011.
 */

/** A signed-in identity account as the API helpers take it (its session cookie is also a bearer token). */
async function identityAccount(): Promise<Account> {
  const jar = await identityBrowser(uniqueEmail("owner"));
  const user = (await (await browse(jar, "/api/auth/user")).json()) as Account["user"];
  return { token: jar.get("cb_session")!, user, setCookie: "" };
}

async function workspaceOf(account: Account) {
  const res = await call("/api/workspace", { token: account.token });
  expect(res.status).toBe(200);
  return (await res.json()) as { plan: string; entitlements: Record<string, unknown> };
}

describe("the workspace's plan", () => {
  it("follows an identity owner's Stripe subscription: Basic's five seats hold, the sixth person is refused", async () => {
    const owner = await identityAccount();
    expect(await workspaceOf(owner)).toMatchObject({ plan: "free", entitlements: { seats: 1, taskLimit: 10 } });
    await subscribe(owner, "basic");
    expect(await workspaceOf(owner)).toMatchObject({
      plan: "basic",
      entitlements: { seats: 5, taskLimit: 50, slack: true, aiTasks: false, customStatuses: false },
    });
    // Billing status keeps describing the caller.
    expect(await billingStatus(owner.token)).toMatchObject({ currentTier: "basic", subscription: { tier: "basic" } });

    const { token } = await createInvite(owner, { maxUses: 10 });
    for (const name of ["Sam Okafor", "Lena Park", "Ade Bello", "Rui Costa"]) {
      const res = await acceptInvite(await signUp(name), token);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const workspaceId = await workspaceIdOf(owner.user.id);
    expect(await membershipCount(workspaceId)).toBe(5);
    const sixth = await expectError(await acceptInvite(await signUp("Kim Lee"), token), 403);
    expect(sixth.error).toMatch(/no room for another member/);
    const invite = await expectError(
      await call("/api/workspace/invites", { method: "POST", token: owner.token, json: {} }),
      403,
    );
    expect(invite.error).toMatch(/room for 5 members.*Premium/);
    expect(await membershipCount(workspaceId)).toBe(5);
  });

  it("holds a beta member of a Basic workspace to the workspace's 50 tasks and gates", async () => {
    const { owner, members, workspaceId } = await team(["Sam Okafor"]);
    await setTier(owner.user.id, "basic");
    const [member] = members;
    // The member's own account is beta (every demo account is): it lifts only workspaces they own.
    expect(await workspaceOf(member)).toMatchObject({ plan: "basic", entitlements: { taskLimit: 50 } });
    await seedTasks(owner, 49);
    const { res } = await createTask(member.token, { title: "Print the wristbands" });
    expect(res.status).toBe(201);
    const refused = await expectError(await createTask(member.token, { title: "Order the radios" }), 402);
    expect(refused).toMatchObject({ limit: 50, tier: "basic" });
    expect(await taskCount(owner)).toBe(50);

    const status = await expectError(
      await call("/api/statuses", { method: "POST", token: member.token, json: { name: "Blocked" } }),
      403,
    );
    expect(status.error).toMatch(/Custom statuses needs the Premium plan/);
    const parse = await expectError(
      await call("/api/tasks/parse", { method: "POST", token: member.token, json: { text: "Book buses by Friday" } }),
      403,
    );
    expect(parse.error).toMatch(/Creating tasks from text needs the Premium plan/);
    expect(await membershipCount(workspaceId)).toBe(2);
  });

  it("is lifted by any owner: a second owner's Premium opens the workspace for everyone in it", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    await setTier(owner.user.id, "basic");
    const [member] = members;
    await setTier(member.user.id, "free");
    expect(await workspaceOf(member)).toMatchObject({ plan: "basic" });
    const promote = await call(`/api/workspace/members/${member.user.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { role: "owner" },
    });
    expect(promote.status, await promote.clone().text()).toBe(200);
    await subscribe(member, "premium");
    expect(await workspaceOf(owner)).toMatchObject({ plan: "premium", entitlements: { taskLimit: null, aiTasks: true } });
    // The owner's own plan is unchanged: it is the workspace that is Premium.
    expect(await billingStatus(owner.token)).toMatchObject({ currentTier: "basic" });
  });
});

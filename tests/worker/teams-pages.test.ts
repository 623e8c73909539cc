import { describe, expect, it } from "vitest";
import { MAX_OWNED_WORKSPACES } from "~/domain/teams";
import { call, db, expectError, signUp, uniqueEmail, workspaceIdOf, type Account } from "./helpers";
import { createInvite, membershipCount, setInviteExpiry, team } from "./teams-helpers";

/** A plain (no-JavaScript) form post to a page, as a browser sends it. */
function postForm(
  path: string,
  fields: Record<string, string>,
  options: { token?: string; cookie?: string; origin?: string } = {},
) {
  return call(path, {
    method: "POST",
    token: options.token,
    cookie: options.cookie,
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-mode": "navigate",
      ...(options.origin ? { origin: options.origin } : {}),
    },
    redirect: "manual",
  });
}

const sessionFrom = (res: Response) => /cb_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

describe("the join page", () => {
  it("shows the workspace and the inviter, with the demo signup for a visitor; the token never leaks as a referrer", async () => {
    const owner = await signUp("Maria Lopez");
    const { token } = await createInvite(owner);
    const res = await call(`/join/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    const html = await res.text();
    expect(html).toContain("Join Maria&#x27;s production");
    expect(html).toContain("Maria Lopez");
    expect(html).toContain("Join with a free demo account");
  });

  it("answers an unknown link with 404 and says so", async () => {
    const res = await call(`/join/${"x".repeat(43)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Invitation not found");
  });

  it("signs a visitor up and into the team without JavaScript", async () => {
    const owner = await signUp("Maria Lopez");
    const workspaceId = await workspaceIdOf(owner.user.id);
    const { token } = await createInvite(owner);
    const email = uniqueEmail("crew");
    const res = await postForm(`/join/${token}`, { intent: "signup", name: "Sam Okafor", email });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    const session = sessionFrom(res)!;
    expect(session).toBeTruthy();
    const settings = (await (await call("/api/workspace", { cookie: session })).json()) as { id: string };
    expect(settings.id).toBe(workspaceId);
    expect(await membershipCount(workspaceId)).toBe(2);
    const user = await db()
      .prepare("SELECT signup_source FROM users WHERE email = ?")
      .bind(email)
      .first<{ signup_source: string }>();
    expect(user!.signup_source).toBe("invite");
    const flash = /cb_flash=([^;]+)/.exec(res.headers.get("set-cookie")!)![1];
    const dashboard = await call("/dashboard", { headers: { cookie: `cb_session=${session}; cb_flash=${flash}` } });
    const html = await dashboard.text();
    expect(html).toContain("Welcome to Maria&#x27;s production");
    expect(html).toContain("Maria&#x27;s production");
  });

  it("creates no account for a dead link and says why", async () => {
    const owner = await signUp();
    const { token, invite } = await createInvite(owner);
    await setInviteExpiry(invite.id, new Date(Date.now() - 1000).toISOString());
    const page = await (await call(`/join/${token}`)).text();
    expect(page).toContain("This invitation has expired");
    const email = uniqueEmail("late");
    const res = await postForm(`/join/${token}`, { intent: "signup", name: "Late Comer", email });
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("expired");
    expect(await db().prepare("SELECT id FROM users WHERE email = ?").bind(email).first()).toBeNull();
  });

  it("joins a signed-in visitor with one click", async () => {
    const owner = await signUp("Maria Lopez");
    const { token } = await createInvite(owner);
    const crew = await signUp("Sam Okafor");
    expect(await (await call(`/join/${token}`, { token: crew.token })).text()).toContain("You are signed in as");
    const res = await postForm(`/join/${token}`, { intent: "join" }, { token: crew.token });
    expect(res.status).toBe(303);
    expect(await membershipCount(await workspaceIdOf(owner.user.id))).toBe(2);
  });

  it("refuses a cross-site post", async () => {
    const owner = await signUp();
    const { token } = await createInvite(owner);
    const res = await postForm(
      `/join/${token}`,
      { intent: "signup", name: "Eve Forger", email: uniqueEmail() },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
  });
});

describe("the team page", () => {
  async function ownerPage(account: Account) {
    return (await call("/team", { token: account.token })).text();
  }

  it("creates an invitation without JavaScript and shows its link in the response only", async () => {
    const owner = await signUp();
    const res = await postForm("/team", { intent: "invite", maxUses: "3", expiresInDays: "2" }, { token: owner.token });
    expect(res.status).toBe(200);
    const html = await res.text();
    const link = /http:\/\/localhost\/join\/[A-Za-z0-9_-]{43}/.exec(html)?.[0];
    expect(link).toBeTruthy();
    expect(res.headers.get("set-cookie") ?? "").not.toContain(link!.split("/").pop()!);
    expect(await ownerPage(owner)).not.toContain(link!);
    expect(await ownerPage(owner)).toMatch(/0(<!-- -->)? of (<!-- -->)?3(<!-- -->)? (<!-- -->)?uses/);
  });

  it("revokes, changes roles and removes with Post/Redirect/Get", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const { invite } = await createInvite(owner);
    const revoke = await postForm("/team", { intent: "revoke", inviteId: invite.id }, { token: owner.token });
    expect(revoke.status).toBe(303);
    expect(revoke.headers.get("location")).toBe("/team");
    const role = await postForm(
      "/team",
      { intent: "role", userId: members[0].user.id, role: "owner" },
      { token: owner.token },
    );
    expect(role.status).toBe(303);
    const remove = await postForm(
      "/team",
      { intent: "remove", userId: members[0].user.id, reassignTo: "" },
      { token: owner.token },
    );
    expect(remove.status).toBe(303);
    expect(await membershipCount(await workspaceIdOf(owner.user.id))).toBe(1);
  });

  it("shows a free workspace's owner the upgrade instead of the invite form", async () => {
    const owner = await signUp();
    await db().prepare("UPDATE users SET tier = 'free' WHERE id = ?").bind(owner.user.id).run();
    const html = await ownerPage(owner);
    expect(html).toContain("Invite your crew with Basic");
    expect(html).toContain("Upgrade Plan");
    expect(html).not.toContain("Create invite link");
  });

  it("shows members the team without owner controls, and refuses their posts", async () => {
    const { members } = await team(["Sam Okafor"]);
    const html = await ownerPage(members[0]);
    expect(html).toContain("Owners manage the team");
    expect(html).not.toContain("Create invite link");
    expect(html).not.toContain("@example.com");
    const res = await postForm(
      "/team",
      { intent: "invite", maxUses: "1", expiresInDays: "7" },
      { token: members[0].token },
    );
    expect(res.status).toBe(403);
  });
});

describe("the workspaces page", () => {
  it("lists the person's workspaces and switches without JavaScript", async () => {
    const { members } = await team(["Sam Okafor"]);
    const sam = members[0];
    const own = await workspaceIdOf(sam.user.id);
    const html = await (await call("/workspaces", { token: sam.token })).text();
    expect(html).toContain("Maria&#x27;s production");
    expect(html).toContain("Sam&#x27;s production");
    const res = await postForm("/workspaces", { intent: "switch", workspaceId: own }, { token: sam.token });
    expect(res.status).toBe(303);
    expect(((await (await call("/api/workspace", { token: sam.token })).json()) as { id: string }).id).toBe(own);
    const refused = await postForm(
      "/workspaces",
      { intent: "switch", workspaceId: await workspaceIdOf((await signUp("Other Owner")).user.id) },
      { token: sam.token },
    );
    expect(refused.headers.get("location")).toBe("/workspaces");
  });

  it("starts a new event's workspace without JavaScript: the person owns it and works in it at once", async () => {
    const sam = await signUp("Sam Okafor");
    const first = await workspaceIdOf(sam.user.id);
    await db().prepare("UPDATE workspaces SET timezone = 'Europe/Dublin' WHERE id = ?").bind(first).run();
    const res = await postForm(
      "/workspaces",
      { intent: "create", name: "Harbour Lights 2027", eventName: "Harbour Lights Festival", eventDate: "2027-07-10" },
      { token: sam.token },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect(res.headers.get("set-cookie")).toContain("cb_flash=");

    const settings = (await (await call("/api/workspace", { token: sam.token })).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({
      name: "Harbour Lights 2027",
      eventName: "Harbour Lights Festival",
      eventLocalDate: "2027-07-10",
      timezone: "Europe/Dublin",
    });
    const listed = (await (await call("/api/workspaces", { token: sam.token })).json()) as {
      workspaces: { id: string; name: string; role: string; current: boolean }[];
    };
    expect(listed.workspaces).toHaveLength(2);
    expect(settings.id).not.toBe(first);
    expect(listed.workspaces.find((w) => w.current)).toMatchObject({ id: settings.id, role: "owner" });
    expect(await membershipCount(settings.id as string)).toBe(1);
    // It starts like any workspace: the default categories, and a board of its own.
    const categories = (await (await call("/api/categories", { token: sam.token })).json()) as unknown[];
    expect(categories.length).toBeGreaterThan(0);
    expect(((await (await call("/api/tasks", { token: sam.token })).json()) as unknown[]).length).toBe(0);
  });

  it("starts one through the API too, and refuses a blank name there as JSON", async () => {
    const maria = await signUp("Maria Lopez");
    const res = await call("/api/workspaces", { method: "POST", token: maria.token, json: { name: "Tour 2027" } });
    expect(res.status).toBe(201);
    const { workspace } = (await res.json()) as { workspace: { id: string; name: string; role: string } };
    expect(workspace).toMatchObject({ name: "Tour 2027", role: "owner" });
    const current = (await (await call("/api/workspace", { token: maria.token })).json()) as { id: string };
    expect(current.id).toBe(workspace.id);
    const refused = await expectError(
      await call("/api/workspaces", { method: "POST", token: maria.token, json: { name: " " } }),
      400,
    );
    expect(refused.fieldErrors?.name).toEqual(["Workspace name is required"]);
  });

  it("refuses a blank name with the form and its error, and a person who owns the most workspaces", async () => {
    const maria = await signUp("Maria Lopez");
    const blank = await postForm(
      "/workspaces",
      { intent: "create", name: "  ", eventDate: "2027-02-30" },
      { token: maria.token },
    );
    expect(blank.status).toBe(400);
    const html = await blank.text();
    expect(html).toContain("Workspace name is required");
    expect(html).toContain("Event date must be a real date");

    // One owned at signup; the rest made directly, as if started over a season.
    const now = new Date().toISOString();
    await db().batch(
      Array.from({ length: MAX_OWNED_WORKSPACES - 1 }, (_, i) => [
        db()
          .prepare("INSERT INTO workspaces (id, name, timezone, created_at) VALUES (?, ?, 'UTC', ?)")
          .bind(`${maria.user.id}-${i}`, `Show ${i}`, now),
        db()
          .prepare("INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, 'owner', ?)")
          .bind(`${maria.user.id}-${i}`, maria.user.id, now),
      ]).flat(),
    );
    const refused = await postForm("/workspaces", { intent: "create", name: "One more show" }, { token: maria.token });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(`You already own ${MAX_OWNED_WORKSPACES} workspaces`);
    const owned = await db()
      .prepare("SELECT count(*) AS n FROM memberships WHERE user_id = ? AND role = 'owner'")
      .bind(maria.user.id)
      .first<{ n: number }>();
    expect(owned!.n).toBe(MAX_OWNED_WORKSPACES);
  });
});

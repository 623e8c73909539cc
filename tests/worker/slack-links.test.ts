import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/lib/crypto";
import { call, db, listTasks, signUp, type Account } from "./helpers";
import {
  confirmLink,
  installSlack,
  linkThroughSlack,
  linkUrlFromSlack,
  openLinkPage,
  readableText,
  saveCredentials,
  slashCommand,
  waitForRecorded,
  type Installation,
} from "./slack-helpers";
import { acceptInvite, createInvite } from "./teams-helpers";

/** An installed workspace (Maria, linked as the installer) with a second member, Sam. */
async function slackTeam() {
  const inst = await installSlack("Maria Lopez");
  const sam = await signUp("Sam Okafor");
  const { token } = await createInvite(inst.account);
  expect((await acceptInvite(sam, token)).status).toBe(200);
  return { inst, sam };
}

let counter = 0;
/** A Slack user id of the fake's team, unique to the test. */
const slackUser = (prefix = "UVENDOR") => `${prefix}${++counter}${crypto.randomUUID().slice(0, 6).toUpperCase().replace(/-/g, "")}`;

async function linksOf(workspaceId: string) {
  const { results } = await db()
    .prepare("SELECT slack_team_id, slack_user_id, user_id, slack_name, slack_handle FROM slack_links WHERE workspace_id = ? ORDER BY slack_user_id")
    .bind(workspaceId)
    .all();
  return results;
}

/** What the Slack user's /tasks gets at once: the link message when not linked, an empty ack when it will list. */
async function tasksAck(inst: Installation, slackUserId: string) {
  const { res } = await slashCommand(inst, "/tasks", "", { userId: slackUserId });
  expect(res.status).toBe(200);
  const body = await res.text();
  return body ? readableText(JSON.parse(body)) : "";
}

const isLinkMessage = (text: string) => text.includes("not linked to Cueboard");

describe("the link in Slack's reply", () => {
  it("opens a page naming the Slack user, their team and what they could do; opening it links nothing", async () => {
    const { inst, sam } = await slackTeam();
    const vendor = slackUser();
    const path = await linkUrlFromSlack(inst, vendor);

    for (let i = 0; i < 2; i++) {
      const res = await openLinkPage(path, sam);
      expect(res.status).toBe(200);
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain(`Slack ${vendor} (@${vendor.toLowerCase()})`);
      expect(html).toContain(inst.teamName);
      expect(html).toContain("Sam Okafor");
      expect(html).toContain("Mark tasks done, snooze them and assign them to you");
      expect(html).toContain("Link Slack account");
      expect(html).not.toContain("replaces that link");
    }
    const lookups = await waitForRecorded({ token: inst.botToken, path: "/api/users.info" });
    expect(lookups.some((r) => r.body.user === vendor)).toBe(true);

    expect(await linksOf(inst.workspaceId)).toHaveLength(1); // the installer's own
    expect(isLinkMessage(await tasksAck(inst, vendor))).toBe(true);
  });

  it("links on the confirming post, confirms privately in Slack, and works once", async () => {
    const { inst, sam } = await slackTeam();
    const vendor = slackUser();
    const path = await linkUrlFromSlack(inst, vendor, "CCREW");

    const res = await confirmLink(path, sam);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/team");
    expect(decodeURIComponent(res.headers.get("set-cookie") ?? "")).toContain("Slack Account Linked");
    expect(await linksOf(inst.workspaceId)).toContainEqual({
      slack_team_id: inst.teamId,
      slack_user_id: vendor,
      user_id: sam.user.id,
      slack_name: `Slack ${vendor}`,
      slack_handle: vendor.toLowerCase(),
    });

    const confirmations = await waitForRecorded({ token: inst.botToken, path: "/api/chat.postEphemeral" });
    const confirmation = confirmations.find((r) => r.body.user === vendor)!;
    expect(confirmation.body.channel).toBe("CCREW");
    expect(confirmation.body.text).toBe("Your Slack account is now linked to Sam Okafor in Cueboard.");
    expect(readableText(confirmation.body)).toContain("<http://localhost/team|the Team page>");

    expect(await tasksAck(inst, vendor)).toBe("");
    const me = (await (await call("/api/auth/user", { token: sam.token })).json()) as { slackUserId: string | null };
    expect(me.slackUserId).toBe(vendor);

    const replay = await confirmLink(path, sam);
    expect(replay.status).toBe(404);
    expect(await replay.text()).toContain("This link no longer works");
    expect((await openLinkPage(path, sam)).status).toBe(404);
  });

  it("refuses an expired link, on the page and on the post", async () => {
    const { inst, sam } = await slackTeam();
    const vendor = slackUser();
    const path = await linkUrlFromSlack(inst, vendor);
    const token = path.split("/").pop()!;
    const row = await db()
      .prepare("SELECT created_at, expires_at FROM slack_link_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(token))
      .first<{ created_at: string; expires_at: string }>();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(15 * 60 * 1000);
    await db()
      .prepare("UPDATE slack_link_tokens SET expires_at = ? WHERE token_hash = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), await sha256Hex(token))
      .run();

    expect((await openLinkPage(path, sam)).status).toBe(404);
    expect((await confirmLink(path, sam)).status).toBe(404);
    expect(await linksOf(inst.workspaceId)).toHaveLength(1);
  });

  it("is refused to a member of another workspace, who cannot use it up either", async () => {
    const { inst, sam } = await slackTeam();
    const outsider = await signUp("Olga Outsider");
    const vendor = slackUser();
    const path = await linkUrlFromSlack(inst, vendor);

    const page = await openLinkPage(path, outsider);
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain("This link is for another workspace");
    expect(html).not.toContain(inst.teamName);
    expect(html).not.toContain(vendor);
    const post = await confirmLink(path, outsider);
    expect(post.status).toBe(403);
    expect(await linksOf(inst.workspaceId)).toHaveLength(1);

    expect((await confirmLink(path, sam)).status).toBe(303);
  });

  it("asks a signed-out visitor to sign in and come back, and links nothing for a signed-out post", async () => {
    const { inst } = await slackTeam();
    const path = await linkUrlFromSlack(inst, slackUser());
    const page = await openLinkPage(path, null);
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain("Sign in to link your Slack account");
    expect(html).toContain(`/api/login?redirect=${encodeURIComponent(path)}`);

    const post = await confirmLink(path, null);
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe(path);
    expect(await linksOf(inst.workspaceId)).toHaveLength(1);
  });

  it("refuses a cross-site post", async () => {
    const { inst, sam } = await slackTeam();
    const path = await linkUrlFromSlack(inst, slackUser());
    expect((await confirmLink(path, sam, "https://evil.example")).status).toBe(403);
    expect(await linksOf(inst.workspaceId)).toHaveLength(1);
  });

  it("stops working once the Slack app that sent it is replaced", async () => {
    const { inst, sam } = await slackTeam();
    const path = await linkUrlFromSlack(inst, slackUser());
    const replaced = await saveCredentials(inst.account.token, {
      slackClientId: `${Date.now()}.other`,
      slackClientSecret: "another-secret",
      slackSigningSecret: "another-signing-secret",
    });
    expect(replaced.status).toBe(200);
    expect((await openLinkPage(path, sam)).status).toBe(404);
    expect((await confirmLink(path, sam)).status).toBe(404);
  });

  it("warns when it takes a Slack user from another member, or replaces the member's own link", async () => {
    const { inst, sam } = await slackTeam();
    // Someone linked the Slack user to Maria after the link was sent (only a linked user's own link could).
    const taken = slackUser();
    const takingPath = await linkUrlFromSlack(inst, taken);
    await db()
      .prepare("UPDATE slack_links SET slack_user_id = ? WHERE workspace_id = ? AND user_id = ?")
      .bind(taken, inst.workspaceId, inst.account.user.id)
      .run();
    const taking = await (await openLinkPage(takingPath, sam)).text();
    expect(taking).toContain('This Slack account acts as <strong class="font-semibold">Maria Lopez</strong> now');

    const first = slackUser();
    await linkThroughSlack(inst, sam, first);
    const second = slackUser();
    const replacing = await (await openLinkPage(await linkUrlFromSlack(inst, second), sam)).text();
    expect(replacing).toContain(`You are linked to Slack user <strong class="font-semibold">Slack ${first} (@${first.toLowerCase()})</strong> now`);

    await linkThroughSlack(inst, sam, second);
    const samLinks = (await linksOf(inst.workspaceId)).filter((l) => l.user_id === sam.user.id);
    expect(samLinks.map((l) => l.slack_user_id)).toEqual([second]);
    expect(isLinkMessage(await tasksAck(inst, first))).toBe(true);
  });
});

describe("links are per workspace", () => {
  /**
   * Two Cueboard workspaces whose own Slack apps are installed in the same Slack team (B's row is given A's team
   * id, as a second app in one Slack team has).
   */
  async function twoWorkspacesOneTeam() {
    const { inst: a, sam } = await slackTeam();
    const b = await installSlack("Olga Okafor");
    await db().prepare("UPDATE slack_apps SET team_id = ? WHERE workspace_id = ?").bind(a.teamId, b.workspaceId).run();
    return { a, b: { ...b, teamId: a.teamId }, sam };
  }

  it("a link made in workspace A has no effect in workspace B", async () => {
    const { a, b, sam } = await twoWorkspacesOneTeam();
    const crew = slackUser("UCREW");
    await linkThroughSlack(a, sam, crew);
    expect(await tasksAck(a, crew)).toBe("");
    expect(isLinkMessage(await tasksAck(b, crew))).toBe(true);
    expect((await linksOf(b.workspaceId)).filter((l) => l.slack_user_id === crew)).toEqual([]);
  });

  it("claiming someone's Slack user through another workspace's app does not let you act as them elsewhere", async () => {
    const { a, b } = await twoWorkspacesOneTeam();
    // B's owner controls B's app and links Maria's Slack user id to herself there.
    await linkThroughSlack(b, b.account, a.slackUserId);
    const { hook } = await slashCommand(a, "/new", "Confirm the stage plot", { userId: a.slackUserId });
    await waitForRecorded({ path: hook });
    const [task] = await listTasks(a.account.token);
    expect(task).toMatchObject({ title: "Confirm the stage plot", createdBy: a.account.user.id });
    expect(await listTasks(b.account.token)).toEqual([]);
  });
});

describe("the member's own Slack link on /team", () => {
  const teamPage = (account: Account) => call("/team", { cookie: account.token });

  it("is shown and can be removed with a plain form post", async () => {
    const { inst, sam } = await slackTeam();
    const vendor = slackUser();
    await linkThroughSlack(inst, sam, vendor);
    const shown = await (await teamPage(sam)).text();
    expect(shown).toContain("Your Slack link");
    expect(shown).toContain(`Slack ${vendor} (@${vendor.toLowerCase()})`);
    expect(shown).toContain(inst.teamName);
    expect(shown).toContain("Remove Slack link");

    const removed = await call("/team", {
      method: "POST",
      cookie: sam.token,
      body: new URLSearchParams({ intent: "unlink-slack" }),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-mode": "navigate",
        origin: "http://localhost",
        host: "localhost",
      },
      redirect: "manual",
    });
    expect(removed.status).toBe(303);
    expect(decodeURIComponent(removed.headers.get("set-cookie") ?? "")).toContain("Slack Link Removed");
    expect(isLinkMessage(await tasksAck(inst, vendor))).toBe(true);
    expect(await (await teamPage(sam)).text()).toContain("No Slack account acts as you here");
    // Maria's own link is untouched.
    expect(await tasksAck(inst, inst.slackUserId)).toBe("");
  });

  it("ends when the member leaves the workspace", async () => {
    const { inst, sam } = await slackTeam();
    await linkThroughSlack(inst, sam, slackUser());
    const res = await call(`/api/workspace/members/${sam.user.id}`, { method: "DELETE", token: inst.account.token });
    expect(res.status).toBe(200);
    expect((await linksOf(inst.workspaceId)).map((l) => l.user_id)).toEqual([inst.account.user.id]);
  });
});

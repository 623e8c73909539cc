import { describe, expect, it } from "vitest";
import { call, db, expectError, signUp, workspaceIdOf } from "./helpers";
import {
  callback,
  installSlack,
  recorded,
  saveCredentials,
  scriptFake,
  startInstall,
  uniqueCode,
} from "./slack-helpers";

const MISSING = "Missing Information – Please enter both Client ID and Client Secret";

async function slackAppRow(workspaceId: string) {
  return db().prepare("SELECT * FROM slack_apps WHERE workspace_id = ?").bind(workspaceId).first<Record<string, string | null>>();
}

describe("POST /api/slack/setup-credentials", () => {
  it("stores the credentials encrypted and reports them in the status", async () => {
    const { token, user } = await signUp();
    const res = await saveCredentials(token, {
      slackClientId: " 1234.5678 ",
      slackClientSecret: "s3cret-client-value",
      slackSigningSecret: "s1gning-secret-value",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hasCredentials: true, installed: false, teamName: null });

    const row = (await slackAppRow(await workspaceIdOf(user.id)))!;
    expect(row.client_id).toBe("1234.5678");
    expect(row.client_secret_enc).toMatch(/^v1\./);
    expect(row.signing_secret_enc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain("s3cret-client-value");
    expect(JSON.stringify(row)).not.toContain("s1gning-secret-value");
  });

  it("encrypts the same secret differently each time (random IV)", async () => {
    const a = await signUp();
    const b = await signUp();
    const body = { slackClientId: "1.2", slackClientSecret: "same-secret", slackSigningSecret: "same-signing" };
    await saveCredentials(a.token, body);
    await saveCredentials(b.token, body);
    const rowA = (await slackAppRow(await workspaceIdOf(a.user.id)))!;
    const rowB = (await slackAppRow(await workspaceIdOf(b.user.id)))!;
    expect(rowA.client_secret_enc).not.toBe(rowB.client_secret_enc);
  });

  it.each([
    [{ slackClientId: "", slackClientSecret: "x", slackSigningSecret: "y" }],
    [{ slackClientId: "1.2", slackClientSecret: "   ", slackSigningSecret: "y" }],
    [{ slackClientId: "1.2", slackClientSecret: "x", slackSigningSecret: " " }],
    [{ slackClientId: "1.2", slackClientSecret: "x" }],
    [{}],
  ])("answers 400 with the spec's message when a field is blank: %j", async (body) => {
    const { token } = await signUp();
    const error = await expectError(await saveCredentials(token, body), 400);
    expect(error.error).toBe(MISSING);
  });

  it("keeps the installation when the same app's secrets are saved again, and drops it for another app", async () => {
    const inst = await installSlack();
    const status = async () => (await call("/api/slack/status", { token: inst.account.token })).json();
    await saveCredentials(inst.account.token, { slackClientId: inst.clientId, slackClientSecret: "rotated", slackSigningSecret: "rotated-signing" });
    expect(await status()).toEqual({ hasCredentials: true, installed: true, teamName: inst.teamName });
    await saveCredentials(inst.account.token, { slackClientId: "42.42", slackClientSecret: "other", slackSigningSecret: "other" });
    expect(await status()).toEqual({ hasCredentials: true, installed: false, teamName: null });
    const row = (await slackAppRow(inst.workspaceId))!;
    expect(row).toMatchObject({ client_id: "42.42", app_id: null, team_id: null, bot_token_enc: null });
  });

  it("is for the workspace owner only", async () => {
    const { token, user } = await signUp();
    await db().prepare("UPDATE memberships SET role = 'member' WHERE user_id = ?").bind(user.id).run();
    const body = { slackClientId: "1.2", slackClientSecret: "x", slackSigningSecret: "y" };
    expect((await expectError(await saveCredentials(token, body), 403)).error).toBe("Only the workspace owner can set up Slack");
  });

  it("requires a signed-in user", async () => {
    await expectError(await call("/api/slack/setup-credentials", { method: "POST", json: {} }), 401);
  });
});

describe("GET /api/slack/status", () => {
  it("starts with nothing set up", async () => {
    const { token } = await signUp();
    const res = await call("/api/slack/status", { token });
    expect(await res.json()).toEqual({ hasCredentials: false, installed: false, teamName: null });
  });

  it("reports the installed team", async () => {
    const inst = await installSlack();
    const res = await call("/api/slack/status", { token: inst.account.token });
    expect(await res.json()).toEqual({ hasCredentials: true, installed: true, teamName: inst.teamName });
  });
});

describe("GET /api/slack/manifest", () => {
  it("describes the app on the request's origin with the five commands, the shortcut and the used scopes", async () => {
    const { token, user } = await signUp();
    const res = await call("/api/slack/manifest", { token, base: "https://cueboard.example" });
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as any;
    const workspaceId = await workspaceIdOf(user.id);
    expect(manifest.features.bot_user.display_name).toBe("Cueboard");
    expect(manifest.features.slash_commands.map((c: any) => c.command)).toEqual(["/tasks", "/new", "/overdue", "/assistant", "/cue", "/help"]);
    for (const command of manifest.features.slash_commands) {
      expect(command.url).toBe("https://cueboard.example/api/slack/commands");
      expect(command.description.length).toBeGreaterThan(0);
    }
    expect(manifest.features.slash_commands.find((c: any) => c.command === "/new").usage_hint).toBe("[description] [deadline] [@owner]");
    expect(manifest.features.shortcuts).toEqual([
      expect.objectContaining({ name: "Create task from message", type: "message", callback_id: "create_task_from_message" }),
    ]);
    expect(manifest.oauth_config.redirect_urls).toEqual(["https://cueboard.example/api/slack/oauth/callback"]);
    expect(manifest.oauth_config.scopes.bot).toEqual([
      "commands",
      "chat:write",
      "chat:write.public",
      "app_mentions:read",
      "users:read",
      "reactions:read",
      "channels:history",
      "groups:history",
      "channels:read",
      "groups:read",
      "files:read",
    ]);
    expect(manifest.settings.event_subscriptions).toEqual({
      request_url: `https://cueboard.example/api/slack/events?workspace=${workspaceId}`,
      bot_events: ["app_mention", "app_uninstalled", "tokens_revoked", "reaction_added", "message.channels", "message.groups"],
    });
    expect(manifest.settings.interactivity).toEqual({ is_enabled: true, request_url: "https://cueboard.example/api/slack/interactions" });
  });
});

describe("GET /api/slack/install", () => {
  it("redirects to the dashboard with config_missing before credentials are saved", async () => {
    const { token } = await signUp();
    const res = await call("/api/slack/install", { cookie: token, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard?slack_error=config_missing");
  });

  it("redirects to Slack's authorize URL with the client id, scopes, redirect URI and a stored, hashed state", async () => {
    const { token, user } = await signUp();
    await saveCredentials(token, { slackClientId: "111.222", slackClientSecret: "cs", slackSigningSecret: "ss" });
    const { location, state } = await startInstall({ token, user, setCookie: "" });
    expect(`${location.origin}${location.pathname}`).toBe("https://slack.com/oauth/v2/authorize");
    expect(location.searchParams.get("client_id")).toBe("111.222");
    expect(location.searchParams.get("scope")).toBe(
      "commands,chat:write,chat:write.public,app_mentions:read,users:read,reactions:read,channels:history,groups:history,channels:read,groups:read,files:read",
    );
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost/api/slack/oauth/callback");
    expect(state).toMatch(/^[\w-]+\.[\w-]+$/);

    const rows = await db()
      .prepare("SELECT * FROM slack_oauth_states WHERE workspace_id = ?")
      .bind(await workspaceIdOf(user.id))
      .all<Record<string, string>>();
    expect(rows.results).toHaveLength(1);
    expect(JSON.stringify(rows.results)).not.toContain(state);
    const ttl = Date.parse(rows.results[0].expires_at) - Date.parse(rows.results[0].created_at);
    expect(ttl).toBe(10 * 60 * 1000);
  });
});

describe("GET /api/slack/oauth/callback", () => {
  async function preparedInstall() {
    const account = await signUp();
    await saveCredentials(account.token, { slackClientId: "9.9", slackClientSecret: "the-client-secret", slackSigningSecret: "ss" });
    const { state } = await startInstall(account);
    return { account, state };
  }

  it("exchanges the code, stores the installation with the token encrypted and links the installing user", async () => {
    const { account, state } = await preparedInstall();
    const code = uniqueCode("C");
    const res = await callback(account, { code, state });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/dashboard?slack_success=1&team=Team+${code}`);

    const exchange = (await recorded({ path: "/api/oauth.v2.access" })).find((r) => r.body.code === code)!;
    expect(exchange.body).toEqual({
      client_id: "9.9",
      client_secret: "the-client-secret",
      code,
      redirect_uri: "http://localhost/api/slack/oauth/callback",
    });

    const row = (await slackAppRow(await workspaceIdOf(account.user.id)))!;
    expect(row).toMatchObject({
      app_id: `A${code}`,
      team_id: `T${code}`,
      team_name: `Team ${code}`,
      bot_user_id: `UBOT${code}`,
      installed_by_slack_user_id: `U${code}`,
      installed_by_user_id: account.user.id,
    });
    expect(row.bot_token_enc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(`xoxb-${code}`);

    const me = (await (await call("/api/auth/user", { token: account.token })).json()) as { slackUserId: string };
    expect(me.slackUserId).toBe(`U${code}`);
  });

  it("accepts a state once only", async () => {
    const { account, state } = await preparedInstall();
    expect((await callback(account, { code: uniqueCode("C"), state })).headers.get("location")).toMatch(/slack_success=1/);
    expect((await callback(account, { code: uniqueCode("C"), state })).headers.get("location")).toBe("/dashboard?slack_error=callback_failed");
  });

  it("refuses an expired state", async () => {
    const { account, state } = await preparedInstall();
    await db()
      .prepare("UPDATE slack_oauth_states SET expires_at = ? WHERE user_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), account.user.id)
      .run();
    expect((await callback(account, { code: uniqueCode("C"), state })).headers.get("location")).toBe("/dashboard?slack_error=callback_failed");
  });

  it("refuses a forged or altered state", async () => {
    const { account, state } = await preparedInstall();
    const [body, mac] = state.split(".");
    for (const forged of ["nonsense", `${body}.${mac.slice(0, -2)}AA`, `${body}x.${mac}`]) {
      expect((await callback(account, { code: uniqueCode("C"), state: forged })).headers.get("location")).toBe(
        "/dashboard?slack_error=callback_failed",
      );
    }
  });

  it("refuses a state brought back by another user or without a session", async () => {
    const { state } = await preparedInstall();
    const other = await signUp("Other Person");
    expect((await callback(other, { code: uniqueCode("C"), state })).headers.get("location")).toBe("/dashboard?slack_error=callback_failed");
    const second = await preparedInstall();
    expect((await callback(null, { code: uniqueCode("C"), state: second.state })).headers.get("location")).toBe(
      "/dashboard?slack_error=callback_failed",
    );
  });

  it("maps a cancelled consent to access_denied and a missing code to no_code", async () => {
    const { account, state } = await preparedInstall();
    expect((await callback(account, { error: "access_denied", state })).headers.get("location")).toBe("/dashboard?slack_error=access_denied");
    expect((await callback(account, { state })).headers.get("location")).toBe("/dashboard?slack_error=no_code");
  });

  it("reports callback_failed when Slack refuses the code, and stores nothing", async () => {
    const { account, state } = await preparedInstall();
    const res = await callback(account, { code: uniqueCode("BAD"), state });
    expect(res.headers.get("location")).toBe("/dashboard?slack_error=callback_failed");
    const row = (await slackAppRow(await workspaceIdOf(account.user.id)))!;
    expect(row.bot_token_enc).toBeNull();
  });

  it("reports callback_failed when Slack is rate limiting", async () => {
    const { account, state } = await preparedInstall();
    const code = uniqueCode("C");
    await scriptFake({ path: "/api/oauth.v2.access", status: 429, headers: { "retry-after": "3" }, times: 1 });
    expect((await callback(account, { code, state })).headers.get("location")).toBe("/dashboard?slack_error=callback_failed");
  });
});

describe("POST /api/slack/test-connection", () => {
  it("calls auth.test with the stored bot token", async () => {
    const inst = await installSlack();
    const res = await call("/api/slack/test-connection", { method: "POST", token: inst.account.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, team: inst.teamName });
    expect(await recorded({ token: inst.botToken, path: "/api/auth.test" })).toHaveLength(1);
  });

  it("answers 4xx with a message when Slack rejects the token", async () => {
    const inst = await installSlack();
    await scriptFake({ path: "/api/auth.test", token: inst.botToken, status: 200, body: { ok: false, error: "invalid_auth" } });
    const res = await call("/api/slack/test-connection", { method: "POST", token: inst.account.token });
    const body = await expectError(res, 400);
    expect(body.message).toBe("Slack rejected the stored token. Reinstall the app with 'Add to Slack'.");
  });

  it("answers 4xx with a message before the app is installed", async () => {
    const { token } = await signUp();
    const body = await expectError(await call("/api/slack/test-connection", { method: "POST", token }), 400);
    expect(body.message).toBe("Slack is not set up yet. Save your app's credentials first.");
  });
});

describe("GET/PUT /api/slack/digest", () => {
  it("defaults to 09:00, enabled, no channel, and saves changes", async () => {
    const { token } = await signUp();
    expect(await (await call("/api/slack/digest", { token })).json()).toEqual({ channel: null, time: "09:00", enabled: true, timezone: "UTC" });
    const res = await call("/api/slack/digest", { method: "PUT", token, json: { channel: "#production", time: "07:30", enabled: false } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ channel: "#production", time: "07:30", enabled: false, timezone: "UTC" });
    expect(await (await call("/api/slack/digest", { token })).json()).toMatchObject({ channel: "#production", time: "07:30" });
  });

  it("rejects a bad time or channel with field errors", async () => {
    const { token } = await signUp();
    const bad = await expectError(await call("/api/slack/digest", { method: "PUT", token, json: { time: "25:00", channel: "not a channel" } }), 400);
    expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(["channel", "time"]);
  });
});

describe("the dashboard's slack_success toast", () => {
  /** The dashboard as a browser opens it, with the session and any other cookies. */
  const dashboard = (query: string, cookies: string) => call(`/dashboard?${query}`, { headers: { cookie: cookies } });
  const pair = (setCookie: string | null) => /cb_confirm=[^;]*/.exec(setCookie ?? "")![0];

  it("shows once after this workspace's install, naming the installed team, not the address's", async () => {
    const account = await signUp();
    await saveCredentials(account.token, { slackClientId: "9.9", slackClientSecret: "the-client-secret", slackSigningSecret: "ss" });
    const { state } = await startInstall(account);
    const code = uniqueCode("C");
    const res = await callback(account, { code, state });
    const confirmation = pair(res.headers.get("set-cookie"));

    const page = await dashboard("slack_success=1&team=Someone+Else", `cb_session=${account.token}; ${confirmation}`);
    const html = await page.text();
    expect(html).toContain(`Cueboard is installed in Team ${code}.`);
    expect(html).not.toContain("Someone Else");
    expect(page.headers.get("set-cookie")).toMatch(/cb_confirm=;.*Max-Age=0/);
  });

  it("is not shown for a crafted address, nor with another workspace's confirmation", async () => {
    const inst = await installSlack();
    const other = await signUp();
    const crafted = await dashboard("slack_success=1&team=Harbour+Crew", `cb_session=${other.token}`);
    expect(await crafted.text()).not.toContain("Slack Connected");
    const borrowed = await dashboard(
      "slack_success=1&team=Harbour+Crew",
      `cb_session=${other.token}; cb_confirm=${encodeURIComponent(`slack_installed:${inst.workspaceId}`)}`,
    );
    expect(await borrowed.text()).not.toContain("Slack Connected");
  });
});

import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { signSlackRequest } from "~/integrations/slack/signature";
import worker from "../../workers/app";
import { call, ORIGIN, signUp, workspaceIdOf, type Account } from "./helpers";

/** What tests/fakes/slack-api.ts recorded for one request. */
export interface Recorded {
  seq: number;
  path: string;
  token: string | null;
  body: Record<string, any>;
}

export const fakeUrl = () => env.SLACK_FAKE_URL;

let counter = 0;
/** A code unique to this test run; the fake derives team, app, bot and user ids from it. */
export function uniqueCode(prefix = "") {
  counter += 1;
  return `${prefix}${counter}${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`.toUpperCase();
}

/** A response_url on the fake, unique per call. */
export function responseUrl() {
  return `${fakeUrl()}/hooks/${crypto.randomUUID()}`;
}

export async function recorded(filter: { token?: string; path?: string }) {
  const params = new URLSearchParams();
  if (filter.token) params.set("token", filter.token);
  if (filter.path) params.set("path", filter.path);
  const res = await fetch(`${fakeUrl()}/__requests?${params}`);
  return (await res.json()) as Recorded[];
}

/**
 * Waits until the fake has seen at least `count` matching requests: the fake holds its answer until they arrive
 * (for work nobody here can await, such as the real queue's consumer).
 */
export async function waitForRecorded(filter: { token?: string; path?: string }, count = 1) {
  const params = new URLSearchParams({ atLeast: String(count) });
  if (filter.token) params.set("token", filter.token);
  if (filter.path) params.set("path", filter.path);
  const res = await fetch(`${fakeUrl()}/__requests?${params}`);
  return (await res.json()) as Recorded[];
}

/**
 * Runs a request through the Worker and returns its response once the work it left to `waitUntil` (Slack
 * replies, confirmations, live pushes) has finished, so a test can assert what that work did, or did not do.
 */
export async function fetchSettled(request: Request) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Makes the fake answer the next `times` calls to `path` (for `token`, when given) with this response. */
export async function scriptFake(script: {
  path: string;
  token?: string;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  times?: number;
}) {
  const res = await fetch(`${fakeUrl()}/__script`, { method: "POST", body: JSON.stringify(script) });
  expect(res.status).toBe(200);
}

export function saveCredentials(token: string, body: Record<string, unknown>) {
  return call("/api/slack/setup-credentials", { method: "POST", token, json: body });
}

export interface Installation {
  account: Account;
  workspaceId: string;
  signingSecret: string;
  clientId: string;
  code: string;
  teamId: string;
  teamName: string;
  appId: string;
  botUserId: string;
  botToken: string;
  /** The installing Slack user, linked to the account. */
  slackUserId: string;
}

/** Starts the install as `account` and returns the state from Slack's authorize URL. */
export async function startInstall(account: Account) {
  const res = await call("/api/slack/install", { cookie: account.token, redirect: "manual" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  return { location, state: location.searchParams.get("state")! };
}

export function callback(account: Account | null, params: Record<string, string>) {
  return call(`/api/slack/oauth/callback?${new URLSearchParams(params)}`, {
    ...(account ? { cookie: account.token } : {}),
    redirect: "manual",
  });
}

/** A fresh account with its own Slack app saved and installed through the real OAuth flow against the fake. */
export async function installSlack(name = "Maria Lopez"): Promise<Installation> {
  const account = await signUp(name);
  const signingSecret = crypto.randomUUID();
  const clientId = `${Date.now()}.${counter}`;
  expect((await saveCredentials(account.token, { slackClientId: clientId, slackClientSecret: "client-secret", slackSigningSecret: signingSecret })).status).toBe(200);
  const { state } = await startInstall(account);
  const code = uniqueCode("C");
  const res = await callback(account, { code, state });
  expect(res.headers.get("location")).toBe(`/dashboard?slack_success=1&team=Team+${code}`);
  return {
    account,
    workspaceId: await workspaceIdOf(account.user.id),
    signingSecret,
    clientId,
    code,
    teamId: `T${code}`,
    teamName: `Team ${code}`,
    appId: `A${code}`,
    botUserId: `UBOT${code}`,
    botToken: `xoxb-${code}`,
    slackUserId: `U${code}`,
  };
}

export interface SignOptions {
  secret?: string;
  timestamp?: number;
  headers?: Record<string, string>;
}

/** A request to a Slack endpoint signed the way Slack signs it (or deliberately not). */
export async function signedRequest(path: string, body: string, contentType: string, inst: Installation, options: SignOptions = {}) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = await signSlackRequest(options.secret ?? inst.signingSecret, timestamp, body);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "content-type": contentType,
      "x-slack-request-timestamp": timestamp,
      "x-slack-signature": signature,
      ...options.headers,
    },
    body,
  });
}

/** POSTs a signed body to a Slack endpoint; resolves once the work after the ack has finished. */
export async function postSigned(path: string, body: string, contentType: string, inst: Installation, options: SignOptions = {}) {
  return fetchSettled(await signedRequest(path, body, contentType, inst, options));
}

/** Sends a slash command as Slack would; the reply arrives at the returned response_url on the fake. */
export async function slashCommand(
  inst: Installation,
  command: string,
  text = "",
  options: SignOptions & { userId?: string; channel?: string } = {},
) {
  const hook = responseUrl();
  const form = new URLSearchParams({
    token: "legacy-verification-token",
    team_id: inst.teamId,
    team_domain: "fake",
    channel_id: options.channel ?? "CPRODUCTION",
    channel_name: "production",
    user_id: options.userId ?? inst.slackUserId,
    user_name: "maria",
    command,
    text,
    api_app_id: inst.appId,
    is_enterprise_install: "false",
    response_url: hook,
    trigger_id: "1.2.3",
  });
  const res = await postSigned("/api/slack/commands", form.toString(), "application/x-www-form-urlencoded", inst, options);
  return { res, hook: new URL(hook).pathname };
}

/** Sends an interaction payload (`payload=<json>`) as Slack would. */
export function interaction(inst: Installation, payload: Record<string, unknown>, options: SignOptions = {}) {
  const body = new URLSearchParams({
    payload: JSON.stringify({ api_app_id: inst.appId, team: { id: inst.teamId, domain: "fake" }, ...payload }),
  }).toString();
  return postSigned("/api/slack/interactions", body, "application/x-www-form-urlencoded", inst, options);
}

/** Clicks a button from a message we sent, as `userId` (the installer by default). */
export async function clickButton(inst: Installation, button: { action_id: string; value: string }, userId = inst.slackUserId) {
  const hook = responseUrl();
  const res = await interaction(inst, {
    type: "block_actions",
    user: { id: userId },
    channel: { id: "CPRODUCTION" },
    container: { type: "message", message_ts: "1.2", is_ephemeral: true },
    response_url: hook,
    trigger_id: "1.2.3",
    actions: [{ type: "button", action_id: button.action_id, block_id: "b", value: button.value, action_ts: "1.3" }],
  });
  return { res, hook: new URL(hook).pathname };
}

/** Sends an Events API callback as Slack would. */
export function slackEvent(inst: Installation, event: Record<string, unknown>, options: SignOptions & { eventId?: string } = {}) {
  const body = JSON.stringify({
    token: "legacy-verification-token",
    team_id: inst.teamId,
    api_app_id: inst.appId,
    event,
    type: "event_callback",
    event_id: options.eventId ?? `Ev${uniqueCode()}`,
    event_time: Math.floor(Date.now() / 1000),
  });
  return postSigned(`/api/slack/events?workspace=${inst.workspaceId}`, body, "application/json", inst, options);
}

/** Every button in a Block Kit message, in order. */
export function buttonsOf(message: { blocks?: any[] }) {
  return (message.blocks ?? [])
    .filter((b) => b.type === "actions")
    .flatMap((b) => b.elements as { action_id: string; value: string; text: { text: string } }[]);
}

/** The text of every section and context block, joined: what a person reads. */
export function readableText(message: { blocks?: any[] }) {
  return (message.blocks ?? [])
    .flatMap((b) => (b.type === "section" ? [b.text.text] : b.type === "context" ? b.elements.map((e: any) => e.text) : b.type === "header" ? [b.text.text] : []))
    .join("\n");
}

/** The "link your account" path a Slack user who is not linked gets in the ack of a slash command. */
export async function linkUrlFromSlack(inst: Installation, slackUserId: string, channel = "CPRODUCTION") {
  const { res } = await slashCommand(inst, "/tasks", "", { userId: slackUserId, channel });
  const text = readableText((await res.json()) as { blocks?: any[] });
  const url = /<(http:\/\/localhost\/slack\/link\/[\w-]+)\|this link>/.exec(text)?.[1];
  expect(url, text).toBeDefined();
  return new URL(url!).pathname;
}

/** Opens the link's confirmation page (GET) as a signed-in member, or signed out. */
export function openLinkPage(path: string, account: Account | null) {
  return call(path, { ...(account ? { cookie: account.token } : {}), redirect: "manual" });
}

/** The confirmation page's form post, as a browser sends it from our origin (or `origin`). */
export function confirmLink(path: string, account: Account | null, origin = ORIGIN) {
  return call(path, {
    method: "POST",
    ...(account ? { cookie: account.token } : {}),
    body: new URLSearchParams({ intent: "confirm" }),
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate", origin, host: new URL(ORIGIN).host },
    redirect: "manual",
  });
}

/** Links a Slack user of the installation's team to `account` the way people do: Slack's link, then confirm. */
export async function linkThroughSlack(inst: Installation, account: Account, slackUserId: string) {
  const res = await confirmLink(await linkUrlFromSlack(inst, slackUserId), account);
  expect(res.status, await res.clone().text()).toBe(303);
  expect(res.headers.get("location")).toBe("/team");
}

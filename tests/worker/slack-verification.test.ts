import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signSlackRequest } from "~/integrations/slack/signature";
import { expectError, listTasks, ORIGIN } from "./helpers";
import {
  installSlack,
  interaction,
  postSigned,
  responseUrl,
  slackEvent,
  slashCommand,
  type Installation,
  type SignOptions,
} from "./slack-helpers";

const now = () => Math.floor(Date.now() / 1000);

/** A request to each endpoint that would create a task if it were accepted. */
function attempts(inst: Installation) {
  return {
    commands: (options: SignOptions) => slashCommand(inst, "/new", "Forged task", options).then((r) => r.res),
    events: (options: SignOptions) =>
      slackEvent(inst, { type: "app_mention", user: inst.slackUserId, text: "Forged task", ts: "1.1", channel: "C1" }, options),
    interactions: (options: SignOptions) =>
      interaction(
        inst,
        {
          type: "block_actions",
          user: { id: inst.slackUserId },
          response_url: responseUrl(),
          actions: [{ action_id: "task_create_anyway", value: JSON.stringify({ n: crypto.randomUUID(), d: { title: "Forged task" } }) }],
        },
        options,
      ),
  };
}

describe("Slack request verification", () => {
  it.each(["commands", "events", "interactions"] as const)("%s: refuses a wrong secret, a stale or future timestamp with 401", async (endpoint) => {
    const inst = await installSlack();
    const send = attempts(inst)[endpoint];
    await expectError(await send({ secret: "not-the-signing-secret" }), 401);
    await expectError(await send({ timestamp: now() - 301 }), 401);
    await expectError(await send({ timestamp: now() + 301 }), 401);
    // The same request correctly signed is accepted: the refusals above were about the signature alone.
    // Each send resolves once its deferred work has finished: only the accepted one created anything.
    expect((await send({})).status).toBe(200);
    expect((await listTasks(inst.account.token)).map((t) => t.title)).toEqual(["Forged task"]);
  });

  it("accepts timestamps just inside the five-minute window", async () => {
    const inst = await installSlack();
    const { res } = await slashCommand(inst, "/help", "", { timestamp: now() - 290 });
    expect(res.status).toBe(200);
    const { res: ahead } = await slashCommand(inst, "/help", "", { timestamp: now() + 290 });
    expect(ahead.status).toBe(200);
  });

  it("refuses a body changed after signing, and missing signature headers", async () => {
    const inst = await installSlack();
    const body = new URLSearchParams({ command: "/help", team_id: inst.teamId, api_app_id: inst.appId, user_id: inst.slackUserId, channel_id: "C1", response_url: "https://hooks.slack.com/x" }).toString();
    const timestamp = String(now());
    const signature = await signSlackRequest(inst.signingSecret, timestamp, body);
    const send = (headers: Record<string, string>, payload = body) =>
      exports.default.fetch(new Request(`${ORIGIN}/api/slack/commands`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: payload }));
    expect((await send({ "x-slack-request-timestamp": timestamp, "x-slack-signature": signature })).status).toBe(200);
    await expectError(await send({ "x-slack-request-timestamp": timestamp, "x-slack-signature": signature }, `${body}&text=extra`), 401);
    await expectError(await send({ "x-slack-request-timestamp": timestamp }), 401);
    await expectError(await send({ "x-slack-signature": signature }), 401);
    await expectError(await send({ "x-slack-request-timestamp": timestamp, "x-slack-signature": "v0=zz" }), 401);
  });

  it("refuses a request naming an app or team we do not know, even when signed", async () => {
    const inst = await installSlack();
    await expectError((await slashCommand({ ...inst, appId: "AUNKNOWN" }, "/help")).res, 401);
    await expectError((await slashCommand({ ...inst, teamId: "TOTHER" }, "/help")).res, 401);
  });

  it("refuses an interaction signed with another app's secret", async () => {
    const inst = await installSlack();
    const other = await installSlack("Sam Okafor");
    const res = await postSigned(
      "/api/slack/interactions",
      new URLSearchParams({ payload: JSON.stringify({ type: "block_actions", api_app_id: inst.appId, team: { id: inst.teamId }, user: { id: inst.slackUserId }, actions: [{ action_id: "task_mark_done", value: "{}" }] }) }).toString(),
      "application/x-www-form-urlencoded",
      inst,
      { secret: other.signingSecret },
    );
    await expectError(res, 401);
  });

  it("answers url_verification with the challenge when signed by the workspace's app, else 401", async () => {
    const inst = await installSlack();
    const body = JSON.stringify({ token: "t", challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P", type: "url_verification" });
    const ok = await postSigned(`/api/slack/events?workspace=${inst.workspaceId}`, body, "application/json", inst);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P");
    await expectError(await postSigned(`/api/slack/events?workspace=${inst.workspaceId}`, body, "application/json", inst, { secret: "wrong" }), 401);
    await expectError(await postSigned("/api/slack/events", body, "application/json", inst), 401);
  });

  it("answers Slack's ssl_check with an empty 200", async () => {
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/api/slack/commands`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "ssl_check=1&token=x" }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("answers other methods with a JSON 405", async () => {
    for (const path of ["/api/slack/commands", "/api/slack/events", "/api/slack/interactions"]) {
      const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`));
      await expectError(res, 405);
    }
  });
});

import { env } from "cloudflare:workers";
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { URL_MESSAGES, verifyWebhookSignature } from "~/domain/webhooks";
import type { QueueJob } from "~/services/queue.server";
import { createWebhook, deliverWebhook, sendTestEvent, type WebhookDeliveryJob } from "~/services/webhooks.server";
import {
  actorCtxOf,
  call,
  ctxAt,
  db,
  expectError,
  newTask,
  postForm,
  signUp,
  workspaceIdOf,
  type Account,
} from "./helpers";
import { runQueue } from "./queue-helpers";
import { team } from "./teams-helpers";

/** Signed webhooks (issue 36, ADR 049): endpoints, events from every path, signed queued deliveries, retries, switch-off. */

type Received = { path: string; headers: Record<string, string>; body: string; answered: number };
type Json = Record<string, any>;

let hookCount = 0;
/** A receiver path of this test's own, so tests never read each other's deliveries. */
function hookPath(name: string) {
  hookCount += 1;
  return `/hooks/${name}-${hookCount}-${crypto.randomUUID()}`;
}
const receiverUrl = (path: string) => `${env.WEBHOOK_RECEIVER_URL}${path}`;

async function received(path: string): Promise<Received[]> {
  const res = await fetch(`${env.WEBHOOK_RECEIVER_URL}/__requests?path=${encodeURIComponent(path)}`);
  return (await res.json()) as Received[];
}

async function failNext(path: string, times: number, status = 500) {
  await fetch(`${env.WEBHOOK_RECEIVER_URL}/__fail`, { method: "POST", body: JSON.stringify({ path, times, status }) });
}

/** Waits (polling the receiver) until `path` has received `count` deliveries, and returns them. */
async function receivedCount(path: string, count: number) {
  await expect.poll(async () => (await received(path)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return received(path);
}

async function addEndpoint(account: Account, body: Json) {
  const res = await call("/api/webhooks", { method: "POST", token: account.token, json: body });
  const json = (await res.json()) as Json;
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json as { webhook: Json; secret: string };
}

async function endpointCount(workspaceId: string) {
  const row = await db()
    .prepare("SELECT count(*) AS n FROM webhook_endpoints WHERE workspace_id = ?")
    .bind(workspaceId)
    .first<{ n: number }>();
  return row!.n;
}

const ALL_EVENTS = ["task.created", "task.updated", "task.completed", "task.deleted", "comment.created", "show.state"];

/** A queue that records what the service sends, instead of the real one (whose consumer would race the test). */
function recordingQueue() {
  const sent: QueueJob[] = [];
  const queue = {
    send: async (body: QueueJob) => void sent.push(body),
    sendBatch: async (messages: Iterable<{ body: QueueJob }>) => void sent.push(...[...messages].map((m) => m.body)),
  } as unknown as Queue<QueueJob>;
  return { sent, queue };
}

describe("endpoints through the API", () => {
  it("adds an endpoint with its secret shown once, lists, changes and deletes it", async () => {
    const owner = await signUp();
    const url = receiverUrl(hookPath("crud"));
    const created = await addEndpoint(owner, { url, events: ["task.created"], description: "Our CRM" });
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(created.webhook).toMatchObject({ url, events: ["task.created"], description: "Our CRM", enabled: true });

    const listed = (await (await call("/api/webhooks", { token: owner.token })).json()) as Json;
    expect(listed.webhooks).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    // Stored encrypted: the secret is not in the row.
    const row = await db()
      .prepare("SELECT secret_enc FROM webhook_endpoints WHERE id = ?")
      .bind(created.webhook.id)
      .first<{ secret_enc: string }>();
    expect(row!.secret_enc).toMatch(/^v1\./);
    expect(row!.secret_enc).not.toContain(created.secret);

    const path = `/api/webhooks/${created.webhook.id}`;
    const patched = await call(path, {
      method: "PATCH",
      token: owner.token,
      json: { events: ["task.deleted", "task.created"], enabled: false },
    });
    expect(((await patched.json()) as Json).webhook).toMatchObject({
      events: ["task.created", "task.deleted"],
      enabled: false,
      disabledReason: "Switched off by Maria Lopez",
    });
    const workspaceId = await workspaceIdOf(owner.user.id);
    const count = () =>
      db()
        .prepare("SELECT enabled_webhooks AS n FROM workspaces WHERE id = ?")
        .bind(workspaceId)
        .first<{ n: number }>();
    expect((await count())!.n).toBe(0);
    const on = await call(path, { method: "PATCH", token: owner.token, json: { enabled: true } });
    expect(((await on.json()) as Json).webhook).toMatchObject({ enabled: true, disabledReason: null });
    expect((await count())!.n).toBe(1);

    expect((await call(path, { method: "DELETE", token: owner.token })).status).toBe(204);
    expect(await endpointCount(workspaceId)).toBe(0);
    expect((await count())!.n).toBe(0);
    await expectError(await call(path, { token: owner.token }), 404);
  });

  it("refuses bad input with field errors and creates nothing", async () => {
    const owner = await signUp();
    const workspaceId = await workspaceIdOf(owner.user.id);
    const post = (json: unknown) => call("/api/webhooks", { method: "POST", token: owner.token, json });

    const notHttps = await expectError(await post({ url: "ftp://hooks.example.com/x", events: ["task.created"] }), 400);
    expect(notHttps.fieldErrors).toEqual({ url: [URL_MESSAGES.https] });
    const unknown = await expectError(await post({ url: "https://hooks.example.com/x", events: ["task.eaten"] }), 400);
    expect(unknown.fieldErrors!.events[0]).toMatch(/^Unknown event: task\.eaten\./);
    const none = await expectError(await post({ url: "https://hooks.example.com/x", events: [] }), 400);
    expect(none.fieldErrors).toEqual({ events: ["Choose at least one event"] });
    const noUrl = await expectError(await post({ events: ["task.created"] }), 400);
    expect(noUrl.fieldErrors).toEqual({ url: [URL_MESSAGES.required] });
    await expectError(await post({ url: 42, events: "task.created" }), 400);
    await expectError(
      await call("/api/webhooks", {
        method: "POST",
        token: owner.token,
        body: "{not json",
        headers: { "content-type": "application/json" },
      }),
      400,
    );
    await expectError(
      await call("/api/webhooks", {
        method: "POST",
        token: owner.token,
        body: "x".repeat(70_000),
        headers: { "content-type": "application/json" },
      }),
      413,
    );
    expect(await endpointCount(workspaceId)).toBe(0);

    for (let i = 0; i < 10; i++)
      await addEndpoint(owner, { url: `https://hooks.example.com/${i}`, events: ["task.created"] });
    const tooMany = await expectError(
      await post({ url: "https://hooks.example.com/11", events: ["task.created"] }),
      400,
    );
    expect(tooMany.fieldErrors!.url[0]).toMatch(/can have 10 webhook endpoints/);
    expect(await endpointCount(workspaceId)).toBe(10);

    const [first] = ((await (await call("/api/webhooks", { token: owner.token })).json()) as Json).webhooks;
    const badPatch = await expectError(
      await call(`/api/webhooks/${first.id}`, { method: "PATCH", token: owner.token, json: { colour: "red" } }),
      400,
    );
    expect(badPatch.error).toMatch(/Unknown field/);
    await expectError(await call(`/api/webhooks/${first.id}/deliveries?limit=1000`, { token: owner.token }), 400);
  });

  it("refuses http and private addresses where local delivery is not allowed (production), at save", async () => {
    const owner = await signUp();
    const ctx = await actorCtxOf(owner, { now: new Date() });
    const production = { ...ctx, env: { ...ctx.env, WEBHOOKS_ALLOW_LOCAL: undefined } };
    const refusal = (url: string) =>
      createWebhook(production, { url, events: ["task.created"], description: null }).then(
        () => null,
        (error: { message: string; extra: { fieldErrors?: Json } }) => error.extra.fieldErrors,
      );
    expect(await refusal("http://hooks.example.com/x")).toEqual({ url: [URL_MESSAGES.https] });
    for (const url of [
      "https://127.0.0.1/x",
      "https://[::1]/x",
      "https://10.0.0.8/x",
      "https://[::ffff:192.168.0.1]/x",
      "https://localhost/x",
      "https://169.254.169.254/latest",
    ]) {
      expect(await refusal(url), url).toEqual({ url: [URL_MESSAGES.private] });
    }
    expect(await endpointCount(ctx.actor.workspace.id)).toBe(0);
    expect(await refusal("https://hooks.example.com/x")).toBeNull();
  });

  it("is for owners: members get a 403; another workspace's endpoint is a 404", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const { webhook } = await addEndpoint(owner, { url: receiverUrl(hookPath("scoped")), events: ["task.created"] });
    const [member] = members;
    await expectError(await call("/api/webhooks", { token: member.token }), 403);
    await expectError(
      await call("/api/webhooks", {
        method: "POST",
        token: member.token,
        json: { url: "https://x.example/h", events: ["task.created"] },
      }),
      403,
    );
    await expectError(await call(`/api/webhooks/${webhook.id}`, { method: "DELETE", token: member.token }), 403);

    const stranger = await signUp("Lee Chan");
    const base = `/api/webhooks/${webhook.id}`;
    await expectError(await call(base, { token: stranger.token }), 404);
    await expectError(await call(base, { method: "PATCH", token: stranger.token, json: { enabled: false } }), 404);
    await expectError(await call(base, { method: "DELETE", token: stranger.token }), 404);
    await expectError(await call(`${base}/deliveries`, { token: stranger.token }), 404);
    await expectError(await call(`${base}/test`, { method: "POST", token: stranger.token }), 404);
    await expectError(await call(`${base}/deliveries/nope/resend`, { method: "POST", token: owner.token }), 404);
    await expectError(await call(`/api/webhooks/${"x".repeat(200)}`, { token: owner.token }), 404);
    expect(await endpointCount(await workspaceIdOf(owner.user.id))).toBe(1);
  });
});

describe("deliveries", () => {
  it("signs each delivery over the raw body it sends, verifiable with the documented algorithm", async () => {
    const owner = await signUp();
    const path = hookPath("signed");
    const { webhook, secret } = await addEndpoint(owner, { url: receiverUrl(path), events: ["task.created"] });
    const test = await call(`/api/webhooks/${webhook.id}/test`, { method: "POST", token: owner.token });
    expect(test.status).toBe(202);
    const [delivery] = await receivedCount(path, 1);

    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["cueboard-event"]).toBe("ping");
    expect(delivery.headers["cueboard-delivery"]).toBe(((await test.json()) as Json).delivery.id);
    const header = delivery.headers["cueboard-signature"];
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)!;
    // docs/webhooks.md's Node snippet: HMAC-SHA256 of `${t}.${raw body}` with the secret, hex.
    expect(createHmac("sha256", secret).update(`${t}.${delivery.body}`).digest("hex")).toBe(v1);

    const now = new Date(Number(t) * 1000);
    expect(await verifyWebhookSignature({ secret, header, body: delivery.body, now })).toMatchObject({ ok: true });
    const replayed = new Date(now.getTime() + 6 * 60 * 1000);
    expect(await verifyWebhookSignature({ secret, header, body: delivery.body, now: replayed })).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(await verifyWebhookSignature({ secret, header, body: `${delivery.body} `, now })).toEqual({
      ok: false,
      reason: "mismatch",
    });

    const body = JSON.parse(delivery.body) as Json;
    expect(body).toMatchObject({
      type: "ping",
      workspaceId: await workspaceIdOf(owner.user.id),
      data: { endpoint: { id: webhook.id } },
    });
    expect(body.id).toMatch(/^evt_/);

    // The log shows it delivered.
    await expect
      .poll(
        async () =>
          ((await (await call(`/api/webhooks/${webhook.id}/deliveries`, { token: owner.token })).json()) as Json)
            .deliveries[0]?.status,
      )
      .toBe("succeeded");
  });

  it("sends the events of task create, update, completion and deletion, a comment and a show GO", async () => {
    const owner = await signUp();
    const path = hookPath("events");
    await addEndpoint(owner, { url: receiverUrl(path), events: ALL_EVENTS });
    const types = async (count: number) =>
      (await receivedCount(path, count))
        .map((r) => JSON.parse(r.body) as Json)
        .map((b) => `${b.type} ${b.data.comment?.body ?? b.data.task?.title ?? b.data.show?.currentCueId ?? ""}`);

    const task = await newTask(owner.token, { title: "Book the venue" });
    expect(await types(1)).toEqual(["task.created Book the venue"]);
    await call(`/api/tasks/${task.id}`, { method: "PUT", token: owner.token, json: { title: "Book the big venue" } });
    await call(`/api/tasks/${task.id}`, { method: "PUT", token: owner.token, json: { status: "completed" } });
    expect((await types(4)).slice(1).sort()).toEqual([
      "task.completed Book the big venue",
      "task.updated Book the big venue",
      "task.updated Book the big venue",
    ]);

    const comment = await call(`/api/tasks/${task.id}/comments`, {
      method: "POST",
      token: owner.token,
      json: { body: "Signed the contract" },
    });
    expect(comment.status).toBe(201);
    expect((await types(5))[4]).toBe("comment.created Signed the contract");

    expect((await call(`/api/tasks/${task.id}`, { method: "DELETE", token: owner.token })).status).toBe(204);
    expect((await types(6))[5]).toBe("task.deleted Book the big venue");

    const workspaceId = await workspaceIdOf(owner.user.id);
    const day = "2026-06-06";
    for (const [i, title] of ["Doors", "Keynote"].entries()) {
      await db()
        .prepare(
          "INSERT INTO cues (id, workspace_id, day, position, title, duration_seconds, timing, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 600, 'flexible', ?, ?)",
        )
        .bind(
          `cue-${i}-${workspaceId}`,
          workspaceId,
          day,
          i + 1,
          title,
          new Date().toISOString(),
          new Date().toISOString(),
        )
        .run();
    }
    expect(
      (await call("/api/show/live", { method: "POST", token: owner.token, json: { action: "start", day } })).status,
    ).toBe(200);
    const go = await call("/api/show/live", {
      method: "POST",
      token: owner.token,
      json: { action: "go", fromCueId: `cue-0-${workspaceId}` },
    });
    expect(go.status).toBe(200);
    const shows = (await types(8)).slice(6).sort();
    expect(shows).toEqual([`show.state cue-0-${workspaceId}`, `show.state cue-1-${workspaceId}`]);
    const goBody = (await received(path)).map((r) => JSON.parse(r.body) as Json).find((b) => b.data.action === "go");
    expect(goBody?.data.show).toMatchObject({ day, currentCueId: `cue-1-${workspaceId}` });
    // Each step waits for the queue's one-second batch window.
  }, 30_000);

  it("sends only the events an endpoint chose, and nothing from a workspace without endpoints", async () => {
    const owner = await signUp();
    const path = hookPath("chosen");
    await addEndpoint(owner, { url: receiverUrl(path), events: ["task.deleted"] });
    const task = await newTask(owner.token, { title: "Print badges" });
    await call(`/api/tasks/${task.id}`, { method: "DELETE", token: owner.token });
    const [only] = await receivedCount(path, 1);
    expect(JSON.parse(only.body)).toMatchObject({ type: "task.deleted", data: { task: { id: task.id } } });

    const quiet = await signUp();
    await newTask(quiet.token, { title: "Nobody hears this" });
    const logged = await db()
      .prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE workspace_id = ?")
      .bind(await workspaceIdOf(quiet.user.id))
      .first<{ n: number }>();
    expect(logged!.n).toBe(0);
  });

  it("sends one event per task of a bulk change: updated and completed for each task completed", async () => {
    const owner = await signUp();
    const path = hookPath("bulk");
    await addEndpoint(owner, { url: receiverUrl(path), events: ["task.updated", "task.completed"] });
    const a = await newTask(owner.token, { title: "Order staging" });
    const b = await newTask(owner.token, { title: "Order lighting" });
    const res = await call("/api/tasks/bulk", {
      method: "POST",
      token: owner.token,
      json: { action: "status", ids: [a.id, b.id], status: "completed" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const events = (await receivedCount(path, 4)).map((r) => JSON.parse(r.body) as Json);
    expect(events.map((e) => `${e.type} ${e.data.task.title} ${e.data.task.status}`).sort()).toEqual([
      "task.completed Order lighting completed",
      "task.completed Order staging completed",
      "task.updated Order lighting completed",
      "task.updated Order staging completed",
    ]);
  });

  it("retries a failing delivery with backoff, recording each attempt, until it succeeds", async () => {
    const owner = await signUp();
    const path = hookPath("retry");
    const { webhook } = await addEndpoint(owner, { url: receiverUrl(path), events: ["task.created"] });
    await failNext(path, 2, 503);
    const ctx = await actorCtxOf(owner, { now: new Date() });
    const { sent, queue } = recordingQueue();
    const delivery = await sendTestEvent({ ...ctx, env: { ...ctx.env, DIGEST_QUEUE: queue } }, webhook.id);
    expect(sent).toEqual([{ kind: "webhook-delivery", workspaceId: ctx.actor.workspace.id, deliveryId: delivery.id }]);

    const first = await runQueue(sent, 1);
    expect(first.retryDelays).toEqual([60]);
    const second = await runQueue(sent, 2);
    expect(second.retryDelays).toEqual([300]);
    const third = await runQueue(sent, 3);
    expect(third.explicitAcks).toHaveLength(1);
    expect((await received(path)).map((r) => r.answered)).toEqual([503, 503, 200]);

    const log = ((await (await call(`/api/webhooks/${webhook.id}/deliveries`, { token: owner.token })).json()) as Json)
      .deliveries;
    expect(log[0]).toMatchObject({
      id: delivery.id,
      status: "succeeded",
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
    });
    const endpoint = ((await (await call(`/api/webhooks/${webhook.id}`, { token: owner.token })).json()) as Json)
      .webhook;
    expect(endpoint.failingSince).toBeNull();

    // A delivery already made is not sent again.
    await runQueue(sent, 4);
    expect(await received(path)).toHaveLength(3);
  });

  it("gives a delivery up after six attempts", async () => {
    const owner = await signUp();
    const path = hookPath("give-up");
    const { webhook } = await addEndpoint(owner, { url: receiverUrl(path), events: ["task.created"] });
    await failNext(path, 10);
    const ctx = await actorCtxOf(owner, { now: new Date() });
    const { sent, queue } = recordingQueue();
    await sendTestEvent({ ...ctx, env: { ...ctx.env, DIGEST_QUEUE: queue } }, webhook.id);
    const delays: (number | undefined)[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) delays.push(...(await runQueue(sent, attempt)).retryDelays);
    expect(delays).toEqual([60, 300, 1800, 7200, 21600]);
    const log = ((await (await call(`/api/webhooks/${webhook.id}/deliveries`, { token: owner.token })).json()) as Json)
      .deliveries;
    expect(log[0]).toMatchObject({
      status: "failed",
      attempts: 6,
      lastStatusCode: 500,
      lastError: "The endpoint answered 500",
    });
  });

  it("switches off an endpoint failing for 24 hours and tells its owners; a success before then clears the failures", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const path = hookPath("switch-off");
    const { webhook } = await addEndpoint(owner, { url: receiverUrl(path), events: ["task.created"] });
    await failNext(path, 100);
    const start = new Date("2026-11-20T08:00:00Z");
    const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000);
    const ctx = await actorCtxOf(owner, { now: start });
    const { sent, queue } = recordingQueue();
    const test = () => sendTestEvent({ ...ctx, env: { ...ctx.env, DIGEST_QUEUE: queue } }, webhook.id);
    const deliver = (hours: number, job: QueueJob) => deliverWebhook(ctxAt(at(hours)), job as WebhookDeliveryJob);

    await test();
    expect(await deliver(0, sent[0])).toEqual({ kind: "retry", delaySeconds: 60 });
    const endpointRow = () =>
      db()
        .prepare("SELECT enabled, disabled_reason, failing_since FROM webhook_endpoints WHERE id = ?")
        .bind(webhook.id)
        .first<Json>();
    expect(await endpointRow()).toMatchObject({ enabled: 1, failing_since: start.toISOString() });

    await test();
    expect(await deliver(23, sent[1])).toEqual({ kind: "retry", delaySeconds: 60 });
    expect((await endpointRow())!.enabled).toBe(1);

    await test();
    expect(await deliver(24, sent[2])).toMatchObject({ kind: "skipped" });
    expect(await endpointRow()).toMatchObject({
      enabled: 0,
      disabled_reason: "Switched off after 24 hours of failed deliveries",
    });
    const notices = await db()
      .prepare("SELECT user_id, kind, text FROM notifications WHERE kind = 'webhook' AND workspace_id = ?")
      .bind(await workspaceIdOf(owner.user.id))
      .all<Json>();
    expect(notices.results).toEqual([
      {
        user_id: owner.user.id,
        kind: "webhook",
        text: expect.stringMatching(/^Webhooks to 127\.0\.0\.1:\d+ were switched off after 24 hours/),
      },
    ]);
    expect(notices.results.some((n) => n.user_id === members[0].user.id)).toBe(false);

    // Still queued deliveries are not sent to a switched-off endpoint; test events and resends are refused.
    expect(await deliver(25, sent[0])).toEqual({ kind: "skipped", reason: "endpoint switched off" });
    await expectError(await call(`/api/webhooks/${webhook.id}/test`, { method: "POST", token: owner.token }), 409);

    // Turned back on, its failures are forgotten; a success keeps them forgotten.
    await call(`/api/webhooks/${webhook.id}`, { method: "PATCH", token: owner.token, json: { enabled: true } });
    expect(await endpointRow()).toMatchObject({ enabled: 1, disabled_reason: null, failing_since: null });
  });

  it("resends a delivery as a new one with the same event id and body", async () => {
    const owner = await signUp();
    const path = hookPath("resend");
    const { webhook } = await addEndpoint(owner, { url: receiverUrl(path), events: ["task.created"] });
    await newTask(owner.token, { title: "Hire the stage crew" });
    const [original] = await receivedCount(path, 1);
    const log = ((await (await call(`/api/webhooks/${webhook.id}/deliveries`, { token: owner.token })).json()) as Json)
      .deliveries;
    const res = await call(`/api/webhooks/${webhook.id}/deliveries/${log[0].id}/resend`, {
      method: "POST",
      token: owner.token,
    });
    expect(res.status).toBe(202);
    const resent = ((await res.json()) as Json).delivery;
    expect(resent).toMatchObject({ event: "task.created", eventId: log[0].eventId, status: "pending" });
    expect(resent.id).not.toBe(log[0].id);
    const [, again] = await receivedCount(path, 2);
    expect(again.body).toBe(original.body);
    expect(again.headers["cueboard-delivery"]).toBe(resent.id);
  });

  it("refuses at delivery an address the rules refuse (production: a local receiver), and nothing is sent", async () => {
    const owner = await signUp();
    const path = hookPath("private");
    const { webhook } = await addEndpoint(owner, { url: receiverUrl(path), events: ["task.created"] });
    const ctx = await actorCtxOf(owner, { now: new Date() });
    const { sent, queue } = recordingQueue();
    await sendTestEvent({ ...ctx, env: { ...ctx.env, DIGEST_QUEUE: queue } }, webhook.id);
    const production = { ...ctxAt(new Date()), env: { ...env, WEBHOOKS_ALLOW_LOCAL: undefined } as unknown as Env };
    expect(await deliverWebhook(production, sent[0] as WebhookDeliveryJob)).toEqual({
      kind: "retry",
      delaySeconds: 60,
    });
    const row = await db()
      .prepare("SELECT attempts, last_error, last_status_code FROM webhook_deliveries WHERE endpoint_id = ?")
      .bind(webhook.id)
      .first<Json>();
    expect(row).toEqual({ attempts: 1, last_error: URL_MESSAGES.https, last_status_code: null });
    expect(await received(path)).toEqual([]);
  });
});

describe("/settings/webhooks", () => {
  it("adds an endpoint from a plain form post and shows its secret once; members are told owners manage them", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const url = receiverUrl(hookPath("page"));
    const res = await postForm(owner.token, "/settings/webhooks", [
      ["intent", "create"],
      ["url", url],
      ["events", "task.created"],
      ["description", "Board"],
    ]);
    const html = await res.text();
    expect(res.status, html.slice(0, 500)).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(html).toMatch(/whsec_[\w-]{43}/);
    expect(await endpointCount(await workspaceIdOf(owner.user.id))).toBe(1);

    const page = await (await call("/settings/webhooks", { token: owner.token })).text();
    expect(page).toContain(url);
    expect(page).not.toMatch(/whsec_/);
    const memberPage = await (await call("/settings/webhooks", { token: members[0].token })).text();
    expect(memberPage).toContain("Only workspace owners manage webhooks");
    expect(memberPage).not.toContain(url);
  });
});

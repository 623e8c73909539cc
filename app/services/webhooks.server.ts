import type { BatchItem } from "drizzle-orm/batch";
import type { WebhookDeliveryRow, WebhookEndpointRow, WorkspaceRow } from "~/db/schema";
import { badRequest, conflict, notFound } from "~/domain/errors";
import { assertOwner } from "~/domain/teams";
import { COMPLETED } from "~/domain/tasks";
import {
  checkWebhookUrl,
  DELIVERY_TIMEOUT_MS,
  MAX_ENDPOINTS,
  payloadBody,
  PING_EVENT,
  retryDelaySeconds,
  shortError,
  shouldSwitchOff,
  signatureHeader,
  SWITCHED_OFF_REASON,
  type DeliveredEvent,
  type WebhookCreateInput,
  type WebhookEvent,
  type WebhookPayload,
  type WebhookUpdateInput,
} from "~/domain/webhooks";
import { errorSummary } from "~/lib/log";
import { newId, newToken } from "~/lib/crypto";
import { decryptSecret, encryptSecret, secretKeys } from "~/lib/secrets.server";
import * as reminderModel from "~/models/reminders";
import * as taskModel from "~/models/tasks";
import * as webhookModel from "~/models/webhooks";
import type { ActorCtx, Ctx } from "./context.server";
import { notifyUnread } from "./notifications.server";
import { toTaskDto, type TaskDto } from "./task-queries.server";

/**
 * Signed webhooks (issue 36, ADR 049): owners manage a workspace's endpoints; the task, comment and show services
 * hand their committed changes to `sendTaskEvents` / `sendWebhookEvent`, which log one delivery per subscribed
 * endpoint after the response and queue it; the queue consumer (`deliverWebhook`) signs and posts it, retrying with
 * backoff, and switches off an endpoint that has failed for a day, telling the owners.
 */

/** The queue message for one delivery (app/services/queue.server.ts). */
export interface WebhookDeliveryJob {
  kind: "webhook-delivery";
  workspaceId: string;
  deliveryId: string;
}

type Outcome = { kind: "sent" } | { kind: "skipped"; reason: string } | { kind: "retry"; delaySeconds: number };

/** Local development and the tests' receiver: http and loopback addresses are allowed only where this flag is set. */
export function allowsLocalWebhooks(env: Pick<Env, "WEBHOOKS_ALLOW_LOCAL">) {
  return env.WEBHOOKS_ALLOW_LOCAL === "true";
}

const secretContext = (endpointId: string) => `webhook_endpoints:${endpointId}:secret`;

export function toEndpointDto(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    description: row.description,
    enabled: row.enabled,
    /** Why it is off: switched off by an owner, or after a day of failed deliveries. */
    disabledReason: row.disabledReason,
    /** The first failure since the last success; null while deliveries succeed. */
    failingSince: row.failingSince,
    createdAt: row.createdAt,
  };
}
export type WebhookEndpointDto = ReturnType<typeof toEndpointDto>;

export function toDeliveryDto(row: WebhookDeliveryRow) {
  return {
    id: row.id,
    endpointId: row.endpointId,
    event: row.event as DeliveredEvent,
    eventId: row.eventId,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
  };
}
export type WebhookDeliveryDto = ReturnType<typeof toDeliveryDto>;

const requireOwner = (ctx: ActorCtx) => assertOwner(ctx.actor.role, "manage webhooks");

/** The address as the service accepts it, or a field error on `url` (not HTTPS, a private address …). */
function checkedUrl(ctx: Ctx, raw: string) {
  const check = checkWebhookUrl(raw, { allowLocal: allowsLocalWebhooks(ctx.env) });
  if (!check.ok) throw badRequest(check.message, { url: [check.message] });
  return check.url;
}

async function requireEndpoint(ctx: ActorCtx, id: string) {
  const [row] = id.length <= 64 ? await webhookModel.getEndpoint(ctx.db, ctx.actor.workspace.id, id) : [];
  if (!row) throw notFound("Webhook endpoint not found");
  return row;
}

/** `GET /api/webhooks`: the workspace's endpoints (at most MAX_ENDPOINTS), never their secrets. */
export async function listWebhooks(ctx: ActorCtx) {
  requireOwner(ctx);
  return (await webhookModel.listEndpoints(ctx.db, ctx.actor.workspace.id)).map(toEndpointDto);
}

export async function getWebhook(ctx: ActorCtx, id: string) {
  requireOwner(ctx);
  return toEndpointDto(await requireEndpoint(ctx, id));
}

export const TOO_MANY_ENDPOINTS = `A workspace can have ${MAX_ENDPOINTS} webhook endpoints. Delete one to add another.`;

/**
 * Adds an endpoint. Its signing secret (`whsec_…`) is in this answer only: it is stored encrypted and never shown
 * again (lost, the owner deletes the endpoint and adds it again).
 */
export async function createWebhook(ctx: ActorCtx, input: WebhookCreateInput) {
  requireOwner(ctx);
  const url = checkedUrl(ctx, input.url);
  const keys = await secretKeys(ctx.env);
  const id = newId();
  const secret = `whsec_${newToken()}`;
  const row: WebhookEndpointRow = {
    id,
    workspaceId: ctx.actor.workspace.id,
    url,
    events: [...input.events],
    secretEnc: await encryptSecret(keys, secret, secretContext(id)),
    description: input.description,
    enabled: true,
    disabledReason: null,
    failingSince: null,
    createdBy: ctx.actor.user.id,
    createdAt: ctx.now.toISOString(),
  };
  const inserted = await webhookModel.insertEndpointIf(ctx.db, row, MAX_ENDPOINTS);
  if (inserted.length === 0) throw badRequest(TOO_MANY_ENDPOINTS, { url: [TOO_MANY_ENDPOINTS] });
  return { endpoint: toEndpointDto(row), secret };
}

/** Changes an endpoint; `enabled: true` turns it back on (and forgets its failures), `false` switches it off. */
export async function updateWebhook(ctx: ActorCtx, id: string, input: WebhookUpdateInput) {
  requireOwner(ctx);
  const current = await requireEndpoint(ctx, id);
  const changes: Partial<WebhookEndpointRow> = {};
  if (input.url !== undefined) changes.url = checkedUrl(ctx, input.url);
  if (input.events !== undefined) changes.events = [...input.events];
  if (input.description !== undefined) changes.description = input.description;
  if (input.enabled === true && !current.enabled)
    Object.assign(changes, { enabled: true, disabledReason: null, failingSince: null });
  if (input.enabled === false && current.enabled)
    Object.assign(changes, { enabled: false, disabledReason: `Switched off by ${ctx.actor.user.name}` });
  if (Object.keys(changes).length === 0) return toEndpointDto(current);
  const [updated] = await webhookModel.updateEndpoint(ctx.db, ctx.actor.workspace.id, id, changes);
  if (!updated) throw notFound("Webhook endpoint not found");
  return toEndpointDto(updated);
}

/** Deletes an endpoint with its delivery log; deliveries still queued for it are dropped. */
export async function deleteWebhook(ctx: ActorCtx, id: string) {
  requireOwner(ctx);
  const deleted = id.length <= 64 ? await webhookModel.deleteEndpoint(ctx.db, ctx.actor.workspace.id, id) : [];
  if (deleted.length === 0) throw notFound("Webhook endpoint not found");
}

/** An endpoint's newest deliveries, newest first (at most `limit`, itself at most DELIVERY_LOG_LIMIT). */
export async function listWebhookDeliveries(ctx: ActorCtx, id: string, limit: number) {
  requireOwner(ctx);
  const endpoint = await requireEndpoint(ctx, id);
  const rows = await webhookModel.listDeliveries(ctx.db, ctx.actor.workspace.id, endpoint.id, limit);
  return rows.map(toDeliveryDto);
}

const switchedOff = () => conflict("This endpoint is switched off. Turn it on to send to it.");

/** Sends a delivery's event again as a new delivery (same event id and body, so receivers can tell a repeat). */
export async function resendDelivery(ctx: ActorCtx, id: string, deliveryId: string) {
  requireOwner(ctx);
  const endpoint = await requireEndpoint(ctx, id);
  if (!endpoint.enabled) throw switchedOff();
  const [original] =
    deliveryId.length <= 64
      ? await webhookModel.getDelivery(ctx.db, ctx.actor.workspace.id, endpoint.id, deliveryId)
      : [];
  if (!original) throw notFound("Delivery not found");
  const row = newDelivery(ctx, ctx.actor.workspace.id, endpoint.id, {
    event: original.event,
    eventId: original.eventId,
    payload: original.payload,
  });
  await logAndQueue(ctx, [row]);
  return toDeliveryDto(row);
}

/** "Send test event": a `ping` to this endpoint alone, whatever it subscribed to. */
export async function sendTestEvent(ctx: ActorCtx, id: string) {
  requireOwner(ctx);
  const endpoint = await requireEndpoint(ctx, id);
  if (!endpoint.enabled) throw switchedOff();
  const payload = eventPayload(ctx, ctx.actor.workspace.id, PING_EVENT, {
    endpoint: { id: endpoint.id, url: endpoint.url },
  });
  const row = newDelivery(ctx, ctx.actor.workspace.id, endpoint.id, {
    event: PING_EVENT,
    eventId: payload.id,
    payload: payloadBody(payload),
  });
  await logAndQueue(ctx, [row]);
  return toDeliveryDto(row);
}

// ---------------------------------------------------------------------------------------------------------------
// Events

/** What sending events needs: the database and queue, the clock, and work after the response. */
type EventCtx = Pick<Ctx, "db" | "env" | "now" | "waitUntil">;
/** The workspace the event happened in; `enabledWebhooks` unknown (a Slack delivery's bare id) costs one read. */
type EventWorkspace = Pick<WorkspaceRow, "id"> & Partial<Pick<WorkspaceRow, "enabledWebhooks">>;

function eventPayload(ctx: Pick<Ctx, "now">, workspaceId: string, type: DeliveredEvent, data: WebhookPayload["data"]) {
  return { id: `evt_${newId()}`, type, createdAt: ctx.now.toISOString(), workspaceId, data } satisfies WebhookPayload;
}

function newDelivery(
  ctx: Pick<Ctx, "now">,
  workspaceId: string,
  endpointId: string,
  event: { event: string; eventId: string; payload: string },
): WebhookDeliveryRow {
  return {
    id: newId(),
    endpointId,
    workspaceId,
    ...event,
    status: "pending",
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    nextAttemptAt: ctx.now.toISOString(),
    createdAt: ctx.now.toISOString(),
    deliveredAt: null,
  };
}

/** Queues are sent at most this many messages per `sendBatch`. */
const QUEUE_BATCH = 100;

/** Logs the deliveries (pruning each endpoint's log to its bound in the same batch) and queues one message each. */
async function logAndQueue(ctx: Pick<Ctx, "db" | "env">, rows: WebhookDeliveryRow[]) {
  if (rows.length === 0) return;
  const statements: BatchItem<"sqlite">[] = rows.map((row) => webhookModel.insertDeliveryStatement(ctx.db, row));
  for (const endpointId of new Set(rows.map((r) => r.endpointId)))
    statements.push(webhookModel.pruneDeliveriesStatement(ctx.db, endpointId));
  await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  for (let i = 0; i < rows.length; i += QUEUE_BATCH) {
    const messages = rows.slice(i, i + QUEUE_BATCH).map((row) => ({
      body: { kind: "webhook-delivery", workspaceId: row.workspaceId, deliveryId: row.id } satisfies WebhookDeliveryJob,
    }));
    await ctx.env.DIGEST_QUEUE.sendBatch(messages);
  }
}

/**
 * Logs and queues the events for every enabled endpoint subscribed to them: one D1 read for the endpoints (all the
 * events' types together), one batch for the log.
 */
async function enqueueEvents(
  ctx: EventCtx,
  workspaceId: string,
  events: ReadonlyArray<{ type: WebhookEvent; data: WebhookPayload["data"] }>,
) {
  const types = [...new Set(events.map((e) => e.type))];
  if (types.length === 0) return;
  const subscribed = (await ctx.db.batch(
    types.map((type) => webhookModel.listSubscribedEndpoints(ctx.db, workspaceId, type)) as [
      ReturnType<typeof webhookModel.listSubscribedEndpoints>,
    ],
  )) as Array<Array<{ id: string }>>;
  const endpointsFor = new Map(types.map((type, i) => [type, subscribed[i]]));
  const rows: WebhookDeliveryRow[] = [];
  for (const event of events) {
    const endpoints = endpointsFor.get(event.type) ?? [];
    if (endpoints.length === 0) continue;
    const payload = eventPayload(ctx, workspaceId, event.type, event.data);
    const body = payloadBody(payload);
    for (const endpoint of endpoints)
      rows.push(newDelivery(ctx, workspaceId, endpoint.id, { event: event.type, eventId: payload.id, payload: body }));
  }
  await logAndQueue(ctx, rows);
}

/** Whether the workspace may have endpoints: false only when its row says it has none enabled (then nothing is read). */
const mayHaveEndpoints = (workspace: EventWorkspace) => workspace.enabledWebhooks !== 0;

function later(ctx: EventCtx, what: string, work: () => Promise<void>) {
  ctx.waitUntil(work().catch((err) => console.error(`webhook events (${what}) not queued: ${errorSummary(err)}`)));
}

/** Sends one event (a comment, the show's state) after the response; nothing at all without enabled endpoints. */
export function sendWebhookEvent(
  ctx: EventCtx,
  workspace: EventWorkspace,
  type: WebhookEvent,
  data: WebhookPayload["data"],
) {
  if (!mayHaveEndpoints(workspace)) return;
  later(ctx, type, () => enqueueEvents(ctx, workspace.id, [{ type, data }]));
}

type TaskEventType = Extract<WebhookEvent, `task.${string}`>;
/** A task event as the task services describe it: the task when they hold it, else its id (read when sending). */
export interface TaskEvent {
  type: TaskEventType;
  taskId: string;
  task?: TaskDto;
}

/** The events of one task's change: an update that completes it is also `task.completed`. */
export function taskEventsOf(
  change: "created" | "updated" | "deleted",
  taskId: string,
  task: TaskDto | undefined,
  previous: { status: string } | undefined,
): TaskEvent[] {
  const type = `task.${change}` as const;
  const events: TaskEvent[] = [{ type, taskId, task }];
  if (change === "updated" && task?.status === COMPLETED && previous && previous.status !== COMPLETED)
    events.push({ type: "task.completed", taskId, task });
  return events;
}

/**
 * Sends task events after the response. Tasks the caller did not hand over (a bulk change names ids) are read in
 * one statement, and only when the workspace has endpoints.
 */
export function sendTaskEvents(ctx: EventCtx, workspace: EventWorkspace, events: readonly TaskEvent[]) {
  if (events.length === 0 || !mayHaveEndpoints(workspace)) return;
  later(ctx, events[0].type, async () => {
    const missing = [...new Set(events.filter((e) => !e.task).map((e) => e.taskId))];
    const read = missing.length ? await taskModel.getTasksWithDependenciesByIds(ctx.db, workspace.id, missing) : [];
    const byId = new Map(
      read.map(({ task, dependsOn }) => [task.id, toTaskDto(task, taskModel.dependsOnIds(dependsOn))]),
    );
    const ready = events.flatMap((e) => {
      const task = e.task ?? byId.get(e.taskId);
      return task ? [{ type: e.type, data: { task } }] : [];
    });
    await enqueueEvents(ctx, workspace.id, ready);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Delivery (the queue consumer)

type Attempt = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

async function attempt(ctx: Ctx, endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow): Promise<Attempt> {
  // Checked again at delivery: the rules may be stricter than when the endpoint was saved (ADR 049).
  const check = checkWebhookUrl(endpoint.url, { allowLocal: allowsLocalWebhooks(ctx.env) });
  if (!check.ok) return { ok: false, statusCode: null, error: check.message };
  const secret = await decryptSecret(await secretKeys(ctx.env), endpoint.secretEnc, secretContext(endpoint.id));
  let response: Response;
  try {
    response = await fetch(check.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Cueboard-Webhooks/1",
        "Cueboard-Signature": await signatureHeader(secret, delivery.payload, ctx.now),
        "Cueboard-Event": delivery.event,
        "Cueboard-Delivery": delivery.id,
      },
      body: delivery.payload,
      // A redirect is a failed delivery: following it could lead to an address the rules refuse.
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    return {
      ok: false,
      statusCode: null,
      error: timedOut
        ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds`
        : shortError(`Could not connect: ${errorSummary(err)}`),
    };
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return { ok: true, statusCode: response.status };
  return { ok: false, statusCode: response.status, error: `The endpoint answered ${response.status}` };
}

/** Switches the endpoint off and tells every owner of the workspace, once. */
async function switchOff(ctx: Ctx, endpoint: WebhookEndpointRow) {
  const [off] = await webhookModel.switchOffStatement(ctx.db, endpoint.id, SWITCHED_OFF_REASON);
  if (!off) return;
  const owners = await reminderModel.listOwnerIds(ctx.db, endpoint.workspaceId);
  if (owners.length === 0) return;
  const host = new URL(endpoint.url).host;
  const text = `Webhooks to ${host} were switched off after 24 hours of failed deliveries. Fix the endpoint, then turn it back on under Settings → Webhooks.`;
  const statements: BatchItem<"sqlite">[] = owners.map((o) =>
    reminderModel.insertNoticeStatement(ctx.db, {
      id: newId(),
      workspaceId: endpoint.workspaceId,
      userId: o.userId,
      taskId: null,
      kind: "webhook",
      text,
      createdAt: ctx.now.toISOString(),
    }),
  );
  await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  for (const o of owners) notifyUnread(ctx, endpoint.workspaceId, o.userId);
}

/**
 * One attempt at a queued delivery, recorded on its row. A 2xx succeeds (and the endpoint is failing no more);
 * anything else is retried after the backoff's next wait until MAX_ATTEMPTS, and an endpoint failing for 24 hours
 * is switched off with a notice to its owners.
 */
export async function deliverWebhook(ctx: Ctx, job: WebhookDeliveryJob): Promise<Outcome> {
  const [found] = await webhookModel.getDeliveryWithEndpoint(ctx.db, job.workspaceId, job.deliveryId);
  if (!found) return { kind: "skipped", reason: "no longer logged" };
  const { delivery, endpoint } = found;
  if (delivery.status !== "pending") return { kind: "skipped", reason: `already ${delivery.status}` };
  const nowIso = ctx.now.toISOString();
  if (!endpoint.enabled) {
    const error = "Not sent: the endpoint is switched off";
    await webhookModel.updateDeliveryStatement(ctx.db, delivery.id, {
      status: "failed",
      lastError: error,
      nextAttemptAt: null,
    });
    return { kind: "skipped", reason: "endpoint switched off" };
  }
  const attempts = delivery.attempts + 1;
  const result = await attempt(ctx, endpoint, delivery);
  if (result.ok) {
    await ctx.db.batch([
      webhookModel.updateDeliveryStatement(ctx.db, delivery.id, {
        status: "succeeded",
        attempts,
        lastStatusCode: result.statusCode,
        lastError: null,
        nextAttemptAt: null,
        deliveredAt: nowIso,
      }),
      webhookModel.clearFailingStatement(ctx.db, endpoint.id),
    ]);
    return { kind: "sent" };
  }
  const delay = retryDelaySeconds(attempts);
  const [, [marked]] = await ctx.db.batch([
    webhookModel.updateDeliveryStatement(ctx.db, delivery.id, {
      status: delay === null ? "failed" : "pending",
      attempts,
      lastStatusCode: result.statusCode,
      lastError: shortError(result.error),
      nextAttemptAt: delay === null ? null : new Date(ctx.now.getTime() + delay * 1000).toISOString(),
    }),
    webhookModel.markFailingStatement(ctx.db, endpoint.id, nowIso),
  ]);
  if (marked?.enabled && shouldSwitchOff(marked.failingSince, ctx.now)) {
    await switchOff(ctx, endpoint);
    if (delay !== null)
      await webhookModel.updateDeliveryStatement(ctx.db, delivery.id, { status: "failed", nextAttemptAt: null });
    return { kind: "skipped", reason: "endpoint switched off after a day of failures" };
  }
  return delay === null
    ? { kind: "skipped", reason: `failed ${attempts} times` }
    : { kind: "retry", delaySeconds: delay };
}

/** Deliveries the settings page shows per endpoint (the API reads up to the whole log). */
export const DELIVERIES_SHOWN = 10;

/** `/settings/webhooks`: the endpoints, each with its newest deliveries, in one round trip. Owners only. */
export async function webhooksPage(ctx: ActorCtx) {
  requireOwner(ctx);
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const [endpoints, recent] = await db.batch([
    webhookModel.listEndpoints(db, workspaceId),
    webhookModel.listRecentDeliveries(db, workspaceId, DELIVERIES_SHOWN),
  ]);
  return endpoints.map((row) => ({
    ...toEndpointDto(row),
    deliveries: recent.filter((r) => r.delivery.endpointId === row.id).map((r) => toDeliveryDto(r.delivery)),
  }));
}

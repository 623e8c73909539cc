import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from "~/db/schema";
import { DELIVERY_LOG_LIMIT, MAX_ENDPOINTS } from "~/domain/webhooks";
import { insertIf } from "./insert-if";

/** Webhook endpoints and their delivery log (ADR 049). Every query names the workspace. */

const inWorkspace = (workspaceId: string, id: string) =>
  and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id));

/**
 * Inserts the endpoint while the workspace has fewer than `limit`: the count and the insert are one statement, so
 * two owners adding at once cannot pass the limit together. `[{id}]`, or `[]` when held back.
 */
export function insertEndpointIf(db: Db, row: WebhookEndpointRow, limit: number) {
  const count = sql`(SELECT count(*) FROM ${webhookEndpoints} WHERE ${webhookEndpoints.workspaceId} = ${row.workspaceId})`;
  return insertIf(db, webhookEndpoints, row, sql`${count} < ${limit}`).returning({ id: webhookEndpoints.id });
}

/** The workspace's endpoints, oldest first (at most MAX_ENDPOINTS exist). */
export function listEndpoints(db: Db, workspaceId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id)
    .limit(MAX_ENDPOINTS);
}

export function getEndpoint(db: Db, workspaceId: string, id: string) {
  return db.select().from(webhookEndpoints).where(inWorkspace(workspaceId, id));
}

export function updateEndpoint(db: Db, workspaceId: string, id: string, changes: Partial<WebhookEndpointRow>) {
  return db.update(webhookEndpoints).set(changes).where(inWorkspace(workspaceId, id)).returning();
}

/** Deletes the endpoint and (by the foreign key) its log; `[]` when it is not the workspace's. */
export function deleteEndpoint(db: Db, workspaceId: string, id: string) {
  return db.delete(webhookEndpoints).where(inWorkspace(workspaceId, id)).returning({ id: webhookEndpoints.id });
}

/** The workspace's enabled endpoints subscribed to `event`: the one read an event costs when any exist. */
export function listSubscribedEndpoints(db: Db, workspaceId: string, event: string) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, workspaceId),
        eq(webhookEndpoints.enabled, true),
        sql`EXISTS (SELECT 1 FROM json_each(${webhookEndpoints.events}) WHERE value = ${event})`,
      ),
    )
    .limit(MAX_ENDPOINTS);
}

export function insertDeliveryStatement(db: Db, row: WebhookDeliveryRow) {
  return db.insert(webhookDeliveries).values(row);
}

/** Keeps the endpoint's newest DELIVERY_LOG_LIMIT deliveries; goes in the batch that logs a new one. */
export function pruneDeliveriesStatement(db: Db, endpointId: string) {
  const d = webhookDeliveries;
  return db.delete(d).where(
    and(
      eq(d.endpointId, endpointId),
      sql`${d.id} NOT IN (SELECT id FROM ${d} WHERE ${d.endpointId} = ${endpointId}
        ORDER BY ${d.createdAt} DESC, ${d.id} DESC LIMIT ${DELIVERY_LOG_LIMIT})`,
    ),
  );
}

/** A delivery with its endpoint, for the queue consumer (which has only the ids its message carries). */
export function getDeliveryWithEndpoint(db: Db, workspaceId: string, deliveryId: string) {
  return db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.id, deliveryId)));
}

export function updateDeliveryStatement(db: Db, deliveryId: string, changes: Partial<WebhookDeliveryRow>) {
  return db.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, deliveryId));
}

/** After a success: the endpoint is failing no more. */
export function clearFailingStatement(db: Db, endpointId: string) {
  return db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
}

/** After a failure: failing since the first failure after the last success. Returns the endpoint as it is now. */
export function markFailingStatement(db: Db, endpointId: string, nowIso: string) {
  return db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${nowIso})` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
}

/** Switches an enabled endpoint off; `[]` when it already was (so only one delivery tells the owners). */
export function switchOffStatement(db: Db, endpointId: string, reason: string) {
  return db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
}

/** An endpoint's newest deliveries (at most `limit`, itself at most DELIVERY_LOG_LIMIT). */
export function listDeliveries(db: Db, workspaceId: string, endpointId: string, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(Math.min(limit, DELIVERY_LOG_LIMIT));
}

export function getDelivery(db: Db, workspaceId: string, endpointId: string, deliveryId: string) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, workspaceId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    );
}

/**
 * Each of the workspace's endpoints' newest `perEndpoint` deliveries, newest first within an endpoint: the settings
 * page's logs in one statement.
 */
export function listRecentDeliveries(db: Db, workspaceId: string, perEndpoint: number) {
  const d = webhookDeliveries;
  const ranked = db
    .select({
      id: d.id,
      rank: sql<number>`row_number() OVER (PARTITION BY ${d.endpointId} ORDER BY ${d.createdAt} DESC, ${d.id} DESC)`.as(
        "rank",
      ),
    })
    .from(d)
    .where(eq(d.workspaceId, workspaceId))
    .as("ranked");
  return db
    .select({ delivery: d })
    .from(d)
    .innerJoin(ranked, eq(ranked.id, d.id))
    .where(sql`${ranked.rank} <= ${perEndpoint}`)
    .orderBy(d.endpointId, desc(d.createdAt), desc(d.id));
}

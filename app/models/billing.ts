import { and, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { alias, QueryBuilder, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client";
import {
  billingCustomers,
  billingEvents,
  billingSubscriptions,
  memberships,
  users,
  workspaces,
  type BillingSubscriptionRow,
} from "~/db/schema";
import { entitledTier, type SubscriptionState } from "~/domain/billing";
import { PLAN_IDS, TIER_RANK, TIERS, workspacePlan, type PlanId, type Tier } from "~/domain/tiers";

/**
 * A plan column's rank for ORDER BY, written from the domain's `TIER_RANK` so SQL and the domain rank plans alike.
 * Plan ids and ranks are our own constants, inlined rather than bound so the columns below add no parameters.
 */
function planRank(column: SQLiteColumn) {
  const cases = PLAN_IDS.map((plan) => `WHEN '${plan}' THEN ${Number(TIER_RANK[plan])}`).join(" ");
  return sql`CASE ${column} ${sql.raw(cases)} END`;
}

/**
 * The best plan a user's subscriptions grant now (premium over basic), null for none: a column of a larger
 * query, so sign-in reads the tier in the same round trip as the session.
 */
export function billingTierOf(userId: SQLiteColumn) {
  const s = billingSubscriptions;
  return sql<PlanId | null>`(SELECT ${s.entitledTier} FROM ${s} WHERE ${s.userId} = ${userId} AND ${s.entitledTier} IS NOT NULL ORDER BY ${planRank(s.entitledTier)} DESC LIMIT 1)`;
}

/** The best plan granted by a subscription of the user's that a webhook wrote since `sinceIso`; null for none. */
export function findRecentlyRecordedPlan(db: Db, userId: string, sinceIso: string) {
  const s = billingSubscriptions;
  return db
    .select({ plan: s.entitledTier })
    .from(s)
    .where(and(eq(s.userId, userId), isNotNull(s.entitledTier), gte(s.updatedAt, sinceIso)))
    .orderBy(sql`${planRank(s.entitledTier)} DESC`)
    .limit(1)
    .get()
    .then((row) => row?.plan ?? null);
}

const planOwner = alias(users, "plan_owner");
const planMembership = alias(memberships, "plan_membership");

function toTiers(value: unknown): Tier[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : [];
  return Array.isArray(parsed) ? parsed.filter((t): t is Tier => (TIERS as readonly unknown[]).includes(t)) : [];
}

/**
 * The plan of each owner of a workspace (their subscription's tier, else their account tier), as a column of a
 * larger query: sign-in reads the workspace's plan in the same round trip as the session. The ranking is the
 * domain's (`workspacePlan`), not SQL's.
 */
export function ownerTiersOf(workspaceId: SQLiteColumn | string) {
  const owners = new QueryBuilder()
    .select({ tiers: sql`json_group_array(coalesce(${billingTierOf(planOwner.id)}, ${planOwner.tier}))` })
    .from(planMembership)
    .innerJoin(planOwner, eq(planOwner.id, planMembership.userId))
    .where(and(eq(planMembership.workspaceId, workspaceId), eq(planMembership.role, "owner")));
  return sql<Tier[]>`(${owners})`.mapWith(toTiers);
}

/** The plan of a workspace that is not the caller's own session's (an invitation's, a Slack installation's). */
export async function findWorkspacePlan(db: Db, workspaceId: string) {
  const row = await db
    .select({ ownerTiers: ownerTiersOf(workspaces.id) })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .get();
  return workspacePlan(row?.ownerTiers ?? []);
}

export function findCustomerId(db: Db, userId: string) {
  return db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId))
    .get()
    .then((row) => row?.id ?? null);
}

/** Records the user's customer unless one is there already; the stored one is the one to use. */
export function insertCustomer(db: Db, userId: string, stripeCustomerId: string, nowIso: string) {
  return db.insert(billingCustomers).values({ userId, stripeCustomerId, createdAt: nowIso }).onConflictDoNothing();
}

/**
 * The user a webhook event is about: the owner of our customer record, else the user its metadata names; only
 * a user that exists.
 */
export function findBillingUser(db: Db, stripeCustomerId: string, claimedUserId: string | null) {
  const viaCustomer = db
    .select({ id: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
  return db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.id} = coalesce((${viaCustomer}), ${claimedUserId})`)
    .get()
    .then((row) => row?.id ?? null);
}

export type StoredSubscription = SubscriptionState & { version: number };

function toState(row: BillingSubscriptionRow): StoredSubscription {
  return {
    id: row.id,
    userId: row.userId,
    customerId: row.stripeCustomerId,
    tier: row.tier,
    status: row.status,
    itemId: row.itemId,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    eventCreated: row.eventCreated,
    version: row.version,
  };
}

export function getSubscription(db: Db, id: string) {
  return db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.id, id))
    .get()
    .then((row) => (row ? toState(row) : null));
}

export function listSubscriptions(db: Db, userId: string) {
  return db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId))
    .then((rows) => rows.map(toState));
}

function columnsOf(state: SubscriptionState, nowIso: string) {
  return {
    stripeCustomerId: state.customerId,
    tier: state.tier,
    status: state.status,
    entitledTier: entitledTier(state),
    itemId: state.itemId,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    eventCreated: state.eventCreated,
    updatedAt: nowIso,
  };
}

/**
 * Stores `state` if the row is still as it was read (`readVersion`; null: there was none). Returns false when
 * another delivery wrote in between, so the caller reads again and re-decides.
 */
export async function saveSubscription(db: Db, state: SubscriptionState, readVersion: number | null, nowIso: string) {
  const columns = columnsOf(state, nowIso);
  const written =
    readVersion === null
      ? await db
          .insert(billingSubscriptions)
          .values({ id: state.id, userId: state.userId, ...columns })
          .onConflictDoNothing()
          .returning({ id: billingSubscriptions.id })
      : await db
          .update(billingSubscriptions)
          .set({ ...columns, version: readVersion + 1 })
          .where(and(eq(billingSubscriptions.id, state.id), eq(billingSubscriptions.version, readVersion)))
          .returning({ id: billingSubscriptions.id });
  return written.length > 0;
}

export function isEventRecorded(db: Db, eventId: string) {
  return db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, eventId))
    .get()
    .then(Boolean);
}

export function recordEvent(db: Db, eventId: string, type: string, nowIso: string) {
  return db.insert(billingEvents).values({ id: eventId, type, createdAt: nowIso }).onConflictDoNothing();
}

/** Forgets handled events older than `beforeIso` (Stripe stops retrying after three days). */
export function pruneEvents(db: Db, beforeIso: string) {
  return db.delete(billingEvents).where(lt(billingEvents.createdAt, beforeIso));
}

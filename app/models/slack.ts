import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import {
  memberships,
  slackApps,
  slackOauthStates,
  slackProcessed,
  users,
  workspaces,
  type SlackAppRow,
} from "~/db/schema";
import { billingTierOf } from "./billing";

export function getSlackApp(db: Db, workspaceId: string) {
  return db.select().from(slackApps).where(eq(slackApps.workspaceId, workspaceId)).get();
}

/** The installation Slack's request names; the team must match when the request carries one. */
export function findSlackAppByIds(db: Db, appId: string, teamId: string | null) {
  return db
    .select({ app: slackApps, workspace: workspaces })
    .from(slackApps)
    .innerJoin(workspaces, eq(workspaces.id, slackApps.workspaceId))
    .where(and(eq(slackApps.appId, appId), teamId ? eq(slackApps.teamId, teamId) : undefined))
    .limit(2)
    .all();
}

export function findSlackAppByWorkspace(db: Db, workspaceId: string) {
  return db
    .select({ app: slackApps, workspace: workspaces })
    .from(slackApps)
    .innerJoin(workspaces, eq(workspaces.id, slackApps.workspaceId))
    .where(eq(slackApps.workspaceId, workspaceId))
    .get();
}

/** Saves new app credentials; a changed Client ID is another app, so its earlier installation is dropped. */
export function upsertSlackCredentials(
  db: Db,
  row: Pick<SlackAppRow, "workspaceId" | "clientId" | "clientSecretEnc" | "signingSecretEnc">,
  nowIso: string,
) {
  const otherApp = ne(slackApps.clientId, row.clientId);
  const keepUnlessOtherApp = <T>(column: T) => sql`CASE WHEN ${otherApp} THEN NULL ELSE ${column} END`;
  return db
    .insert(slackApps)
    .values({ ...row, createdAt: nowIso, updatedAt: nowIso })
    .onConflictDoUpdate({
      target: slackApps.workspaceId,
      set: {
        appId: keepUnlessOtherApp(slackApps.appId),
        teamId: keepUnlessOtherApp(slackApps.teamId),
        teamName: keepUnlessOtherApp(slackApps.teamName),
        botUserId: keepUnlessOtherApp(slackApps.botUserId),
        botTokenEnc: keepUnlessOtherApp(slackApps.botTokenEnc),
        installedBySlackUserId: keepUnlessOtherApp(slackApps.installedBySlackUserId),
        installedByUserId: keepUnlessOtherApp(slackApps.installedByUserId),
        installedAt: keepUnlessOtherApp(slackApps.installedAt),
        clientId: row.clientId,
        clientSecretEnc: row.clientSecretEnc,
        signingSecretEnc: row.signingSecretEnc,
        updatedAt: nowIso,
      },
    });
}

export function saveSlackInstallation(
  db: Db,
  workspaceId: string,
  fields: Pick<
    SlackAppRow,
    "appId" | "teamId" | "teamName" | "botUserId" | "botTokenEnc" | "installedBySlackUserId" | "installedByUserId" | "installedAt"
  >,
  nowIso: string,
) {
  return db
    .update(slackApps)
    .set({ ...fields, updatedAt: nowIso })
    .where(eq(slackApps.workspaceId, workspaceId))
    .returning({ workspaceId: slackApps.workspaceId });
}

/** Forgets the bot token (uninstalled or revoked); the app's ids stay so later requests still verify. */
export function clearSlackBotToken(db: Db, workspaceId: string, nowIso: string) {
  return db
    .update(slackApps)
    .set({ botTokenEnc: null, installedAt: null, updatedAt: nowIso })
    .where(eq(slackApps.workspaceId, workspaceId));
}

export function insertOauthState(db: Db, row: typeof slackOauthStates.$inferInsert) {
  return db.insert(slackOauthStates).values(row);
}

/** Reads and deletes a state in one statement, so it can be used once; an expired one yields nothing. */
export function consumeOauthState(db: Db, stateHash: string, nowIso: string) {
  return db
    .delete(slackOauthStates)
    .where(eq(slackOauthStates.stateHash, stateHash))
    .returning()
    .then((rows) => rows.find((row) => row.expiresAt > nowIso) ?? null);
}

/** Records a delivery as handled; false when it already was (a retry or a second click). */
export async function markSlackProcessed(db: Db, workspaceId: string, key: string, nowIso: string) {
  const rows = await db
    .insert(slackProcessed)
    .values({ workspaceId, key, createdAt: nowIso })
    .onConflictDoNothing()
    .returning({ key: slackProcessed.key });
  return rows.length > 0;
}

/** Housekeeping for the cron: expired install states and dedup records older than Slack's retry window. */
export function pruneSlackRecords(db: Db, nowIso: string, processedBeforeIso: string) {
  return db.batch([
    db.delete(slackOauthStates).where(lt(slackOauthStates.expiresAt, nowIso)),
    db.delete(slackProcessed).where(lt(slackProcessed.createdAt, processedBeforeIso)),
  ]);
}

/** The member linked to a Slack user, with the plan their subscriptions grant (as sign-in reads it). */
export function findMemberBySlackUser(db: Db, workspaceId: string, slackUserId: string) {
  return db
    .select({ user: users, billingTier: billingTierOf(users.id) })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.workspaceId, workspaceId)))
    .where(eq(users.slackUserId, slackUserId))
    .get();
}

export function listMembersBySlackUsers(db: Db, workspaceId: string, slackUserIds: string[]) {
  if (slackUserIds.length === 0) return Promise.resolve([]);
  return db
    .select({ slackUserId: users.slackUserId, name: users.name })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.workspaceId, workspaceId)))
    .where(inArray(users.slackUserId, slackUserIds))
    .all();
}

/** Links a Slack user to a member; another member of the workspace holding that Slack id loses it. */
export function linkSlackUser(db: Db, workspaceId: string, userId: string, slackUserId: string) {
  const othersInWorkspace = db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), ne(memberships.userId, userId)));
  return db.batch([
    db
      .update(users)
      .set({ slackUserId: null })
      .where(and(eq(users.slackUserId, slackUserId), inArray(users.id, othersInWorkspace))),
    db.update(users).set({ slackUserId }).where(eq(users.id, userId)),
  ]);
}

/** Workspaces that could owe a digest: enabled, with a channel and an installed bot. */
export function listDigestCandidates(db: Db) {
  return db
    .select({ workspace: workspaces })
    .from(workspaces)
    .innerJoin(slackApps, eq(slackApps.workspaceId, workspaces.id))
    .where(and(eq(workspaces.digestEnabled, true), isNotNull(workspaces.digestChannel), isNotNull(slackApps.botTokenEnc)))
    .all()
    .then((rows) => rows.map((r) => r.workspace));
}

/**
 * Claims a local day's digest: succeeds for exactly one caller per workspace and day, however often the cron
 * or the queue repeat. The claim is taken before posting, so a crash loses a digest rather than doubling it.
 */
export async function claimDigestDay(db: Db, workspaceId: string, localDate: string) {
  const rows = await db
    .update(workspaces)
    .set({ digestLastDate: localDate })
    .where(
      and(
        eq(workspaces.id, workspaceId),
        or(isNull(workspaces.digestLastDate), lt(workspaces.digestLastDate, localDate)),
      ),
    )
    .returning({ id: workspaces.id });
  return rows.length > 0;
}

/** Gives a claim back (the post was rate limited and will be retried), unless a later day was claimed since. */
export function releaseDigestDay(db: Db, workspaceId: string, localDate: string, previous: string | null) {
  return db
    .update(workspaces)
    .set({ digestLastDate: previous })
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.digestLastDate, localDate)));
}

export function updateDigestSettings(
  db: Db,
  workspaceId: string,
  changes: { digestChannel?: string | null; digestTime?: string; digestEnabled?: boolean },
) {
  return db.update(workspaces).set(changes).where(eq(workspaces.id, workspaceId)).returning().get();
}

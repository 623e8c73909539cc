import { and, eq, exists, gt, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client";
import {
  memberships,
  slackApps,
  slackLinks,
  slackLinkTokens,
  slackOauthStates,
  slackProcessed,
  users,
  workspaces,
  type SlackAppRow,
} from "~/db/schema";

export function getSlackApp(db: Db, workspaceId: string) {
  return slackAppOf(db, workspaceId).get();
}

/** The workspace's Slack app, as zero or one rows. Batchable. */
export function slackAppOf(db: Db, workspaceId: string) {
  return db.select().from(slackApps).where(eq(slackApps.workspaceId, workspaceId)).limit(1);
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

/** Housekeeping for the cron: expired install states and link tokens, dedup records older than Slack's retry window. */
export function pruneSlackRecords(db: Db, nowIso: string, processedBeforeIso: string) {
  return db.batch([
    db.delete(slackOauthStates).where(lt(slackOauthStates.expiresAt, nowIso)),
    db.delete(slackLinkTokens).where(lt(slackLinkTokens.expiresAt, nowIso)),
    db.delete(slackProcessed).where(lt(slackProcessed.createdAt, processedBeforeIso)),
  ]);
}

/** The links of some Slack users of one workspace's Slack team. */
const linksOfTeam = (workspaceId: string, slackTeamId: string, slackUsers: SQL) =>
  and(eq(slackLinks.workspaceId, workspaceId), eq(slackLinks.slackTeamId, slackTeamId), slackUsers);

/** The member a Slack user of this workspace's Slack team acts as (ADR 014), with their role there. */
export function findMemberBySlackUser(db: Db, workspaceId: string, slackTeamId: string, slackUserId: string) {
  return db
    .select({ user: users, role: memberships.role })
    .from(slackLinks)
    .innerJoin(users, eq(users.id, slackLinks.userId))
    .innerJoin(memberships, and(eq(memberships.workspaceId, slackLinks.workspaceId), eq(memberships.userId, slackLinks.userId)))
    .where(linksOfTeam(workspaceId, slackTeamId, eq(slackLinks.slackUserId, slackUserId)))
    .get();
}

/** Names of the members some Slack users of the team are linked to (at most one per Slack user). */
export function listMembersBySlackUsers(db: Db, workspaceId: string, slackTeamId: string, slackUserIds: string[]) {
  if (slackUserIds.length === 0) return Promise.resolve([]);
  return db
    .select({ slackUserId: slackLinks.slackUserId, name: users.name })
    .from(slackLinks)
    .innerJoin(users, eq(users.id, slackLinks.userId))
    .where(linksOfTeam(workspaceId, slackTeamId, inArray(slackLinks.slackUserId, slackUserIds.slice(0, 100))))
    .all();
}

/** A member's Slack link in a workspace, if any. */
export function findSlackLinkOfMember(db: Db, workspaceId: string, userId: string) {
  return slackLinkOfMember(db, workspaceId, userId).get();
}

/** The Slack links of some members of a workspace (those linked; ADR 038's mention DMs). */
export function listSlackLinksOfMembers(db: Db, workspaceId: string, userIds: readonly string[]) {
  return db
    .select({ userId: slackLinks.userId, slackUserId: slackLinks.slackUserId, slackTeamId: slackLinks.slackTeamId })
    .from(slackLinks)
    .where(and(eq(slackLinks.workspaceId, workspaceId), inArray(slackLinks.userId, [...userIds])));
}

/** A member's Slack link in a workspace, as zero or one rows. Batchable. */
export function slackLinkOfMember(db: Db, workspaceId: string, userId: string) {
  return db
    .select()
    .from(slackLinks)
    .where(and(eq(slackLinks.workspaceId, workspaceId), eq(slackLinks.userId, userId)))
    .limit(1);
}

/**
 * Links a Slack user to a member, in one batch: the member's earlier Slack identity in this workspace and
 * another member's claim on this Slack user are replaced. The membership foreign key refuses a non-member.
 */
export function linkSlackUser(db: Db, link: Omit<typeof slackLinks.$inferInsert, "createdAt">, nowIso: string) {
  return db.batch([
    db
      .delete(slackLinks)
      .where(
        and(
          eq(slackLinks.workspaceId, link.workspaceId),
          eq(slackLinks.userId, link.userId),
          or(ne(slackLinks.slackTeamId, link.slackTeamId), ne(slackLinks.slackUserId, link.slackUserId)),
        ),
      ),
    db
      .insert(slackLinks)
      .values({ ...link, createdAt: nowIso })
      .onConflictDoUpdate({
        target: [slackLinks.workspaceId, slackLinks.slackTeamId, slackLinks.slackUserId],
        set: { userId: link.userId, slackName: link.slackName ?? null, slackHandle: link.slackHandle ?? null, createdAt: nowIso },
      }),
  ]);
}

/** Removes a member's Slack link in a workspace; the rows removed (none when there was no link). */
export function unlinkSlackUser(db: Db, workspaceId: string, userId: string) {
  return db
    .delete(slackLinks)
    .where(and(eq(slackLinks.workspaceId, workspaceId), eq(slackLinks.userId, userId)))
    .returning({ slackUserId: slackLinks.slackUserId });
}

/** Stores a link token; a newer link for the same Slack user replaces the pending one. */
export function saveSlackLinkToken(db: Db, row: typeof slackLinkTokens.$inferInsert) {
  return db
    .insert(slackLinkTokens)
    .values(row)
    .onConflictDoUpdate({
      target: [slackLinkTokens.workspaceId, slackLinkTokens.slackTeamId, slackLinkTokens.slackUserId],
      set: {
        tokenHash: row.tokenHash,
        slackAppId: row.slackAppId,
        channelId: row.channelId ?? null,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
      },
    });
}

/** The installation that minted a token, still installed with the same app and team. */
const mintedBy = and(
  eq(slackApps.workspaceId, slackLinkTokens.workspaceId),
  eq(slackApps.appId, slackLinkTokens.slackAppId),
  eq(slackApps.teamId, slackLinkTokens.slackTeamId),
  isNotNull(slackApps.botTokenEnc),
);

/** A link token that is unexpired, with the installation it was minted by (null when the app has changed since). */
export function findSlackLinkToken(db: Db, tokenHash: string, nowIso: string) {
  return db
    .select({ token: slackLinkTokens, app: slackApps })
    .from(slackLinkTokens)
    .leftJoin(slackApps, mintedBy)
    .where(and(eq(slackLinkTokens.tokenHash, tokenHash), gt(slackLinkTokens.expiresAt, nowIso)))
    .get();
}

/**
 * Takes a link token for a workspace in one statement, so it is used once: only while unexpired, for that
 * workspace, and while the installation that minted it is still the workspace's. Otherwise nothing is taken.
 */
export function consumeSlackLinkToken(db: Db, tokenHash: string, workspaceId: string, nowIso: string) {
  return db
    .delete(slackLinkTokens)
    .where(
      and(
        eq(slackLinkTokens.tokenHash, tokenHash),
        eq(slackLinkTokens.workspaceId, workspaceId),
        gt(slackLinkTokens.expiresAt, nowIso),
        exists(db.select({ one: sql`1` }).from(slackApps).where(mintedBy)),
      ),
    )
    .returning()
    .get();
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

/** Sets the emoji whose reaction captures a message as a task (ADR 040); the workspace row as it is now. */
export function updateSlackCaptureEmoji(db: Db, workspaceId: string, emoji: string) {
  return db.update(workspaces).set({ slackCaptureEmoji: emoji }).where(eq(workspaces.id, workspaceId)).returning().get();
}

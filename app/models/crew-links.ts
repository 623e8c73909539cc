import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import { crewLinks, crewPeople, memberships, users, workspaces, type CrewLinkRow } from "~/db/schema";
import { insertIf } from "./insert-if";

/** Personal crew links (ADR 045). Tokens are never stored, only their SHA-256. */

/** Revokes the person's active link (a new one replaces it). Batchable; returns the link revoked, if any. */
export function revokePersonLinkStatement(db: Db, workspaceId: string, personId: string, revokedAt: string) {
  return db
    .update(crewLinks)
    .set({ revokedAt })
    .where(and(eq(crewLinks.workspaceId, workspaceId), eq(crewLinks.personId, personId), isNull(crewLinks.revokedAt)))
    .returning({ id: crewLinks.id });
}

/**
 * Inserts the link while the person is in the workspace's directory and its maker is still a member: checks and
 * insert are one statement, so a person deleted or a maker removed meanwhile leaves no link (the foreign keys would
 * otherwise fail the statement). Batchable; returns `[{id}]`, or `[]` when held back.
 */
export function insertLinkIfStatement(db: Db, row: CrewLinkRow) {
  const person = sql`EXISTS (SELECT 1 FROM ${crewPeople} WHERE ${crewPeople.workspaceId} = ${row.workspaceId}
    AND ${crewPeople.id} = ${row.personId})`;
  const member = sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.workspaceId} = ${row.workspaceId}
    AND ${memberships.userId} = ${row.createdBy})`;
  return insertIf(db, crewLinks, row, sql`${person} AND ${member}`).returning({ id: crewLinks.id });
}

/** The person's active link (never its token), with who made it; undefined when there is none. */
export function findActiveLinkOfPerson(db: Db, workspaceId: string, personId: string) {
  return db
    .select({
      id: crewLinks.id,
      createdAt: crewLinks.createdAt,
      lastUsedAt: crewLinks.lastUsedAt,
      createdByName: users.name,
    })
    .from(crewLinks)
    .leftJoin(users, eq(users.id, crewLinks.createdBy))
    .where(and(eq(crewLinks.workspaceId, workspaceId), eq(crewLinks.personId, personId), isNull(crewLinks.revokedAt)))
    .get();
}

/**
 * The person's active links (one at most) as ids: batched before their entry is deleted, whose cascade takes the
 * rows, so the caller can close the links' open pages.
 */
export function listActiveLinkIdsOfPerson(db: Db, workspaceId: string, personId: string) {
  return db
    .select({ id: crewLinks.id })
    .from(crewLinks)
    .where(and(eq(crewLinks.workspaceId, workspaceId), eq(crewLinks.personId, personId), isNull(crewLinks.revokedAt)))
    .limit(1);
}

/** One active link of the workspace, by id; undefined when revoked, unknown or another workspace's. */
export function findActiveLink(db: Db, workspaceId: string, linkId: string) {
  return db
    .select({ id: crewLinks.id, personId: crewLinks.personId })
    .from(crewLinks)
    .where(and(eq(crewLinks.workspaceId, workspaceId), eq(crewLinks.id, linkId), isNull(crewLinks.revokedAt)))
    .get();
}

/** The active link behind a token hash, with its person and workspace. One indexed read. */
export function findActiveLinkByTokenHash(db: Db, tokenHash: string) {
  return db
    .select({ link: crewLinks, person: crewPeople, workspace: workspaces })
    .from(crewLinks)
    .innerJoin(crewPeople, eq(crewPeople.id, crewLinks.personId))
    .innerJoin(workspaces, eq(workspaces.id, crewLinks.workspaceId))
    .where(and(eq(crewLinks.tokenHash, tokenHash), isNull(crewLinks.revokedAt)))
    .get();
}

/**
 * Revokes every active link one person made in the workspace (they are being removed: the membership's cascade then
 * deletes the rows). Batchable, and must run before the membership goes; returns the links, whose pages the caller
 * closes.
 */
export function revokeLinksCreatedByStatement(db: Db, workspaceId: string, userId: string, revokedAt: string) {
  return db
    .update(crewLinks)
    .set({ revokedAt })
    .where(and(eq(crewLinks.workspaceId, workspaceId), eq(crewLinks.createdBy, userId), isNull(crewLinks.revokedAt)))
    .returning({ id: crewLinks.id });
}

/** Stamps a link's last use, unless it was stamped after `staleBefore` (one write per few minutes of use at most). */
export function touchLink(db: Db, linkId: string, usedAt: string, staleBefore: string) {
  return db
    .update(crewLinks)
    .set({ lastUsedAt: usedAt })
    .where(and(eq(crewLinks.id, linkId), or(isNull(crewLinks.lastUsedAt), lt(crewLinks.lastUsedAt, staleBefore))));
}

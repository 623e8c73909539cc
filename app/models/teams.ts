import { and, asc, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import {
  memberships,
  sessions,
  slackLinks,
  tasks,
  users,
  workspaceInvites,
  workspaces,
  type InviteRow,
} from "~/db/schema";
import { COMPLETED } from "~/domain/tasks";
import type { TaskView } from "~/domain/task-order";
import type { Role } from "~/domain/teams";
import { ownerTiersOf } from "./billing";

/** Memberships, invitations and the current workspace of a session (ADR 010). */

/** Every workspace the user belongs to, oldest membership first. */
export function listUserWorkspaces(db: Db, userId: string) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      eventName: workspaces.eventName,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(workspaces.id));
}

/** The workspace and the user's role in it, if they are a member. */
export function findMembership(db: Db, workspaceId: string, userId: string) {
  return db
    .select({ workspace: workspaces, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
}

/** Where a session goes when its workspace is no longer the user's: a workspace they own, else their oldest. */
export function findFallbackMembership(db: Db, userId: string) {
  return db
    .select({ workspace: workspaces, role: memberships.role, ownerTiers: ownerTiersOf(memberships.workspaceId) })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(sql`${memberships.role} = 'owner' DESC`, asc(memberships.createdAt))
    .limit(1)
    .get();
}

export function setSessionWorkspace(db: Db, sessionId: string, workspaceId: string) {
  return db.update(sessions).set({ workspaceId }).where(eq(sessions.id, sessionId));
}

/** A membership's Slack link in its own workspace. */
const ownSlackLink = and(
  eq(slackLinks.workspaceId, memberships.workspaceId),
  eq(slackLinks.userId, memberships.userId),
);

/** The people of a workspace, owners first, then by when they joined. Batchable. */
export function listMembers(db: Db, workspaceId: string) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      slackUserId: slackLinks.slackUserId,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(slackLinks, ownSlackLink)
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(sql`${memberships.role} = 'owner' DESC`, asc(memberships.createdAt), asc(users.id));
}

/**
 * The members as a typed owner is matched against them (app/domain/assignees.ts `matchOwner`): name, email and
 * the Slack handle and display name of their link in this workspace, if any.
 */
export function listMembersToMatch(db: Db, workspaceId: string) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      slackHandle: slackLinks.slackHandle,
      slackName: slackLinks.slackName,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(slackLinks, ownSlackLink)
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(memberships.createdAt), asc(users.id));
}

/** Open tasks of a workspace assigned to nobody on the team but to a typed name. */
const openOutsideTasks = (workspaceId: string) =>
  and(
    eq(tasks.workspaceId, workspaceId),
    isNull(tasks.assigneeId),
    isNotNull(tasks.assigneeName),
    ne(tasks.status, COMPLETED),
  );

/** The outside names with the most open tasks (at most `limit`), each with its count. */
export function listOutsideNames(db: Db, workspaceId: string, limit: number) {
  const openTasks = sql<number>`count(*)`;
  return db
    .select({ name: sql<string>`${tasks.assigneeName}`, openTasks })
    .from(tasks)
    .where(openOutsideTasks(workspaceId))
    .groupBy(tasks.assigneeName)
    .orderBy(desc(openTasks), asc(tasks.assigneeName))
    .limit(limit);
}

/** The open tasks typed for exactly `name` (at most `limit`), oldest first. */
export function listOutsideNameTaskIds(db: Db, workspaceId: string, name: string, limit: number) {
  return db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(openOutsideTasks(workspaceId), eq(tasks.assigneeName, name)))
    .orderBy(asc(tasks.createdAt), asc(tasks.id))
    .limit(limit)
    .all();
}

/** How many people a workspace has and its owners' plans (for `workspacePlan`), in one query. */
export function countSeats(db: Db, workspaceId: string) {
  return db
    .select({
      count: sql<number>`(SELECT count(*) FROM ${memberships} WHERE ${memberships.workspaceId} = ${workspaces.id})`,
      ownerTiers: ownerTiersOf(workspaces.id),
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .get();
}

/** One member of a workspace with their name, or undefined when the user is not one. */
export function findMember(db: Db, workspaceId: string, userId: string) {
  return db
    .select({ userId: users.id, name: users.name, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
}

/** Members whose name is exactly `name`, ignoring case (at most two: enough to tell unique from ambiguous). */
export function findMembersByName(db: Db, workspaceId: string, name: string) {
  return db
    .select({ userId: users.id, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), sql`lower(${users.name}) = ${name.toLowerCase()}`))
    .limit(2)
    .all();
}

/** How the member last chose to see the task list in this workspace, as zero or one rows. Batchable. */
export function findTaskView(db: Db, workspaceId: string, userId: string) {
  return db
    .select({ taskView: memberships.taskView })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .limit(1);
}

/** Remembers the member's choice of task list view in this workspace (not in their other workspaces). */
export function setTaskView(db: Db, workspaceId: string, userId: string, taskView: TaskView) {
  return db
    .update(memberships)
    .set({ taskView })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .returning({ taskView: memberships.taskView });
}

export function updateMemberRole(db: Db, workspaceId: string, userId: string, role: Role) {
  return db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .returning({ userId: memberships.userId });
}

export function deleteMembershipStatement(db: Db, workspaceId: string, userId: string) {
  return db
    .delete(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .returning({ userId: memberships.userId });
}

export function insertInvite(db: Db, row: InviteRow) {
  return db.insert(workspaceInvites).values(row);
}

/** A workspace's invitations, newest first, with who created each. */
export function listInvites(db: Db, workspaceId: string) {
  return db
    .select({ invite: workspaceInvites, createdByName: users.name })
    .from(workspaceInvites)
    .leftJoin(users, eq(users.id, workspaceInvites.createdBy))
    .where(eq(workspaceInvites.workspaceId, workspaceId))
    .orderBy(desc(workspaceInvites.createdAt), desc(workspaceInvites.id))
    .limit(100);
}

/** The invitation behind a link's token (by its hash), with the workspace's name and the inviter's. */
export function findInviteByTokenHash(db: Db, tokenHash: string) {
  return db
    .select({
      invite: workspaceInvites,
      workspaceName: workspaces.name,
      eventName: workspaces.eventName,
      inviterName: users.name,
    })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvites.createdBy))
    .where(eq(workspaceInvites.tokenHash, tokenHash))
    .get();
}

/** Withdraws an invitation of this workspace (again is harmless); empty when no such invitation is the workspace's. */
export function revokeInvite(db: Db, workspaceId: string, inviteId: string, nowIso: string) {
  return db
    .update(workspaceInvites)
    .set({ revokedAt: sql`coalesce(${workspaceInvites.revokedAt}, ${nowIso})` })
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), eq(workspaceInvites.id, inviteId)))
    .returning({ id: workspaceInvites.id });
}

export interface AcceptArgs {
  inviteId: string;
  workspaceId: string;
  userId: string;
  /** Fresh random id for this attempt. */
  acceptId: string;
  nowIso: string;
  /** The plan's member limit (owners included); null is unlimited. */
  limit: number | null;
}

/**
 * Joining through an invitation as two statements for one D1 batch (one transaction, so nothing runs between
 * them): the first takes a use of the invitation only if it is still live, the user is not yet a member and
 * the team has a free seat, stamping the attempt's id; the second adds the membership only if that stamp is
 * there. So a use is counted exactly when someone joins, and neither `max_uses` nor the team limit can be
 * overrun by acceptances racing each other.
 */
export function acceptInviteStatements(db: Db, args: AcceptArgs) {
  const { inviteId, workspaceId, userId, acceptId, nowIso, limit } = args;
  const notMember = sql`NOT EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.workspaceId} = ${workspaceId} AND ${memberships.userId} = ${userId})`;
  const freeSeat =
    limit === null
      ? undefined
      : sql`(SELECT count(*) FROM ${memberships} WHERE ${memberships.workspaceId} = ${workspaceId}) < ${limit}`;
  const takeUse = db
    .update(workspaceInvites)
    .set({ uses: sql`${workspaceInvites.uses} + 1`, lastAcceptId: acceptId })
    .where(
      and(
        eq(workspaceInvites.id, inviteId),
        eq(workspaceInvites.workspaceId, workspaceId),
        isNull(workspaceInvites.revokedAt),
        gt(workspaceInvites.expiresAt, nowIso),
        lt(workspaceInvites.uses, workspaceInvites.maxUses),
        notMember,
        freeSeat,
      ),
    );
  const addMember = db
    .insert(memberships)
    .select((qb) =>
      qb
        .select({
          workspaceId: workspaceInvites.workspaceId,
          userId: sql<string>`${userId}`.as("user_id"),
          role: sql<Role>`'member'`.as("role"),
          // Drizzle's insert-select needs every column of the table, in order.
          taskView: sql<"cards">`'cards'`.as("task_view"),
          createdAt: sql<string>`${nowIso}`.as("created_at"),
        })
        .from(workspaceInvites)
        .where(and(eq(workspaceInvites.id, inviteId), eq(workspaceInvites.lastAcceptId, acceptId))),
    )
    .returning({ userId: memberships.userId });
  return [takeUse, addMember] as const;
}

/** Points a session at a workspace if its user is a member there (after a join in the same batch). */
export function moveSessionIfMemberStatement(db: Db, sessionId: string, workspaceId: string, userId: string) {
  return db
    .update(sessions)
    .set({ workspaceId })
    .where(
      and(
        eq(sessions.id, sessionId),
        sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.workspaceId} = ${workspaceId} AND ${memberships.userId} = ${userId})`,
      ),
    );
}

import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client";
import type { InviteRow } from "~/db/schema";
import { badRequest, conflict, forbidden, gone, notFound } from "~/domain/errors";
import type { DemoSignupInput } from "~/domain/schemas";
import {
  assertFreeSeat,
  assertOwner,
  hasFreeSeat,
  inviteExpiry,
  inviteRefusal,
  inviteState,
  removalRefusal,
  roleChangeRefusal,
  teamSeats,
  type InviteCreateInput,
  type Role,
  type TeamSeats,
} from "~/domain/teams";
import { workspacePlan } from "~/domain/tiers";
import { newId, newToken, sha256Hex } from "~/lib/crypto";
import * as taskModel from "~/models/tasks";
import * as teamModel from "~/models/teams";
import { demoSignupStatements, type Auth } from "./auth.server";
import type { LiveNotifier } from "./live-notifier.server";
import { announceTasksChanged } from "./task-commands.server";

/**
 * Teams (ADR 010): the workspaces a user belongs to and the current one, members and roles, and invitation
 * links. Owner-only actions are checked here, so the API and the pages share one rule.
 */

type Caller = Pick<Auth, "user" | "workspace" | "role" | "sessionId" | "plan">;

// Workspaces of a user

export type WorkspaceSummary = Awaited<ReturnType<typeof listMyWorkspaces>>[number];

export async function listMyWorkspaces(db: Db, caller: Caller) {
  const rows = await teamModel.listUserWorkspaces(db, caller.user.id);
  return rows.map((row) => ({ ...row, current: row.id === caller.workspace.id }));
}

/** Makes another of the caller's workspaces the session's current one; 404 for any other id. */
export async function switchWorkspace(db: Db, caller: Caller, workspaceId: string) {
  const found = await teamModel.findMembership(db, workspaceId, caller.user.id);
  if (!found) throw notFound("Workspace not found");
  await teamModel.setSessionWorkspace(db, caller.sessionId, workspaceId);
  return { id: found.workspace.id, name: found.workspace.name, eventName: found.workspace.eventName, role: found.role };
}

// Members

type MemberRow = Awaited<ReturnType<typeof teamModel.listMembers>>[number];

/**
 * How many people the workspace has and may have under its plan (the best of its owners', subscriptions
 * included: see domain/tiers.ts `workspacePlan`).
 */
export async function getTeamSeats(db: Db, workspaceId: string): Promise<TeamSeats> {
  const row = await teamModel.countSeats(db, workspaceId);
  return teamSeats(workspacePlan(row?.ownerTiers ?? []).tier, row?.count ?? 0);
}

/** A member as others in the workspace see them; email addresses only for owners, who manage the team. */
function toMemberDto(row: MemberRow, caller: Caller) {
  return {
    userId: row.userId,
    name: row.name,
    email: caller.role === "owner" ? row.email : null,
    role: row.role,
    joinedAt: row.joinedAt,
    slackLinked: row.slackUserId !== null,
    you: row.userId === caller.user.id,
  };
}
export type MemberDto = ReturnType<typeof toMemberDto>;

export async function listTeam(db: Db, caller: Caller) {
  const rows = await teamModel.listMembers(db, caller.workspace.id);
  return { members: rows.map((row) => toMemberDto(row, caller)), seats: teamSeats(caller.plan.tier, rows.length) };
}

async function requireMember(db: Db, workspaceId: string, userId: string) {
  const member = userId.length <= 64 ? await teamModel.findMember(db, workspaceId, userId) : undefined;
  if (!member) throw notFound("Member not found");
  return member;
}

async function ownerCount(db: Db, workspaceId: string) {
  return (await teamModel.listMembers(db, workspaceId)).filter((r) => r.role === "owner").length;
}

/** Makes a member an owner or an owner a member (owners only); the last owner stays an owner. */
export async function changeMemberRole(db: Db, caller: Caller, userId: string, role: Role) {
  assertOwner(caller.role, "change roles");
  const target = await requireMember(db, caller.workspace.id, userId);
  const refusal = roleChangeRefusal({
    targetRole: target.role,
    newRole: role,
    ownerCount: await ownerCount(db, caller.workspace.id),
  });
  if (refusal) throw conflict(refusal);
  await teamModel.updateMemberRole(db, caller.workspace.id, userId, role);
  return { userId, name: target.name, role };
}

/**
 * Removes someone from the workspace (owners only; the last owner cannot go). Their tasks stay: handed to
 * `reassignTo`, another member, or left unassigned. Their open pages of this workspace are disconnected, and
 * their sessions move on to another workspace of theirs at the next request.
 */
export async function removeMember(
  db: Db,
  caller: Caller,
  userId: string,
  reassignTo: string | null,
  live?: LiveNotifier,
  now = new Date(),
) {
  assertOwner(caller.role, "remove members");
  const workspaceId = caller.workspace.id;
  const target = await requireMember(db, workspaceId, userId);
  const refusal = removalRefusal({ targetRole: target.role, ownerCount: await ownerCount(db, workspaceId) });
  if (refusal) throw conflict(refusal);
  let heir: { id: string; name: string } | null = null;
  if (reassignTo !== null) {
    const member = reassignTo === userId ? undefined : await teamModel.findMember(db, workspaceId, reassignTo);
    if (!member) {
      const message = "Tasks can only be handed to another member of this workspace";
      throw badRequest(message, { reassignTo: [message] });
    }
    heir = { id: member.userId, name: member.name };
  }
  const [moved] = await db.batch([
    taskModel.reassignTasksStatement(db, workspaceId, userId, heir, now.toISOString()),
    teamModel.deleteMembershipStatement(db, workspaceId, userId),
  ]);
  live?.disconnect(workspaceId, userId);
  if (moved.length) announceTasksChanged({ db, now, live, actor: caller }, moved[moved.length - 1].id);
  return { userId, name: target.name, tasksReassigned: moved.length, reassignedTo: heir };
}

// Invitations

function toInviteDto(invite: InviteRow, createdByName: string | null, now: Date) {
  return {
    id: invite.id,
    maxUses: invite.maxUses,
    uses: invite.uses,
    expiresAt: invite.expiresAt,
    revokedAt: invite.revokedAt,
    createdAt: invite.createdAt,
    createdByName,
    state: inviteState(invite, now),
  };
}
export type InviteDto = ReturnType<typeof toInviteDto>;

export function inviteUrl(origin: string, token: string) {
  return `${origin}/join/${token}`;
}

/**
 * Creates an invitation link (owners only, and only while the team has room: a free workspace is its owner
 * alone). The token is 256 random bits; only its SHA-256 is stored, so the link is returned this once.
 */
export async function createInvite(db: Db, caller: Caller, input: InviteCreateInput, origin: string, now = new Date()) {
  assertOwner(caller.role, "invite people");
  assertFreeSeat(await getTeamSeats(db, caller.workspace.id));
  const token = newToken();
  const row: InviteRow = {
    id: newId(),
    workspaceId: caller.workspace.id,
    tokenHash: await sha256Hex(token),
    createdBy: caller.user.id,
    maxUses: input.maxUses,
    uses: 0,
    lastAcceptId: null,
    createdAt: now.toISOString(),
    expiresAt: inviteExpiry(now, input.expiresInDays),
    revokedAt: null,
  };
  await teamModel.insertInvite(db, row);
  return { invite: toInviteDto(row, caller.user.name, now), url: inviteUrl(origin, token) };
}

export async function listInvites(db: Db, caller: Caller, now = new Date()) {
  assertOwner(caller.role, "see invitations");
  const rows = await teamModel.listInvites(db, caller.workspace.id);
  return rows.map((r) => toInviteDto(r.invite, r.createdByName, now));
}

/** Withdraws an invitation of the caller's workspace (owners only); 404 for any other id. */
export async function revokeInvite(db: Db, caller: Caller, inviteId: string, now = new Date()) {
  assertOwner(caller.role, "revoke invitations");
  const rows =
    inviteId.length <= 64 ? await teamModel.revokeInvite(db, caller.workspace.id, inviteId, now.toISOString()) : [];
  if (rows.length === 0) throw notFound("Invitation not found");
}

/** Tokens are 43 base64url characters; anything else cannot be one and is not looked up. */
const TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;

async function findByToken(db: Db, token: string) {
  if (!TOKEN_RE.test(token)) return undefined;
  return teamModel.findInviteByTokenHash(db, await sha256Hex(token));
}

const INVALID_LINK = "This invitation link is not valid. Check that it was copied completely.";

/**
 * What the join page shows for a link: the workspace and who invited, whether the invitation still works and
 * whether the team has room. Null for a token that is no invitation.
 */
export async function previewInvite(db: Db, token: string, now = new Date()) {
  const found = await findByToken(db, token);
  if (!found) return null;
  const state = inviteState(found.invite, now);
  const seats = state === "active" ? await getTeamSeats(db, found.invite.workspaceId) : null;
  return {
    workspaceId: found.invite.workspaceId,
    workspaceName: found.workspaceName,
    eventName: found.eventName,
    inviterName: found.inviterName,
    expiresAt: found.invite.expiresAt,
    state,
    teamFull: seats !== null && !hasFreeSeat(seats),
  };
}
export type InvitePreview = NonNullable<Awaited<ReturnType<typeof previewInvite>>>;

const TEAM_FULL_FOR_INVITEE =
  "This team has no room for another member on its current plan. Ask the workspace owner to upgrade or free a seat.";

/** The refusal for a link that cannot be used (unknown, expired, revoked, used up, or a full team). */
function assertUsable(preview: Awaited<ReturnType<typeof previewInvite>>): asserts preview is InvitePreview {
  if (!preview) throw notFound(INVALID_LINK);
  if (preview.state !== "active") throw gone(inviteRefusal(preview.state));
  if (preview.teamFull) throw forbidden(TEAM_FULL_FOR_INVITEE);
}

/**
 * The statements that join a user through an invitation and, if they joined, make it their session's current
 * workspace, for one batch; `joined` reads the batch's result of the membership insert.
 */
async function joinStatements(db: Db, invite: InviteRow, userId: string, sessionId: string, now: Date) {
  const seats = await getTeamSeats(db, invite.workspaceId);
  const [takeUse, addMember] = teamModel.acceptInviteStatements(db, {
    inviteId: invite.id,
    workspaceId: invite.workspaceId,
    userId,
    acceptId: newId(),
    nowIso: now.toISOString(),
    limit: seats.limit,
  });
  const statements: BatchItem<"sqlite">[] = [
    takeUse,
    addMember,
    teamModel.moveSessionIfMemberStatement(db, sessionId, invite.workspaceId, userId),
  ];
  return { statements, joinedIndex: 1 };
}

/**
 * Joins the caller to the invitation's workspace and makes it their current one. Someone who already belongs
 * just switches (using no seat). Atomic: the use is counted and the member added together, only while the
 * invitation is live and the team has room (models/teams.ts), whatever else is accepting at the same time.
 */
export async function acceptInvite(db: Db, caller: Caller, token: string, now = new Date()) {
  const found = await findByToken(db, token);
  if (!found) throw notFound(INVALID_LINK);
  const { invite } = found;
  if (await teamModel.findMembership(db, invite.workspaceId, caller.user.id)) {
    await teamModel.setSessionWorkspace(db, caller.sessionId, invite.workspaceId);
    return { workspaceId: invite.workspaceId, workspaceName: found.workspaceName, alreadyMember: true };
  }
  assertUsable(await previewInvite(db, token, now));
  const { statements, joinedIndex } = await joinStatements(db, invite, caller.user.id, caller.sessionId, now);
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if ((results[joinedIndex] as unknown[]).length === 0) {
    // Lost a race: say why, as the check above would now.
    assertUsable(await previewInvite(db, token, now));
    throw forbidden(TEAM_FULL_FOR_INVITEE);
  }
  return { workspaceId: invite.workspaceId, workspaceName: found.workspaceName, alreadyMember: false };
}

/**
 * A visitor with an invitation signs up for a demo and joins in one batch: their own demo workspace (every
 * account has one to fall back to), the membership, and a session that opens in the team's workspace. The link
 * is checked first, so a dead link creates no account; if it dies in between, the account still opens (in
 * its own workspace) and `joined` is false.
 */
export async function signUpAndJoin(db: Db, input: DemoSignupInput, token: string, now = new Date()) {
  const preview = await previewInvite(db, token, now);
  assertUsable(preview);
  const found = (await findByToken(db, token))!;
  const signup = await demoSignupStatements(db, input, "invite", now);
  const join = await joinStatements(db, found.invite, signup.user.id, signup.sessionId, now);
  const results = await db.batch([...signup.statements, ...join.statements] as [
    BatchItem<"sqlite">,
    ...BatchItem<"sqlite">[],
  ]);
  const joined = (results[signup.statements.length + join.joinedIndex] as unknown[]).length > 0;
  return { token: signup.token, user: signup.user, joined, workspaceName: preview.workspaceName };
}

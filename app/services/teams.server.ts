import { readInBatch } from "~/db/client";
import type { BatchItem } from "drizzle-orm/batch";
import type { InviteRow } from "~/db/schema";
import { badRequest, conflict, forbidden, gone, notFound } from "~/domain/errors";
import { applyEventSettings } from "~/domain/event-settings";
import type { DemoSignupInput, NewWorkspaceInput } from "~/domain/schemas";
import {
  assertFreeSeat,
  assertOwner,
  hasFreeSeat,
  inviteExpiry,
  inviteRefusal,
  inviteState,
  newWorkspaceRefusal,
  removalRefusal,
  roleChangeRefusal,
  teamSeats,
  type InviteCreateInput,
  type Role,
  type TeamSeats,
} from "~/domain/teams";
import { workspacePlan } from "~/domain/tiers";
import { enforceRateLimit, userKey } from "~/lib/rate-limit.server";
import { newId, newToken, sha256Hex } from "~/lib/crypto";
import * as crewLinkModel from "~/models/crew-links";
import * as shareModel from "~/models/show-shares";
import * as taskModel from "~/models/tasks";
import * as teamModel from "~/models/teams";
import { countTasksTypedFor } from "./assignees.server";
import { demoSignupStatements, newWorkspaceStatements } from "./auth.server";
import { assignmentNotices, noticeJoined } from "./notifications.server";
import { replanReminders } from "./reminders.server";
import type { ActorCtx, Ctx } from "./context.server";
import { announceTasksChanged } from "./task-commands.server";

/**
 * Teams (ADR 010): the workspaces a user belongs to and the current one, members and roles, and invitation
 * links. Owner-only actions are checked here, so the API and the pages share one rule.
 */

// Workspaces of a user

export type WorkspaceSummary = Awaited<ReturnType<typeof listMyWorkspaces>>[number];

export async function listMyWorkspaces(ctx: ActorCtx) {
  const { user, workspace } = ctx.actor;
  const [rows] = await ctx.db.batch([teamModel.listUserWorkspaces(ctx.db, user.id)]);
  return rows.map((row) => ({ ...row, current: row.id === workspace.id }));
}

/** Makes another of the caller's workspaces their session's current one; 404 for any other id. */
export async function switchWorkspace(ctx: ActorCtx, input: { sessionId: string; workspaceId: string }) {
  const { sessionId, workspaceId } = input;
  const found = await teamModel.findMembership(ctx.db, workspaceId, ctx.actor.user.id);
  if (!found) throw notFound("Workspace not found");
  await teamModel.setSessionWorkspace(ctx.db, sessionId, workspaceId);
  return { id: found.workspace.id, name: found.workspace.name, eventName: found.workspace.eventName, role: found.role };
}

/**
 * Starts another event's workspace, owned by the caller, with the default categories and statuses and the
 * current workspace's timezone, and makes it their session's current one: all in one batch. A person owns at
 * most `MAX_OWNED_WORKSPACES`; the check runs just before the batch (two forms sent at once could pass it
 * together, which costs one workspace too many, not a broken invariant).
 */
export async function startWorkspace(ctx: ActorCtx, input: NewWorkspaceInput & { sessionId: string }) {
  const { db, actor } = ctx;
  const mine = await teamModel.listUserWorkspaces(db, actor.user.id);
  const refusal = newWorkspaceRefusal(mine.filter((workspace) => workspace.role === "owner").length);
  if (refusal) throw conflict(refusal);
  const { timezone } = actor.workspace;
  const event = applyEventSettings(
    { eventName: null, eventDate: null, timezone },
    { eventName: input.eventName ?? null, eventDate: input.eventDate ?? null },
  );
  const { workspaceId, statements } = newWorkspaceStatements(ctx, {
    user: actor.user,
    timezone,
    named: { name: input.name, eventName: event.eventName, eventDate: event.eventDate },
  });
  await db.batch([...statements, teamModel.setSessionWorkspace(db, input.sessionId, workspaceId)]);
  return { id: workspaceId, name: input.name, eventName: event.eventName, role: "owner" as const };
}

// Members

type MemberRow = Awaited<ReturnType<typeof teamModel.listMembers>>[number];

/**
 * How many people the workspace has and may have under its plan (the best of its owners', subscriptions
 * included: see domain/tiers.ts `workspacePlan`).
 */
async function getTeamSeats(ctx: Ctx, workspaceId: string): Promise<TeamSeats> {
  const row = await teamModel.countSeats(ctx.db, workspaceId);
  return teamSeats(workspacePlan(row?.ownerTiers ?? []).tier, row?.count ?? 0);
}

/** A member as others in the workspace see them; email addresses only for owners, who manage the team. */
function toMemberDto(row: MemberRow, caller: ActorCtx["actor"]) {
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

export async function listTeam(ctx: ActorCtx) {
  const { actor } = ctx;
  const rows = await readInBatch(ctx.db, teamModel.listMembers(ctx.db, actor.workspace.id));
  return { members: rows.map((row) => toMemberDto(row, actor)), seats: teamSeats(actor.plan.tier, rows.length) };
}

async function requireMember(ctx: ActorCtx, userId: string) {
  const member = userId.length <= 64 ? await teamModel.findMember(ctx.db, ctx.actor.workspace.id, userId) : undefined;
  if (!member) throw notFound("Member not found");
  return member;
}

async function ownerCount(ctx: ActorCtx) {
  return (await teamModel.listMembers(ctx.db, ctx.actor.workspace.id)).filter((r) => r.role === "owner").length;
}

/** Makes a member an owner or an owner a member (owners only); the last owner stays an owner. */
export async function changeMemberRole(ctx: ActorCtx, input: { userId: string; role: Role }) {
  const { userId, role } = input;
  const { actor } = ctx;
  assertOwner(actor.role, "change roles");
  const target = await requireMember(ctx, userId);
  const refusal = roleChangeRefusal({ targetRole: target.role, newRole: role, ownerCount: await ownerCount(ctx) });
  if (refusal) throw conflict(refusal);
  await teamModel.updateMemberRole(ctx.db, actor.workspace.id, userId, role);
  return { userId, name: target.name, role };
}

/**
 * Removes someone from the workspace (owners only; the last owner cannot go, an owner may remove themselves to
 * leave). Their tasks stay: handed to `reassignTo`, another member, or left unassigned. Every access they had ends
 * with the membership: their open pages of this workspace are disconnected, their calendar feeds go with it (the
 * foreign key), the crew share links they made are revoked and those links' open pages close (the team can make
 * new ones), as do the personal crew links they made (ADR 045), and their sessions move on to another workspace of theirs at the next request.
 */
export async function removeMember(ctx: ActorCtx, input: { userId: string; reassignTo: string | null }) {
  const { userId, reassignTo } = input;
  const { db, actor, live } = ctx;
  assertOwner(actor.role, "remove members");
  const workspaceId = actor.workspace.id;
  const target = await requireMember(ctx, userId);
  const refusal = removalRefusal({ targetRole: target.role, ownerCount: await ownerCount(ctx) });
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
  const nowIso = ctx.now.toISOString();
  const [moved, revokedCrewLinks, , revokedShares] = await db.batch([
    taskModel.reassignTasksStatement(db, workspaceId, userId, heir, nowIso),
    // Before the membership goes: its cascade deletes these rows, whose ids close their open pages.
    crewLinkModel.revokeLinksCreatedByStatement(db, workspaceId, userId, nowIso),
    teamModel.deleteMembershipStatement(db, workspaceId, userId),
    shareModel.revokeSharesCreatedByStatement(db, workspaceId, userId, nowIso),
  ]);
  live?.disconnect(workspaceId, userId);
  for (const share of revokedShares) live?.revokeShare(workspaceId, share.id);
  for (const link of revokedCrewLinks) live?.revokeCrewLink(workspaceId, link.id);
  // The leaver's reminders went with the membership; the heir gets the tasks' reminders (ADR 022), and hears of the
  // tasks handed to them (unless they did it themselves): one notice for all of them.
  if (heir && moved.length) {
    const rows = await taskModel.getTasksByIds(
      db,
      workspaceId,
      moved.map((m) => m.id),
    );
    await replanReminders(ctx, rows, actor.workspace.timezone);
    const notices = assignmentNotices(
      ctx,
      rows.map((r) => ({ taskId: r.id, title: r.title, assigneeId: heir.id, before: userId })),
    );
    if (notices.statements.length)
      await db.batch(notices.statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    notices.announce();
  }
  if (moved.length)
    announceTasksChanged(
      ctx,
      moved[moved.length - 1].id,
      moved.map((m) => ({ type: "task.updated", taskId: m.id })),
    );
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
export async function createInvite(ctx: ActorCtx, input: InviteCreateInput & { origin: string }) {
  const { actor, now } = ctx;
  assertOwner(actor.role, "invite people");
  assertFreeSeat(await getTeamSeats(ctx, actor.workspace.id));
  const token = newToken();
  const row: InviteRow = {
    id: newId(),
    workspaceId: actor.workspace.id,
    tokenHash: await sha256Hex(token),
    createdBy: actor.user.id,
    maxUses: input.maxUses,
    uses: 0,
    lastAcceptId: null,
    createdAt: now.toISOString(),
    expiresAt: inviteExpiry(now, input.expiresInDays),
    revokedAt: null,
  };
  await teamModel.insertInvite(ctx.db, row);
  return { invite: toInviteDto(row, actor.user.name, now), url: inviteUrl(input.origin, token) };
}

export async function listInvites(ctx: ActorCtx) {
  const { actor } = ctx;
  assertOwner(actor.role, "see invitations");
  const rows = await readInBatch(ctx.db, teamModel.listInvites(ctx.db, actor.workspace.id));
  return rows.map((r) => toInviteDto(r.invite, r.createdByName, ctx.now));
}

/** Withdraws an invitation of the caller's workspace (owners only); 404 for any other id. */
export async function revokeInvite(ctx: ActorCtx, input: { inviteId: string }) {
  const { inviteId } = input;
  const { actor } = ctx;
  assertOwner(actor.role, "revoke invitations");
  const rows =
    inviteId.length <= 64
      ? await teamModel.revokeInvite(ctx.db, actor.workspace.id, inviteId, ctx.now.toISOString())
      : [];
  if (rows.length === 0) throw notFound("Invitation not found");
}

/** Tokens are 43 base64url characters; anything else cannot be one and is not looked up. */
const TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;

async function findByToken(ctx: Ctx, token: string) {
  if (!TOKEN_RE.test(token)) return undefined;
  return teamModel.findInviteByTokenHash(ctx.db, await sha256Hex(token));
}

const INVALID_LINK = "This invitation link is not valid. Check that it was copied completely.";

/**
 * What the join page shows for a link: the workspace and who invited, whether the invitation still works and
 * whether the team has room. Null for a token that is no invitation.
 */
export async function previewInvite(ctx: Ctx, input: { token: string }) {
  const found = await findByToken(ctx, input.token);
  if (!found) return null;
  const state = inviteState(found.invite, ctx.now);
  const seats = state === "active" ? await getTeamSeats(ctx, found.invite.workspaceId) : null;
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

/** The invitation page: the preview without internal ids, and whether the signed-in viewer already belongs. */
export async function viewInvite(ctx: Ctx, input: { token: string; viewerId: string | null }) {
  const preview = await previewInvite(ctx, { token: input.token });
  if (!preview) return null;
  const { workspaceId, ...invite } = preview;
  const membership = input.viewerId ? await teamModel.findMembership(ctx.db, workspaceId, input.viewerId) : null;
  return { invite, alreadyMember: Boolean(membership) };
}

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
async function joinStatements(ctx: Ctx, invite: InviteRow, userId: string, sessionId: string) {
  const { db } = ctx;
  const seats = await getTeamSeats(ctx, invite.workspaceId);
  const [takeUse, addMember] = teamModel.acceptInviteStatements(db, {
    inviteId: invite.id,
    workspaceId: invite.workspaceId,
    userId,
    acceptId: newId(),
    nowIso: ctx.now.toISOString(),
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
 * Joins the caller to the invitation's workspace and makes it their session's current one. Someone who already
 * belongs just switches (using no seat). Atomic: the use is counted and the member added together, only while the
 * invitation is live and the team has room (models/teams.ts), whatever else is accepting at the same time.
 * Attempts are counted per person (the abuse limit), from the API and the join page alike. A new member hears
 * how many open tasks were typed for names that may be theirs (`tasksTypedForYou`), to take on /team.
 */
export async function acceptInvite(ctx: ActorCtx, input: { token: string; sessionId: string }) {
  const { token, sessionId } = input;
  const { db, actor } = ctx;
  await enforceRateLimit(ctx.env, "inviteAccept", userKey(actor.user.id));
  const found = await findByToken(ctx, token);
  if (!found) throw notFound(INVALID_LINK);
  const { invite } = found;
  if (await teamModel.findMembership(db, invite.workspaceId, actor.user.id)) {
    await teamModel.setSessionWorkspace(db, sessionId, invite.workspaceId);
    return {
      workspaceId: invite.workspaceId,
      workspaceName: found.workspaceName,
      alreadyMember: true,
      tasksTypedForYou: 0,
    };
  }
  assertUsable(await previewInvite(ctx, { token }));
  const { statements, joinedIndex } = await joinStatements(ctx, invite, actor.user.id, sessionId);
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if ((results[joinedIndex] as unknown[]).length === 0) {
    // Lost a race: say why, as the check above would now.
    assertUsable(await previewInvite(ctx, { token }));
    throw forbidden(TEAM_FULL_FOR_INVITEE);
  }
  await noticeJoined(ctx, { workspaceId: invite.workspaceId, userId: actor.user.id, name: actor.user.name });
  const tasksTypedForYou = await countTasksTypedFor(ctx, { workspaceId: invite.workspaceId, userId: actor.user.id });
  return {
    workspaceId: invite.workspaceId,
    workspaceName: found.workspaceName,
    alreadyMember: false,
    tasksTypedForYou,
  };
}

/**
 * A visitor with an invitation signs up for a demo and joins in one batch: their own demo workspace (every
 * account has one to fall back to), the membership, and a session that opens in the team's workspace. The link
 * is checked first, so a dead link creates no account; if it dies in between, the account still opens (in
 * its own workspace) and `joined` is false.
 */
export async function signUpAndJoin(ctx: Ctx, input: { signup: DemoSignupInput; token: string }) {
  const { token } = input;
  const preview = await previewInvite(ctx, { token });
  assertUsable(preview);
  const found = (await findByToken(ctx, token))!;
  const signup = await demoSignupStatements(ctx, { signup: input.signup, source: "invite" });
  const join = await joinStatements(ctx, found.invite, signup.user.id, signup.sessionId);
  const results = await ctx.db.batch([...signup.statements, ...join.statements] as [
    BatchItem<"sqlite">,
    ...BatchItem<"sqlite">[],
  ]);
  const joined = (results[signup.statements.length + join.joinedIndex] as unknown[]).length > 0;
  if (joined)
    await noticeJoined(ctx, { workspaceId: found.invite.workspaceId, userId: signup.user.id, name: signup.user.name });
  const tasksTypedForYou = joined
    ? await countTasksTypedFor(ctx, { workspaceId: found.invite.workspaceId, userId: signup.user.id })
    : 0;
  return { token: signup.token, user: signup.user, joined, workspaceName: preview.workspaceName, tasksTypedForYou };
}

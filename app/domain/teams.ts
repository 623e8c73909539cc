import { z } from "zod";
import { AppError, forbidden } from "./errors";
import { PLANS, teamMemberLimit, type Tier } from "./tiers";

/**
 * Teams (ADR 010): who may do what in a workspace, when an invitation still works, and how many people a
 * workspace's plan allows. Pure rules; the services apply them and the database enforces them atomically.
 */

const ROLES = ["owner", "member"] as const;
export type Role = (typeof ROLES)[number];

/** Owners run the workspace (settings, billing, members, invitations, Slack); members work on its tasks. */
export function assertOwner(role: Role, action: string) {
  if (role !== "owner") throw forbidden(`Only a workspace owner can ${action}`);
}

const INVITE_MAX_USES_LIMIT = 100;
const INVITE_DAYS_LIMIT = 30;
export const INVITE_DEFAULTS = { maxUses: 1, expiresInDays: 7 } as const;

export type InviteState = "active" | "expired" | "revoked" | "used_up";

export interface InviteFacts {
  expiresAt: string;
  revokedAt: string | null;
  uses: number;
  maxUses: number;
}

/**
 * Where an invitation stands at `now`. Revoked wins over everything (the owner's word), then used up, then
 * expired: the reason a visitor is told is the one the owner can act on first.
 */
export function inviteState(invite: InviteFacts, now: Date): InviteState {
  if (invite.revokedAt !== null) return "revoked";
  if (invite.uses >= invite.maxUses) return "used_up";
  if (Date.parse(invite.expiresAt) <= now.getTime()) return "expired";
  return "active";
}

const INVITE_REFUSALS: Record<Exclude<InviteState, "active">, string> = {
  expired: "This invitation has expired. Ask the workspace owner for a new link.",
  revoked: "This invitation was withdrawn by the workspace owner.",
  used_up: "This invitation has already been used. Ask the workspace owner for a new link.",
};

export function inviteRefusal(state: Exclude<InviteState, "active">) {
  return INVITE_REFUSALS[state];
}

/** The moment an invitation made at `now` stops working. */
export function inviteExpiry(now: Date, days: number) {
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}

export interface TeamSeats {
  tier: Tier;
  /** Members allowed, owners included; null is unlimited. */
  limit: number | null;
  /** Members now, owners included. */
  count: number;
}

export function teamSeats(tier: Tier, count: number): TeamSeats {
  return { tier, limit: teamMemberLimit(tier), count };
}

/** Whether one more person fits. */
export function hasFreeSeat(seats: Pick<TeamSeats, "limit" | "count">) {
  return seats.limit === null || seats.count < seats.limit;
}

/**
 * Why nobody else can join, in words that lead to the fix: a free workspace is its owner alone (Basic or higher
 * invites), a full Basic team upgrades to Premium.
 */
export function teamFullMessage(seats: Pick<TeamSeats, "tier" | "limit">) {
  if (seats.tier === "free") {
    return `Inviting people needs the ${PLANS.basic.name} plan (${PLANS.basic.monthlyPrice}/month, ${teamMemberLimit(
      "basic",
    )} members) or higher: the Free plan is for one person.`;
  }
  return `The team is full: the ${PLANS.basic.name} plan has room for ${seats.limit} members. Upgrade to ${PLANS.premium.name} (${PLANS.premium.monthlyPrice}/month) for unlimited members.`;
}

/** Refuses (403) adding someone to a full team, with the upgrade that makes room. */
export function assertFreeSeat(seats: TeamSeats) {
  if (!hasFreeSeat(seats))
    throw new AppError("forbidden", teamFullMessage(seats), { upgradeTo: upgradeFor(seats.tier) });
}

/** The plan that makes room for more people, or null when nothing would. */
export function upgradeFor(tier: Tier): "basic" | "premium" | null {
  if (tier === "free") return "basic";
  if (tier === "basic") return "premium";
  return null;
}

export interface MemberChange {
  /** The member being changed or removed. */
  targetRole: Role;
  /** Owners in the workspace now. */
  ownerCount: number;
}

/**
 * A workspace never loses its last owner: nobody could then change its settings, invite or pay. Returns the
 * reason a role change is refused, or null when it may go ahead.
 */
export function roleChangeRefusal(change: MemberChange & { newRole: Role }) {
  if (change.targetRole === "owner" && change.newRole === "member" && change.ownerCount <= 1) {
    return "A workspace needs at least one owner. Make someone else an owner first.";
  }
  return null;
}

export function removalRefusal(change: MemberChange) {
  if (change.targetRole === "owner" && change.ownerCount <= 1) {
    return "The last owner cannot be removed. Make someone else an owner first.";
  }
  return null;
}

// Schemas shared by the team page's forms (Conform coerces their strings) and the JSON API.

export const inviteCreateSchema = z.object({
  maxUses: z
    .number({ invalid_type_error: "Uses must be a number" })
    .int("Uses must be a whole number")
    .min(1, `Uses must be between 1 and ${INVITE_MAX_USES_LIMIT}`)
    .max(INVITE_MAX_USES_LIMIT, `Uses must be between 1 and ${INVITE_MAX_USES_LIMIT}`)
    .default(INVITE_DEFAULTS.maxUses),
  expiresInDays: z
    .number({ invalid_type_error: "Days must be a number" })
    .int("Days must be a whole number")
    .min(1, `The link can last 1 to ${INVITE_DAYS_LIMIT} days`)
    .max(INVITE_DAYS_LIMIT, `The link can last 1 to ${INVITE_DAYS_LIMIT} days`)
    .default(INVITE_DEFAULTS.expiresInDays),
});
export type InviteCreateInput = z.infer<typeof inviteCreateSchema>;

const idField = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(64);

export const memberRoleSchema = z.object({
  role: z.enum(ROLES, { errorMap: () => ({ message: "Role must be owner or member" }) }),
});

/** Removing a member: their open and done tasks stay; `reassignTo` another member takes them, null leaves them unassigned. */
export const memberRemoveSchema = z.object({
  reassignTo: z.preprocess((v) => (v === "" ? null : v), idField("reassignTo").nullish()).transform((v) => v ?? null),
});

/**
 * How many workspaces one person may own: enough for a season of shows, few enough that a script cannot fill
 * the database with empty ones (every new workspace also gets the default categories and statuses).
 */
export const MAX_OWNED_WORKSPACES = 25;

/** Why a person may not start another workspace, or null when they may. */
export function newWorkspaceRefusal(owned: number) {
  return owned >= MAX_OWNED_WORKSPACES
    ? `You already own ${MAX_OWNED_WORKSPACES} workspaces, the most one person can start.`
    : null;
}

export const switchWorkspaceSchema = z.object({ workspaceId: idField("workspaceId") });

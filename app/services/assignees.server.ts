import { matchOwner, mayBeTypedFor, toAssignableMembers, type AssignableMember } from "~/domain/assignees";
import { BULK_MAX } from "~/domain/bulk";
import { badRequest, notFound } from "~/domain/errors";
import { assertOwner } from "~/domain/teams";
import * as teamModel from "~/models/teams";
import type { ActorCtx, Ctx } from "./context.server";
import { bulkUpdateTasks } from "./task-bulk.server";
import { memberLoader } from "./task-commands.server";

/**
 * Typed owners as people (app/domain/assignees.ts `matchOwner`): what a preview shows for a typed name, and the
 * outside names a member may take as theirs once they join.
 */

/** How many outside names are read, the most-used first: enough for any real team, and a bound on the page. */
const OUTSIDE_NAMES_READ = 100;
/** How many of them an owner is shown to link. */
const OUTSIDE_NAMES_SHOWN = 20;

/** What a preview says about a typed owner: the member it means, or the question to ask. */
export interface PreviewOwner {
  assigneeName: string | null;
  /** The member the typed name means; null for nobody, an outside person, or an ambiguous name. */
  assigneeId: string | null;
  /** "Which Sam? Sam Patel or Sam Lee" when the name means several members; the preview never picks one. */
  ownerNote: string | null;
}

/**
 * Previewed tasks (the parse API, 'Add with AI') with their typed owners resolved as creating them would: a
 * member's name as the member's, an ambiguous one with its question. Members are read only if a task names
 * someone.
 */
export async function previewOwners<T extends { assigneeName: string | null }>(
  ctx: ActorCtx,
  tasks: readonly T[],
): Promise<Array<T & PreviewOwner>> {
  const membersFor = memberLoader(ctx);
  const out: Array<T & PreviewOwner> = [];
  for (const task of tasks) {
    const members = await membersFor(task);
    const match = task.assigneeName ? matchOwner(members, task.assigneeName, ctx.actor.user.id) : null;
    if (match?.kind === "member") {
      out.push({ ...task, assigneeName: match.member.name, assigneeId: match.member.id, ownerNote: null });
    } else {
      const ownerNote = match?.kind === "ambiguous" ? match.question : null;
      out.push({ ...task, assigneeId: null, ownerNote });
    }
  }
  return out;
}

/** An outside name with how many open tasks carry it. */
export interface OutsideName {
  name: string;
  openTasks: number;
}

async function readOutsideNames(ctx: Pick<Ctx, "db">, workspaceId: string) {
  return toOutsideNames(await teamModel.listOutsideNames(ctx.db, workspaceId, OUTSIDE_NAMES_READ));
}

const toOutsideNames = (rows: Array<{ name: string; openTasks: number | string }>) =>
  rows.map((r) => ({ name: r.name, openTasks: Number(r.openTasks) }));

const typedFor = (names: readonly OutsideName[], members: readonly AssignableMember[], userId: string) =>
  names.filter((n) => mayBeTypedFor(members, userId, n.name));

/** The outside names on the workspace's open tasks, the most-used first (at most 100): what bulk assign offers. */
export function listOutsideNames(ctx: ActorCtx) {
  return readOutsideNames(ctx, ctx.actor.workspace.id);
}

/**
 * The open tasks typed for names that may be the caller's ("Tasks typed for you" on /team), and for owners the
 * workspace's most-used outside names to link to a member.
 */
export async function listOutsideNamesForTeam(ctx: ActorCtx) {
  const { actor } = ctx;
  // The members are read with the names, in one batch, even when no name is typed.
  const [nameRows, memberRows] = await ctx.db.batch([
    teamModel.listOutsideNames(ctx.db, actor.workspace.id, OUTSIDE_NAMES_READ),
    teamModel.listMembersToMatch(ctx.db, actor.workspace.id),
  ]);
  const names = toOutsideNames(nameRows);
  const members = toAssignableMembers(memberRows);
  return {
    forYou: typedFor(names, members, actor.user.id),
    all: actor.role === "owner" ? names.slice(0, OUTSIDE_NAMES_SHOWN) : null,
  };
}

/**
 * How many open tasks of a workspace were typed for names that may be this member's (said once they join, never
 * linked without them).
 */
export async function countTasksTypedFor(ctx: Pick<Ctx, "db">, input: { workspaceId: string; userId: string }) {
  const names = await readOutsideNames(ctx, input.workspaceId);
  if (names.length === 0) return 0;
  const members = toAssignableMembers(await teamModel.listMembersToMatch(ctx.db, input.workspaceId));
  return typedFor(names, members, input.userId).reduce((sum, n) => sum + n.openTasks, 0);
}

/**
 * Hands the open tasks typed for exactly `name` to a member: a member takes the ones that may be theirs ('They're
 * mine'); an owner may link any outside name to any member. Tasks of other workspaces, completed ones and other
 * spellings stay as they are. It is the list's bulk 'Assign' (history, undo, one message to open pages), up to its
 * bound per click; any left stay offered.
 */
export async function linkOutsideName(ctx: ActorCtx, input: { name: string; userId: string }) {
  const { db, actor } = ctx;
  const workspaceId = actor.workspace.id;
  const self = input.userId === actor.user.id;
  if (!self) assertOwner(actor.role, "hand typed names to other members");
  const members = toAssignableMembers(await teamModel.listMembersToMatch(db, workspaceId));
  const member = members.find((m) => m.id === input.userId);
  if (!member) throw notFound("Member not found");
  if (self && actor.role !== "owner" && !mayBeTypedFor(members, member.id, input.name)) {
    const message = `“${input.name}” does not look like your name. Ask an owner to link it.`;
    throw badRequest(message, { name: [message] });
  }
  const ids = (await teamModel.listOutsideNameTaskIds(db, workspaceId, input.name, BULK_MAX)).map((r) => r.id);
  const linked = ids.length
    ? (await bulkUpdateTasks(ctx, { action: "assign", ids, assigneeId: member.id, assigneeName: null })).ids
    : [];
  return { name: input.name, member: { id: member.id, name: member.name }, linked: linked.length };
}

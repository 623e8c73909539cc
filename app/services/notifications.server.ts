import type { BatchItem } from "drizzle-orm/batch";
import type { NotificationRow } from "~/db/schema";
import { plural } from "~/domain/labels";
import { newId } from "~/lib/crypto";
import * as reminderModel from "~/models/reminders";
import type { ActorCtx, Ctx } from "./context.server";

/**
 * A member's in-app notifications (ADR 022): the header's menu, `/notifications` and `/api/notifications`. Only
 * the member's own; a new one reaches their open pages as a count, sent to their sockets alone.
 */

/** The menu and the page show at most this many, newest first. */
export const NOTIFICATIONS_SHOWN = 30;

export function toNotificationDto(row: NotificationRow) {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    taskId: row.taskId,
    createdAt: row.createdAt,
    read: row.readAt !== null,
  };
}
export type NotificationDto = ReturnType<typeof toNotificationDto>;

/** The caller's newest notifications and how many are unread, in one round trip. */
export async function listMyNotifications(ctx: ActorCtx, limit = NOTIFICATIONS_SHOWN) {
  const { db } = ctx;
  const { workspace, user } = ctx.actor;
  const [rows, [unread]] = await db.batch([
    reminderModel.listNotifications(db, workspace.id, user.id, limit),
    reminderModel.countUnread(db, workspace.id, user.id),
  ]);
  return { unread: unread?.count ?? 0, notifications: rows.map(toNotificationDto) };
}

/** Marks the caller's notifications read: all, or those of `ids` (others' ids match nothing). */
export async function markMyNotificationsRead(ctx: ActorCtx, ids: readonly string[] | null) {
  const { workspace, user } = ctx.actor;
  const marked = await reminderModel.markRead(ctx.db, workspace.id, user.id, ids, ctx.now.toISOString());
  if (marked.length) notifyUnread(ctx, workspace.id, user.id);
  return { marked: marked.length };
}

/** How many of a member's notifications are unread (up to UNREAD_COUNT_CAP). Batchable. */
export async function unreadCount(ctx: Ctx, workspaceId: string, userId: string) {
  const [[row]] = await ctx.db.batch([reminderModel.countUnread(ctx.db, workspaceId, userId)]);
  return row?.count ?? 0;
}

/**
 * Tells one member's open pages of a workspace their unread count (after the response): a count only, and only to
 * that member's sockets, so nobody else learns what was said to them.
 */
export function notifyUnread(ctx: Ctx, workspaceId: string, userId: string) {
  ctx.live?.notifyUser(workspaceId, userId, async () => {
    return { type: "notifications", unread: await unreadCount(ctx, workspaceId, userId) };
  });
}

/** A task given to a member: who has it now, and who had it before the change. */
export interface Assignment {
  taskId: string;
  title: string;
  assigneeId: string | null;
  before: string | null;
}

/** How many task titles a notice for several tasks names before "and N more". */
const TITLES_NAMED = 2;
const quoted = (title: string) => `“${title.length > 60 ? `${title.slice(0, 59)}…` : title}”`;

/**
 * Notices for members given tasks by someone else (issue 33): one per member per change, so a bulk assign of twelve
 * tasks is one notice ("Sam assigned you 12 tasks: …"), linked to the task when it is one. Nobody hears of a task
 * they took themselves, nor of one that stayed theirs. The statements join the change's own batch; `announce`
 * then tells each member's open pages their unread count.
 */
export function assignmentNotices(ctx: ActorCtx, assignments: readonly Assignment[]) {
  const { workspace, user } = ctx.actor;
  const byMember = new Map<string, Assignment[]>();
  for (const a of assignments) {
    if (!a.assigneeId || a.assigneeId === a.before || a.assigneeId === user.id) continue;
    byMember.set(a.assigneeId, [...(byMember.get(a.assigneeId) ?? []), a]);
  }
  const statements: BatchItem<"sqlite">[] = [...byMember].map(([userId, given]) => {
    const named = given.slice(0, TITLES_NAMED).map((a) => quoted(a.title));
    const more = given.length - named.length;
    const text =
      given.length === 1
        ? `${user.name} assigned you ${named[0]}`
        : `${user.name} assigned you ${plural(given.length, "task")}: ${named.join(", ")}${more ? ` and ${more} more` : ""}`;
    return reminderModel.insertNoticeStatement(ctx.db, {
      id: newId(),
      workspaceId: workspace.id,
      userId,
      taskId: given.length === 1 ? given[0].taskId : null,
      kind: "assigned",
      text,
      createdAt: ctx.now.toISOString(),
    });
  });
  const announce = () => {
    for (const userId of byMember.keys()) notifyUnread(ctx, workspace.id, userId);
  };
  return { statements, announce };
}

/** Tells a workspace's other owners that someone joined it through an invitation (after the join is written). */
export async function noticeJoined(ctx: Ctx, input: { workspaceId: string; userId: string; name: string }) {
  const owners = (await reminderModel.listOwnerIds(ctx.db, input.workspaceId)).filter((o) => o.userId !== input.userId);
  if (owners.length === 0) return;
  const createdAt = ctx.now.toISOString();
  const statements: BatchItem<"sqlite">[] = owners.map((o) =>
    reminderModel.insertNoticeStatement(ctx.db, {
      id: newId(),
      workspaceId: input.workspaceId,
      userId: o.userId,
      taskId: null,
      kind: "joined",
      text: `${input.name} joined the team`,
      createdAt,
    }),
  );
  await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  for (const o of owners) notifyUnread(ctx, input.workspaceId, o.userId);
}
